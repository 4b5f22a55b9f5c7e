//! The sampling kernel on SSE2 (x86-64's baseline, no detection needed):
//! the field test four pixels at a time.

use std::arch::x86_64::{
    _mm_castsi128_ps, _mm_cmpeq_epi32, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8,
    _mm_movemask_ps, _mm_set1_epi32,
};

/// The field test (every byte at least its minimum in `min`:
/// `max(p, min) == p` per byte, then all four bytes of a pixel) of the
/// first `4·⌊len/4⌋` pixels, four per step: how many were tested, and bit
/// `k` set when `pixels[k]` passes.
#[inline]
pub(in crate::ships) fn field_bits(min: [u8; 4], pixels: &[[u8; 4]]) -> (usize, u64) {
    let quads = pixels.len() / 4;
    let mut bits = 0u64;
    // SAFETY: SSE2 is part of the x86-64 baseline, so these intrinsics
    // are always available; each load reads pixels `4q..4q+4`, inside
    // the slice because q < len / 4, and `_mm_loadu_si128` needs no
    // alignment.
    unsafe {
        let min = _mm_set1_epi32(i32::from_le_bytes(min));
        let all_bytes = _mm_set1_epi32(-1);
        for q in 0..quads {
            let p = _mm_loadu_si128(pixels.as_ptr().add(4 * q).cast());
            let byte_ok = _mm_cmpeq_epi8(_mm_max_epu8(p, min), p);
            let pixel_ok = _mm_cmpeq_epi32(byte_ok, all_bytes);
            let four = _mm_movemask_ps(_mm_castsi128_ps(pixel_ok)) as u64;
            bits |= four << (4 * q);
        }
    }
    (quads * 4, bits)
}
