//! Rows of two unposed masks as the translation path's row kernels see
//! them ([`Rows`]), the portable kernels, and what the statistics kernel
//! returns ([`RowStats`]).

/// Rows of two unposed masks for the [`crate::collide::kernels::ScanKernels`] row kernels: row `r`
/// pairs A's words `a[a_start + r·a_stride ..][..width]` with B's words
/// `b[lo + r·b_stride ..]` and `b[lo + hi_offset + r·b_stride ..]`.
pub(crate) struct Rows<'a> {
    /// A's packed words.
    pub a: &'a [u64],
    /// B's packed words.
    pub b: &'a [u64],
    /// A's first word.
    pub a_start: usize,
    /// B's word holding the low bits for A's first word.
    pub b_start: usize,
    /// 1 when B's bits straddle two words (shift > 0), else 0.
    pub hi_offset: usize,
    /// Words from one row to the next, in A and in B.
    pub a_stride: usize,
    pub b_stride: usize,
    /// Rows in the block.
    pub rows: usize,
    /// Words per row.
    pub width: usize,
    /// Mask of A's first word of each row (the region's first column on).
    pub first_mask: u64,
    /// Mask of A's last word of each row (up to the region's last column).
    pub last_mask: u64,
    /// B's bits start `shift` bits into its low word.
    pub shift: u32,
}

impl<'a> Rows<'a> {
    /// Whether every word the block reads lies inside `a`, `b` and `mask`.
    pub fn in_bounds(&self) -> bool {
        if self.rows == 0 || self.width == 0 {
            return true;
        }
        let last = self.rows - 1;
        let a_end = last
            .checked_mul(self.a_stride)
            .and_then(|o| o.checked_add(self.a_start + self.width));
        let b_end = last
            .checked_mul(self.b_stride)
            .and_then(|o| o.checked_add(self.b_start + self.hi_offset + self.width));
        a_end.is_some_and(|e| e <= self.a.len())
            && b_end.is_some_and(|e| e <= self.b.len())
            && self.shift < 64
    }

    /// The mask of A's word `j` of a row: the first and last are cut to
    /// the region, the others whole.
    #[inline(always)]
    pub fn mask(&self, j: usize) -> u64 {
        let mut m = u64::MAX;
        if j == 0 {
            m &= self.first_mask;
        }
        if j + 1 == self.width {
            m &= self.last_mask;
        }
        m
    }

    /// A's masked word `j` of row `r` ANDed with B's bits at its columns
    /// (`(hi << 1) << 63` is 0, and shift 0 has `hi_offset` 0).
    #[inline(always)]
    pub fn and(&self, r: usize, j: usize) -> u64 {
        let get = |w: &[u64], i: usize| w.get(i).copied().unwrap_or(0);
        let s = self.shift.min(63);
        let b_row = self.b_start + r * self.b_stride;
        let lo = get(self.b, b_row + j);
        let hi = get(self.b, b_row + j + self.hi_offset);
        get(self.a, self.a_start + r * self.a_stride + j)
            & self.mask(j)
            & (lo >> s | (hi << 1) << (63 - s))
    }

    /// The same rows from row `r0` on (`r0 ≤ rows`).
    pub fn starting_at(&self, r0: usize) -> Rows<'a> {
        Rows {
            a_start: self.a_start + r0 * self.a_stride,
            b_start: self.b_start + r0 * self.b_stride,
            rows: self.rows - r0,
            ..*self
        }
    }

    /// Rows a kernel takes at once: keeps [`RowStats`]' 64-bit sums
    /// exact (at most 2^12 rows of 2^18 words).
    pub const MAX_ROWS: usize = 1 << 12;

    /// The portable [`crate::collide::kernels::ScanKernels::first_row`], word by word.
    #[inline(always)]
    pub fn first_row_scalar(&self) -> Option<usize> {
        (0..self.rows).find(|&r| (0..self.width).fold(0, |acc, j| acc | self.and(r, j)) != 0)
    }

    /// The portable [`crate::collide::kernels::ScanKernels::count`], word by word.
    #[inline(always)]
    pub fn count_scalar(&self) -> u64 {
        let mut n = 0;
        for r in 0..self.rows {
            for j in 0..self.width {
                n += u64::from(self.and(r, j).count_ones());
            }
        }
        n
    }

    /// The portable [`crate::collide::kernels::ScanKernels::stats`], word by word.
    #[inline(always)]
    pub fn stats_scalar(&self) -> RowStats {
        let mut s = RowStats::EMPTY;
        for r in 0..self.rows {
            for j in 0..self.width {
                let w = self.and(r, j);
                if w != 0 {
                    s.add_word(r as u64, j as u64, w);
                }
            }
        }
        s
    }
}

/// Statistics of the shared bits of a [`Rows`] block, in its own frame:
/// bit `k` of row `r`'s word `j` is at column `64·j + k`, row `r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RowStats {
    /// Shared bits.
    pub count: u64,
    /// Sum of their columns.
    pub sum_col: u64,
    /// Sum of their rows.
    pub sum_row: u64,
    /// Smallest and largest column (`u64::MAX`, 0 when empty).
    pub min_col: u64,
    pub max_col: u64,
    /// Smallest and largest row (`u64::MAX`, 0 when empty).
    pub min_row: u64,
    pub max_row: u64,
}

impl RowStats {
    /// No shared bit.
    pub const EMPTY: RowStats = RowStats {
        count: 0,
        sum_col: 0,
        sum_row: 0,
        min_col: u64::MAX,
        max_col: 0,
        min_row: u64::MAX,
        max_row: 0,
    };

    /// The same bits `r0` rows further down.
    pub fn moved_down(self, r0: u64) -> RowStats {
        if self.count == 0 {
            return self;
        }
        RowStats {
            sum_row: self.sum_row + self.count * r0,
            min_row: self.min_row + r0,
            max_row: self.max_row + r0,
            ..self
        }
    }

    /// Adds the bits of `w` (not 0), row `r`'s word `j`.
    #[inline(always)]
    pub fn add_word(&mut self, r: u64, j: u64, w: u64) {
        let n = u64::from(w.count_ones());
        self.count += n;
        self.sum_col += n * 64 * j + index_sum(w);
        self.sum_row += n * r;
        self.min_col = self.min_col.min(64 * j + u64::from(w.trailing_zeros()));
        self.max_col = self.max_col.max(64 * j + 63 - u64::from(w.leading_zeros()));
        self.min_row = self.min_row.min(r);
        self.max_row = self.max_row.max(r);
    }
}

/// Sum of the indices of the set bits of `bits`.
#[inline(always)]
pub(crate) fn index_sum(bits: u64) -> u64 {
    let mut sum = 0;
    for (b, m) in INDEX_BITS.iter().enumerate() {
        sum += u64::from((bits & m).count_ones()) << b;
    }
    sum
}

/// Masks selecting the bit positions whose index has bit `b` set.
pub(crate) const INDEX_BITS: [u64; 6] = [
    0xAAAA_AAAA_AAAA_AAAA,
    0xCCCC_CCCC_CCCC_CCCC,
    0xF0F0_F0F0_F0F0_F0F0,
    0xFF00_FF00_FF00_FF00,
    0xFFFF_0000_FFFF_0000,
    0xFFFF_FFFF_0000_0000,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_sum_adds_bit_positions() {
        assert_eq!(index_sum(0), 0);
        assert_eq!(index_sum(1), 0);
        assert_eq!(index_sum(1 << 63), 63);
        assert_eq!(index_sum(u64::MAX), (0..64).sum::<u64>());
        assert_eq!(index_sum(0b1011_0000), 4 + 5 + 7);
    }
}
