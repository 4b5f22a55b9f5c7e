//! AVX2 sampling kernels: the field test and the texels of eight pixels
//! per step, and the scratch pack 32 bytes per `vpmovmskb`.

use std::arch::x86_64::*;

use crate::ships::sample::texels::{mark_portable, TexelGrid, Texels};

/// The lanes of `group` as a vector mask (lane `l` all ones when bit `l` is set).
#[target_feature(enable = "avx2,bmi1,popcnt")]
#[inline]
fn lane_mask(group: u8) -> __m256i {
    let bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    _mm256_cmpeq_epi32(
        _mm256_and_si256(_mm256_set1_epi32(i32::from(group)), bit),
        bit,
    )
}

/// Bit `k` set when `pixels[k]` passes the per-byte minimums `pattern`,
/// for the bits of `care` only (none at or past `pixels.len()` ≤ 64).
#[target_feature(enable = "avx2,bmi1,popcnt")]
#[inline]
pub(in crate::ships) fn field_bits(pattern: i32, pixels: &[[u8; 4]], care: u64) -> u64 {
    debug_assert!(pixels.len() <= 64 && (pixels.len() == 64 || care >> pixels.len() == 0));
    if care == 0 {
        return 0;
    }
    let min = _mm256_set1_epi32(pattern);
    let mut bits = 0u64;
    // Only the groups of eight from the first cared-for pixel to the last.
    let first = care.trailing_zeros() as usize / 8;
    let end = (64 - care.leading_zeros() as usize).div_ceil(8);
    for q in first..end {
        let group = (care >> (8 * q)) as u8;
        // Not dereferenced beyond the lanes of `group`, which lie in the slice.
        let from = pixels.as_ptr().wrapping_add(8 * q).cast::<i32>();
        // SAFETY: only the lanes of `group` are read (none when it is 0),
        // all inside the slice; masked-off lanes of `vpmaskmovd` are not
        // accessed.
        let p = unsafe { _mm256_maskload_epi32(from, lane_mask(group)) };
        // A pixel passes when max(p, min) == p in all four bytes.
        let ok = _mm256_cmpeq_epi32(_mm256_max_epu8(p, min), p);
        let eight = _mm256_movemask_ps(_mm256_castsi256_ps(ok)) as u8 & group;
        bits |= u64::from(eight) << (8 * q);
    }
    bits
}

/// Flips the sign bit: unsigned order becomes signed order.
const SIGN: i32 = i32::MIN;

/// A sample's [`TexelGrid`] as vectors for [`mark`]: the offsets `l·du`
/// and `l·dv` of lanes `l = 0..8` split into 32-bit halves (the low halves
/// also with the sign flipped), and the sprite's limits (sign flipped).
#[derive(Clone, Copy)]
pub(in crate::ships) struct Map {
    grid: TexelGrid,
    /// Whether every bit index fits in 31 bits (else [`mark`] is portable).
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
    #[target_feature(enable = "avx2,bmi1,popcnt")]
    #[inline]
    fn new(d: i64) -> Axis {
        let (mut lo, mut hi) = ([0i32; 8], [0i32; 8]);
        for l in 0..8 {
            let off = d.wrapping_mul(l as i64);
            (lo[l], hi[l]) = (off as i32, (off >> 32) as i32);
        }
        // SAFETY: both arrays are 32 bytes.
        let (lo, hi) = unsafe {
            (
                _mm256_loadu_si256(lo.as_ptr().cast()),
                _mm256_loadu_si256(hi.as_ptr().cast()),
            )
        };
        let lo_flipped = _mm256_xor_si256(lo, _mm256_set1_epi32(SIGN));
        Axis { lo, lo_flipped, hi }
    }

    /// The high halves of `start + l·d` (exact modulo 2^64): a carry where
    /// the unsigned sum of the low halves wrapped (is below the addend).
    #[target_feature(enable = "avx2,bmi1,popcnt")]
    #[inline]
    fn integer_parts(&self, start: i64) -> __m256i {
        let lo = _mm256_add_epi32(_mm256_set1_epi32(start as i32), self.lo);
        let flipped = _mm256_xor_si256(lo, _mm256_set1_epi32(SIGN));
        let carry = _mm256_cmpgt_epi32(self.lo_flipped, flipped);
        let hi = _mm256_add_epi32(_mm256_set1_epi32((start >> 32) as i32), self.hi);
        // `carry` is −1 where set, so subtracting adds one.
        _mm256_sub_epi32(hi, carry)
    }
}

impl Map {
    /// The vectors of `grid`.
    #[target_feature(enable = "avx2,bmi1,popcnt")]
    #[inline]
    pub(in crate::ships) fn new(grid: &TexelGrid) -> Map {
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
}

/// Records the texels of the pixels in `hit` (bit `b` at fixed-point
/// `(u + b·du, v + b·dv)`), eight pixels per step: texel `i` and `j` of
/// every lane, checked against the sprite, turned into bit indices
/// `j·stride + i`; all eight stored, the lanes that missed to the junk
/// bit. Portable when the texels have no junk bit.
#[target_feature(enable = "avx2,bmi1,popcnt")]
#[inline]
pub(in crate::ships) fn mark<T: Texels>(m: &Map, u: i64, v: i64, hit: u64, texels: &mut T) {
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
        // SAFETY: `bits` is 32 bytes.
        unsafe { _mm256_storeu_si256(bits.as_mut_ptr().cast(), sent) };
        for &b in &bits {
            // SAFETY: lanes of `ok` have i < width and j < height, the
            // others hold the junk bit.
            unsafe { texels.set_unchecked(b as usize) };
        }
    }
}

/// Packs scratch bytes (`0` or `0xFF`, 64 per word) into `words` and zeroes them.
#[target_feature(enable = "avx2,bmi1,popcnt")]
#[inline]
pub(in crate::ships) fn pack(bytes: &mut [u8], words: &mut [u64]) {
    for (chunk, word) in bytes.chunks_exact_mut(64).zip(words) {
        // SAFETY: `chunk` is 64 bytes: two unaligned 32-byte loads.
        let (lo, hi) = unsafe {
            (
                _mm256_loadu_si256(chunk.as_ptr().cast()),
                _mm256_loadu_si256(chunk.as_ptr().add(32).cast()),
            )
        };
        let low = u64::from(_mm256_movemask_epi8(lo) as u32);
        let high = u64::from(_mm256_movemask_epi8(hi) as u32);
        *word = low | high << 32;
        chunk.fill(0);
    }
}
