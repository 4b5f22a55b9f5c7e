//! A block's particle columns as stage 1 takes them ([`Columns`]).

use std::ops::Range;

use super::flags::BLOCK;

/// One block's particle columns for stage 1: the positions, which it moves
/// in place, and each particle's speed and wander factors. All four have
/// the same length, at most [`BLOCK`] (checked once, here, for every
/// kernel).
pub(crate) struct Columns<'a> {
    xs: &'a mut [f32],
    ys: &'a mut [f32],
    speeds: &'a [f32],
    wanders: &'a [f32],
}

/// [`Columns::parts`]: the length, then x, y, speed and wander.
pub(crate) type Parts<'b> = (usize, &'b mut [f32], &'b mut [f32], &'b [f32], &'b [f32]);

impl<'a> Columns<'a> {
    /// The columns of one block.
    ///
    /// # Panics
    /// When their lengths differ or pass [`BLOCK`] (the caller's bug; no
    /// user input reaches here unchecked).
    #[inline(always)]
    pub fn new(
        xs: &'a mut [f32],
        ys: &'a mut [f32],
        speeds: &'a [f32],
        wanders: &'a [f32],
    ) -> Columns<'a> {
        let mut c = Columns {
            xs,
            ys,
            speeds,
            wanders,
        };
        c.parts();
        c
    }

    /// The four columns and their common length `n ≤ BLOCK` (asserted
    /// again here, where the kernels' index checks can see it).
    #[inline(always)]
    pub fn parts(&mut self) -> Parts<'_> {
        let n = self.xs.len();
        let ok = self.ys.len() == n && self.speeds.len() == n && self.wanders.len() == n;
        assert!(
            ok && n <= BLOCK,
            "stage 1 columns: lengths differ or pass a block"
        );
        (n, self.xs, self.ys, self.speeds, self.wanders)
    }

    /// Particles `range` of the block (for the vector kernels' scalar tail).
    #[inline(always)]
    pub fn range(&mut self, range: Range<usize>) -> Columns<'_> {
        Columns {
            xs: &mut self.xs[range.clone()],
            ys: &mut self.ys[range.clone()],
            speeds: &self.speeds[range.clone()],
            wanders: &self.wanders[range],
        }
    }
}
