//! The AVX-512 statistics kernel of the translation path: count, sums of
//! columns and rows, and their extremes, per lane, reduced once at the
//! end. Rows of at most eight words keep one word index per lane, so the
//! column sums run on bit-sliced counters (a popcount per group instead
//! of seven).

use super::rows::each_group;
use crate::collide::kernels::rows::{RowStats, Rows};
use std::arch::x86_64::*;

/// [`crate::collide::kernels::ScanKernels::stats`] (the visitor skips the rows before
/// the first shared one with the cheaper first-row search).
///
/// # Safety
/// The CPU runs AVX-512 F, CD and VPOPCNTDQ, `rows.in_bounds()` holds and
/// `rows.rows ≤ Rows::MAX_ROWS`.
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
pub(in crate::collide::x86) unsafe fn stats_avx512(rows: &Rows) -> RowStats {
    if rows.width <= 8 {
        stats_sliced(rows)
    } else {
        stats_by_group(rows)
    }
}

/// `Σ 2^b·popcount(v & M_b)` per lane: the sum of the set bits' indices.
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
#[inline]
fn index_sums(v: __m512i) -> __m512i {
    let masked =
        |b: usize| _mm512_popcnt_epi64(_mm512_and_si512(v, _mm512_set1_epi64(INDEX_BITS[b])));
    _mm512_add_epi64(
        _mm512_add_epi64(
            _mm512_add_epi64(masked(0), _mm512_slli_epi64::<1>(masked(1))),
            _mm512_add_epi64(
                _mm512_slli_epi64::<2>(masked(2)),
                _mm512_slli_epi64::<3>(masked(3)),
            ),
        ),
        _mm512_add_epi64(
            _mm512_slli_epi64::<4>(masked(4)),
            _mm512_slli_epi64::<5>(masked(5)),
        ),
    )
}

/// Groups added to the bit-sliced counters between flushes (3-bit counts).
const SLICED_GROUPS: u32 = 7;

/// Statistics of rows of at most eight words: lane `l` always holds the
/// same word index `j`, so its columns' sum is `64·j·count + Σ bit index`,
/// and its extremes come from the OR of all its words. Bit `p` of
/// `(c[2], c[1], c[0])` counts the groups since the last flush with bit
/// `p` set.
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
unsafe fn stats_sliced(rows: &Rows) -> RowStats {
    let zero = _mm512_setzero_si512();
    let (mut count, mut sum_row, mut index, mut cols, mut j_lanes) = (zero, zero, zero, zero, zero);
    let (mut min_row, mut max_row) = (_mm512_set1_epi64(-1), zero);
    let mut c = [zero; 3];
    let mut pending = 0;
    let flush = |c: &mut [__m512i; 3], index: &mut __m512i| {
        let sums = _mm512_add_epi64(
            index_sums(c[0]),
            _mm512_add_epi64(
                _mm512_slli_epi64::<1>(index_sums(c[1])),
                _mm512_slli_epi64::<2>(index_sums(c[2])),
            ),
        );
        *index = _mm512_add_epi64(*index, sums);
        *c = [zero; 3];
    };
    each_group(rows, |w, j, r| {
        let n = _mm512_popcnt_epi64(w);
        count = _mm512_add_epi64(count, n);
        // n < 2^7 and rows < 2^13: a 32-bit multiply does.
        sum_row = _mm512_add_epi64(sum_row, _mm512_mul_epu32(n, r));
        let nz = _mm512_test_epi64_mask(w, w);
        min_row = _mm512_mask_min_epu64(min_row, nz, min_row, r);
        max_row = _mm512_mask_max_epu64(max_row, nz, max_row, r);
        cols = _mm512_or_si512(cols, w);
        j_lanes = j;
        // Add w to the counters (at most seven additions: no carry out).
        let carry0 = _mm512_and_si512(c[0], w);
        c[0] = _mm512_xor_si512(c[0], w);
        c[2] = _mm512_xor_si512(c[2], _mm512_and_si512(c[1], carry0));
        c[1] = _mm512_xor_si512(c[1], carry0);
        pending += 1;
        if pending == SLICED_GROUPS {
            flush(&mut c, &mut index);
            pending = 0;
        }
        true
    });
    flush(&mut c, &mut index);
    // Per lane: count < 2^19 and 64·j < 2^9.
    let col0 = _mm512_slli_epi64::<6>(j_lanes);
    let sum_col = _mm512_add_epi64(_mm512_mul_epu32(count, col0), index);
    let any = _mm512_test_epi64_mask(cols, cols);
    let top = _mm512_set1_epi64(63);
    let lowest = _mm512_and_si512(cols, _mm512_sub_epi64(zero, cols));
    let low = _mm512_add_epi64(col0, _mm512_sub_epi64(top, _mm512_lzcnt_epi64(lowest)));
    let high = _mm512_add_epi64(col0, _mm512_sub_epi64(top, _mm512_lzcnt_epi64(cols)));
    RowStats {
        count: _mm512_reduce_add_epi64(count) as u64,
        sum_col: _mm512_reduce_add_epi64(sum_col) as u64,
        sum_row: _mm512_reduce_add_epi64(sum_row) as u64,
        min_col: _mm512_reduce_min_epu64(_mm512_mask_mov_epi64(_mm512_set1_epi64(-1), any, low)),
        max_col: _mm512_reduce_max_epu64(_mm512_maskz_mov_epi64(any, high)),
        min_row: _mm512_reduce_min_epu64(min_row),
        max_row: _mm512_reduce_max_epu64(max_row),
    }
}

