//! A mask's solid box and solid texel count, gathered from packed rows:
//! by the mask constructors and by the posed-mask rasterisers as they
//! write rows.

/// The solid box `[x0, y0, x1, y1]` and solid texel count of packed rows
/// (with the CPU's popcount instruction when it has one: posed masks are
/// summarised on every rebuild).
pub(super) fn summary(bits: &[u64], words_per_row: usize) -> (Option<[u32; 4]>, u64) {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::popcnt() {
        // SAFETY: the CPU has POPCNT, the only feature `summary_popcnt` enables.
        return unsafe { summary_popcnt(bits, words_per_row) };
    }
    summary_with(bits, words_per_row)
}

/// [`summary_with`] compiled with POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn summary_popcnt(bits: &[u64], words_per_row: usize) -> (Option<[u32; 4]>, u64) {
    summary_with(bits, words_per_row)
}

#[inline(always)]
pub(super) fn summary_with(bits: &[u64], words_per_row: usize) -> (Option<[u32; 4]>, u64) {
    let summary = if words_per_row <= SUMMARY_COLUMNS {
        summary_by_columns(bits, words_per_row)
    } else {
        let mut summary = Summary::default();
        for (y, row) in bits.chunks_exact(words_per_row.max(1)).enumerate() {
            summary.add_row(y as u32, row);
        }
        summary
    };
    (summary.bounds(), summary.count)
}

/// Widest rows (in words) [`summary_by_columns`] takes.
pub(crate) const SUMMARY_COLUMNS: usize = 32;

/// The summary of rows of at most [`SUMMARY_COLUMNS`] words without a
/// branch per word ([`ColumnSummary`]).
#[inline(always)]
fn summary_by_columns(bits: &[u64], words_per_row: usize) -> Summary {
    let mut summary = ColumnSummary::new(words_per_row);
    for (y, row) in bits.chunks_exact(words_per_row.max(1)).enumerate() {
        summary.add_row(y as u32, row);
    }
    summary.finish()
}

/// The summary of rows of at most [`SUMMARY_COLUMNS`] words, gathered
/// without a branch per word: every row ORed into one row of columns (the
/// box's sides come from it at the end), a popcount per word, and the first
/// and last non-empty rows. Written once for the mask constructors and the
/// posed-mask rasterisers' prefix passes (inlined into each, so it takes
/// their instruction set's popcount).
pub(crate) struct ColumnSummary {
    columns: [u64; SUMMARY_COLUMNS],
    per_row: usize,
    count: u64,
    first: u32,
    end: u32,
}

impl ColumnSummary {
    /// Nothing seen yet, for rows of `per_row ≤ SUMMARY_COLUMNS` words.
    #[inline(always)]
    pub(crate) fn new(per_row: usize) -> Self {
        debug_assert!(per_row <= SUMMARY_COLUMNS);
        ColumnSummary {
            columns: [0; SUMMARY_COLUMNS],
            per_row: per_row.min(SUMMARY_COLUMNS),
            count: 0,
            first: u32::MAX,
            end: 0,
        }
    }

    /// Adds packed row `y` (rows in increasing `y`).
    #[inline(always)]
    pub(crate) fn add_row(&mut self, y: u32, row: &[u64]) {
        let mut any = 0u64;
        for (c, &w) in self.columns[..self.per_row].iter_mut().zip(row) {
            *c |= w;
            any |= w;
            self.count += u64::from(w.count_ones());
        }
        if any != 0 {
            self.first = self.first.min(y);
            self.end = y + 1;
        }
    }

    /// The solid box and count of the rows added.
    #[inline(always)]
    pub(crate) fn finish(&self) -> Summary {
        let columns = &self.columns[..self.per_row];
        Summary::of_columns(columns, (self.first, self.end), self.count)
    }
}

/// The solid box and solid count of a mask, gathered row by row (by
/// whoever writes the rows, to spare a second pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Summary {
    /// Solid columns seen: `[x0, x1)` (empty while `x0 > x1`).
    x0: u32,
    x1: u32,
    /// Rows with solid texels: the first and one past the last.
    y0: u32,
    y1: u32,
    count: u64,
}

impl Default for Summary {
    fn default() -> Self {
        Summary {
            x0: u32::MAX,
            x1: 0,
            y0: u32::MAX,
            y1: 0,
            count: 0,
        }
    }
}

impl Summary {
    /// Adds packed row `y` (rows must come in increasing `y`).
    #[inline(always)]
    pub(crate) fn add_row(&mut self, y: u32, row: &[u64]) {
        // One pass: the row's count and its first and last non-zero words.
        let (mut here, mut first, mut last) = (0u64, usize::MAX, 0usize);
        for (k, &w) in row.iter().enumerate() {
            here += u64::from(w.count_ones());
            if w != 0 {
                first = first.min(k);
                last = k;
            }
        }
        if here == 0 {
            return;
        }
        self.count += here;
        self.x0 = self.x0.min(first as u32 * 64 + row[first].trailing_zeros());
        self.x1 = self
            .x1
            .max(last as u32 * 64 + 64 - row[last].leading_zeros());
        self.y0 = self.y0.min(y);
        self.y1 = y + 1;
    }

    /// The summary of rows whose solid texels are `count`, in rows
    /// `rows.0..rows.1` (the first and one past the last non-empty row),
    /// `columns` being the OR of all rows' words (`count > 0`).
    pub(crate) fn of_columns(columns: &[u64], rows: (u32, u32), count: u64) -> Summary {
        let first = columns.iter().position(|&w| w != 0);
        let last = columns.iter().rposition(|&w| w != 0);
        let (Some(first), Some(last)) = (first, last) else {
            return Summary::default();
        };
        Summary {
            x0: first as u32 * 64 + columns[first].trailing_zeros(),
            x1: last as u32 * 64 + 64 - columns[last].leading_zeros(),
            y0: rows.0,
            y1: rows.1,
            count,
        }
    }

    /// The summary of `count > 0` texels in the half-open box
    /// `[x0, y0, x1, y1]` (`count` 0: nothing solid).
    pub(crate) fn of_box([x0, y0, x1, y1]: [u32; 4], count: u64) -> Summary {
        if count == 0 {
            return Summary::default();
        }
        Summary {
            x0,
            x1,
            y0,
            y1,
            count,
        }
    }

    /// The solid texel count.
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// The solid box `[x0, y0, x1, y1]`, `None` when nothing is solid.
    pub(crate) fn bounds(&self) -> Option<[u32; 4]> {
        (self.count > 0).then_some([self.x0, self.y0, self.x1, self.y1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The column-wise summary gives the row-by-row one's box and count,
    /// empty masks, single texels and rows too wide for it included.
    #[test]
    fn column_summary_matches_the_row_summary() {
        let mut rng = fastrand::Rng::with_seed(4);
        for case in 0..3000 {
            let words_per_row = 1 + rng.usize(0..SUMMARY_COLUMNS + 3);
            let rows = rng.usize(0..20);
            let density = rng.usize(0..8);
            let bits: Vec<u64> = (0..words_per_row * rows)
                .map(|_| match density {
                    0 => 0,
                    1 => 1 << rng.u32(0..64),
                    d => (0..d).fold(u64::MAX, |acc, _| acc & rng.u64(..)),
                })
                .collect();
            let mut by_rows = Summary::default();
            for (y, row) in bits.chunks_exact(words_per_row).enumerate() {
                by_rows.add_row(y as u32, row);
            }
            assert_eq!(
                summary_with(&bits, words_per_row),
                (by_rows.bounds(), by_rows.count),
                "case {case}"
            );
        }
    }
}
