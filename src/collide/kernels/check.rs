//! Checks every instruction set's scan kernels, through the one chooser:
//! the row kernels against bit-by-bit ANDs, the statistics and the narrow
//! strided rows against the portable kernels, the walkers against samples
//! taken by hand.

use super::gather::{MapGather, Walker};
use super::rows::{RowStats, Rows};
use super::{Plain, ScanKernels};
use crate::cpu::{Chosen, Isa};
use crate::mask::Mask;

/// Runs `$check(kernels)` for every instruction set this CPU has.
macro_rules! every_set {
    ($check:expr) => {
        for isa in Isa::supported() {
            match Chosen::of(isa) {
                Chosen::Scalar => $check(Plain),
                Chosen::Simd128(set) => crate::cpu::simd128!(if { $check(set) } else { let _ = set; }),
                #[cfg(target_arch = "x86_64")]
                Chosen::Avx2(set) => $check(set),
                #[cfg(target_arch = "x86_64")]
                Chosen::Avx512(set) => $check(set),
            }
        }
    };
}

/// Checks an instruction set's row kernels against bit-by-bit ANDs on
/// random rows: in bounds or not, strided or packed, aligned or shifted.
fn check_row_kernels(isa: impl ScanKernels) {
    let mut rng = fastrand::Rng::with_seed(9);
    for case in 0..4000 {
        let sparse = |rng: &mut fastrand::Rng, n: usize| {
            let ands = rng.usize(0..6);
            (0..n)
                .map(|_| (0..ands).fold(u64::MAX, |acc, _| acc & rng.u64(..)))
                .collect::<Vec<u64>>()
        };
        let shift = if rng.bool() { 0 } else { rng.u32(0..64) };
        let rows = rng.usize(0..if case % 5 == 0 { 70 } else { 12 });
        let width = rng.usize(0..20);
        let packed = rng.bool();
        let stride = |rng: &mut fastrand::Rng| if packed { width } else { rng.usize(0..24) };
        let (a_stride, b_stride) = (stride(&mut rng), stride(&mut rng));
        let (a_start, b_start) = (rng.usize(0..8), rng.usize(0..8));
        // Mostly long enough for every read; sometimes a few words short.
        let len = |start: usize, stride: usize, rng: &mut fastrand::Rng| {
            (start + rows * stride + width + 1)
                .saturating_sub(rng.usize(0..3) * (case % 4 == 0) as usize)
        };
        let (a_len, b_len) = (
            len(a_start, a_stride, &mut rng),
            len(b_start, b_stride, &mut rng),
        );
        let (a, b) = (sparse(&mut rng, a_len), sparse(&mut rng, b_len));
        let rows = Rows {
            a: &a,
            b: &b,
            a_start,
            b_start,
            hi_offset: usize::from(shift != 0),
            a_stride,
            b_stride,
            rows,
            width,
            first_mask: if rng.bool() { u64::MAX } else { rng.u64(..) },
            last_mask: if rng.bool() { u64::MAX } else { rng.u64(..) },
            shift,
        };
        let get = |w: &[u64], i: usize| w.get(i).copied().unwrap_or(0);
        let mut first = None;
        let mut stats = RowStats::EMPTY;
        for r in 0..rows.rows {
            for j in 0..rows.width {
                let lo = rows.b_start + r * rows.b_stride + j;
                let bits = if shift == 0 {
                    get(&b, lo)
                } else {
                    get(&b, lo) >> shift | get(&b, lo + 1) << (64 - shift)
                };
                let mut m = u64::MAX;
                if j == 0 {
                    m &= rows.first_mask;
                }
                if j + 1 == rows.width {
                    m &= rows.last_mask;
                }
                let w = get(&a, rows.a_start + r * rows.a_stride + j) & m & bits;
                for k in 0..64 {
                    if w >> k & 1 == 1 {
                        first = first.or(Some(r));
                        let (col, row) = (64 * j as u64 + k, r as u64);
                        stats.count += 1;
                        stats.sum_col += col;
                        stats.sum_row += row;
                        stats.min_col = stats.min_col.min(col);
                        stats.max_col = stats.max_col.max(col);
                        stats.min_row = stats.min_row.min(row);
                        stats.max_row = stats.max_row.max(row);
                    }
                }
            }
        }
        assert_eq!(isa.first_row(&rows), first, "case {case}");
        assert_eq!(isa.count(&rows), stats.count, "case {case}");
        assert_eq!(isa.stats(&rows), stats, "case {case}");
    }
}

