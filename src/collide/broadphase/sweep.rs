//! The sweep itself: each box against the boxes after it in left-edge
//! order, [`LANES`] candidates at a time, until one starts at or after its
//! right edge.

use super::columns::{Columns, Coord, LANES};

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

/// Bit `l` set when candidate `l` starts before `a` ends in x and shares
/// rows with it (`a` is `[x1, y0, y1]`). Written lane by lane with no
/// branch; [`Coord::touching`] may test the lanes together instead.
#[inline(always)]
pub(super) fn touching<T: Coord>(
    x0: &[T; LANES],
    y0: &[T; LANES],
    y1: &[T; LANES],
    a: [T; 3],
) -> u32 {
    let [ax1, ay0, ay1] = a;
    let mut bits = 0u32;
    for l in 0..LANES {
        let hit = (x0[l] < ax1) & (y0[l] < ay1) & (ay0 < y1[l]);
        bits |= u32::from(hit) << l;
    }
    bits
}

/// A slice of exactly [`LANES`] items as an array.
#[inline(always)]
fn lane_group<T>(s: &[T]) -> &[T; LANES] {
    s.try_into().expect("a lane group is LANES long")
}
