//! The AVX-512 row kernels of the translation path: eight words per step
//! with masked loads (no scalar tails), counts with VPOPCNTDQ (statistics:
//! `avx512/stats.rs`). Rows that are packed in both masks (each row exactly the
//! region's 1, 2, 4 or 8 words) run as one stream, so narrow rows still
//! fill whole vectors.

use crate::collide::kernels::rows::Rows;
use std::arch::x86_64::*;

/// Calls `f(w, j, r)` on each group of up to eight words of `rows`, in
/// order: `w` holds A's masked words ANDed with B's bits (lanes past the
/// end 0), `j` their word indices in the row and `r` their rows. Stops and
/// returns false when `f` does.
///
/// # Safety
/// The CPU runs AVX-512 F and `rows.in_bounds()` holds.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn groups<const SHIFTED: bool>(
    rows: &Rows,
    mut f: impl FnMut(__m512i, __m512i, __m512i) -> bool,
) -> bool {
    let width = rows.width;
    if width == 0 || rows.rows == 0 {
        return true;
    }
    let right = _mm_cvtsi64_si128(i64::from(rows.shift));
    let left = _mm_cvtsi64_si128(64 - i64::from(rows.shift));
    let lane = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    let ones = _mm512_set1_epi64(-1);
    let (first, last) = (
        _mm512_set1_epi64(rows.first_mask as i64),
        _mm512_set1_epi64(rows.last_mask as i64),
    );
    let a = rows.a.as_ptr().add(rows.a_start);
    let lo = rows.b.as_ptr().add(rows.b_start);
    let hi = lo.add(rows.hi_offset);
    // SAFETY (all loads): `in_bounds` covers each row's `width` words of A
    // and of B (plus `hi_offset`); lanes past them are masked off, and
    // masked-off lanes are never read.
    let bits = |at_a: usize, at_b: usize, k: __mmask8, m: __m512i| {
        // Whole groups load plainly (masked loads cost a mask register).
        let load = |p: *const u64| {
            if k == 0xff {
                _mm512_loadu_si512(p.cast())
            } else {
                _mm512_maskz_loadu_epi64(k, p.cast())
            }
        };
        let (av, lv) = (load(a.add(at_a)), load(lo.add(at_b)));
        let b = if SHIFTED {
            let hv = load(hi.add(at_b));
            _mm512_or_si512(_mm512_srl_epi64(lv, right), _mm512_sll_epi64(hv, left))
        } else {
            lv
        };
        _mm512_and_si512(_mm512_and_si512(av, m), b)
    };
    let lanes_up_to = |n: usize| if n >= 8 { 0xff } else { (1u8 << n) - 1 };
    // Masks of the lanes whose word index is `at`: `first_mask` on word 0,
    // `last_mask` on word width − 1.
    let cut = |j: __m512i| {
        let is = |at: usize| _mm512_cmpeq_epi64_mask(j, _mm512_set1_epi64(at as i64));
        _mm512_and_si512(
            _mm512_mask_blend_epi64(is(0), ones, first),
            _mm512_mask_blend_epi64(is(width - 1), ones, last),
        )
    };
    if rows.a_stride == width && rows.b_stride == width && width.is_power_of_two() && width <= 8 {
        // Packed: word `i` of the stream is row i / width, word i % width.
        let log = width.trailing_zeros();
        let j = _mm512_and_si512(lane, _mm512_set1_epi64(width as i64 - 1));
        let mut r = _mm512_srlv_epi64(lane, _mm512_set1_epi64(i64::from(log)));
        let step = _mm512_set1_epi64(8 >> log);
        let m = cut(j);
        let total = rows.rows * width;
        // Streams past L1's reach are asked for ahead of their use: the
        // hardware's own prefetch leaves L2 → L1 as the limit there.
        let far = total > STREAM_PREFETCH_FROM;
        let mut at = 0;
        while at + 8 <= total {
            if far {
                // A hint: never faults, even past the masks' ends.
                _mm_prefetch::<_MM_HINT_T0>(a.add(at).wrapping_add(PREFETCH_WORDS).cast());
                _mm_prefetch::<_MM_HINT_T0>(lo.add(at).wrapping_add(PREFETCH_WORDS).cast());
            }
            if !f(bits(at, at, 0xff, m), j, r) {
                return false;
            }
            r = _mm512_add_epi64(r, step);
            at += 8;
        }
        return at == total || f(bits(at, at, lanes_up_to(total - at), m), j, r);
    }
    let groups = width.div_ceil(8);
    let tail = lanes_up_to(width - 8 * (groups - 1));
    let m_first = cut(lane);
    let last_j = _mm512_add_epi64(lane, _mm512_set1_epi64(8 * (groups as i64 - 1)));
    let m_last = cut(last_j);
    for row in 0..rows.rows {
        let r = _mm512_set1_epi64(row as i64);
        let (ra, rb) = (row * rows.a_stride, row * rows.b_stride);
        for g in 0..groups {
            let (m, k, j) = if g + 1 == groups {
                (m_last, tail, last_j)
            } else if g == 0 {
                (m_first, 0xff, lane)
            } else {
                (
                    ones,
                    0xff,
                    _mm512_add_epi64(lane, _mm512_set1_epi64(8 * g as i64)),
                )
            };
            if !f(bits(ra + 8 * g, rb + 8 * g, k, m), j, r) {
                return false;
            }
        }
    }
    true
}

