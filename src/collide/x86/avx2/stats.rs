//! The AVX2 statistics kernel of the translation path, for rows of up to
//! eight words: count, sums of columns and rows, and their extremes, per
//! lane, reduced once at the end. AVX2 has no vector popcount, so each
//! byte's count and the sum of its set bits' indices come from nibble
//! tables, and the bytes' offsets in the word are added by one
//! multiply-add.

use super::stream::each_group;
use crate::collide::kernels::rows::{RowStats, Rows};
use std::arch::x86_64::*;

/// Widest rows (in words) [`stats_avx2`] takes: one or two groups a row, so
/// at most two sets of per-lane column ORs.
pub(in crate::collide::x86) const MAX_WIDTH: usize = 8;

/// [`crate::collide::kernels::ScanKernels::stats`] for rows of at most
/// [`MAX_WIDTH`] words.
///
/// # Safety
/// The CPU runs AVX2, `rows.in_bounds()` holds, `rows.width ≤ MAX_WIDTH`
/// and `rows.rows ≤ Rows::MAX_ROWS`.
#[target_feature(enable = "avx2,popcnt,lzcnt,bmi1")]
pub(in crate::collide::x86) unsafe fn stats_avx2(rows: &Rows) -> RowStats {
    debug_assert!(rows.width <= MAX_WIDTH && rows.rows <= Rows::MAX_ROWS);
    let zero = _mm256_setzero_si256();
    let nibble = _mm256_set1_epi8(0x0f);
    // Set bits of each nibble value, and the sum of their indices.
    let ones_of = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let index_of = _mm256_setr_epi8(
        0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 6, 6, 0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5,
        6, 6,
    );
    // Byte b of a word starts at bit 8·b.
    let byte_offsets = _mm256_set1_epi64x(0x3830_2820_1810_0800);
    let pairs = _mm256_set1_epi16(1);
    let low32 = _mm256_set1_epi64x(0xffff_ffff);
    let all = _mm256_set1_epi64x(-1);
    let (mut count, mut sum_col, mut sum_row) = (zero, zero, zero);
    let (mut min_row, mut max_row) = (_mm256_set1_epi64x(i64::MAX), zero);
    let mut cols = [zero; 2];
    each_group(rows, |w, j, r, phase| {
        let lo = _mm256_and_si256(w, nibble);
        let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(w), nibble);
        let (ones_lo, ones_hi) = (
            _mm256_shuffle_epi8(ones_of, lo),
            _mm256_shuffle_epi8(ones_of, hi),
        );
        let ones = _mm256_add_epi8(ones_lo, ones_hi);
        // Within each byte: the low nibble's indices, the high nibble's
        // plus 4 for each of its bits (at most 4·4: no carry out of a byte).
        let in_byte = _mm256_add_epi8(
            _mm256_add_epi8(
                _mm256_shuffle_epi8(index_of, lo),
                _mm256_shuffle_epi8(index_of, hi),
            ),
            _mm256_slli_epi16::<2>(ones_hi),
        );
        // Each byte's offset times its count (at most 56·8 per byte, 832
        // per pair of bytes), summed per word.
        let offsets = _mm256_madd_epi16(_mm256_maddubs_epi16(ones, byte_offsets), pairs);
        let offsets = _mm256_add_epi64(
            _mm256_and_si256(offsets, low32),
            _mm256_srli_epi64::<32>(offsets),
        );
        let n = _mm256_sad_epu8(ones, zero);
        let index = _mm256_add_epi64(_mm256_sad_epu8(in_byte, zero), offsets);
        count = _mm256_add_epi64(count, n);
        // n ≤ 64, j < 8 and rows < 2^12: 32-bit multiplies do.
        sum_col = _mm256_add_epi64(
            sum_col,
            _mm256_add_epi64(index, _mm256_mul_epu32(n, _mm256_slli_epi64::<6>(j))),
        );
        sum_row = _mm256_add_epi64(sum_row, _mm256_mul_epu32(n, r));
        let set = _mm256_xor_si256(_mm256_cmpeq_epi64(w, zero), all);
        min_row = _mm256_blendv_epi8(
            min_row,
            r,
            _mm256_and_si256(set, _mm256_cmpgt_epi64(min_row, r)),
        );
        max_row = _mm256_blendv_epi8(
            max_row,
            r,
            _mm256_and_si256(set, _mm256_cmpgt_epi64(r, max_row)),
        );
        cols[phase] = _mm256_or_si256(cols[phase], w);
        true
    });
    let lanes = |v: __m256i| {
        let mut out = [0u64; 4];
        // SAFETY: `out` holds four u64.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), v) };
        out
    };
    let count: u64 = lanes(count).iter().sum();
    if count == 0 {
        return RowStats::EMPTY;
    }
    // Each lane's word index in each phase (as `each_group` hands them).
    let width = rows.width;
    let packed = super::stream::packed(rows);
    let word_of = |phase: usize, lane: usize| {
        if packed && width <= 4 {
            lane % width
        } else {
            4 * phase + lane
        }
    };
    let mut words = [0u64; MAX_WIDTH];
    for (phase, v) in cols.iter().enumerate() {
        for (lane, bits) in lanes(*v).into_iter().enumerate() {
            let j = word_of(phase, lane);
            if j < width {
                words[j] |= bits;
            }
        }
    }
    let first = words.iter().position(|&w| w != 0).unwrap_or(0);
    let last = words.iter().rposition(|&w| w != 0).unwrap_or(0);
    RowStats {
        count,
        sum_col: lanes(sum_col).iter().sum(),
        sum_row: lanes(sum_row).iter().sum(),
        min_col: 64 * first as u64 + u64::from(words[first].trailing_zeros()),
        max_col: 64 * last as u64 + 63 - u64::from(words[last].leading_zeros()),
        min_row: lanes(min_row).into_iter().min().unwrap_or(u64::MAX),
        max_row: lanes(max_row).into_iter().max().unwrap_or(0),
    }
}
