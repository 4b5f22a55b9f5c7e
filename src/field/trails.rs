//! Drawing every particle's segment into the canvas, in parallel and
//! deterministically.
//!
//! Segments are bucketed by the band of rows their top pixel lies in. Each
//! band of the canvas is then drawn by one task, from its own bucket and the
//! buckets above it that can reach into it, so no two tasks write the same
//! pixel. Pixels written twice in one step keep the higher-ranked colour
//! ([`merge_pixel`]), so the result does not depend on order at all.

use rayon::prelude::*;

use super::particles::{Particles, WrapMove, WRAPPED};
use super::raster::{line_pixels, merge_pixel, pixel_of};

/// Reusable buffers for bucketing.
#[derive(Clone, Debug, Default)]
pub struct TrailScratch {
    /// Particle indices sorted by band bucket (stable).
    pub order: Vec<u32>,
    /// Start of each bucket in `order`, plus the end.
    pub starts: Vec<usize>,
}

/// Everything the band painter needs about the canvas.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    /// Canvas width.
    pub width: u32,
    /// Canvas height.
    pub height: u32,
    /// Rows per band.
    pub band_rows: u32,
    /// How many buckets above a band can reach into it.
    pub reach: usize,
}

/// Builds `scratch.order` from the per-chunk histograms and particle bands.
/// `chunk` is the particle chunk size the histograms were made with.
pub fn bucket(
    particles: &Particles,
    hists: &[Vec<u32>],
    bands: usize,
    chunk: usize,
    scratch: &mut TrailScratch,
    parallel: bool,
) {
    // Offsets: bucket-major, chunk-minor, so each bucket lists particles in index order.
    scratch.starts.clear();
    let mut total = 0usize;
    for b in 0..bands {
        scratch.starts.push(total);
        total += hists.iter().map(|h| h[b] as usize).sum::<usize>();
    }
    scratch.starts.push(total);
    scratch.order.resize(total, 0);

    // Carve `order` into one slice per (chunk, bucket).
    let mut per_chunk: Vec<Vec<&mut [u32]>> = (0..hists.len())
        .map(|_| Vec::with_capacity(bands))
        .collect();
    let mut rest: &mut [u32] = &mut scratch.order;
    for b in 0..bands {
        for (c, h) in hists.iter().enumerate() {
            let (head, tail) = rest.split_at_mut(h[b] as usize);
            per_chunk[c].push(head);
            rest = tail;
        }
    }
    let fill = |(c, slots): (usize, &mut Vec<&mut [u32]>)| {
        let start = c * chunk;
        let end = (start + chunk).min(particles.len());
        let mut cursor = vec![0usize; slots.len()];
        for (i, &band) in particles.band[start..end].iter().enumerate() {
            if band != WRAPPED {
                let b = band as usize;
                slots[b][cursor[b]] = (start + i) as u32;
                cursor[b] += 1;
            }
        }
    };
    if parallel {
        per_chunk.par_iter_mut().enumerate().for_each(fill);
    } else {
        per_chunk.iter_mut().enumerate().for_each(fill);
    }
}

/// Draws the segment from `(x0, y0)` to `(x1, y1)` into `rows` (canvas rows
/// `row0..row0 + rows.len() / width`), clipping to them.
#[inline]
#[allow(clippy::too_many_arguments)]
pub fn draw_segment(
    rows: &mut [[u8; 4]],
    width: u32,
    row0: i32,
    row1: i32,
    (x0, y0): (f32, f32),
    (x1, y1): (f32, f32),
    colour: [u8; 4],
) {
    let w = width as i32;
    line_pixels(
        pixel_of(x0),
        pixel_of(y0),
        pixel_of(x1),
        pixel_of(y1),
        |x, y| {
            if x >= 0 && x < w && y >= row0 && y < row1 {
                let i = (y - row0) as usize * width as usize + x as usize;
                merge_pixel(&mut rows[i], colour);
            }
        },
    );
}

/// Draws both pieces of a wrapped move: up to the edge it left by, and from
/// the edge it came in by.
#[inline]
pub fn draw_wrapped(
    rows: &mut [[u8; 4]],
    frame: &Frame,
    row0: i32,
    row1: i32,
    particles: &Particles,
    mv: &WrapMove,
    colour: [u8; 4],
) {
    let i = mv.index as usize;
    let (px, py, nx, ny) = (
        particles.prev_x[i],
        particles.prev_y[i],
        particles.x[i],
        particles.y[i],
    );
    draw_segment(
        rows,
        frame.width,
        row0,
        row1,
        (px, py),
        (mv.x, mv.y),
        colour,
    );
    let (sx, sy) = (nx - mv.x, ny - mv.y);
    draw_segment(
        rows,
        frame.width,
        row0,
        row1,
        (px + sx, py + sy),
        (nx, ny),
        colour,
    );
}

/// Draws every particle's last segment into `pixels` (the whole canvas).
pub fn draw(
    pixels: &mut [[u8; 4]],
    frame: &Frame,
    particles: &Particles,
    scratch: &TrailScratch,
    wraps: &[WrapMove],
    palette: &[[u8; 4]; 256],
    parallel: bool,
) {
    let band_len = frame.band_rows as usize * frame.width as usize;
    if band_len == 0 {
        return;
    }
    let paint = |(b, rows): (usize, &mut [[u8; 4]])| {
        let row0 = (b as u32 * frame.band_rows) as i32;
        let row1 = row0 + (rows.len() / frame.width as usize) as i32;
        let first = b.saturating_sub(frame.reach);
        let (lo, hi) = (scratch.starts[first], scratch.starts[b + 1]);
        for &i in &scratch.order[lo..hi] {
            let i = i as usize;
            let colour = palette[particles.shade[i] as usize];
            draw_segment(
                rows,
                frame.width,
                row0,
                row1,
                (particles.prev_x[i], particles.prev_y[i]),
                (particles.x[i], particles.y[i]),
                colour,
            );
        }
        for mv in wraps {
            let colour = palette[particles.shade[mv.index as usize] as usize];
            draw_wrapped(rows, frame, row0, row1, particles, mv, colour);
        }
    };
    if parallel {
        pixels.par_chunks_mut(band_len).enumerate().for_each(paint);
    } else {
        pixels.chunks_mut(band_len).enumerate().for_each(paint);
    }
}
