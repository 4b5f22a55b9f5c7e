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

    /// OR of [`Rows::and`] over the block's rows.
    fn and_any(self, rows: &Rows) -> u64;
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
    fn and_any(self, rows: &Rows) -> u64 {
        rows.and_any_scalar()
    }
}

/// A block of rows of two unposed masks for [`Isa::and_any`]: row `r`
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

    /// The portable [`Isa::and_any`]: word by word, B's two words merged
    /// without a branch on the shift (`(hi << 1) << 63` is 0, and shift 0
    /// has `hi_offset` 0).
    #[inline(always)]
    pub fn and_any_scalar(&self) -> u64 {
        let get = |w: &[u64], i: usize| w.get(i).copied().unwrap_or(0);
        let s = self.shift.min(63);
        let mut acc = 0;
        for r in 0..self.rows {
            let a_row = self.a_start + r * self.a_stride;
            let b_row = self.b_start + r * self.b_stride;
            for j in 0..self.width {
                let lo = get(self.b, b_row + j);
                let hi = get(self.b, b_row + j + self.hi_offset);
                let b = lo >> s | (hi << 1) << (63 - s);
                acc |= get(self.a, a_row + j) & self.mask(j) & b;
            }
        }
        acc
    }
}

/// Checks an [`Isa::and_any`] kernel against word-by-word ANDs on random
/// blocks (also run by each architecture's kernels).
#[cfg(test)]
pub(crate) fn check_and_any_kernel(kernel: impl Fn(&Rows) -> u64) {
    let mut rng = fastrand::Rng::with_seed(9);
    for _ in 0..3000 {
        let sparse =
            |rng: &mut fastrand::Rng| rng.u64(..) & rng.u64(..) & rng.u64(..) & rng.u64(..);
        let a: Vec<u64> = (0..rng.usize(0..60)).map(|_| sparse(&mut rng)).collect();
        let b: Vec<u64> = (0..rng.usize(0..60)).map(|_| sparse(&mut rng)).collect();
        let shift = rng.u32(0..64);
        let rows = Rows {
            a: &a,
            b: &b,
            a_start: rng.usize(0..8),
            b_start: rng.usize(0..8),
            hi_offset: usize::from(shift != 0),
            a_stride: rng.usize(0..9),
            b_stride: rng.usize(0..9),
            rows: rng.usize(0..6),
            width: rng.usize(0..10),
            first_mask: rng.u64(..),
            last_mask: rng.u64(..),
            shift,
        };
        let mut by_hand = 0;
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
                by_hand |= get(&a, rows.a_start + r * rows.a_stride + j) & m & bits;
            }
        }
        assert_eq!(kernel(&rows), by_hand);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portable_and_any_matches_word_by_word() {
        check_and_any_kernel(|rows| Plain.and_any(rows));
    }
}
