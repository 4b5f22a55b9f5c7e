//! Broad phase: which of many posed sprites' bounding boxes touch.
//!
//! [`SweepAndPrune`] sorts the boxes by their left edge and sweeps along x:
//! each box is tested in y only against the boxes that start before it
//! ends. The sort starts from the previous call's order, so for sprites that
//! move a little per frame it is an insertion sort over a nearly sorted list
//! (`O(n)`), falling back to a full sort when too much has changed. Cost is
//! `O(n + k)` for `k` pairs overlapping in x, plus the sort. Buffers are
//! kept between calls: a steady scene allocates nothing.

use crate::pose::PixelRect;

/// A box taking part in the sweep.
#[derive(Clone, Copy, Debug)]
struct Entry {
    rect: PixelRect,
    index: usize,
}

impl Entry {
    fn key(&self) -> (i64, usize) {
        (self.rect.x0, self.index)
    }
}

/// Sweep-and-prune over world bounding boxes, reusing its buffers between calls.
#[derive(Debug, Default)]
pub struct SweepAndPrune {
    /// Non-empty boxes, sorted by left edge (then index) after a sweep.
    entries: Vec<Entry>,
    /// The indices in last call's sorted order.
    order: Vec<usize>,
    /// Which indices already have an entry (scratch).
    placed: Vec<bool>,
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
        self.collect(boxes);
        self.sort();
        self.order.clear();
        self.order.extend(self.entries.iter().map(|e| e.index));
        self.pairs.clear();
        for (k, a) in self.entries.iter().enumerate() {
            for b in &self.entries[k + 1..] {
                // Sorted by left edge: nothing further starts before `a` ends.
                if b.rect.x0 >= a.rect.x1 {
                    break;
                }
                if a.rect.y0 < b.rect.y1 && b.rect.y0 < a.rect.y1 {
                    self.pairs
                        .push((a.index.min(b.index), a.index.max(b.index)));
                }
            }
        }
        self.pairs.sort_unstable();
        &self.pairs
    }

    /// The non-empty boxes, those of last call's order first and in it.
    fn collect(&mut self, boxes: &[Option<PixelRect>]) {
        let usable = |i: usize| boxes.get(i).copied().flatten().filter(|r| !r.is_empty());
        self.entries.clear();
        self.placed.clear();
        self.placed.resize(boxes.len(), false);
        for &index in &self.order {
            if let Some(rect) = usable(index) {
                if !self.placed[index] {
                    self.placed[index] = true;
                    self.entries.push(Entry { rect, index });
                }
            }
        }
        for index in 0..boxes.len() {
            if let (false, Some(rect)) = (self.placed[index], usable(index)) {
                self.entries.push(Entry { rect, index });
            }
        }
    }

    /// Insertion sort with a budget of element moves; past it, a full sort.
    fn sort(&mut self) {
        let e = &mut self.entries;
        let mut budget = 8 * e.len() + 64;
        for i in 1..e.len() {
            let mut j = i;
            while j > 0 && e[j - 1].key() > e[j].key() {
                e.swap(j - 1, j);
                j -= 1;
                budget = budget.saturating_sub(1);
            }
            if budget == 0 {
                e.sort_unstable_by_key(Entry::key);
                return;
            }
        }
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
        assert!(sap.entries.windows(2).all(|w| w[0].key() <= w[1].key()));
    }
}
