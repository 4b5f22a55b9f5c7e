//! The particles stage: each bin's particles move and draw their trails
//! straight into the canvas rows around their band.
//!
//! A task owns bin `k` and its *zone*, rows `k·B − B/2 .. (k+1)·B + B/2`
//! (`B` rows per band). Even bins run first, then odd bins: the zones of
//! one parity tile the canvas without overlap, so no two tasks ever touch
//! the same pixel. A particle whose move stays inside its zone without
//! wrapping (at usual speeds, all but a few per thousand) is drawn at once;
//! the rest file their pieces under every band they touch, and those are
//! drawn band-parallel afterwards ([`super::trails::draw`]). Pixels keep the
//! higher-ranked colour, so none of this order matters to the result.
//!
//! Each block of [`BLOCK`] particles runs in two stages: [`prepare`] moves
//! them and works out where and how each trail is drawn (vector code where
//! the CPU has it, see [`super::isa`]); [`draw_block`] then merges pixels.

mod scalar;
#[cfg(target_arch = "x86_64")]
mod x86;

use rayon::prelude::*;

use super::bins::{Bin, Bins, Traveller};
use super::flow::FlowGrid;
use super::isa::FieldIsa;
use super::particles::{move_one, pieces, Motion};
use super::raster::{line_pixels, merge_pixel, pixel_of, SinCos};
use super::trails::Segment;

/// Particles per block between the motion and drawing stages.
pub(crate) const BLOCK: usize = 256;

/// Flag: the trail is drawn now, inside the zone (no wrap, ends in the zone).
pub(crate) const DIRECT: u32 = 1;
/// Flag: the trail is one pixel, or two that touch (only with [`DIRECT`]).
pub(crate) const SHORT: u32 = 2;
/// Flag: the particle's new row is in another band.
pub(crate) const LEAVING: u32 = 4;

/// What every bin's task reads.
#[derive(Clone, Copy)]
pub(crate) struct Shared<'a> {
    pub motion: &'a Motion,
    pub flow: &'a FlowGrid,
    pub sincos: &'a SinCos,
    /// Palette colours as little-endian `u32` (see [`super::raster::merge_key`]).
    pub palette: &'a [u32; 256],
    pub width: u32,
    /// log2 of the rows per band.
    pub shift: u32,
    pub isa: FieldIsa,
}

/// One task's view: its bin and the first row of its zone.
#[derive(Clone, Copy)]
pub(crate) struct Zone {
    /// Bin (and band) index.
    pub bin: u32,
    /// First canvas row of the zone.
    pub row0: u32,
}

impl Zone {
    /// Index of the zone's first pixel in the canvas.
    #[inline]
    pub fn base(&self, width: u32) -> u32 {
        self.row0 * width
    }
}

/// Stage 1's answer for one block: old positions, the zone-relative pixel
/// indices of both trail ends, colours and flags.
pub(crate) struct Prepared {
    pub old_x: [f32; BLOCK],
    pub old_y: [f32; BLOCK],
    pub from: [u32; BLOCK],
    pub to: [u32; BLOCK],
    pub colour: [u32; BLOCK],
    pub flags: [u32; BLOCK],
}

impl Prepared {
    fn new() -> Prepared {
        Prepared {
            old_x: [0.0; BLOCK],
            old_y: [0.0; BLOCK],
            from: [0; BLOCK],
            to: [0; BLOCK],
            colour: [0; BLOCK],
            flags: [0; BLOCK],
        }
    }

