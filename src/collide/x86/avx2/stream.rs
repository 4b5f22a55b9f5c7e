//! AVX2 row kernels of the translation path for rows that are packed in
//! both masks (each row exactly the region's 1, 2, 4 or 8 words: aligned
//! and unaligned translations of whole sprites), read as one stream of
//! words four at a time, and the AVX2 count (any rows).

use crate::collide::kernels::rows::Rows;
use std::arch::x86_64::*;

/// True when the rows can be read as one stream of words: both masks'
/// rows exactly the region's width, a power of two up to eight words.
pub(in crate::collide::x86) fn packed(rows: &Rows) -> bool {
    rows.a_stride == rows.width
        && rows.b_stride == rows.width
        && rows.width.is_power_of_two()
        && rows.width <= 8
}

/// Calls `f(w, j, r, phase)` on each group of four words of `rows`, in
/// order: `w` holds A's masked words ANDed with B's bits (lanes past the
/// end 0), `j` their word indices in the row, `r` their rows, and `phase`
/// which of the row's groups it is (always 0 for packed rows of up to four
/// words, 0 and 1 for packed rows of eight, the group's index in the row
/// otherwise): lanes of one phase always hold the same word index. Stops
/// and returns false when `f` does.
///
/// # Safety
/// The CPU runs AVX2 and `rows.in_bounds()` holds.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn groups<const SHIFTED: bool>(
    rows: &Rows,
    mut f: impl FnMut(__m256i, __m256i, __m256i, usize) -> bool,
) -> bool {
    let width = rows.width;
    if width == 0 || rows.rows == 0 {
        return true;
    }
    let right = _mm_cvtsi64_si128(i64::from(rows.shift));
    let left = _mm_cvtsi64_si128(64 - i64::from(rows.shift));
    let lane = _mm256_setr_epi64x(0, 1, 2, 3);
    let ones = _mm256_set1_epi64x(-1);
    let (first, last) = (
        _mm256_set1_epi64x(rows.first_mask as i64),
        _mm256_set1_epi64x(rows.last_mask as i64),
    );
    let a = rows.a.as_ptr().add(rows.a_start);
    let lo = rows.b.as_ptr().add(rows.b_start);
    let hi = lo.add(rows.hi_offset);
    // Lanes below `n` (1 ≤ n ≤ 4), for masked loads.
    let lanes_below = |n: usize| _mm256_cmpgt_epi64(_mm256_set1_epi64x(n as i64), lane);
    // SAFETY (all loads): `in_bounds` covers each row's `width` words of A
    // and of B (plus `hi_offset`); a partial group loads only its lanes
    // (masked loads never touch masked-off lanes).
    let bits = |at_a: usize, at_b: usize, n: usize, m: __m256i| {
        let load = |p: *const u64| {
            if n >= 4 {
                _mm256_loadu_si256(p.cast())
            } else {
                _mm256_maskload_epi64(p.cast(), lanes_below(n))
            }
        };
        let (av, lv) = (load(a.add(at_a)), load(lo.add(at_b)));
        let b = if SHIFTED {
            let hv = load(hi.add(at_b));
            _mm256_or_si256(_mm256_srl_epi64(lv, right), _mm256_sll_epi64(hv, left))
        } else {
            lv
        };
        _mm256_and_si256(_mm256_and_si256(av, m), b)
    };
    // Masks of lanes whose word index in the row is `j`: `first_mask` on
    // word 0, `last_mask` on word width − 1, lanes past the width 0.
    let cut = |j: __m256i| {
        let is = |at: usize| _mm256_cmpeq_epi64(j, _mm256_set1_epi64x(at as i64));
        let inside = _mm256_cmpgt_epi64(_mm256_set1_epi64x(width as i64), j);
        _mm256_and_si256(
            _mm256_and_si256(
                _mm256_blendv_epi8(ones, first, is(0)),
                _mm256_blendv_epi8(ones, last, is(width - 1)),
            ),
            inside,
        )
    };
    if packed(rows) {
        // Word `i` of the stream is row i / width, word i % width; with
        // eight words a row, groups alternate between words 0–3 and 4–7.
        let wrap = _mm256_set1_epi64x(width as i64 - 1);
        let j0 = _mm256_and_si256(lane, wrap);
        let j1 = _mm256_and_si256(_mm256_add_epi64(lane, _mm256_set1_epi64x(4)), wrap);
        let (m0, m1) = (cut(j0), cut(j1));
        let log = _mm_cvtsi64_si128(i64::from(width.trailing_zeros()));
        let row_of = |at: usize| {
            _mm256_srl_epi64(_mm256_add_epi64(lane, _mm256_set1_epi64x(at as i64)), log)
        };
        // Rows move by `pair` every two groups; the second group of a pair
        // is `half` rows on (none with eight words a row).
        let pair = _mm256_set1_epi64x((8 / width) as i64);
        let half = _mm256_set1_epi64x((4 / width.min(4) * usize::from(width < 8)) as i64);
        let (phase1, mut r) = (usize::from(width == 8), row_of(0));
        let total = rows.rows * width;
        // Streams past L1's reach are asked for ahead of their use.
        let far = total > STREAM_PREFETCH_FROM;
        let mut at = 0;
        while at + 8 <= total {
            if far {
                // A hint: never faults, even past the masks' ends.
                _mm_prefetch::<_MM_HINT_T0>(a.add(at).wrapping_add(PREFETCH_WORDS).cast());
                _mm_prefetch::<_MM_HINT_T0>(lo.add(at).wrapping_add(PREFETCH_WORDS).cast());
            }
            if !f(bits(at, at, 4, m0), j0, r, 0)
                || !f(
                    bits(at + 4, at + 4, 4, m1),
                    j1,
                    _mm256_add_epi64(r, half),
                    phase1,
                )
            {
                return false;
            }
            r = _mm256_add_epi64(r, pair);
            at += 8;
        }
        while at < total {
            let (m, j, phase) = if at % 8 == 0 {
                (m0, j0, 0)
            } else {
                (m1, j1, phase1)
            };
            if !f(bits(at, at, total - at, m), j, row_of(at), phase) {
                return false;
            }
            at += 4;
        }
        return true;
    }
    let groups = width.div_ceil(4);
    let tail = width - 4 * (groups - 1);
    let m_first = cut(lane);
    let m_last = cut(_mm256_add_epi64(
        lane,
        _mm256_set1_epi64x(4 * (groups as i64 - 1)),
    ));
    for row in 0..rows.rows {
        let (ra, rb) = (row * rows.a_stride, row * rows.b_stride);
        let r = _mm256_set1_epi64x(row as i64);
        for g in 0..groups {
            // With one group, `m_last` is `m_first` (both cut word 0).
            let (m, n) = if g + 1 == groups {
                (m_last, tail)
            } else if g == 0 {
                (m_first, 4)
            } else {
                (ones, 4)
            };
            let j = _mm256_add_epi64(lane, _mm256_set1_epi64x(4 * g as i64));
            if !f(bits(ra + 4 * g, rb + 4 * g, n, m), j, r, g) {
                return false;
            }
        }
    }
    true
}

