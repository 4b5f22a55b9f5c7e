//! The first shared row in rows of at most two words, where the vector
//! kernels' loads would be mostly empty: plain words, and on x86-64 SSE2
//! (part of every x86-64 CPU, so no detection) for rows of two words.

use super::rows::Rows;
#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

impl Rows<'_> {
    /// [`ScanKernels::first_row`](super::ScanKernels::first_row) for rows of at most two words (the
    /// vector kernels' loads are mostly empty there): plain words, ORed
    /// over blocks of eight rows before one test.
    ///
    /// # Safety
    /// [`Rows::in_bounds`] must hold.
    #[inline(always)]
    pub unsafe fn first_row_narrow(&self) -> Option<usize> {
        debug_assert!(self.in_bounds() && self.width <= 2);
        const BLOCK: usize = 8;
        if self.width == 0 {
            return None;
        }
        #[cfg(target_arch = "x86_64")]
        if self.width == 2 {
            // SAFETY: `in_bounds` holds and the width is 2.
            return unsafe { first_row_two_words_sse2(self) };
        }
        let s = self.shift.min(63);
        let (m0, m1) = (self.mask(0), self.mask(1));
        let (a, b) = (self.a.as_ptr(), self.b.as_ptr());
        let hi = self.hi_offset;
        let two = self.width == 2;
        let row = |r: usize| {
            // SAFETY: `in_bounds` covers A's `width` words of each row and
            // B's `width + hi_offset`.
            unsafe {
                let a = a.add(self.a_start + r * self.a_stride);
                let b = b.add(self.b_start + r * self.b_stride);
                let b_at = |j: usize| *b.add(j) >> s | (*b.add(j + hi) << 1) << (63 - s);
                let first = *a & m0 & b_at(0);
                if two {
                    first | *a.add(1) & m1 & b_at(1)
                } else {
                    first
                }
            }
        };
        let mut r = 0;
        while r < self.rows {
            let end = (r + BLOCK).min(self.rows);
            if (r..end).fold(0, |acc, q| acc | row(q)) != 0 {
                return (r..end).find(|&q| row(q) != 0);
            }
            r = end;
        }
        None
    }
}

/// [`Rows::first_row_narrow`] for rows of two words: one row per SSE2
/// vector (x86-64's baseline), both words' B bits aligned by one pair of
/// shifts, eight rows ORed before one test.
///
/// # Safety
/// [`Rows::in_bounds`] must hold and the width must be 2.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn first_row_two_words_sse2(rows: &Rows) -> Option<usize> {
    debug_assert!(rows.in_bounds() && rows.width == 2);
    const BLOCK: usize = 8;
    let s = i64::from(rows.shift.min(63));
    let right = _mm_cvtsi64_si128(s);
    // A count of 64 clears the lanes: no high word at shift 0.
    let left = _mm_cvtsi64_si128(64 - s);
    let masks = _mm_set_epi64x(rows.mask(1) as i64, rows.mask(0) as i64);
    let (a, b) = (rows.a.as_ptr(), rows.b.as_ptr());
    let row = |r: usize| {
        // SAFETY: `in_bounds` covers A's two words of each row and B's
        // two plus `hi_offset`.
        unsafe {
            let pa = a.add(rows.a_start + r * rows.a_stride);
            let pb = b.add(rows.b_start + r * rows.b_stride);
            let lo = _mm_loadu_si128(pb.cast());
            let hi = _mm_loadu_si128(pb.add(rows.hi_offset).cast());
            let bits = _mm_or_si128(_mm_srl_epi64(lo, right), _mm_sll_epi64(hi, left));
            _mm_and_si128(_mm_and_si128(_mm_loadu_si128(pa.cast()), masks), bits)
        }
    };
    let any = |v: __m128i| _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) != 0xFFFF;
    let mut r = 0;
    while r + BLOCK <= rows.rows {
        let v: [__m128i; BLOCK] = std::array::from_fn(|k| row(r + k));
        let pairs: [__m128i; 4] = std::array::from_fn(|k| _mm_or_si128(v[2 * k], v[2 * k + 1]));
        let all = _mm_or_si128(
            _mm_or_si128(pairs[0], pairs[1]),
            _mm_or_si128(pairs[2], pairs[3]),
        );
        if any(all) {
            return v.iter().position(|&x| any(x)).map(|k| r + k);
        }
        r += BLOCK;
    }
    (r..rows.rows).find(|&q| any(row(q)))
}
