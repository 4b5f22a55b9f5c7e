//! A hint to bring a cache line in ahead of use: `prefetcht0` on x86-64,
//! nothing elsewhere. It never changes a result and never faults.

/// Asks for the cache line holding `at` (any address; nothing is read).
#[inline(always)]
pub(crate) fn line<T>(at: *const T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch reads nothing the program sees and does not
    // fault, whatever the address; SSE is part of x86-64.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(at.cast());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = at;
}

/// Asks for the cache lines holding elements `range` of each column.
#[inline]
pub(crate) fn columns(columns: &[&[f32]], range: std::ops::Range<usize>) {
    /// `f32`s in a 64-byte line.
    const LINE: usize = 16;
    for column in columns {
        for k in range.clone().step_by(LINE) {
            line(column.as_ptr().wrapping_add(k));
        }
    }
}
