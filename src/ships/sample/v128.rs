//! The sampling kernels on the 128-bit layer ([`crate::cpu::v128`]: NEON,
//! simd128): the field test four pixels at a time.

use crate::cpu::v128::I4;

/// The field test (every byte at least its minimum in `min`) of the first
/// `4·⌊len/4⌋` pixels, four per step: how many were tested, and bit `k`
/// set when `pixels[k]` passes.
#[inline]
pub(super) fn field_bits(min: [u8; 4], pixels: &[[u8; 4]]) -> (usize, u64) {
    let min = I4::splat(i32::from_le_bytes(min));
    let all_bytes = I4::splat(-1);
    let quads = pixels.len() / 4;
    let mut bits = 0u64;
    for (q, four) in pixels.chunks_exact(4).enumerate() {
        let ok = I4::load_pixels(four).ge_u8(min).eq(all_bytes);
        bits |= u64::from(ok.bitmask()) << (4 * q);
    }
    (quads * 4, bits)
}
