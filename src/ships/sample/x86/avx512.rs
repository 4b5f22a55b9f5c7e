//! AVX-512 sampling kernels: the field test sixteen pixels per masked
//! load, the texels of eight hits per step, and the scratch pack 64 bytes
//! per `vpmovb2m`.

use std::arch::x86_64::*;

use crate::ships::sample::texels::{mark_portable, TexelGrid, Texels};

/// Bit `k` set when `pixels[k]` passes the per-byte minimums `pattern`,
/// for the bits of `care` only (none at or past `pixels.len()` ≤ 64).
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi2,avx2,bmi1,popcnt")]
#[inline]
pub(in crate::ships) fn field_bits(pattern: i32, pixels: &[[u8; 4]], care: u64) -> u64 {
    debug_assert!(pixels.len() <= 64 && (pixels.len() == 64 || care >> pixels.len() == 0));
    let min = _mm512_set1_epi32(pattern);
    let mut bits = 0u64;
    for q in 0..4 {
        let group = (care >> (16 * q)) as u16;
        // Not dereferenced beyond the lanes of `group`, which lie in the slice.
        let from = pixels.as_ptr().wrapping_add(16 * q).cast::<i32>();
        // SAFETY: only the lanes of `group` are read (none when it is 0),
        // all inside the slice; masked-off lanes are not accessed.
        let p = unsafe { _mm512_maskz_loadu_epi32(group, from) };
        // A pixel passes when max(p, min) == p in all four bytes.
        let ok = _mm512_mask_cmpeq_epi32_mask(group, _mm512_max_epu8(p, min), p);
        bits |= u64::from(ok) << (16 * q);
    }
    bits
}

/// A sample's [`TexelGrid`] as vectors for [`mark`]: the offsets `l·du`
/// and `l·dv` of lanes `l = 0..16` as 64-bit lanes (eight per vector), and
/// the sprite's limits.
#[derive(Clone, Copy)]
pub(in crate::ships) struct Map {
    grid: TexelGrid,
    /// Whether every bit index fits in 31 bits (else [`mark`] is portable).
    fits: bool,
    /// `l·du` for lanes 0..8 and 8..16.
    u_off: [__m512i; 2],
    /// `l·dv` for lanes 0..8 and 8..16.
    v_off: [__m512i; 2],
    /// Picks the high halves of sixteen 64-bit lanes out of two vectors.
    high_halves: __m512i,
    width: __m512i,
    height: __m512i,
    stride: __m512i,
}

impl Map {
    /// The vectors of `grid`.
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi2,avx2,bmi1,popcnt")]
    #[inline]
    pub(in crate::ships) fn new(grid: &TexelGrid) -> Map {
        let offsets = |d: i64, from: i64| {
            let lanes: [i64; 8] = std::array::from_fn(|l| d.wrapping_mul(from + l as i64));
            // SAFETY: `lanes` is 64 bytes.
            unsafe { _mm512_loadu_si512(lanes.as_ptr().cast()) }
        };
        let odd: [i32; 16] = std::array::from_fn(|l| 2 * l as i32 + 1);
        Map {
            grid: *grid,
            fits: grid.bits() <= i32::MAX as usize,
            u_off: [offsets(grid.du, 0), offsets(grid.du, 8)],
            v_off: [offsets(grid.dv, 0), offsets(grid.dv, 8)],
            // SAFETY: `odd` is 64 bytes.
            high_halves: unsafe { _mm512_loadu_si512(odd.as_ptr().cast()) },
            width: _mm512_set1_epi32(grid.width as i32),
            height: _mm512_set1_epi32(grid.height as i32),
            stride: _mm512_set1_epi32(grid.stride as i32),
        }
    }
}

/// The high halves of `start + l·d` for lanes `l = 0..16` (exact modulo
/// 2^64, as [`TexelGrid::uv`]): sixteen 64-bit sums, their high halves
/// gathered into one vector.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi2,avx2,bmi1,popcnt")]
#[inline]
fn integer_parts(start: i64, off: &[__m512i; 2], high_halves: __m512i) -> __m512i {
    let start = _mm512_set1_epi64(start);
    let (low, high) = (
        _mm512_add_epi64(start, off[0]),
        _mm512_add_epi64(start, off[1]),
    );
    _mm512_permutex2var_epi32(low, high_halves, high)
}

/// Records the texels of the pixels in `hit` (bit `b` at fixed-point
/// `(u + b·du, v + b·dv)`), sixteen pixels per step: texel `i` and `j` of
/// every lane, checked against the sprite, turned into bit indices
/// `j·stride + i`; those of the hit lanes are queued (or set one by one
/// when the texels keep no queue).
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi2,avx2,bmi1,popcnt")]
#[inline]
pub(in crate::ships) fn mark<T: Texels>(m: &Map, u: i64, v: i64, hit: u64, texels: &mut T) {
    if !m.fits {
        mark_portable(&m.grid, u, v, hit, texels);
        return;
    }
    // Only the groups up to the last hit.
    let groups = (64 - hit.leading_zeros()).div_ceil(16);
    for q in 0..groups {
        let group = (hit >> (16 * q)) as u16;
        let first = 16 * i64::from(q);
        let i = integer_parts(
            u.wrapping_add(first.wrapping_mul(m.grid.du)),
            &m.u_off,
            m.high_halves,
        );
        let j = integer_parts(
            v.wrapping_add(first.wrapping_mul(m.grid.dv)),
            &m.v_off,
            m.high_halves,
        );
        // Unsigned: a negative i or j is outside too.
        let inside_i = _mm512_mask_cmplt_epu32_mask(group, i, m.width);
        let ok = _mm512_mask_cmplt_epu32_mask(inside_i, j, m.height);
        let bit = _mm512_add_epi32(_mm512_mullo_epi32(j, m.stride), i);
        let packed = _mm512_maskz_compress_epi32(ok, bit);
        let n = ok.count_ones() as usize;
        if let Some(slots) = texels.queue16() {
            // SAFETY: `slots` is 16 lanes.
            unsafe { _mm512_storeu_si512(slots.as_mut_ptr().cast(), packed) };
            // SAFETY: the first `n` lanes are those of `ok`: i < width, j < height.
            unsafe { texels.commit(n) };
        } else {
            let mut bits = [0u32; 16];
            // SAFETY: `bits` is 16 lanes.
            unsafe { _mm512_storeu_si512(bits.as_mut_ptr().cast(), packed) };
            for &b in &bits[..n] {
                // SAFETY: the first `n` lanes are those of `ok`.
                unsafe { texels.set_unchecked(b as usize) };
            }
        }
    }
}

/// Packs scratch bytes (`0` or `0xFF`, 64 per word) into `words` and zeroes them.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi2,avx2,bmi1,popcnt")]
#[inline]
pub(in crate::ships) fn pack(bytes: &mut [u8], words: &mut [u64]) {
    let zero = _mm512_setzero_si512();
    for (chunk, word) in bytes.chunks_exact_mut(64).zip(words) {
        // SAFETY: `chunk` is 64 bytes, read then zeroed.
        unsafe {
            let p = _mm512_loadu_si512(chunk.as_ptr().cast());
            *word = _mm512_movepi8_mask(p);
            _mm512_storeu_si512(chunk.as_mut_ptr().cast(), zero);
        }
    }
}
