//! The particles stage: each bin's particles move and draw their trails
//! straight into the canvas rows around their band.
//!
//! A task owns bin `k` and its *zone*, rows `k·B − B/2 .. (k+1)·B + B/2`
//! (`B` rows per band). The zones of one parity tile the canvas without
//! overlap, and an odd bin's task runs only after the even tasks whose
//! zones its own overlaps ([`schedule`]), holding its rows while it runs
//! ([`rows`]), so no two tasks ever touch the same pixel at once. A
//! particle whose move stays inside its zone without wrapping is drawn at
//! once: from precomputed pixels when the line is at
//! most four steps long ([`SHORT`], [`MEDIUM`]). A wrapped move is two
//! pieces; each piece whose rows lie in the zone is drawn at once too,
//! clipped to the canvas (the near side of every wrap, both sides of a
//! wrap across the left or right edge), and so is a piece at the other
//! top or bottom edge where the task owns those rows too, or handed as
//! pixels to the task that will own them (see [`run`]); the rest are filed
//! under every band they touch and drawn band-parallel afterwards
//! ([`super::trails::draw`]). Pixels keep the higher-ranked colour, so
//! none of this order matters to the result.
//!
//! Busy phases of the flow are mostly wraps: where the flow at an edge
//! points out of the canvas, particles bounce between two edges every step
//! (with seed 1 at 1M particles, up to 12% of them), so wrapped lanes stay
//! on the vector path, short wrapped moves are drawn inline, and the
//! particles that change band are filed per destination band and appended
//! column by column ([`settle`]).
//!
//! Each block of [`BLOCK`] particles runs in two stages: [`prepare`] moves
//! them and works out where and how each trail is drawn (vector code where
//! the CPU has it, see `crate::cpu`); [`block::draw`] then merges pixels.

mod block;
mod migrate;
mod prefetch;
mod rows;
mod scalar;
mod schedule;
crate::cpu::simd128! { items: mod v128; }
#[cfg(target_arch = "x86_64")]
mod x86;

use std::ops::Range;
use std::sync::{Mutex, PoisonError};

use super::bins::{Bin, Bins};
use super::canvas::fade_pixels;
use super::flow::FlowGrid;
use super::particles::Motion;
use super::raster::{merge_pixel, SinCos};
use crate::cpu::Isa;

/// Particles per block between the motion and drawing stages.
pub(crate) const BLOCK: usize = 256;

/// Flag: the trail is drawn now, inside the zone (no wrap, ends in the zone).
pub(crate) const DIRECT: u32 = 1;
/// Flag (only with [`DIRECT`]): the line is at most two steps long, so its
/// pixels are its two ends and the middle one, which is one step from the
/// start towards the end on each axis that moves (Bresenham's choice,
/// unit-tested).
pub(crate) const SHORT: u32 = 2;
/// Flag (only with [`DIRECT`], never with [`SHORT`]): the line is three or
/// four steps long on its major axis (and at most four on the other); its
/// inner pixels are read from [`LineTable`] at the index in the flags' bits
/// from [`CODE_SHIFT`] up (see [`line_code`]).
pub(crate) const MEDIUM: u32 = 4;
/// Flag (never with [`DIRECT`]): the move wrapped, so its trail is two
/// pieces ([`crate::field::particles::pieces`]).
pub(crate) const WRAPPED: u32 = 8;
/// The flags bits from here up hold a [`MEDIUM`] line's [`line_code`].
pub(crate) const CODE_SHIFT: u32 = 8;
/// Longest [`MEDIUM`] line, in steps along either axis.
pub(crate) const MEDIUM_STEPS: i32 = 4;

/// The [`LineTable`] index of a line from pixel `(0, 0)` to `(dx, dy)`
/// (both within ±[`MEDIUM_STEPS`]).
#[inline]
pub(crate) const fn line_code(dx: i32, dy: i32) -> u32 {
    ((dy + MEDIUM_STEPS) * (2 * MEDIUM_STEPS + 1) + dx + MEDIUM_STEPS) as u32
}

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
    pub isa: Isa,
    /// Inner pixels of the [`MEDIUM`] lines on a canvas `width` wide.
    pub lines: &'a LineTable,
    /// Steps so far: which bins are due a sort by column ([`sort_due`]).
    pub step: u64,
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

