//! The AVX2 row kernel of the translation path: four words per step.

use crate::collide::kernels::rows::Rows;
use std::arch::x86_64::*;

/// Four words per step, ORed over a block of rows before one test; vector
/// shifts by 64 give 0, so shift 0 needs no special case.
///
/// # Safety
/// The CPU runs AVX2 and `rows.in_bounds()` holds.
#[target_feature(enable = "avx2")]
#[inline]
pub(in crate::collide::x86) unsafe fn first_block_avx2(
    rows: &Rows,
    block_rows: usize,
) -> Option<usize> {
    let block_rows = block_rows.max(1);
    let right = _mm_cvtsi32_si128(rows.shift as i32);
    let left = _mm_cvtsi32_si128(64 - rows.shift as i32);
    let groups = rows.width.div_ceil(4);
    if groups == 0 {
        return None;
    }
    let whole = rows.width / 4 * 4;
    // Lanes of the last, partial group of four words.
    let lane = _mm256_setr_epi64x(0, 1, 2, 3);
    let tail = _mm256_cmpgt_epi64(_mm256_set1_epi64x((rows.width - whole) as i64), lane);
    // Masks of group g's lanes: word 0 cut by `first_mask`, word width − 1
    // by `last_mask`, words past the width 0.
    let lane_masks = |g: usize| {
        let index = _mm256_add_epi64(lane, _mm256_set1_epi64x(4 * g as i64));
        let is = |j: usize| _mm256_cmpeq_epi64(index, _mm256_set1_epi64x(j as i64));
        let pick = |j: usize, m: u64| {
            _mm256_blendv_epi8(_mm256_set1_epi64x(-1), _mm256_set1_epi64x(m as i64), is(j))
        };
        let inside = _mm256_cmpgt_epi64(_mm256_set1_epi64x(rows.width as i64), index);
        _mm256_and_si256(
            _mm256_and_si256(
                pick(0, rows.first_mask),
                pick(rows.width - 1, rows.last_mask),
            ),
            inside,
        )
    };
    let first = lane_masks(0);
    let last = lane_masks(groups - 1);
    let whole_words = _mm256_set1_epi64x(-1);
    let mut acc = _mm256_setzero_si256();
    let mut block_end = block_rows.min(rows.rows);
    let mut r = 0;
    while r < rows.rows {
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
        r += 1;
        if r == block_end {
            if _mm256_testz_si256(acc, acc) == 0 {
                return Some((r - 1) / block_rows);
            }
            block_end = (block_end + block_rows).min(rows.rows);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use crate::collide::kernels::check::check_row_kernels;
    use crate::collide::x86::Avx2;

    #[test]
    fn avx2_row_kernels_match_bit_by_bit() {
        if let Some(isa) = Avx2::detect() {
            check_row_kernels(isa);
        }
    }
}
