//! Broad phase: which of many posed sprites' bounding boxes touch.

use crate::pose::PixelRect;

/// Sweep-and-prune over world bounding boxes, reusing its buffers between calls.
#[derive(Debug, Default)]
pub struct SweepAndPrune {
    pairs: Vec<(usize, usize)>,
}

impl SweepAndPrune {
    /// An empty sweep.
    pub fn new() -> Self {
        Self::default()
    }

    /// Every pair `(i, j)` with `i < j` whose boxes share a pixel, sorted.
    /// `None` boxes (invalid poses, empty sprites) take part in no pair.
    pub fn pairs(&mut self, boxes: &[Option<PixelRect>]) -> &[(usize, usize)] {
        let _ = boxes;
        todo!("collision")
    }
}
