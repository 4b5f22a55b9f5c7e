//! The instruction set a query runs with, chosen once per query: portable
//! code, or on x86-64 CPUs with AVX2 explicit vector kernels. Both give the
//! same bits (unit and property tested).

use super::gather::{MapGather, PlainWalker, Walker};

/// Kernels the scanners need from an instruction set.
pub(crate) trait Isa: Copy {
    /// Walks one posed sprite along rows.
    type Walker<'a>: Walker;

    /// A walker over `g` with steps `(du, dv)` per sample
    /// (`|du|, |dv| ≤ MAX_STEP`).
    fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> Self::Walker<'_>;

    /// The first block of `block_rows` rows (0 for rows `0..block_rows`)
    /// in which A and B share a bit, or `None`.
    fn first_block(self, rows: &Rows, block_rows: usize) -> Option<usize>;
}

/// Portable scalar code.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plain;

impl Isa for Plain {
    type Walker<'a> = PlainWalker<'a>;

    #[inline(always)]
    fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> PlainWalker<'_> {
        PlainWalker::new(g, du, dv)
    }

    #[inline(always)]
    fn first_block(self, rows: &Rows, block_rows: usize) -> Option<usize> {
        rows.first_block_scalar(block_rows)
    }
}

/// Rows of two unposed masks for [`Isa::first_block`]: row `r`
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

impl Rows<'_> {
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

    /// The portable [`Isa::first_block`], word by word.
    #[inline(always)]
    pub fn first_block_scalar(&self, block_rows: usize) -> Option<usize> {
        let block_rows = block_rows.max(1);
        let mut r = 0;
        while r < self.rows {
            let end = (r + block_rows).min(self.rows);
            let mut acc = 0;
            for row in r..end {
                for j in 0..self.width {
                    acc |= self.and(row, j);
                }
            }
            if acc != 0 {
                return Some(r / block_rows);
            }
            r = end;
        }
        None
    }
}

/// Checks an [`Isa::first_block`] kernel against word-by-word ANDs on
/// random rows (also run by each architecture's kernels).
#[cfg(test)]
pub(crate) fn check_first_block_kernel(kernel: impl Fn(&Rows, usize) -> Option<usize>) {
    let mut rng = fastrand::Rng::with_seed(9);
    for _ in 0..3000 {
        let sparse = |rng: &mut fastrand::Rng| (0..5).fold(u64::MAX, |acc, _| acc & rng.u64(..));
        let a: Vec<u64> = (0..rng.usize(0..90)).map(|_| sparse(&mut rng)).collect();
        let b: Vec<u64> = (0..rng.usize(0..90)).map(|_| sparse(&mut rng)).collect();
        let shift = rng.u32(0..64);
        let rows = Rows {
            a: &a,
            b: &b,
            a_start: rng.usize(0..8),
            b_start: rng.usize(0..8),
            hi_offset: usize::from(shift != 0),
            a_stride: rng.usize(0..9),
            b_stride: rng.usize(0..9),
            rows: rng.usize(0..12),
            width: rng.usize(0..10),
            first_mask: rng.u64(..),
            last_mask: rng.u64(..),
            shift,
        };
        let block_rows = rng.usize(1..5);
        let mut by_hand = None;
        for r in 0..rows.rows {
            for j in 0..rows.width {
                let get = |w: &[u64], i: usize| w.get(i).copied().unwrap_or(0);
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
                if get(&a, rows.a_start + r * rows.a_stride + j) & m & bits != 0
                    && by_hand.is_none()
                {
                    by_hand = Some(r / block_rows);
                }
            }
        }
        assert_eq!(kernel(&rows, block_rows), by_hand);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portable_first_block_matches_word_by_word() {
        check_first_block_kernel(|rows, n| Plain.first_block(rows, n));
    }
}
