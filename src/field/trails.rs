//! Drawing the trail pieces the particles stage could not draw at once
//! (wrapped moves, moves beyond a bin's zone), in parallel and
//! deterministically.
//!
//! Each bin's task files such pieces under every band of
//! [`crate::field::BAND_ROWS`] canvas rows they touch. Each band is then
//! painted by one task from those lists, clipped to its rows, so no two
//! tasks write the same pixel. Pixels written twice in one step keep the
//! higher-ranked colour (`raster::merge_pixel`), so the result does not depend on
//! order at all.

use rayon::prelude::*;

use super::raster::{line_pixels, merge_pixel};

/// One segment to draw: pixel ends (clamped to `i16`) and colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// Start pixel x.
    pub x0: i16,
    /// Start pixel y.
    pub y0: i16,
    /// End pixel x.
    pub x1: i16,
    /// End pixel y.
    pub y1: i16,
    /// RGBA colour.
    pub colour: [u8; 4],
}

/// Draws `seg` into `rows` (canvas rows `row0..row1`, `width` wide), clipped to them.
#[inline]
pub fn draw_segment(rows: &mut [[u8; 4]], width: u32, row0: i32, row1: i32, seg: &Segment) {
    let w = width as i32;
    let (x0, y0, x1, y1) = (
        i32::from(seg.x0),
        i32::from(seg.y0),
        i32::from(seg.x1),
        i32::from(seg.y1),
    );
    let inside = x0.min(x1) >= 0 && x0.max(x1) < w && y0.min(y1) >= row0 && y0.max(y1) < row1;
    if inside {
        // Wholly inside the band: no clipping per pixel.
        let at = |x: i32, y: i32| (y - row0) as usize * width as usize + x as usize;
        if (x1 - x0).abs() <= 1 && (y1 - y0).abs() <= 1 {
            // Most segments at usual speeds: one pixel, or two that touch.
            // The line is exactly its two ends, and merging a pixel twice
            // changes nothing, so both ends are merged without a branch.
            merge_pixel(&mut rows[at(x0, y0)], seg.colour);
            merge_pixel(&mut rows[at(x1, y1)], seg.colour);
        } else {
            line_pixels(x0, y0, x1, y1, |x, y| {
                merge_pixel(&mut rows[at(x, y)], seg.colour)
            });
        }
        return;
    }
    line_pixels(x0, y0, x1, y1, |x, y| {
        if x >= 0 && x < w && y >= row0 && y < row1 {
            let i = (y - row0) as usize * width as usize + x as usize;
            merge_pixel(&mut rows[i], seg.colour);
        }
    });
}

/// Paints every list's filed segments into `pixels` (the whole canvas,
/// `width` wide), one band of `band_rows` rows per task. `chunks[c][b]`
/// holds chunk `c`'s segments that touch band `b`.
pub fn draw<L: AsRef<[Vec<Segment>]> + Sync>(
    pixels: &mut [[u8; 4]],
    width: u32,
    band_rows: u32,
    chunks: &[L],
    parallel: bool,
) {
    let band_len = band_rows as usize * width as usize;
    if band_len == 0 {
        return;
    }
    let paint = |(b, rows): (usize, &mut [[u8; 4]])| {
        crate::trace::span!("field.trails.band", band = b);
        let row0 = (b as u32 * band_rows) as i32;
        let row1 = row0 + (rows.len() / width as usize) as i32;
        for chunk in chunks {
            if let Some(list) = chunk.as_ref().get(b) {
                for seg in list {
                    draw_segment(rows, width, row0, row1, seg);
                }
            }
        }
    };
    if parallel {
        pixels.par_chunks_mut(band_len).enumerate().for_each(paint);
    } else {
        pixels.chunks_mut(band_len).enumerate().for_each(paint);
    }
}