    /// Records particle `i`'s move from `(x, y)` (the scalar classification
    /// every vector path must match).
    #[inline]
    pub fn set(
        &mut self,
        i: usize,
        x: f32,
        y: f32,
        mv: &super::particles::Move,
        s: &Shared,
        z: Zone,
    ) {
        self.old_x[i] = x;
        self.old_y[i] = y;
        self.colour[i] = s.palette[mv.shade as usize];
        let row1 = mv.to.1 as u32;
        let mut flags = 0;
        if row1 >> s.shift != z.bin {
            flags |= LEAVING;
        }
        let half = 1 << s.shift >> 1;
        if mv.to == mv.unwrapped && ((row1 + half) >> s.shift).wrapping_sub(z.bin) <= 1 {
            // Both ends inside the canvas: truncation is the floor.
            let (x0, y0, x1) = (x as u32, y as u32, mv.to.0 as u32);
            let base = z.base(s.width);
            self.from[i] = (y0 * s.width + x0).wrapping_sub(base);
            self.to[i] = (row1 * s.width + x1).wrapping_sub(base);
            flags |= DIRECT;
            if x0.abs_diff(x1) <= 1 && y0.abs_diff(row1) <= 1 {
                flags |= SHORT;
            }
        }
        self.flags[i] = flags;
    }
}

/// A bin task's leftovers: pieces to draw later, per band, and the
/// particles (indices in the bin, ascending) that moved to another band.
#[derive(Clone, Debug, Default)]
pub(crate) struct Leftovers {
    pub deferred: Vec<Vec<Segment>>,
    pub deferred_count: usize,
    pub leaving: Vec<u32>,
}

impl AsRef<[Vec<Segment>]> for Leftovers {
    fn as_ref(&self) -> &[Vec<Segment>] {
        &self.deferred
    }
}

/// Moves every particle and draws what it can: even bins, then odd bins.
/// `leftovers` gets one entry per bin.
pub(crate) fn run(
    pixels: &mut [[u8; 4]],
    height: u32,
    bins: &mut Bins,
    leftovers: &mut Vec<Leftovers>,
    s: &Shared,
    parallel: bool,
) {
    let rows = 1u32 << s.shift;
    let bands = bins.bins_mut().len();
    leftovers.resize_with(bands, Leftovers::default);
    for l in leftovers.iter_mut() {
        l.deferred.resize_with(bands, Vec::new);
        l.deferred.iter_mut().for_each(Vec::clear);
        l.deferred_count = 0;
        l.leaving.clear();
    }
    let row_len = s.width as usize;
    for parity in 0..2u32 {
        // Zones of this parity, top down: the first starts at row 0 (even)
        // or B/2 (odd); every other is 2B rows.
        let first = if parity == 0 {
            rows + rows / 2
        } else {
            rows / 2
        };
        let (head, rest) = pixels.split_at_mut((first.min(height) as usize) * row_len);
        let mut zones: Vec<&mut [[u8; 4]]> = Vec::with_capacity(bands / 2 + 1);
        if parity == 0 {
            zones.push(head);
        }
        zones.extend(rest.chunks_mut(2 * rows as usize * row_len));
        let mut jobs: Vec<_> = zones
            .into_iter()
            .zip(bins.bins_mut().chunks_mut(2))
            .zip(leftovers.chunks_mut(2))
            .enumerate()
            .filter_map(|(j, ((zone, pair), left))| {
                let p = parity as usize;
                let bin = pair.get_mut(p)?;
                let k = (2 * j + p) as u32;
                let z = Zone {
                    bin: k,
                    row0: (k * rows).saturating_sub(rows / 2),
                };
                Some((z, zone, bin, &mut left[p]))
            })
            .collect();
        let job = |(z, zone, bin, left): &mut (Zone, &mut [[u8; 4]], &mut Bin, &mut Leftovers)| {
            step_bin(bin, zone, *z, s, left)
        };
        if parallel {
            jobs.par_iter_mut().for_each(job);
        } else {
            jobs.iter_mut().for_each(job);
        }
    }
}

/// Moves bin `z.bin`'s particles and draws their trails into `zone`.
fn step_bin(bin: &mut Bin, zone: &mut [[u8; 4]], z: Zone, s: &Shared, left: &mut Leftovers) {
    let mut prep = Prepared::new();
    let n = bin.len();
    let mut start = 0;
    while start < n {
        let end = (start + BLOCK).min(n);
        let xs = &mut bin.x[start..end];
        let ys = &mut bin.y[start..end];
        let (speeds, wanders) = (&bin.speed[start..end], &bin.wander[start..end]);
        prepare(xs, ys, speeds, wanders, s, z, &mut prep);
        draw_block(&prep, end - start, start, bin, zone, z, s, left);
        start = end;
    }
}

