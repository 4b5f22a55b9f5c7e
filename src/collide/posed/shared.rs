//! What two posed masks share, as a mask ([`PosedMask::shared_pixels`]).

use super::PosedMask;
use crate::collide::shared::SharedPixels;
use crate::mask::{bits_at, low_bits, Mask};
use crate::pose::PixelRect;

impl PosedMask {
    /// The world pixels both posed masks cover (what
    /// [`crate::collide::overlap_mask`] gives for masks and poses), or `None`.
    pub fn shared_pixels(&self, other: &PosedMask) -> Option<SharedPixels> {
        shared(self, other)
    }
}

/// What two posed masks share, trimmed to the shared pixels' box (so equal
/// pixel sets give equal values): the two coverages ANDed 64 pixels at a
/// time over the intersection of their boxes, then cut to what is set.
fn shared(a: &PosedMask, b: &PosedMask) -> Option<SharedPixels> {
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
    Some(SharedPixels::new(
        (boxes.x0 + i64::from(x0), boxes.y0 + i64::from(y0)),
        mask,
    ))
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
