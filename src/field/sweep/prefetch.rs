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