/// Stage 1 on the best instruction set allowed: moves the block's
/// particles (positions updated in place) and fills `out`.
#[inline]
fn prepare(
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    match s.isa {
        #[cfg(target_arch = "x86_64")]
        FieldIsa::Avx512 => x86::prepare_avx512(xs, ys, speeds, wanders, s, z, out),
        #[cfg(target_arch = "x86_64")]
        FieldIsa::Avx2 => x86::prepare_avx2(xs, ys, speeds, wanders, s, z, out),
        _ => scalar::prepare(xs, ys, speeds, wanders, s, z, out),
    }
}

/// Stage 2: merges each direct trail into `zone`, files the others, and
/// notes the particles leaving the bin.
#[allow(clippy::too_many_arguments)]
fn draw_block(
    prep: &Prepared,
    n: usize,
    start: usize,
    bin: &Bin,
    zone: &mut [[u8; 4]],
    z: Zone,
    s: &Shared,
    left: &mut Leftovers,
) {
    for i in 0..n {
        let flags = prep.flags[i];
        let colour = prep.colour[i].to_le_bytes();
        if flags & (DIRECT | SHORT) == DIRECT | SHORT {
            // The usual trail: its two ends are the whole line, and merging
            // a pixel twice changes nothing.
            merge_pixel(&mut zone[prep.from[i] as usize], colour);
            merge_pixel(&mut zone[prep.to[i] as usize], colour);
        } else if flags & DIRECT != 0 {
            let (x0, y0) = (prep.old_x[i] as i32, prep.old_y[i] as i32);
            let (x1, y1) = (bin.x[start + i] as i32, bin.y[start + i] as i32);
            let (w, r0) = (s.width as usize, z.row0 as i32);
            line_pixels(x0, y0 - r0, x1, y1 - r0, |x, y| {
                merge_pixel(&mut zone[y as usize * w + x as usize], colour)
            });
        } else {
            let j = start + i;
            let (x, y) = (prep.old_x[i], prep.old_y[i]);
            let mv = move_one(
                x,
                y,
                bin.speed[j],
                bin.wander[j],
                s.motion,
                s.flow,
                s.sincos,
            );
            defer((x, y), &mv, colour, s, left);
        }
        if flags & LEAVING != 0 {
            left.leaving.push((start + i) as u32);
        }
    }
}

/// Files the piece(s) of a move under every band of rows they touch.
fn defer(
    from: (f32, f32),
    mv: &super::particles::Move,
    colour: [u8; 4],
    s: &Shared,
    left: &mut Leftovers,
) {
    let last_row = s.motion.rows as i32 - 1;
    for (a, b) in pieces(from, mv).into_iter().flatten() {
        let seg = Segment {
            x0: pixel_of(a.0) as i16,
            y0: pixel_of(a.1) as i16,
            x1: pixel_of(b.0) as i16,
            y1: pixel_of(b.1) as i16,
            colour,
        };
        let (top, bottom) = (seg.y0.min(seg.y1) as i32, seg.y0.max(seg.y1) as i32);
        if bottom < 0 || top > last_row {
            continue;
        }
        let first = (top.max(0) as u32 >> s.shift) as usize;
        let last = (bottom.min(last_row) as u32 >> s.shift) as usize;
        for band in &mut left.deferred[first..=last] {
            band.push(seg);
        }
        left.deferred_count += 1;
    }
}

/// Moves every particle noted as leaving into the bin of its new row, in
/// bin order (so the result never depends on threads). `buffer` is scratch.
pub(crate) fn migrate(bins: &mut Bins, leftovers: &[Leftovers], buffer: &mut Vec<Traveller>) {
    buffer.clear();
    for (bin, left) in bins.bins_mut().iter_mut().zip(leftovers) {
        // Descending, so each swap_remove moves a particle that stays.
        for &i in left.leaving.iter().rev() {
            buffer.push(bin.swap_remove(i as usize));
        }
    }
    for &t in buffer.iter() {
        bins.rebin(t);
    }
}