/// Masks selecting the bit positions whose index has bit `b` set.
const INDEX_BITS: [i64; 6] = [
    0xAAAA_AAAA_AAAA_AAAAu64 as i64,
    0xCCCC_CCCC_CCCC_CCCCu64 as i64,
    0xF0F0_F0F0_F0F0_F0F0u64 as i64,
    0xFF00_FF00_FF00_FF00u64 as i64,
    0xFFFF_0000_FFFF_0000u64 as i64,
    0xFFFF_FFFF_0000_0000u64 as i64,
];

/// Per-lane sums, minima and maxima of [`stats_avx512`].
struct Lanes {
    count: __m512i,
    sum_col: __m512i,
    sum_row: __m512i,
    min_col: __m512i,
    max_col: __m512i,
    min_row: __m512i,
    max_row: __m512i,
}

impl Lanes {
    /// Adds group `w` (word indices `j`, rows `r`). Sums of bit indices
    /// come from popcounts of the word under six masks
    /// (`Σ 2^b·popcount(w & M_b)`).
    ///
    /// # Safety
    /// The CPU runs AVX-512 F, CD and VPOPCNTDQ.
    #[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
    #[inline]
    unsafe fn add(&mut self, w: __m512i, j: __m512i, r: __m512i) {
        let n = _mm512_popcnt_epi64(w);
        let col0 = _mm512_slli_epi64::<6>(j);
        let index = index_sums(w);
        // n < 2^7, columns < 2^25 and rows < 2^13: 32-bit multiplies do.
        self.count = _mm512_add_epi64(self.count, n);
        self.sum_col = _mm512_add_epi64(
            self.sum_col,
            _mm512_add_epi64(_mm512_mul_epu32(n, col0), index),
        );
        self.sum_row = _mm512_add_epi64(self.sum_row, _mm512_mul_epu32(n, r));
        let nz = _mm512_test_epi64_mask(w, w);
        let top = _mm512_set1_epi64(63);
        let high = _mm512_sub_epi64(top, _mm512_lzcnt_epi64(w));
        let lowest = _mm512_and_si512(w, _mm512_sub_epi64(_mm512_setzero_si512(), w));
        let low = _mm512_sub_epi64(top, _mm512_lzcnt_epi64(lowest));
        let (min_col, max_col) = (self.min_col, self.max_col);
        self.min_col = _mm512_mask_min_epu64(min_col, nz, min_col, _mm512_add_epi64(col0, low));
        self.max_col = _mm512_mask_max_epu64(max_col, nz, max_col, _mm512_add_epi64(col0, high));
        self.min_row = _mm512_mask_min_epu64(self.min_row, nz, self.min_row, r);
        self.max_row = _mm512_mask_max_epu64(self.max_row, nz, self.max_row, r);
    }
}

/// Per-lane statistics of every group, reduced once at the end.
///
/// # Safety
/// The CPU runs AVX-512 F, CD and VPOPCNTDQ, `rows.in_bounds()` holds and
/// `rows.rows ≤ Rows::MAX_ROWS`.
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq")]
unsafe fn stats_by_group(rows: &Rows) -> RowStats {
    let zero = _mm512_setzero_si512();
    let mut lanes = Lanes {
        count: zero,
        sum_col: zero,
        sum_row: zero,
        min_col: _mm512_set1_epi64(-1),
        max_col: zero,
        min_row: _mm512_set1_epi64(-1),
        max_row: zero,
    };
    each_group(rows, |w, j, r| {
        lanes.add(w, j, r);
        true
    });
    RowStats {
        count: _mm512_reduce_add_epi64(lanes.count) as u64,
        sum_col: _mm512_reduce_add_epi64(lanes.sum_col) as u64,
        sum_row: _mm512_reduce_add_epi64(lanes.sum_row) as u64,
        min_col: _mm512_reduce_min_epu64(lanes.min_col),
        max_col: _mm512_reduce_max_epu64(lanes.max_col),
        min_row: _mm512_reduce_min_epu64(lanes.min_row),
        max_row: _mm512_reduce_max_epu64(lanes.max_row),
    }
}

#[cfg(test)]
mod tests {
    use crate::collide::kernels::check::check_row_kernels;
    use crate::collide::kernels::rows::Rows;
    use crate::collide::kernels::ScanKernels;
    use crate::collide::x86::Avx512;

    /// Both statistics kernels, through the instruction set (rows of up
    /// to 19 words) and each on its own.
    #[test]
    fn avx512_statistics_match_the_portable_ones() {
        let Some(isa) = Avx512::detect() else {
            return;
        };
        check_row_kernels(isa);
        let mut rng = fastrand::Rng::with_seed(4);
        for _ in 0..500 {
            let (rows, width) = (rng.usize(0..40), rng.usize(0..=8));
            let words = |rng: &mut fastrand::Rng| -> Vec<u64> {
                (0..rows * width + 1)
                    .map(|_| rng.u64(..) & rng.u64(..))
                    .collect()
            };
            let (a, b) = (words(&mut rng), words(&mut rng));
            let shift = rng.u32(0..64);
            let rows = Rows {
                a: &a,
                b: &b,
                a_start: 0,
                b_start: 0,
                hi_offset: usize::from(shift != 0),
                a_stride: width,
                b_stride: width,
                rows,
                width,
                first_mask: rng.u64(..),
                last_mask: rng.u64(..),
                shift,
            };
            // SAFETY: `isa` proves the features; the rows are in bounds.
            let (sliced, by_group) =
                unsafe { (super::stats_sliced(&rows), super::stats_by_group(&rows)) };
            assert_eq!(sliced, rows.stats_scalar());
            assert_eq!(by_group, rows.stats_scalar());
            assert_eq!(isa.stats(&rows), rows.stats_scalar());
        }
    }
}
