//! The AVX-512 sampling lanes: sixteen pixels a group (masked loads and
//! compares by mask register), the texels of sixteen pixels per step
//! compressed into a queue (`vpcompressd`), the scratch pack 64 bytes per
//! `vpmovb2m`.

use std::arch::x86_64::*;

use super::{Avx512, Lanes};
use crate::ships::sample::texels::Texels;

impl Lanes for Avx512 {
    const JUNK: bool = false;
    /// `l·d` for lanes 0..8 and 8..16 as 64-bit lanes, and the permute
    /// that picks sixteen high halves out of two vectors (one
    /// `vpermt2d`, which AVX2 lacks: there the halves are split).
    type Axis = ([__m512i; 2], __m512i);

    #[inline(always)]
    unsafe fn axis(d: i64) -> Self::Axis {
        let off: [[i64; 8]; 2] =
            std::array::from_fn(|h| std::array::from_fn(|l| d.wrapping_mul((8 * h + l) as i64)));
        let odd: [i32; 16] = std::array::from_fn(|l| 2 * l as i32 + 1);
        // Every array is 64 bytes.
        let load = |p: *const i64| p.cast::<__m512i>().read_unaligned();
        (
            [load(off[0].as_ptr()), load(off[1].as_ptr())],
            load(odd.as_ptr().cast()),
        )
    }

    /// Sixteen 64-bit sums, their high halves gathered into one vector.
    #[inline(always)]
    unsafe fn integer_parts((off, high_halves): &Self::Axis, start: i64) -> __m512i {
        let start = _mm512_set1_epi64(start);
        let (low, high) = (
            _mm512_add_epi64(start, off[0]),
            _mm512_add_epi64(start, off[1]),
        );
        _mm512_permutex2var_epi32(low, *high_halves, high)
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

    /// The lanes of `ok` compressed to the front (`vpcompressd`) and
    /// queued, or set one by one when the texels keep no queue.
    #[inline(always)]
    unsafe fn send<T: Texels>(ok: __mmask16, bit: __m512i, _junk: usize, texels: &mut T) {
        let packed = _mm512_maskz_compress_epi32(ok, bit);
        let n = ok.count_ones() as usize;
        if let Some(slots) = texels.queue16() {
            // `slots` is 16 lanes.
            _mm512_storeu_si512(slots.as_mut_ptr().cast(), packed);
            // SAFETY: the first `n` lanes are those of `ok` (the caller's:
            // below the texels' size).
            texels.commit(n);
        } else {
            let mut bits = [0u32; 16];
            // `bits` is 16 lanes.
            _mm512_storeu_si512(bits.as_mut_ptr().cast(), packed);
            for &b in &bits[..n] {
                // SAFETY: as above.
                texels.set_unchecked(b as usize);
            }
        }
    }
}
