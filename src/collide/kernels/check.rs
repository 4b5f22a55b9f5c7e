//! Checks an instruction set's row kernels against bit-by-bit ANDs (the
//! portable set here; each architecture's sets in their own tests).

use super::rows::{RowStats, Rows};
use super::{Plain, ScanKernels};

/// Checks an instruction set's row kernels against bit-by-bit ANDs on
/// random rows (also run by each architecture's kernels): in bounds or
/// not, strided or packed, aligned or shifted.
pub(crate) fn check_row_kernels(isa: impl ScanKernels) {
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

#[test]
fn portable_row_kernels_match_bit_by_bit() {
    check_row_kernels(Plain);
}
