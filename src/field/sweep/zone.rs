//! A task's zone: the canvas rows its bin's trails are drawn into.

use std::ops::Range;

use crate::field::bins::Bands;

/// One task's view: its bin and its zone, the canvas rows it draws into.
///
/// An ordinary bin `k`'s zone is rows `k·B − B/2 .. (k+1)·B + B/2`
/// (clipped to the canvas). The edge bin's (bin 0, which also holds the
/// last band, see [`Bands`]) is the rows from half a band above the last
/// band to the bottom, then rows `0 .. B + B/2`: its task works on a copy
/// of those rows laid end to end, so a move across the top or bottom edge
/// stays in one zone. A canvas of at most three bands has one zone that
/// is the whole canvas, in order.
///
/// A canvas pixel's index in the zone is [`Zone::index`]: row-major from
/// `row0`, and rows above `row0` continue after the last row (`wrap`).
/// The ordinary zones have `wrap` 0, so the same arithmetic serves both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Zone {
    /// Bin index.
    pub bin: u32,
    /// The band besides `bin` whose particles the bin holds
    /// ([`Bands::other_band`]).
    pub other_band: u32,
    /// First canvas row of the zone.
    pub row0: u32,
    /// Rows in the zone.
    pub rows: u32,
    /// For the edge bin's zone: the canvas height, as canvas rows above
    /// `row0` follow the last row there; 0 for every other zone.
    pub wrap: u32,
}

impl Zone {
    /// Bin `bin`'s zone for `bands`.
    pub fn of(bands: Bands, bin: u32) -> Zone {
        let (b, height, count) = (bands.rows(), bands.height, bands.count());
        if bin == 0 && count <= 3 {
            // One to three bands: the edge bin's zone is the canvas, in order.
            return Zone {
                bin,
                other_band: bands.other_band(bin),
                row0: 0,
                rows: height,
                wrap: 0,
            };
        }
        if bin == 0 {
            // Bands of four rows or more (`Bands::new`) keep a move short
            // enough to be drawn from its ends (at most four rows) from
            // ever reaching one part from the other without wrapping.
            let row0 = (count - 1) * b - b / 2;
            return Zone {
                bin,
                other_band: bands.other_band(bin),
                row0,
                rows: height - row0 + b + b / 2,
                wrap: height,
            };
        }
        let row0 = bin * b - b / 2;
        Zone {
            bin,
            other_band: bin,
            row0,
            rows: (bin * b + b + b / 2).min(height) - row0,
            wrap: 0,
        }
    }

    /// Index in the canvas of the zone's first pixel.
    #[inline]
    pub fn base(&self, width: u32) -> u32 {
        self.row0 * width
    }

    /// Pixels in the zone.
    #[inline]
    pub fn len(&self, width: u32) -> u32 {
        self.rows * width
    }

    /// The zone index of canvas pixel `(x, y)` (`x` inside the canvas):
    /// below [`Zone::len`] exactly when row `y` is in the zone. The vector
    /// kernels do the same: the unsigned minimum picks the index past the
    /// wrap for rows above `row0` (the index from `row0` wrapped round).
    #[inline]
    pub fn index(&self, x: u32, y: u32, width: u32) -> u32 {
        let from_row0 = y
            .wrapping_mul(width)
            .wrapping_add(x)
            .wrapping_sub(self.base(width));
        from_row0.min(from_row0.wrapping_add(self.wrap * width))
    }

    /// Zone row of canvas row `y` (inside the canvas): in `0..rows` when
    /// the row is in the zone.
    #[inline]
    pub fn row_of(&self, y: i32) -> i32 {
        let r = y - self.row0 as i32;
        if r < 0 {
            r + self.wrap as i32
        } else {
            r
        }
    }

    /// How many rows to subtract from canvas rows `top..=bottom` (inside
    /// the canvas) to get zone rows, when they all lie in the zone, in
    /// order (not across the edge bin's seam, where row `row0 − 1` would
    /// follow row `row0 + rows − 1`).
    #[inline]
    pub fn holds(&self, (top, bottom): (i32, i32)) -> Option<i32> {
        let (a, b) = (self.row_of(top), self.row_of(bottom));
        (a >= 0 && b < self.rows as i32 && b - a == bottom - top).then_some(top - a)
    }

    /// The zone's canvas rows: one range, or two for the edge bin's
    /// (from `row0` to the bottom, then from the top).
    pub fn canvas_rows(&self) -> [Range<u32>; 2] {
        if self.wrap == 0 {
            [self.row0..self.row0 + self.rows, 0..0]
        } else {
            [self.row0..self.wrap, 0..self.rows - (self.wrap - self.row0)]
        }
    }
}