/// Checks an instruction set's statistics against the portable ones on
/// packed and strided rows in bounds, up to 19 words and 40 rows (enough
/// groups for the vector kernels' counters to flush several times).
fn check_stats(isa: impl ScanKernels) {
    let mut rng = fastrand::Rng::with_seed(4);
    for _ in 0..1000 {
        let (rows, width) = (rng.usize(0..40), rng.usize(0..=19));
        let stride = width + rng.usize(0..3);
        let words = |rng: &mut fastrand::Rng| -> Vec<u64> {
            (0..rows * stride + 1)
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
            a_stride: stride,
            b_stride: stride,
            rows,
            width,
            first_mask: rng.u64(..),
            last_mask: rng.u64(..),
            shift,
        };
        assert_eq!(isa.stats(&rows), rows.stats_scalar());
    }
}

/// Checks an instruction set's first row against the portable one on rows
/// of one to four words whose masks have their own strides, as posed masks
/// do (AVX-512 picks several such rows into one vector), ends included:
/// the last row's words end the masks.
fn check_narrow_strided(isa: impl ScanKernels) {
    let mut rng = fastrand::Rng::with_seed(12);
    for _ in 0..20_000 {
        let width = rng.usize(1..5);
        let shift = if rng.bool() { 0 } else { rng.u32(1..64) };
        let hi_offset = usize::from(shift != 0);
        let (a_stride, b_stride) = (rng.usize(0..8), rng.usize(0..8));
        let n_rows = rng.usize(0..60);
        let (a_start, b_start) = (rng.usize(0..5), rng.usize(0..5));
        let a_len = a_start + n_rows.saturating_sub(1) * a_stride + width;
        let b_len = b_start + n_rows.saturating_sub(1) * b_stride + width + hi_offset;
        let density = rng.usize(1..7);
        let mut word = || (0..density).fold(u64::MAX, |acc, _| acc & rng.u64(..));
        let a: Vec<u64> = (0..a_len).map(|_| word()).collect();
        let b: Vec<u64> = (0..b_len).map(|_| word()).collect();
        let rows = Rows {
            a: &a,
            b: &b,
            a_start,
            b_start,
            hi_offset,
            a_stride,
            b_stride,
            rows: n_rows,
            width,
            first_mask: if rng.bool() { u64::MAX } else { rng.u64(..) },
            last_mask: if rng.bool() { u64::MAX } else { rng.u64(..) },
            shift,
        };
        assert_eq!(
            isa.first_row(&rows),
            rows.first_row_scalar(),
            "{width} words, strides {a_stride}/{b_stride}, shift {shift}, {n_rows} rows"
        );
    }
}

/// Checks an instruction set's walker against samples taken by hand:
/// random starts, steps and lengths, a skip among the reads.
fn check_walker(isa: impl ScanKernels) {
    let mut rng = fastrand::Rng::with_seed(5);
    let mask = Mask::from_fn(150, 40, |_, _| rng.bool());
    let g = MapGather::new(&mask, (3, 2), (140, 35));
    for _ in 0..2000 {
        let u = rng.i64(-(20 << 32)..(160 << 32));
        let v = rng.i64(-(20 << 32)..(50 << 32));
        let du = rng.i64(-(3 << 32)..(3 << 32));
        let dv = rng.i64(-(3 << 32)..(3 << 32));
        let lens: Vec<u32> = (0..4).map(|_| rng.u32(0..=64)).collect();
        let skip_at = rng.usize(0..5);
        let mut by_hand = Vec::new();
        let mut k = 0i64;
        for (i, &len) in lens.iter().enumerate() {
            let bits = (0..len).fold(0u64, |bits, j| {
                let s = k + i64::from(j);
                bits | g.bit_at(u + s * du, v + s * dv) << j
            });
            by_hand.push(if i == skip_at { 0 } else { bits });
            k += i64::from(len);
        }
        let mut walker = isa.walker(g, du, dv);
        walker.start(u, v);
        let got: Vec<u64> = lens
            .iter()
            .enumerate()
            .map(|(i, &len)| {
                if i == skip_at {
                    walker.skip(len);
                    0
                } else {
                    walker.next(len)
                }
            })
            .collect();
        assert_eq!(got, by_hand, "{u} {v} {du} {dv} {lens:?}");
    }
}

#[test]
fn every_sets_row_kernels_match_bit_by_bit() {
    every_set!(check_row_kernels);
}

#[test]
fn every_sets_statistics_match_the_portable_ones() {
    every_set!(check_stats);
}

#[test]
fn every_sets_first_row_on_narrow_strided_rows() {
    every_set!(check_narrow_strided);
}

#[test]
fn every_sets_walker_matches_samples_by_hand() {
    every_set!(check_walker);
}
