//! The shared pixels themselves, as a mask: the peer of pygame-ce's
//! `Mask.overlap_mask`.

use super::PosedMask;
use crate::mask::Mask;
use crate::pose::{PixelRect, Pose};

/// The world pixels two posed sprites share: texel `(i, j)` of
/// [`SharedPixels::mask`] is world pixel `origin + (i, j)`. Its
/// [`SharedPixels::count`] and [`SharedPixels::rect`] are
/// [`super::Overlap`]'s `count` and `rect`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SharedPixels {
    origin: (i64, i64),
    mask: Mask,
}

impl SharedPixels {
    /// World position of the mask's texel `(0, 0)`: the top-left of
    /// [`SharedPixels::rect`] (the mask is trimmed to the shared pixels).
    pub fn origin(&self) -> (i64, i64) {
        self.origin
    }

    /// The shared pixels, one bit each, from [`SharedPixels::origin`].
    pub fn mask(&self) -> &Mask {
        &self.mask
    }

    /// True when world pixel `(x, y)` belongs to both sprites.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        let (Ok(i), Ok(j)) = (
            u32::try_from(x - self.origin.0),
            u32::try_from(y - self.origin.1),
        ) else {
            return false;
        };
        self.mask.get(i, j)
    }

    /// Number of shared pixels (at least 1).
    pub fn count(&self) -> u64 {
        self.mask.solid_count()
    }

    /// Bounding box of the shared pixels (exact): the mask's extent.
    pub fn rect(&self) -> PixelRect {
        let (x, y) = self.origin;
        PixelRect {
            x0: x,
            y0: y,
            x1: x + i64::from(self.mask.width()),
            y1: y + i64::from(self.mask.height()),
        }
    }

    /// The shared world pixels `(x, y)`, row by row, left to right.
    pub fn iter(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        let (x0, y0) = self.origin;
        let (w, h) = (self.mask.width(), self.mask.height());
        (0..h).flat_map(move |j| {
            (0..w)
                .filter(move |&i| self.mask.get(i, j))
                .map(move |i| (x0 + i64::from(i), y0 + i64::from(j)))
        })
    }
}

/// The world pixels that belong to both posed sprites (exact, the coverage
/// rule of the crate docs), or `None` when they share none. Costs two posed
/// mask builds and one pass over the intersection of their boxes; for just
/// the number, use [`super::overlap_count`].
pub fn overlap_mask(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<SharedPixels> {
    // Far-apart or invalid poses: nothing to build.
    let boxes = pose_a
        .world_bounds(a.width(), a.height())?
        .intersect(&pose_b.world_bounds(b.width(), b.height())?)?;
    let mut pa = PosedMask::default();
    pa.rebuild_within(a, pose_a, &boxes);
    let mut pb = PosedMask::default();
    pb.rebuild_within(b, pose_b, &boxes);
    shared(&pa, &pb)
}

/// What two posed masks share, trimmed to the shared pixels' box (so equal
/// pixel sets give equal values).
pub(super) fn shared(a: &PosedMask, b: &PosedMask) -> Option<SharedPixels> {
    let boxes = a.world_rect()?.intersect(&b.world_rect()?)?;
    let both = |rect: PixelRect| {
        let w = u32::try_from(rect.width()).ok()?;
        let h = u32::try_from(rect.height()).ok()?;
        Some(Mask::from_fn(w, h, |i, j| {
            let (x, y) = (rect.x0 + i64::from(i), rect.y0 + i64::from(j));
            a.covers(x, y) && b.covers(x, y)
        }))
    };
    let mask = both(boxes)?;
    let tight = mask.solid_bounds()?;
    let rect = PixelRect {
        x0: boxes.x0 + tight.x0,
        y0: boxes.y0 + tight.y0,
        x1: boxes.x0 + tight.x1,
        y1: boxes.y0 + tight.y1,
    };
    let mask = if rect == boxes { mask } else { both(rect)? };
    Some(SharedPixels {
        origin: (rect.x0, rect.y0),
        mask,
    })
}
