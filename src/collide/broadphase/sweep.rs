//! The sweep itself: each box against the boxes after it in left-edge
//! order, [`LANES`] candidates at a time, until one starts at or after its
//! right edge.

use super::columns::{Columns, Coord};
use super::lanes::LANES;

/// Appends every pair of boxes sharing a pixel, as `(smaller, larger)`
/// caller indices, in sweep order.
pub(super) fn pairs<T: Coord>(c: &Columns<T>, out: &mut Vec<(usize, usize)>) {
    for a in 0..c.len() {
        let (ax1, ay0, ay1) = (c.x1[a], c.y0[a], c.y1[a]);
        let ia = c.index[a];
        let mut base = a + 1;
        loop {
            let lanes = base..base + LANES;
            let x0: &[T; LANES] = lane_group(&c.x0[lanes.clone()]);
            let mut hits = T::touching(
                x0,
                lane_group(&c.y0[lanes.clone()]),
                lane_group(&c.y1[lanes]),
                [ax1, ay0, ay1],
            );
            while hits != 0 {
                let ib = c.index[base + hits.trailing_zeros() as usize];
                out.push((ia.min(ib), ia.max(ib)));
                hits &= hits - 1;
            }
            // Sorted by left edge: nothing further starts before `a` ends.
            // The padding stops the loop before the columns run out.
            if x0[LANES - 1] >= ax1 {
                break;
            }
            base += LANES;
        }
    }
}

/// A slice of exactly [`LANES`] items as an array.
#[inline(always)]
fn lane_group<T>(s: &[T]) -> &[T; LANES] {
    s.try_into().expect("a lane group is LANES long")
}