pub(crate) use block::{LineTable, Prepared};
pub(crate) use migrate::{settle, Leftovers};
use rows::SharedRows;

/// Steps between two trims of the leftovers' lists ([`trim`]).
pub(crate) const TRIM_EVERY: u64 = 64;
/// Steps between two sorts of a bin by column ([`Bin::sort_by_column`]).
pub(crate) const SORT_EVERY: u64 = 16;
/// log2 of the pixels per column a bin is sorted by.
pub(crate) const SORT_COLUMN_SHIFT: u32 = 5;

/// Whether bin `bin` is sorted by column at step `step`: each bin every
/// [`SORT_EVERY`] steps, the bins' turns spread over those steps, so no
/// step pays for sorting every bin at once (a step that did took 1.9× a
/// calm one), and each by its own task just before it moves, while its
/// particles are on their way into the cache anyway.
pub(crate) fn sort_due(step: u64, bin: u32) -> bool {
    (step + u64::from(bin)).is_multiple_of(SORT_EVERY)
}

/// Gives back memory the bins and the leftovers' lists no longer need (a
/// bin that has stayed under two thirds full for a while, a list far larger
/// than this step needed); call once a step, after [`settle`], with the
/// number of steps so far. Amortised: nothing is allocated on most steps.
pub(crate) fn trim(bins: &mut Bins, leftovers: &mut [Leftovers], step: u64) {
    bins.bins_mut().iter_mut().for_each(Bin::trim);
    if step.is_multiple_of(TRIM_EVERY) {
        leftovers.iter_mut().for_each(Leftovers::trim);
    }
}

/// Moves every particle and draws what it can. `leftovers` gets one entry
/// per bin.
///
/// Bin `k`'s task owns its zone while it runs. Zones of one parity tile
/// the canvas, and an odd zone overlaps the even zones beside it, so an
/// odd task runs after those two even tasks (see [`schedule`]); each even
/// task first fades its zone (they tile the canvas, except for the last
/// rows when they belong to no even bin's zone, see [`fade_tail`]).
///
/// Moves that wrap across the top or bottom edge (the busiest phases of
/// the flow are mostly those) land at the other edge, outside the task's
/// zone. The last odd task owns both edges (its zone reaches the bottom
/// row or the rows above it belong to no odd zone, and rows `0..B/2`
/// belong to no odd zone) and runs after every even task, so it draws
/// such pieces at once, and the even tasks hand it theirs as pixels
/// ([`Leftovers::handoff`]), which it merges before its own bin. The
/// first even task also draws into the rows below the last even zone,
/// when there are such rows. See [`Far`].
pub(crate) fn run(
    pixels: &mut [[u8; 4]],
    height: u32,
    bins: &mut Bins,
    leftovers: &mut Vec<Leftovers>,
    s: &Shared,
    fade: u8,
    parallel: bool,
) {
    let rows = 1u32 << s.shift;
    let bands = bins.bins_mut().len();
    if bands == 0 {
        return;
    }
    leftovers.resize_with(bands, Leftovers::default);
    for l in leftovers.iter_mut() {
        l.clear(bands);
    }
    let last_even = (bands - 1) & !1;
    let last_odd = last_odd(bands);
    let next = odd_edge_rows(height, rows, bands);
    let jobs = bins
        .bins_mut()
        .iter_mut()
        .zip(leftovers.iter_mut())
        .enumerate()
        .map(|(k, (bin, left))| {
            let (top, bottom) = zone_rows(k as u32, rows, height);
            let even = k % 2 == 0;
            let far_rows = if k == 0 {
                // The rows below the last even zone.
                zone_rows(last_even as u32, rows, height).1..height
            } else if Some(k) == last_odd {
                // The rows above the first odd zone.
                0..(rows / 2).min(height)
            } else {
                0..0
            };
            let job = Job {
                z: Zone {
                    bin: k as u32,
                    row0: top,
                },
                zone_rows: top..bottom,
                far_rows,
                next: if even { next } else { [(0, 0); 2] },
                fade: if even { fade } else { 0 },
                takes_handoff: Some(k) == last_odd,
                bin,
                left,
            };
            let particles = job.bin.len() as u64;
            (job, particles)
        })
        .collect();
    let mut tasks = schedule::Tasks::new(jobs);
    for k in (1..bands).step_by(2) {
        if Some(k) == last_odd {
            for even in (0..bands).step_by(2) {
                tasks.after(k, even);
            }
        } else {
            tasks.after(k, k - 1);
            if k + 1 < bands {
                tasks.after(k, k + 1);
            }
        }
    }
    let canvas = SharedRows::new(pixels, s.width);
    let handed: Handed = Mutex::new(Vec::with_capacity(bands / 2 + 1));
    let threads = if parallel {
        rayon::current_num_threads()
    } else {
        1
    };
    tasks.run(threads, |job| job.run(&canvas, &handed, s));
    // Give the lists back, for their capacity.
    for (k, list) in handed.into_inner().unwrap_or_else(PoisonError::into_inner) {
        leftovers[k].handoff = list;
    }
}

