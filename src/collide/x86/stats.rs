//! The statistics kernel of the translation path, written once over
//! [`Lanes`]: count, sums of columns and rows, and their extremes, per
//! lane, reduced once at the end. Lanes of one phase of a row
//! ([`each_group`]) always hold the same word index, so the columns'
//! extremes come from one OR per phase, and the sums of the set bits'
//! indices run on bit-sliced counters (popcounts once per seven groups
//! instead of per group).

use super::lanes::{always, Lanes};
use super::rows::{each_group, packed};
use crate::collide::kernels::rows::{RowStats, Rows, INDEX_BITS};
use crate::cpu::{Avx2, Avx512};

/// Most groups a row (phases) [`stats`] takes: rows up to 32 words with
/// AVX2, 64 with AVX-512 (8,192-pixel masks and wider take the portable
/// kernel).
const MAX_PHASES: usize = 8;

/// Whether [`stats`] takes `rows`.
pub(super) fn fits<L: Lanes>(rows: &Rows) -> bool {
    rows.width <= MAX_PHASES * L::N && rows.rows <= Rows::MAX_ROWS
}

/// Groups added to the bit-sliced counters between flushes (3-bit counts).
const SLICED_GROUPS: u32 = 7;

/// `Σ 2^b·popcount(v & M_b)` per lane: the sum of the set bits' indices.
#[inline(always)]
unsafe fn index_sums<L: Lanes>(v: L::V) -> L::V {
    let mut sum = L::zero();
    for (b, &m) in INDEX_BITS.iter().enumerate() {
        let n = L::popcnt(L::and(v, L::splat(m as i64)));
        sum = L::add(sum, L::shl_by(n, b as u32));
    }
    sum
}

/// [`crate::collide::kernels::ScanKernels::stats`]. `PHASED`: a row takes
/// more than one group (else every lane keeps one word index and the
/// per-phase values stay in registers). Bit `p` of `(c[2], c[1], c[0])`
/// counts the groups since the last flush with bit `p` set.
///
/// # Safety
/// Inlined into a function with `L`'s features; `rows.in_bounds()` and
/// [`fits`] hold.
#[inline(always)]
unsafe fn stats<L: Lanes, const PHASED: bool>(rows: &Rows) -> RowStats {
    let zero = L::zero();
    let (mut sum_row, mut index) = (zero, zero);
    let (mut counts, mut cols) = ([zero; MAX_PHASES], [zero; MAX_PHASES]);
    let (mut min_row, mut max_row) = (L::splat(i64::MAX), L::splat(-1));
    let mut c = [zero; 3];
    let mut pending = 0;
    let flush = always(
        #[inline(always)]
        |c: &mut [L::V; 3], index: &mut L::V| {
            let sums = L::add(
                index_sums::<L>(c[0]),
                L::add(
                    L::shl_by(index_sums::<L>(c[1]), 1),
                    L::shl_by(index_sums::<L>(c[2]), 2),
                ),
            );
            *index = L::add(*index, sums);
            *c = [zero; 3];
        },
    );
    each_group::<L>(
        rows,
        #[inline(always)]
        |w, _, r, phase| {
            let p = if PHASED { phase } else { 0 };
            let n = L::popcnt(w);
            counts[p] = L::add(counts[p], n);
            // n < 2^7 and rows < 2^13: a 32-bit multiply does.
            sum_row = L::add(sum_row, L::mul_u32(n, r));
            let set = L::nonzero(w);
            min_row = L::select(L::m_and(set, L::gt(min_row, r)), min_row, r);
            max_row = L::select(L::m_and(set, L::gt(r, max_row)), max_row, r);
            cols[p] = L::or(cols[p], w);
            // Add w to the counters (at most seven additions: no carry out).
            let carry0 = L::and(c[0], w);
            c[0] = L::xor(c[0], w);
            c[2] = L::xor(c[2], L::and(c[1], carry0));
            c[1] = L::xor(c[1], carry0);
            pending += 1;
            if pending == SLICED_GROUPS {
                flush(&mut c, &mut index);
                pending = 0;
            }
            true
        },
    );
    flush(&mut c, &mut index);
    // Each lane's word index in each phase (as `each_group` hands them).
    let width = rows.width;
    let word_of = |phase: usize, lane: usize| {
        if packed(rows) && width <= L::N {
            lane % width
        } else {
            L::N * phase + lane
        }
    };
    let (mut count, mut sum_col) = (0u64, L::sum(index));
    let mut words = [0u64; MAX_PHASES * 8];
    let phases = if PHASED { width.div_ceil(L::N) } else { 1 };
    for (phase, (&n, &bits)) in counts.iter().zip(&cols).enumerate().take(phases) {
        let (mut n_lanes, mut bit_lanes) = ([0u64; 8], [0u64; 8]);
        L::store(n_lanes.as_mut_ptr(), n);
        L::store(bit_lanes.as_mut_ptr(), bits);
        for lane in 0..L::N {
            let j = word_of(phase, lane);
            count += n_lanes[lane];
            sum_col += n_lanes[lane] * 64 * j as u64;
            if j < width {
                words[j] |= bit_lanes[lane];
            }
        }
    }
    if count == 0 {
        return RowStats::EMPTY;
    }
    let first = words.iter().position(|&w| w != 0).unwrap_or(0);
    let last = words.iter().rposition(|&w| w != 0).unwrap_or(0);
    RowStats {
        count,
        sum_col,
        sum_row: L::sum(sum_row),
        min_col: 64 * first as u64 + u64::from(words[first].trailing_zeros()),
        max_col: 64 * last as u64 + 63 - u64::from(words[last].leading_zeros()),
        min_row: L::min_lane(min_row) as u64,
        max_row: L::max_lane(max_row) as u64,
    }
}

/// [`stats`] with `L`'s phasing picked.
///
/// # Safety
/// As [`stats`].
#[inline(always)]
unsafe fn stats_any<L: Lanes>(rows: &Rows) -> RowStats {
    if rows.width <= L::N {
        stats::<L, false>(rows)
    } else {
        stats::<L, true>(rows)
    }
}

/// [`stats`] for AVX2 (popcounts from nibble tables).
///
/// # Safety
/// The CPU runs AVX2, `rows.in_bounds()` and [`fits`] hold.
#[target_feature(enable = "avx2,popcnt,lzcnt,bmi1")]
pub(super) unsafe fn stats_avx2(rows: &Rows) -> RowStats {
    stats_any::<Avx2>(rows)
}

/// [`stats`] for AVX-512 (VPOPCNTDQ).
///
/// # Safety
/// The CPU runs AVX-512 F and VPOPCNTDQ, `rows.in_bounds()` and [`fits`]
/// hold.
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq,popcnt,lzcnt,bmi1")]
pub(super) unsafe fn stats_avx512(rows: &Rows) -> RowStats {
    stats_any::<Avx512>(rows)
}
