//! The AVX2 sampling lanes: eight pixels a group (texel lanes as split
//! 32-bit halves, masked loads through a lane mask), the texels of eight pixels per step sent to a junk bit
//! where they missed (no compress), the scratch pack 32 bytes per
//! `vpmovmskb`.

use std::arch::x86_64::*;

use super::{Avx2, Lanes};
use crate::collide::x86::lanes32::{Axis, Lanes32};
use crate::ships::sample::texels::Texels;

impl Lanes for Avx2 {
    const JUNK: bool = true;
    /// Split into 32-bit halves, as the gathering walks step theirs.
    type Axis = Axis<Avx2>;

    #[inline(always)]
    unsafe fn axis(d: i64) -> Axis<Avx2> {
        Axis::new(d)
    }

    #[inline(always)]
    unsafe fn integer_parts(axis: &Axis<Avx2>, start: i64) -> __m256i {
        axis.lanes(start).hi
    }

    /// A pixel passes when max(p, min) == p in all four bytes.
    #[inline(always)]
    unsafe fn field_group(min: i32, from: *const i32, group: u32) -> u32 {
        // Masked-off lanes of `vpmaskmovd` are not accessed.
        let p = _mm256_maskload_epi32(from, Self::mask_of(group));
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

    /// All eight lanes stored, those that missed to the junk bit.
    #[inline(always)]
    unsafe fn send<T: Texels>(ok: __m256i, bit: __m256i, junk: usize, texels: &mut T) {
        let sent = _mm256_blendv_epi8(_mm256_set1_epi32(junk as i32), bit, ok);
        let mut bits = [0u32; 8];
        // `bits` is 32 bytes.
        _mm256_storeu_si256(bits.as_mut_ptr().cast(), sent);
        for &b in &bits {
            // SAFETY: lanes of `ok` are below the texels' size (the
            // caller's), the others hold the junk bit.
            texels.set_unchecked(b as usize);
        }
    }
}
