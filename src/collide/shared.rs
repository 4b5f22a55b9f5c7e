//! The shared pixels themselves, as a mask: the peer of pygame-ce's
//! `Mask.overlap_mask`.

use crate::mask::Mask;
use crate::pose::PixelRect;
use crate::rect::offset_from;

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
    /// The shared pixels `mask`, its texel `(0, 0)` at world `origin`
    /// (trimmed: its solid box is the whole mask).
    pub(crate) fn new(origin: (i64, i64), mask: Mask) -> Self {
        SharedPixels { origin, mask }
    }

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
        let Some((i, j)) = offset_from(self.origin, x, y) else {
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