/// The last odd bin of `bands`, if there is one.
fn last_odd(bands: usize) -> Option<usize> {
    match bands {
        0 | 1 => None,
        _ if bands.is_multiple_of(2) => Some(bands - 1),
        _ => Some(bands - 2),
    }
}

/// The rows the last odd task owns, as two ranges of canvas rows: its
/// zone, and the rows above the first odd zone (empty ranges when the
/// canvas has a single band).
fn odd_edge_rows(height: u32, rows: u32, bands: usize) -> [(u32, u32); 2] {
    match last_odd(bands) {
        Some(k) => [
            zone_rows(k as u32, rows, height),
            (0, (rows / 2).min(height)),
        ],
        None => [(0, 0); 2],
    }
}

/// Canvas rows `start..end` of bin `k`'s zone: its band and half a band
/// either side, clipped to the canvas (bands of `rows` rows).
fn zone_rows(k: u32, rows: u32, height: u32) -> (u32, u32) {
    (
        (k * rows).saturating_sub(rows / 2),
        (k * rows + rows + rows / 2).min(height),
    )
}

/// Whether canvas rows `top..=bottom` all lie in `rows` (canvas rows from
/// `row0`, `width` pixels each).
pub(crate) fn rows_hold(
    row0: u32,
    rows: &[[u8; 4]],
    width: u32,
    (top, bottom): (i32, i32),
) -> bool {
    top >= row0 as i32 && bottom < (row0 as usize + rows.len() / width as usize) as i32
}

/// Rows of the canvas a task may draw into besides its zone, at the other
/// edge, which no task that may run at the same time touches; and the rows
/// the last odd task owns, whose pixels an even task hands to it.
pub(crate) struct Far<'a> {
    /// First canvas row of `rows`.
    pub row0: u32,
    pub rows: &'a mut [[u8; 4]],
    /// Canvas rows `start..end` (two ranges) of the last odd task, for
    /// an even task; empty otherwise.
    pub next: [(u32, u32); 2],
}

impl Far<'_> {
    /// Whether canvas rows `top..=bottom` all lie in `rows`.
    pub fn holds(&self, (top, bottom): (i32, i32), width: u32) -> bool {
        rows_hold(self.row0, self.rows, width, (top, bottom))
    }
}

/// The even tasks' hand-off pixels ([`Leftovers::handoff`]), by bin.
type Handed = Mutex<Vec<(usize, Vec<[u32; 2]>)>>;

