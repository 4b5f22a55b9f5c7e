//! Plain per-pixel sprite-against-sprite tests: the oracle for
//! [`crate::collide`].
//!
//! Every lattice pixel of the intersection of the two poses' world bounds is
//! mapped into each sprite with [`PixelMap::texel`] and looked up with
//! [`Mask::get`]. The gradient for the normal visits every lattice pixel of
//! A's bounds near B. Options are read exactly as the fast path reads them,
//! and the raw sums are finished by the same code, so equal sums mean equal
//! results, bit for bit.

use crate::collide::{centre, Overlap, QueryOptions, RawOverlap, Sampling, MAX_SIDE};
use crate::mask::Mask;
use crate::pose::{PixelMap, PixelRect, Pose};

/// True when any world pixel belongs to both posed sprites.
pub fn intersects(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> bool {
    intersects_with(a, pose_a, b, pose_b, &QueryOptions::default())
}

/// What the two posed sprites share, or `None`.
pub fn overlap(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<Overlap> {
    overlap_with(a, pose_a, b, pose_b, &QueryOptions::default())
}

/// [`intersects`] with options (stride, accuracy).
pub fn intersects_with(
    a: &Mask,
    pose_a: &Pose,
    b: &Mask,
    pose_b: &Pose,
    options: &QueryOptions,
) -> bool {
    let Some(setup) = Setup::new(a, pose_a, b, pose_b, options) else {
        return false;
    };
    let mut found = false;
    setup.each_lattice_pixel(&setup.both, |x, y| {
        found = setup.solid_a(x, y) && setup.solid_b(x, y, 0, 0);
        !found
    });
    found
}

/// [`overlap`] with options (stride, accuracy).
pub fn overlap_with(
    a: &Mask,
    pose_a: &Pose,
    b: &Mask,
    pose_b: &Pose,
    options: &QueryOptions,
) -> Option<Overlap> {
    let setup = Setup::new(a, pose_a, b, pose_b, options)?;
    let mut raw = RawOverlap::empty();
    setup.each_lattice_pixel(&setup.both, |x, y| {
        if setup.solid_a(x, y) && setup.solid_b(x, y, 0, 0) {
            raw.add(x, y);
        }
        true
    });
    if raw.count == 0 {
        return None;
    }
    // g = Σ A(p)·(B(p + n·e) − B(p − n·e)) over lattice pixels p of A's bounds
    // within n of B's bounds.
    let n = setup.sampling.stride;
    let near_b = PixelRect {
        x0: setup.map_b.bounds.x0 - n,
        y0: setup.map_b.bounds.y0 - n,
        x1: setup.map_b.bounds.x1 + n,
        y1: setup.map_b.bounds.y1 + n,
    };
    if let Some(area) = setup.map_a.bounds.intersect(&near_b) {
        setup.each_lattice_pixel(&area, |x, y| {
            if setup.solid_a(x, y) {
                let b = |dx, dy| i64::from(setup.solid_b(x, y, dx, dy));
                raw.grad[0] += b(n, 0) - b(-n, 0);
                raw.grad[1] += b(0, n) - b(0, -n);
            }
            true
        });
    }
    let centres = [
        centre(pose_a, a.width(), a.height()),
        centre(pose_b, b.width(), b.height()),
    ];
    raw.finish(&setup.sampling, centres)
}

/// True when world pixel `(x, y)` belongs to `mask` in `pose`: its centre
/// maps onto a solid texel (the coverage rule, one pixel at a time). What a
/// [`crate::collide::PosedMask`] must hold.
pub fn covers(mask: &Mask, pose: &Pose, x: i64, y: i64) -> bool {
    let (w, h) = (mask.width(), mask.height());
    if w > MAX_SIDE || h > MAX_SIDE {
        return false;
    }
    pose.pixel_map(w, h)
        .and_then(|map| map.texel(x, y))
        .is_some_and(|(i, j)| mask.get(i, j))
}

/// Both sprites' pixel maps and the lattice of tested pixels.
struct Setup<'a> {
    a: &'a Mask,
    b: &'a Mask,
    map_a: PixelMap,
    map_b: PixelMap,
    /// Intersection of the two world bounds; its top-left is a lattice point.
    both: PixelRect,
    sampling: Sampling,
}

impl<'a> Setup<'a> {
    fn new(
        a: &'a Mask,
        pose_a: &Pose,
        b: &'a Mask,
        pose_b: &Pose,
        options: &QueryOptions,
    ) -> Option<Self> {
        let sampling = Sampling::new(options);
        let map = |m: &Mask, pose: &Pose| {
            let (w, h) = (m.width(), m.height());
            if w > MAX_SIDE || h > MAX_SIDE {
                return None;
            }
            sampling.pose(pose, w, h).pixel_map(w, h)
        };
        let map_a = map(a, pose_a)?;
        let map_b = map(b, pose_b)?;
        let both = map_a.bounds.intersect(&map_b.bounds)?;
        Some(Setup {
            a,
            b,
            map_a,
            map_b,
            both,
            sampling,
        })
    }

    fn solid_a(&self, x: i64, y: i64) -> bool {
        self.map_a
            .texel(x, y)
            .is_some_and(|(i, j)| self.a.get(i, j))
    }

    /// B's pixel at `(x + dx, y + dy)`.
    fn solid_b(&self, x: i64, y: i64, dx: i64, dy: i64) -> bool {
        self.map_b
            .texel(x + dx, y + dy)
            .is_some_and(|(i, j)| self.b.get(i, j))
    }

    /// Calls `f(x, y)` for the lattice pixels in `rect`, row by row, until it
    /// returns `false`.
    fn each_lattice_pixel(&self, rect: &PixelRect, mut f: impl FnMut(i64, i64) -> bool) {
        let n = self.sampling.stride;
        let first = |v: i64, origin: i64| v + (origin - v).rem_euclid(n);
        let mut y = first(rect.y0, self.both.y0);
        while y < rect.y1 {
            let mut x = first(rect.x0, self.both.x0);
            while x < rect.x1 {
                if !f(x, y) {
                    return;
                }
                x += n;
            }
            y += n;
        }
    }
}
