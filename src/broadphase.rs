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
        // Interim brute force until the sweep lands.
        self.pairs.clear();
        for i in 0..boxes.len() {
            for j in i + 1..boxes.len() {
                if let (Some(a), Some(b)) = (boxes[i], boxes[j]) {
                    if a.intersect(&b).is_some() {
                        self.pairs.push((i, j));
                    }
                }
            }
        }
        &self.pairs
    }
}
