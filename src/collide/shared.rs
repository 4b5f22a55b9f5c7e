//! The shared pixels themselves, as a mask: the peer of pygame-ce's
//! `Mask.overlap_mask`.

use super::PosedMask;
use crate::mask::{bits_at, low_bits, Mask};
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
    super::posed::pair::with_pair(|q| q.overlap_mask(a, pose_a, b, pose_b))
}

/// What two posed masks share, trimmed to the shared pixels' box (so equal
/// pixel sets give equal values): the two coverages ANDed 64 pixels at a
/// time over the intersection of their boxes, then cut to what is set.
pub(super) fn shared(a: &PosedMask, b: &PosedMask) -> Option<SharedPixels> {
    let boxes = a.world_rect()?.intersect(&b.world_rect()?)?;
    let both = words_in(a, &boxes)
        .zip(words_in(b, &boxes))
        .map(|(x, y)| x & y)
        .collect();
    let mask = Mask::from_words(boxes.width() as u32, boxes.height() as u32, both);
    let [x0, y0, x1, y1] = mask.solid_box()?;
    let mask = if [x0, y0, x1, y1] == [0, 0, mask.width(), mask.height()] {
        mask
    } else {
        let per_row = (x1 - x0).div_ceil(64) as usize;
        let cut = (y0..y1)
            .flat_map(|j| {
                let row = mask.row(j);
                (0..per_row).map(move |k| {
                    bits_at(row, x0 as usize + 64 * k) & low_bits(x1 - x0 - 64 * k as u32)
                })
            })
            .collect();
        Mask::from_words(x1 - x0, y1 - y0, cut)
    };
    Some(SharedPixels {
        origin: (boxes.x0 + i64::from(x0), boxes.y0 + i64::from(y0)),
        mask,
    })
}

/// The packed rows of `rect` (inside the posed mask's covered box) as
/// `posed` covers them, `ceil(width / 64)` words a row, padding bits zero.
fn words_in<'a>(posed: &'a PosedMask, rect: &PixelRect) -> impl Iterator<Item = u64> + 'a {
    let (x, y) = posed.origin();
    let cover = posed.coverage();
    let width = rect.width() as u32;
    let per_row = width.div_ceil(64) as usize;
    let (i0, j0) = ((rect.x0 - x) as usize, (rect.y0 - y) as u32);
    (j0..j0 + rect.height() as u32).flat_map(move |j| {
        let row = cover.row(j);
        (0..per_row).map(move |k| bits_at(row, i0 + 64 * k) & low_bits(width - 64 * k as u32))
    })
}
