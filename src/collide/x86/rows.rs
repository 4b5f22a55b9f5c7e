//! The row kernels of the translation path, written once over [`Lanes`]:
//! a row's words `N` at a time (masked loads for the last, so no scalar
//! tails), ORed over several groups before one test. Rows that are packed
//! in both masks (each row exactly the region's 1, 2, 4 or 8 words: aligned
//! and unaligned translations of whole sprites) run as one stream, so
//! narrow rows still fill whole vectors.

use super::lanes::{always, Lanes};
use crate::collide::kernels::rows::Rows;
use crate::cpu::{Avx2, Avx512};
use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};

/// True when the rows can be read as one stream of words: both masks'
/// rows exactly the region's width, a power of two up to eight words.
pub(super) fn packed(rows: &Rows) -> bool {
    rows.a_stride == rows.width
        && rows.b_stride == rows.width
        && rows.width.is_power_of_two()
        && rows.width <= 8
}

/// How far ahead (in words) a long stream is prefetched.
const PREFETCH_WORDS: usize = 128;

/// Streams longer than this (in words per mask) are prefetched: 16 KiB, a
/// half (32 KiB L1) to a third (48 KiB) of L1 for the two masks; there
/// the hardware's own prefetch leaves L2 → L1 as the limit.
const STREAM_PREFETCH_FROM: usize = 2048;

/// Calls `f(w, j, r, phase)` on each group of `N` words of `rows`, in
/// order: `w` holds A's masked words ANDed with B's bits (lanes past the
/// end 0), `j` their word indices in the row, `r` their rows, and `phase`
/// which of the row's groups it is (0 for packed rows of up to `N` words,
/// 0 and 1 for packed rows of `2N`, the group's index in the row
/// otherwise): lanes of one phase always hold the same word index. Stops
/// and returns false when `f` does. `SHIFTED`: B's bits straddle words.
///
/// # Safety
/// Inlined into a function with `L`'s features; `rows.in_bounds()` holds.
#[inline(always)]
unsafe fn groups<L: Lanes, const SHIFTED: bool>(
    rows: &Rows,
    mut f: impl FnMut(L::V, L::V, L::V, usize) -> bool,
) -> bool {
    let (width, n) = (rows.width, L::N);
    if width == 0 || rows.rows == 0 {
        return true;
    }
    let lane = L::index();
    let ones = L::splat(-1);
    let (first, last) = (
        L::splat(rows.first_mask as i64),
        L::splat(rows.last_mask as i64),
    );
    let a = rows.a.as_ptr().add(rows.a_start);
    let lo = rows.b.as_ptr().add(rows.b_start);
    let hi = lo.add(rows.hi_offset);
    // SAFETY (all loads): `in_bounds` covers each row's `width` words of A
    // and of B (plus `hi_offset`); a partial group loads only its lanes.
    let bits = always(
        #[inline(always)]
        |at_a: usize, at_b: usize, k: usize, m: L::V| {
            let (av, lv) = (L::load_n(a.add(at_a), k), L::load_n(lo.add(at_b), k));
            let b = if SHIFTED {
                let hv = L::load_n(hi.add(at_b), k);
                L::or(L::shr_by(lv, rows.shift), L::shl_by(hv, 64 - rows.shift))
            } else {
                lv
            };
            L::and(L::and(av, m), b)
        },
    );
    // Masks of lanes whose word index in the row is `j`: `first_mask` on
    // word 0, `last_mask` on word width − 1, lanes past the width 0.
    let cut = always(
        #[inline(always)]
        |j: L::V| {
            let is = always(
                #[inline(always)]
                |at: usize| L::eq(j, L::splat(at as i64)),
            );
            let inside = L::keep(L::gt(L::splat(width as i64), j), ones);
            L::and(
                L::and(
                    L::select(is(0), ones, first),
                    L::select(is(width - 1), ones, last),
                ),
                inside,
            )
        },
    );
    if packed(rows) {
        // Word `i` of the stream is row i / width, word i % width; with
        // rows wider than a vector, groups alternate between its halves.
        let wrap = L::splat(width as i64 - 1);
        let j0 = L::and(lane, wrap);
        let j1 = L::and(L::add(lane, L::splat(n as i64)), wrap);
        let (m0, m1) = (cut(j0), cut(j1));
        let log = width.trailing_zeros();
        let row_of = always(
            #[inline(always)]
            |at: usize| L::shr_by(L::add(lane, L::splat(at as i64)), log),
        );
        // A step reads `L::STREAM_GROUPS` groups, or two where a row is
        // two vectors wide (AVX2, eight words: the second in phase 1). The
        // second group of a step is `half` rows on; rows move by `step` a
        // step.
        let phased = width > n;
        let per_step = if phased { 2 } else { L::STREAM_GROUPS } * n;
        let step = L::splat((per_step / width) as i64);
        let half = L::splat((n / width) as i64);
        let mut r = row_of(0);
        let total = rows.rows * width;
        let far = total > STREAM_PREFETCH_FROM;
        let mut at = 0;
        while at + per_step <= total {
            if far {
                // A hint for each 64-byte line of the step (`at` and
                // `per_step` are multiples of eight words): never faults,
                // even past the masks' ends.
                for line in (0..per_step).step_by(8) {
                    let ahead = at + line + PREFETCH_WORDS;
                    _mm_prefetch::<_MM_HINT_T0>(a.wrapping_add(ahead).cast());
                    _mm_prefetch::<_MM_HINT_T0>(lo.wrapping_add(ahead).cast());
                }
            }
            if !f(bits(at, at, n, m0), j0, r, 0)
                || (per_step > n
                    && !f(
                        bits(at + n, at + n, n, m1),
                        j1,
                        L::add(r, half),
                        usize::from(phased),
                    ))
            {
                return false;
            }
            r = L::add(r, step);
            at += per_step;
        }
        while at < total {
            let (m, j, phase) = if phased && at % (2 * n) != 0 {
                (m1, j1, 1)
            } else {
                (m0, j0, 0)
            };
            if !f(bits(at, at, total - at, m), j, row_of(at), phase) {
                return false;
            }
            at += n;
        }
        return true;
    }
    let groups = width.div_ceil(n);
    let tail = width - n * (groups - 1);
    let m_first = cut(lane);
    let last_j = L::add(lane, L::splat((n * (groups - 1)) as i64));
    let m_last = cut(last_j);
    // Offsets and the row vector move on by a row a step; rows of one
    // group (most posed masks) skip the group loop.
    let one = L::splat(1);
    let mut each_row = always(
        #[inline(always)]
        |single: bool| {
            let (mut ra, mut rb, mut r) = (0, 0, L::zero());
            for _ in 0..rows.rows {
                if single && !f(bits(ra, rb, tail, m_last), lane, r, 0) {
                    return false;
                }
                for g in 0..if single { 0 } else { groups } {
                    let (m, k) = if g + 1 == groups {
                        (m_last, tail)
                    } else if g == 0 {
                        (m_first, n)
                    } else {
                        (ones, n)
                    };
                    let j = L::add(lane, L::splat((n * g) as i64));
                    if !f(bits(ra + n * g, rb + n * g, k, m), j, r, g) {
                        return false;
                    }
                }
                (ra, rb, r) = (ra + rows.a_stride, rb + rows.b_stride, L::add(r, one));
            }
            true
        },
    );
    if groups == 1 {
        each_row(true)
    } else {
        each_row(false)
    }
}

