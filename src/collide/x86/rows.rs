//! The AVX2 block kernel of the translation path: four words per step.

use crate::collide::isa::Rows;
use std::arch::x86_64::*;

/// Four words per step, ORed over all rows before one reduction; vector
/// shifts by 64 give 0, so shift 0 needs no special case.
///
/// # Safety
/// The CPU runs AVX2 and `rows.in_bounds()` holds.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn and_any_avx2(rows: &Rows) -> u64 {
    let right = _mm_cvtsi32_si128(rows.shift as i32);
    let left = _mm_cvtsi32_si128(64 - rows.shift as i32);
    let whole = rows.width / 4 * 4;
    // Lanes of the last, partial group of four words.
    let rest = (rows.width - whole) as i64;
    let tail = _mm256_cmpgt_epi64(_mm256_set1_epi64x(rest), _mm256_setr_epi64x(0, 1, 2, 3));
    // Masks of the first and last groups of four words (the others are whole).
    let lane_masks = |g: usize| {
        let m = |j: usize| {
            if j < rows.width {
                rows.mask(j) as i64
            } else {
                0
            }
        };
        _mm256_setr_epi64x(m(4 * g), m(4 * g + 1), m(4 * g + 2), m(4 * g + 3))
    };
    let groups = rows.width.div_ceil(4);
    let first = lane_masks(0);
    let last = lane_masks(groups.saturating_sub(1));
    let whole_words = _mm256_set1_epi64x(-1);
    let mut acc = _mm256_setzero_si256();
    for r in 0..rows.rows {
        // SAFETY (all loads): `in_bounds` covers every row's `width` words
        // of A and of B (plus `hi_offset`); the last group loads only its
        // lanes below `width`.
        let a = rows
            .a
            .as_ptr()
            .add(rows.a_start + r * rows.a_stride)
            .cast::<i64>();
        let lo = rows
            .b
            .as_ptr()
            .add(rows.b_start + r * rows.b_stride)
            .cast::<i64>();
        let hi = lo.add(rows.hi_offset);
        for g in 0..groups {
            let j = 4 * g;
            let mv = if g + 1 == groups {
                last
            } else if g == 0 {
                first
            } else {
                whole_words
            };
            let (av, lv, hv) = if j < whole {
                (
                    _mm256_loadu_si256(a.add(j).cast()),
                    _mm256_loadu_si256(lo.add(j).cast()),
                    _mm256_loadu_si256(hi.add(j).cast()),
                )
            } else {
                (
                    _mm256_maskload_epi64(a.add(j), tail),
                    _mm256_maskload_epi64(lo.add(j), tail),
                    _mm256_maskload_epi64(hi.add(j), tail),
                )
            };
            let b = _mm256_or_si256(_mm256_srl_epi64(lv, right), _mm256_sll_epi64(hv, left));
            acc = _mm256_or_si256(acc, _mm256_and_si256(_mm256_and_si256(av, mv), b));
        }
    }
    let mut lanes = [0u64; 4];
    _mm256_storeu_si256(lanes.as_mut_ptr().cast(), acc);
    lanes[0] | lanes[1] | lanes[2] | lanes[3]
}

#[cfg(test)]
mod tests {
    use crate::collide::isa::{check_and_any_kernel, Isa};
    use crate::collide::x86::Avx2;

    #[test]
    fn avx2_and_any_matches_word_by_word() {
        if let Some(isa) = Avx2::detect() {
            check_and_any_kernel(|rows| isa.and_any(rows));
        }
    }
}
