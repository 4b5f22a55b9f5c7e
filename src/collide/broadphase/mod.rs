//! Broad phase: which of many posed sprites' bounding boxes touch.
//!
//! [`SweepAndPrune`] sorts the boxes by their left edge and sweeps along x:
//! each box is tested only against the boxes that start before it ends. The
//! sort starts from the previous call's order, so for sprites that move a
//! little per frame it is an insertion sort over a nearly sorted list
//! (`O(n)`), falling back to a full sort when too much has changed. Cost is
//! `O(n + k)` for `k` pairs overlapping in x, plus the sort. Buffers are
//! kept between calls: a steady scene allocates nothing.
//!
//! The sorted boxes are kept as columns (structure of arrays), in `i32` when
//! every box fits (the usual case) and in `i64` otherwise, so the test of a
//! box against its next candidates runs several lanes at a time
//! (on x86-64 with SSE2, four lanes per compare).

mod columns;
mod lanes;
mod pair_sort;
mod sweep;
/// The x86-64 lane test (SSE2, the baseline: no runtime detection).
#[cfg(target_arch = "x86_64")]
mod x86 {
    pub(super) mod sse2;
}

use self::columns::{Columns, Fits};
use crate::pose::PixelRect;

/// Sweep-and-prune over world bounding boxes, reusing its buffers between calls.
///
/// ```
/// use hitfield::prelude::*;
///
/// // Boxes from posed masks (`PosedMask::world_rect`) or poses; `None`
/// // for a sprite that covers nothing.
/// let boxes = [
///     Some(PixelRect::from_xywh([0, 0, 10, 10])),
///     Some(PixelRect::from_xywh([5, 5, 10, 10])),
///     None,
///     Some(PixelRect::from_xywh([100, 0, 4, 4])),
/// ];
/// let mut sap = SweepAndPrune::new(); // keep it: its buffers are reused
/// let pairs = sap.pairs(&boxes);
/// assert_eq!(pairs, &[(0, 1)]); // candidates; test each exactly next
/// ```
#[derive(Debug, Default)]
pub struct SweepAndPrune {
    /// Sort keys of the usable boxes: biased left edge in the high 64 bits,
    /// box index in the low 64. Sorted after a sweep, and the starting
    /// order of the next one.
    keys: Vec<u128>,
    /// Which indices already have a key (scratch).
    placed: Vec<bool>,
    /// The sorted boxes as columns, in the narrowest type they fit.
    narrow: Columns<i32>,
    wide: Columns<i64>,
    /// Found pairs, then the same pairs sorted.
    found: Vec<(usize, usize)>,
    pairs: Vec<(usize, usize)>,
    /// Scratch for sorting the pairs.
    counts: Vec<usize>,
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
        let fits = self.collect(boxes);
        self.sort();
        self.found.clear();
        match fits {
            Fits::I32 => {
                self.narrow.fill(&self.keys, boxes);
                sweep::pairs(&self.narrow, &mut self.found);
            }
            Fits::I64 => {
                self.wide.fill(&self.keys, boxes);
                sweep::pairs(&self.wide, &mut self.found);
            }
        }
        pair_sort::sort(&self.found, boxes.len(), &mut self.counts, &mut self.pairs);
        &self.pairs
    }

    /// Keys for the usable boxes, those of last call's order first and in
    /// it; says whether every usable box fits in `i32`.
    fn collect(&mut self, boxes: &[Option<PixelRect>]) -> Fits {
        self.placed.clear();
        self.placed.resize(boxes.len(), false);
        let mut fits = Fits::I32;
        let mut kept = 0;
        for k in 0..self.keys.len() {
            let index = key_index(self.keys[k]);
            let Some(rect) = usable(boxes, index) else {
                continue;
            };
            if std::mem::replace(&mut self.placed[index], true) {
                continue;
            }
            fits = fits.and(Fits::of(&rect));
            self.keys[kept] = key(rect.x0, index);
            kept += 1;
        }
        self.keys.truncate(kept);
        for (index, placed) in self.placed.iter().enumerate() {
            if let (false, Some(rect)) = (*placed, usable(boxes, index)) {
                fits = fits.and(Fits::of(&rect));
                self.keys.push(key(rect.x0, index));
            }
        }
        fits
    }

    /// Insertion sort with a budget of element moves; past it, a full sort.
    fn sort(&mut self) {
        let keys = &mut self.keys;
        let mut budget = 8 * keys.len() + 64;
        for i in 1..keys.len() {
            let item = keys[i];
            let mut j = i;
            while j > 0 && keys[j - 1] > item {
                keys[j] = keys[j - 1];
                j -= 1;
            }
            keys[j] = item;
            budget = budget.saturating_sub(i - j);
            if budget == 0 {
                keys.sort_unstable();
                return;
            }
        }
    }
}

/// Box `index` when it is there and not empty.
fn usable(boxes: &[Option<PixelRect>], index: usize) -> Option<PixelRect> {
    boxes
        .get(index)
        .copied()
        .flatten()
        .filter(|r| !r.is_empty())
}

/// Sort key: left edge (biased so unsigned order is signed order), then index.
fn key(x0: i64, index: usize) -> u128 {
    let biased = (x0 as u64) ^ (1 << 63);
    (u128::from(biased) << 64) | index as u128
}

/// The box index a key was made for.
fn key_index(key: u128) -> usize {
    key as u64 as usize
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
        let expected = [(0, 2), (0, 5), (1, 2), (1, 5), (2, 5)];
        assert_eq!(sap.pairs(&boxes), &expected);
        // Buffers and order are reused; a second call gives the same answer.
        assert_eq!(sap.pairs(&boxes), &expected);
        // Fewer boxes than last time (stale order entries are skipped).
        assert_eq!(sap.pairs(&boxes[..3]), &[(0, 2), (1, 2)]);
        assert!(sap.pairs(&[]).is_empty());
    }

    #[test]
    fn reversed_order_falls_back_to_a_full_sort() {
        let mut sap = SweepAndPrune::new();
        let forward: Vec<_> = (0..300).map(|i| rect(i * 3, 0, i * 3 + 5, 5)).collect();
        let backward: Vec<_> = (0..300)
            .map(|i| rect(900 - i * 3, 0, 905 - i * 3, 5))
            .collect();
        assert_eq!(sap.pairs(&forward).len(), 299);
        assert_eq!(sap.pairs(&backward).len(), 299);
        assert!(sap.keys.windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn keys_order_by_left_edge_then_index() {
        let mut keys = [
            key(5, 0),
            key(-5, 3),
            key(i64::MIN, 9),
            key(i64::MAX, 1),
            key(5, 2),
        ];
        keys.sort_unstable();
        let order: Vec<usize> = keys.iter().map(|&k| key_index(k)).collect();
        assert_eq!(order, [9, 3, 0, 2, 1]);
    }

    #[test]
    fn boxes_beyond_i32_use_the_wide_columns() {
        let far = 1i64 << 40;
        let boxes = [
            rect(far, far, far + 10, far + 10),
            rect(far + 5, far + 5, far + 6, far + 6),
            rect(0, 0, 10, 10),
            rect(5, 5, 6, 6),
            // Would collapse to one point if clamped to i32.
            rect(far * 2, 0, far * 3, 10),
            rect(far * 2 + 1, 0, far * 2 + 2, 10),
        ];
        let mut sap = SweepAndPrune::new();
        assert_eq!(sap.pairs(&boxes), &[(0, 1), (2, 3), (4, 5)]);
    }
}