/// How far ahead (in words) a long stream is prefetched.
const PREFETCH_WORDS: usize = 128;

/// Streams longer than this (in words per mask) are prefetched: 16 KiB, a
/// third of a 48 KiB L1 for the two masks.
const STREAM_PREFETCH_FROM: usize = 2048;

/// [`groups`] with the shift known at compile time to be 0 or not.
#[target_feature(enable = "avx512f")]
#[inline]
pub(in crate::collide::x86) unsafe fn each_group(
    rows: &Rows,
    f: impl FnMut(__m512i, __m512i, __m512i) -> bool,
) -> bool {
    if rows.shift == 0 {
        groups::<false>(rows, f)
    } else {
        groups::<true>(rows, f)
    }
}

/// Groups ORed before one test in [`first_row_avx512`].
const GROUPS_PER_TEST: u32 = 4;

/// [`crate::collide::kernels::ScanKernels::first_row`]: groups ORed four at a time
/// before one branch; the first row is then found word by word from the
/// first row of the four.
///
/// # Safety
/// The CPU runs AVX-512 F and `rows.in_bounds()` holds.
#[target_feature(enable = "avx512f")]
pub(in crate::collide::x86) unsafe fn first_row_avx512(rows: &Rows) -> Option<usize> {
    let mut acc = _mm512_setzero_si512();
    let mut since = _mm512_setzero_si512();
    let mut n = 0;
    let finished = each_group(rows, |w, _, r| {
        if n == 0 {
            since = r;
        }
        acc = _mm512_or_si512(acc, w);
        n += 1;
        if n < GROUPS_PER_TEST {
            return true;
        }
        n = 0;
        _mm512_test_epi64_mask(acc, acc) == 0
    });
    if finished && _mm512_test_epi64_mask(acc, acc) == 0 {
        return None;
    }
    // Lane 0 holds the lowest row of the groups that hit.
    let from = _mm_cvtsi128_si64(_mm512_castsi512_si128(since)) as usize;
    (from..rows.rows).find(|&r| (0..rows.width).fold(0, |acc, j| acc | rows.and(r, j)) != 0)
}

/// [`crate::collide::kernels::ScanKernels::count`].
///
/// # Safety
/// The CPU runs AVX-512 F and VPOPCNTDQ, and `rows.in_bounds()` holds.
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
pub(in crate::collide::x86) unsafe fn count_avx512(rows: &Rows) -> u64 {
    let mut n = _mm512_setzero_si512();
    each_group(rows, |w, _, _| {
        n = _mm512_add_epi64(n, _mm512_popcnt_epi64(w));
        true
    });
    _mm512_reduce_add_epi64(n) as u64
}

#[cfg(test)]
mod tests {
    use crate::collide::kernels::check::check_row_kernels;
    use crate::collide::x86::Avx512;

    #[test]
    fn avx512_row_kernels_match_bit_by_bit() {
        if let Some(isa) = Avx512::detect() {
            check_row_kernels(isa);
        }
    }
}
