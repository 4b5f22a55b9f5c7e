//! The AVX-512 sampling lanes: sixteen pixels a group (masked loads and
//! compares by mask register), the texels of sixteen pixels per step
//! compressed into a queue (`vpcompressd`), the scratch pack 64 bytes per
//! `vpmovb2m`.

use std::arch::x86_64::*;

use super::{Avx512, Lanes};
use crate::ships::sample::texels::{mark_portable, TexelGrid, Texels};

/// A sample's [`TexelGrid`] as vectors for [`Lanes::mark`]: the offsets `l·du`
/// and `l·dv` of lanes `l = 0..16` as 64-bit lanes (eight per vector), and
/// the sprite's limits.
#[derive(Clone, Copy)]
pub(in crate::ships) struct Map {
    grid: TexelGrid,
    /// Whether every bit index fits in 31 bits (else marking is portable).
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

/// The high halves of `start + l·d` for lanes `l = 0..16` (exact modulo
/// 2^64, as [`TexelGrid::uv`]): sixteen 64-bit sums, their high halves
/// gathered into one vector.
#[inline(always)]
unsafe fn integer_parts(start: i64, off: &[__m512i; 2], high_halves: __m512i) -> __m512i {
    let start = _mm512_set1_epi64(start);
    let (low, high) = (
        _mm512_add_epi64(start, off[0]),
        _mm512_add_epi64(start, off[1]),
    );
    _mm512_permutex2var_epi32(low, high_halves, high)
}

impl Lanes for Avx512 {
    const N: usize = 16;
    type Map = Map;

    #[inline(always)]
    unsafe fn map(grid: &TexelGrid) -> Map {
        // Scalar lanes, loaded here (a closure would not inherit the
        // entry point's features).
        let lanes = |d: i64, from: i64| -> [i64; 8] {
            std::array::from_fn(|l| d.wrapping_mul(from + l as i64))
        };
        let [u0, u8, v0, v8] = [(grid.du, 0), (grid.du, 8), (grid.dv, 0), (grid.dv, 8)]
            .map(|(d, from)| lanes(d, from));
        let odd: [i32; 16] = std::array::from_fn(|l| 2 * l as i32 + 1);
        // Every array is 64 bytes.
        let load = |p: *const i64| p.cast::<__m512i>().read_unaligned();
        Map {
            grid: *grid,
            fits: grid.bits() <= i32::MAX as usize,
            u_off: [load(u0.as_ptr()), load(u8.as_ptr())],
            v_off: [load(v0.as_ptr()), load(v8.as_ptr())],
            high_halves: odd.as_ptr().cast::<__m512i>().read_unaligned(),
            width: _mm512_set1_epi32(grid.width as i32),
            height: _mm512_set1_epi32(grid.height as i32),
            stride: _mm512_set1_epi32(grid.stride as i32),
        }
    }

    /// A pixel passes when max(p, min) == p in all four bytes; the masked
    /// compare keeps the lanes of `group` only.
    #[inline(always)]
    unsafe fn field_group(min: i32, from: *const i32, group: u32) -> u32 {
        // Masked-off lanes are not accessed.
        let p = _mm512_maskz_loadu_epi32(group as u16, from);
        let max = _mm512_max_epu8(p, _mm512_set1_epi32(min));
        u32::from(_mm512_mask_cmpeq_epi32_mask(group as u16, max, p))
    }

    #[inline(always)]
    unsafe fn take64(p: *mut u8) -> u64 {
        let bytes = _mm512_loadu_si512(p.cast());
        _mm512_storeu_si512(p.cast(), _mm512_setzero_si512());
        _mm512_movepi8_mask(bytes)
    }

    /// Sixteen pixels per step: texel `i` and `j` of every lane, checked
    /// against the sprite, turned into bit indices `j·stride + i`; those of
    /// the hit lanes are queued (or set one by one when the texels keep no
    /// queue).
    #[inline(always)]
    unsafe fn mark<T: Texels>(m: &Map, u: i64, v: i64, hit: u64, texels: &mut T) {
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
                // `slots` is 16 lanes.
                _mm512_storeu_si512(slots.as_mut_ptr().cast(), packed);
                // SAFETY: the first `n` lanes are those of `ok`: i < width, j < height.
                texels.commit(n);
            } else {
                let mut bits = [0u32; 16];
                // `bits` is 16 lanes.
                _mm512_storeu_si512(bits.as_mut_ptr().cast(), packed);
                for &b in &bits[..n] {
                    // SAFETY: the first `n` lanes are those of `ok`.
                    texels.set_unchecked(b as usize);
                }
            }
        }
    }
}