/// What one bin's task runs: its bin and zone, its leftovers, the rows at
/// the other edge it may draw into, and whether it merges the pixels the
/// even tasks handed over.
struct Job<'a> {
    z: Zone,
    /// Canvas rows of the zone, and of the rows at the other edge.
    zone_rows: Range<u32>,
    far_rows: Range<u32>,
    /// The last odd task's rows (see [`Far::next`]).
    next: [(u32, u32); 2],
    fade: u8,
    takes_handoff: bool,
    bin: &'a mut Bin,
    left: &'a mut Leftovers,
}

impl Job<'_> {
    /// Takes its rows of `canvas`, fades the zone, merges the pixels
    /// handed over (`handed`: bin and pixels of every even task), then
    /// steps the bin; an even task then adds its own hand-off to `handed`.
    fn run(self, canvas: &SharedRows, handed: &Handed, s: &Shared) {
        crate::trace::span!("field.bin", bin = self.z.bin, particles = self.bin.len());
        if sort_due(s.step, self.z.bin) {
            self.bin.sort_by_column(SORT_COLUMN_SHIFT);
        }
        let mut zone = canvas.take(self.zone_rows);
        let mut far_rows = canvas.take(self.far_rows.clone());
        let mut far = Far {
            row0: self.far_rows.start,
            rows: &mut far_rows,
            next: self.next,
        };
        fade_pixels(&mut zone, self.fade);
        if self.takes_handoff {
            let base = self.z.base(s.width);
            let lists = handed.lock().unwrap_or_else(PoisonError::into_inner);
            for &[index, colour] in lists.iter().flat_map(|(_, list)| list) {
                let c = colour.to_le_bytes();
                if index >= base {
                    merge_pixel(&mut zone[(index - base) as usize], c);
                } else {
                    merge_pixel(&mut far.rows[(index - far.row0 * s.width) as usize], c);
                }
            }
        }
        step_bin(self.bin, &mut zone, self.z, &mut far, s, self.left);
        if self.z.bin.is_multiple_of(2) {
            let list = std::mem::take(&mut self.left.handoff);
            let mut lists = handed.lock().unwrap_or_else(PoisonError::into_inner);
            lists.push((self.z.bin as usize, list));
        }
    }
}

/// Fades the rows below the last even bin's zone, which no task of
/// [`run`] fades (fewer than half a band, and only on some heights). Call
/// it before [`run`].
pub(crate) fn fade_tail(pixels: &mut [[u8; 4]], width: u32, height: u32, shift: u32, fade: u8) {
    let rows = 1u32 << shift;
    let bands = height.div_ceil(rows).max(1);
    let last_even = (bands - 1) & !1;
    let (_, covered) = zone_rows(last_even, rows, height);
    fade_pixels(&mut pixels[(covered * width) as usize..], fade);
}

/// Moves bin `z.bin`'s particles and draws their trails into `zone` (and
/// wrapped pieces into `far` where they fit).
fn step_bin(
    bin: &mut Bin,
    zone: &mut [[u8; 4]],
    z: Zone,
    far: &mut Far,
    s: &Shared,
    left: &mut Leftovers,
) {
    let mut prep = Prepared::new();
    let n = bin.len();
    let mut start = 0;
    while start < n {
        let end = (start + BLOCK).min(n);
        let xs = &mut bin.x[start..end];
        let ys = &mut bin.y[start..end];
        let (speeds, wanders) = (&bin.speed[start..end], &bin.wander[start..end]);
        prepare(xs, ys, speeds, wanders, s, z, &mut prep);
        block::draw(&prep, end - start, start, bin, zone, z, far, s, left);
        start = end;
    }
    left.remove_leavers(bin);
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
        Isa::Avx512 => x86::prepare_avx512(xs, ys, speeds, wanders, s, z, out),
        #[cfg(target_arch = "x86_64")]
        Isa::Avx2 => x86::prepare_avx2(xs, ys, speeds, wanders, s, z, out),
        Isa::Simd128 => crate::cpu::simd128!(if {
            v128::prepare(xs, ys, speeds, wanders, s, z, out)
        } else {
            scalar::prepare(xs, ys, speeds, wanders, s, z, out)
        }),
        _ => scalar::prepare(xs, ys, speeds, wanders, s, z, out),
    }
}