/// How far ahead (in words) a long stream is prefetched.
const PREFETCH_WORDS: usize = 128;

/// Streams longer than this (in words per mask) are prefetched: 16 KiB, half
/// of a 32 KiB L1 for the two masks.
const STREAM_PREFETCH_FROM: usize = 2048;

/// [`groups`] with the shift known at compile time to be 0 or not.
#[target_feature(enable = "avx2")]
#[inline]
pub(in crate::collide::x86) unsafe fn each_group(
    rows: &Rows,
    f: impl FnMut(__m256i, __m256i, __m256i, usize) -> bool,
) -> bool {
    if rows.shift == 0 {
        groups::<false>(rows, f)
    } else {
        groups::<true>(rows, f)
    }
}

/// Groups ORed before one test in [`first_row_stream_avx2`].
const GROUPS_PER_TEST: u32 = 4;

/// [`crate::collide::kernels::ScanKernels::first_row`] for packed rows ([`packed`]):
/// four groups of four words ORed before one branch; the first row is then
/// found word by word from the first row of the four.
///
/// # Safety
/// The CPU runs AVX2, `rows.in_bounds()` holds and the rows are packed.
#[target_feature(enable = "avx2")]
pub(in crate::collide::x86) unsafe fn first_row_stream_avx2(rows: &Rows) -> Option<usize> {
    debug_assert!(packed(rows));
    let mut acc = _mm256_setzero_si256();
    let mut since = _mm256_setzero_si256();
    let mut n = 0;
    let finished = each_group(rows, |w, _, r, _| {
        if n == 0 {
            since = r;
        }
        acc = _mm256_or_si256(acc, w);
        n += 1;
        if n < GROUPS_PER_TEST {
            return true;
        }
        n = 0;
        _mm256_testz_si256(acc, acc) == 1
    });
    if finished && _mm256_testz_si256(acc, acc) == 1 {
        return None;
    }
    // Lane 0 holds the lowest row of the groups that hit.
    let from = _mm_cvtsi128_si64(_mm256_castsi256_si128(since)) as usize;
    (from..rows.rows).find(|&r| (0..rows.width).fold(0, |acc, j| acc | rows.and(r, j)) != 0)
}

/// [`crate::collide::kernels::ScanKernels::count`]: bytes counted by a nibble table,
/// summed per word.
///
/// # Safety
/// The CPU runs AVX2 and `rows.in_bounds()` holds.
#[target_feature(enable = "avx2")]
pub(in crate::collide::x86) unsafe fn count_avx2(rows: &Rows) -> u64 {
    let table = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let nibble = _mm256_set1_epi8(0x0f);
    let zero = _mm256_setzero_si256();
    let mut n = zero;
    each_group(rows, |w, _, _, _| {
        let low = _mm256_shuffle_epi8(table, _mm256_and_si256(w, nibble));
        let high = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(w), nibble));
        n = _mm256_add_epi64(n, _mm256_sad_epu8(_mm256_add_epi8(low, high), zero));
        true
    });
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` holds four u64.
    _mm256_storeu_si256(lanes.as_mut_ptr().cast(), n);
    lanes.iter().sum()
}
