//! The AVX2 sampling lanes: eight pixels a group (masked loads through a
//! lane mask), the texels of eight pixels per step sent to a junk bit
//! where they missed (no compress), the scratch pack 32 bytes per
//! `vpmovmskb`.

use std::arch::x86_64::*;

use super::{Avx2, Lanes};
use crate::ships::sample::texels::{mark_portable, TexelGrid, Texels};

/// The lanes of `group` as a vector mask (lane `l` all ones when bit `l` is set).
#[inline(always)]
unsafe fn lane_mask(group: u8) -> __m256i {
    let bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    _mm256_cmpeq_epi32(
        _mm256_and_si256(_mm256_set1_epi32(i32::from(group)), bit),
        bit,
    )
}

/// Flips the sign bit: unsigned order becomes signed order.
const SIGN: i32 = i32::MIN;

/// A sample's [`TexelGrid`] as vectors for [`Lanes::mark`]: the offsets `l·du`
/// and `l·dv` of lanes `l = 0..8` split into 32-bit halves (the low halves
/// also with the sign flipped), and the sprite's limits (sign flipped).
#[derive(Clone, Copy)]
pub(in crate::ships) struct Map {
    grid: TexelGrid,
    /// Whether every bit index fits in 31 bits (else marking is portable).
    fits: bool,
    u: Axis,
    v: Axis,
    width_flipped: __m256i,
    height_flipped: __m256i,
    stride: __m256i,
}

#[derive(Clone, Copy)]
struct Axis {
    lo: __m256i,
    lo_flipped: __m256i,
    hi: __m256i,
}

impl Axis {
    #[inline(always)]
    unsafe fn new(d: i64) -> Axis {
        let (mut lo, mut hi) = ([0i32; 8], [0i32; 8]);
        for l in 0..8 {
            let off = d.wrapping_mul(l as i64);
            (lo[l], hi[l]) = (off as i32, (off >> 32) as i32);
        }
        // Both arrays are 32 bytes.
        let (lo, hi) = (
            _mm256_loadu_si256(lo.as_ptr().cast()),
            _mm256_loadu_si256(hi.as_ptr().cast()),
        );
        let lo_flipped = _mm256_xor_si256(lo, _mm256_set1_epi32(SIGN));
        Axis { lo, lo_flipped, hi }
    }

    /// The high halves of `start + l·d` (exact modulo 2^64): a carry where
    /// the unsigned sum of the low halves wrapped (is below the addend).
    #[inline(always)]
    unsafe fn integer_parts(&self, start: i64) -> __m256i {
        let lo = _mm256_add_epi32(_mm256_set1_epi32(start as i32), self.lo);
        let flipped = _mm256_xor_si256(lo, _mm256_set1_epi32(SIGN));
        let carry = _mm256_cmpgt_epi32(self.lo_flipped, flipped);
        let hi = _mm256_add_epi32(_mm256_set1_epi32((start >> 32) as i32), self.hi);
        // `carry` is −1 where set, so subtracting adds one.
        _mm256_sub_epi32(hi, carry)
    }
}

impl Lanes for Avx2 {
    const N: usize = 8;
    type Map = Map;

    #[inline(always)]
    unsafe fn map(grid: &TexelGrid) -> Map {
        let flipped = |n: u32| _mm256_set1_epi32(n as i32 ^ SIGN);
        Map {
            grid: *grid,
            fits: grid.bits() <= i32::MAX as usize,
            u: Axis::new(grid.du),
            v: Axis::new(grid.dv),
            width_flipped: flipped(grid.width),
            height_flipped: flipped(grid.height),
            stride: _mm256_set1_epi32(grid.stride as i32),
        }
    }

    /// A pixel passes when max(p, min) == p in all four bytes.
    #[inline(always)]
    unsafe fn field_group(min: i32, from: *const i32, group: u32) -> u32 {
        // Masked-off lanes of `vpmaskmovd` are not accessed.
        let p = _mm256_maskload_epi32(from, lane_mask(group as u8));
        let ok = _mm256_cmpeq_epi32(_mm256_max_epu8(p, _mm256_set1_epi32(min)), p);
        _mm256_movemask_ps(_mm256_castsi256_ps(ok)) as u32 & group
    }

    #[inline(always)]
    unsafe fn take64(p: *mut u8) -> u64 {
        let (lo, hi) = (
            _mm256_loadu_si256(p.cast()),
            _mm256_loadu_si256(p.add(32).cast()),
        );
        let low = u64::from(_mm256_movemask_epi8(lo) as u32);
        let high = u64::from(_mm256_movemask_epi8(hi) as u32);
        p.write_bytes(0, 64);
        low | high << 32
    }

    /// Eight pixels per step: texel `i` and `j` of every lane, checked
    /// against the sprite, turned into bit indices `j·stride + i`; all
    /// eight stored, the lanes that missed to the junk bit. Portable when
    /// the texels have no junk bit.
    #[inline(always)]
    unsafe fn mark<T: Texels>(m: &Map, u: i64, v: i64, hit: u64, texels: &mut T) {
        let Some(junk) = texels.junk().filter(|_| m.fits) else {
            mark_portable(&m.grid, u, v, hit, texels);
            return;
        };
        let junk = _mm256_set1_epi32(junk as i32);
        let sign = _mm256_set1_epi32(SIGN);
        let mut bits = [0u32; 8];
        // Only the groups up to the last hit.
        let groups = (64 - hit.leading_zeros()).div_ceil(8);
        for q in 0..groups {
            let first = 8 * i64::from(q);
            let i =
                m.u.integer_parts(u.wrapping_add(first.wrapping_mul(m.grid.du)));
            let j =
                m.v.integer_parts(v.wrapping_add(first.wrapping_mul(m.grid.dv)));
            // Unsigned compares (sign flipped): a negative i or j is outside too.
            let inside_i = _mm256_cmpgt_epi32(m.width_flipped, _mm256_xor_si256(i, sign));
            let inside_j = _mm256_cmpgt_epi32(m.height_flipped, _mm256_xor_si256(j, sign));
            let ok = _mm256_and_si256(
                _mm256_and_si256(inside_i, inside_j),
                lane_mask((hit >> (8 * q)) as u8),
            );
            let bit = _mm256_add_epi32(_mm256_mullo_epi32(j, m.stride), i);
            let sent = _mm256_blendv_epi8(junk, bit, ok);
            // `bits` is 32 bytes.
            _mm256_storeu_si256(bits.as_mut_ptr().cast(), sent);
            for &b in &bits {
                // SAFETY: lanes of `ok` have i < width and j < height, the
                // others hold the junk bit.
                texels.set_unchecked(b as usize);
            }
        }
    }
}