/// [`groups`] with the shift known at compile time to be 0 or not.
///
/// # Safety
/// As [`groups`].
#[inline(always)]
pub(super) unsafe fn each_group<L: Lanes>(
    rows: &Rows,
    f: impl FnMut(L::V, L::V, L::V, usize) -> bool,
) -> bool {
    if rows.shift == 0 {
        groups::<L, false>(rows, f)
    } else {
        groups::<L, true>(rows, f)
    }
}

/// [`crate::collide::kernels::ScanKernels::first_row`]: `per_test` groups
/// ORed before one branch; the first row is then found word by word from
/// the last group tested clear.
///
/// # Safety
/// As [`groups`].
#[inline(always)]
unsafe fn first_row<L: Lanes>(rows: &Rows, per_test: usize) -> Option<usize> {
    let mut acc = L::zero();
    let mut since = L::zero();
    let mut n = 0;
    let finished = each_group::<L>(
        rows,
        #[inline(always)]
        |w, _, r, _| {
            acc = L::or(acc, w);
            n += 1;
            if n < per_test {
                return true;
            }
            n = 0;
            let clear = L::is_zero(acc);
            if clear {
                since = r;
            }
            clear
        },
    );
    if finished && L::is_zero(acc) {
        return None;
    }
    // Rows before lane 0 of the last group tested clear hold nothing (row
    // 0 when none was).
    let from = L::lane0(since) as usize;
    (from..rows.rows).find(|&r| (0..rows.width).fold(0, |acc, j| acc | rows.and(r, j)) != 0)
}

/// [`crate::collide::kernels::ScanKernels::count`].
///
/// # Safety
/// As [`groups`].
#[inline(always)]
unsafe fn count<L: Lanes>(rows: &Rows) -> u64 {
    let mut n = L::zero();
    each_group::<L>(
        rows,
        #[inline(always)]
        |w, _, _, _| {
            n = L::add(n, L::popcnt(w));
            true
        },
    );
    L::sum(n)
}

/// Groups ORed before one test of a stream.
const GROUPS_PER_TEST: usize = 4;

/// Rows of unpacked masks ORed before one test by AVX2 (dart against
/// manta at 128 px, built in advance: 131 ns, against 214 ns with the
/// AVX-512 kernel's eight-word loads).
const AVX2_BLOCK_ROWS: usize = 16;

/// [`first_row`] for AVX2: four groups a test on streams, 16 rows a test
/// otherwise.
///
/// # Safety
/// The CPU runs AVX2 and `rows.in_bounds()` holds.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn first_row_avx2(rows: &Rows) -> Option<usize> {
    if packed(rows) {
        first_row::<Avx2>(rows, GROUPS_PER_TEST)
    } else {
        first_row::<Avx2>(rows, AVX2_BLOCK_ROWS * rows.width.div_ceil(4))
    }
}

/// [`first_row`] for AVX-512, four groups a test.
///
/// # Safety
/// The CPU runs AVX-512 F and `rows.in_bounds()` holds.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn first_row_avx512(rows: &Rows) -> Option<usize> {
    first_row::<Avx512>(rows, GROUPS_PER_TEST)
}

/// [`count`] for AVX2 (bytes counted by a nibble table).
///
/// # Safety
/// The CPU runs AVX2 and `rows.in_bounds()` holds.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn count_avx2(rows: &Rows) -> u64 {
    count::<Avx2>(rows)
}

/// [`count`] for AVX-512 (VPOPCNTDQ).
///
/// # Safety
/// The CPU runs AVX-512 F and VPOPCNTDQ, and `rows.in_bounds()` holds.
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
pub(super) unsafe fn count_avx512(rows: &Rows) -> u64 {
    count::<Avx512>(rows)
}
