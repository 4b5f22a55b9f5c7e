//! Broad phase: which of many posed sprites' bounding boxes touch.
//!
//! [`SweepAndPrune`] sorts the boxes by their left edge and sweeps along x,
//! keeping the boxes whose x range is still open; each newcomer is tested in
//! y against those only. Cost is `O(n log n + pairs + n·open)`; its buffers
//! are kept between calls, so a steady scene allocates nothing.

use crate::pose::PixelRect;

/// Sweep-and-prune over world bounding boxes, reusing its buffers between calls.
#[derive(Debug, Default)]
pub struct SweepAndPrune {
    /// Non-empty boxes with their index, sorted by `x0`.
    entries: Vec<(PixelRect, usize)>,
    /// Entries whose x range is still open during the sweep.
    open: Vec<(PixelRect, usize)>,
    pairs: Vec<(usize, usize)>,
}

impl SweepAndPrune {
    /// An empty sweep.
    pub fn new() -> Self {
        Self::default()
    }

    /// Every pair `(i, j)` with `i < j` whose boxes share a pixel, sorted.
    /// `None` boxes (invalid poses, empty sprites) take part in no pair,
    /// and neither do empty rectangles.
    pub fn pairs(&mut self, boxes: &[Option<PixelRect>]) -> &[(usize, usize)] {
        self.entries.clear();
        self.open.clear();
        self.pairs.clear();
        self.entries.extend(
            boxes
                .iter()
                .enumerate()
                .filter_map(|(i, b)| b.filter(|r| !r.is_empty()).map(|r| (r, i))),
        );
        self.entries.sort_unstable_by_key(|(r, i)| (r.x0, *i));
        for &(r, i) in &self.entries {
            // Boxes ending at or before this left edge share no column with it
            // or with anything after it.
            self.open.retain(|(o, _)| o.x1 > r.x0);
            for &(o, j) in &self.open {
                if o.y0 < r.y1 && r.y0 < o.y1 {
                    self.pairs.push((i.min(j), i.max(j)));
                }
            }
            self.open.push((r, i));
        }
        self.pairs.sort_unstable();
        &self.pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rect(x0: i64, y0: i64, x1: i64, y1: i64) -> Option<PixelRect> {
        Some(PixelRect { x0, y0, x1, y1 })
    }

    #[test]
    fn touching_edges_do_not_pair_but_overlaps_do() {
        let boxes = [
            rect(0, 0, 10, 10),
            rect(10, 0, 20, 10), // shares an edge with 0 only: no pixel
            rect(9, 9, 11, 11),  // overlaps 0 and 1
            None,
            rect(5, 5, 5, 50), // empty
            rect(-100, -100, 100, 100),
        ];
        let mut sap = SweepAndPrune::new();
        assert_eq!(sap.pairs(&boxes), &[(0, 2), (0, 5), (1, 2), (1, 5), (2, 5)]);
        // Buffers are reused; a second call gives the same answer.
        assert_eq!(sap.pairs(&boxes).len(), 5);
        assert!(sap.pairs(&[]).is_empty());
    }
}
