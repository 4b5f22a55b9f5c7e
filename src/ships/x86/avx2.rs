//! AVX2 sampling kernels: the field test eight pixels per step and the
//! scratch pack 32 bytes per `vpmovmskb`.

use std::arch::x86_64::*;

/// Bit `k` set when `pixels[k]` passes the per-byte minimums `pattern`,
/// for the bits of `care` only (none at or past `pixels.len()` ≤ 64).
#[target_feature(enable = "avx2,bmi1,popcnt")]
#[inline]
pub(super) fn field_bits(pattern: i32, pixels: &[[u8; 4]], care: u64) -> u64 {
    debug_assert!(pixels.len() <= 64 && (pixels.len() == 64 || care >> pixels.len() == 0));
    let min = _mm256_set1_epi32(pattern);
    let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    let len = pixels.len();
    let mut bits = 0u64;
    for q in 0..8 {
        let group = (care >> (8 * q)) as u8;
        if group == 0 {
            continue;
        }
        let start = 8 * q;
        // `group` has a pixel below `len`, so `start < len`.
        let from = pixels[start..].as_ptr().cast::<i32>();
        // SAFETY: a whole group is read only when its 8 pixels lie in the
        // slice; a partial one reads just its lanes below `len - start`
        // (masked-off lanes of `vpmaskmovd` are not accessed).
        let p = unsafe {
            if start + 8 <= len {
                _mm256_loadu_si256(from.cast())
            } else {
                let inside = _mm256_cmpgt_epi32(_mm256_set1_epi32((len - start) as i32), lane);
                _mm256_maskload_epi32(from, inside)
            }
        };
        // A pixel passes when max(p, min) == p in all four bytes.
        let ok = _mm256_cmpeq_epi32(_mm256_max_epu8(p, min), p);
        let eight = _mm256_movemask_ps(_mm256_castsi256_ps(ok)) as u8 & group;
        bits |= u64::from(eight) << start;
    }
    bits
}

/// Packs scratch bytes (`0` or `0xFF`, 64 per word) into `words` and zeroes them.
#[target_feature(enable = "avx2,bmi1,popcnt")]
#[inline]
pub(super) fn pack(bytes: &mut [u8], words: &mut [u64]) {
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
