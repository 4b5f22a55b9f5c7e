//! The particles stage: each bin's particles move and draw their trails
//! straight into the canvas rows around their band.
//!
//! A task owns bin `k` and its *zone* ([`Zone`]), rows `k·B − B/2 ..
//! (k+1)·B + B/2` (`B` rows per band). The edge bin, 0, also holds the
//! last band ([`Bands`]), and its zone is the rows around both edges, on
//! a copy laid end to end. A task runs only after the tasks before it
//! whose zones share rows with its own ([`schedule`]), holding its rows
//! while it runs ([`rows`]), so no two tasks ever touch the same pixel at
//! once. A particle whose move stays inside its zone without wrapping is
//! drawn at once: from precomputed pixels when the line is at most four
//! steps long ([`SHORT`], [`MEDIUM`]). A wrapped move is two pieces; each
//! piece whose rows lie in the zone is drawn at once too, clipped to the
//! canvas (the near side of every wrap, both sides of a wrap across the
//! left or right edge, and for the edge bin both sides of a wrap across
//! the top or bottom edge); the rest are filed under every band they
//! touch and drawn band-parallel afterwards ([`super::trails::draw`]).
//! Pixels keep the higher-ranked colour, so none of this order matters
//! to the result.
//!
//! Busy phases of the flow are mostly wraps: where the flow at an edge
//! points out of the canvas, particles bounce between two edges every step
//! (with seed 1 at 1M particles, up to 12% of them), so wrapped lanes stay
//! on the vector path, short wrapped moves are drawn inline, such a
//! particle stays in the edge bin, and the particles that do change bin
//! are filed per destination bin and appended column by column
//! ([`settle`]).
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

use super::bins::{Bands, Bin, Bins};
use super::canvas::fade_pixels;
use super::flow::FlowGrid;
use super::particles::Motion;
use super::raster::SinCos;
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
    /// Bands of rows, and which bin each belongs to.
    pub bands: Bands,
    pub isa: Isa,
    /// Inner pixels of the [`MEDIUM`] lines on a canvas `width` wide.
    pub lines: &'a LineTable,
    /// Steps so far: which bins are due a sort by column ([`sort_due`]).
    pub step: u64,
}

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
/// per bin; `edge` is the edge bin's working copy of its zone, kept from
/// step to step for its capacity.
///
/// Bin `k`'s task owns its zone while it runs. Two tasks whose zones
/// share rows never run at once: an odd task runs after the even ones
/// beside it, and of two even tasks, the lower bin first (the edge bin
/// and the bin above the last band, when there is an odd number of bins).
/// Each task first fades the rows of its zone that no task before it
/// holds, so every row is faded once, before any trail reaches it.
pub(crate) fn run(
    pixels: &mut [[u8; 4]],
    bins: &mut Bins,
    leftovers: &mut Vec<Leftovers>,
    edge: &mut Vec<[u8; 4]>,
    s: &Shared,
    fade: u8,
    parallel: bool,
) {
    let bands = bins.bands();
    let count = bins.bins_mut().len();
    leftovers.resize_with(count, Leftovers::default);
    for l in leftovers.iter_mut() {
        l.clear(bands);
    }
    let plan = Plan::new(bands);
    let mut edge = Some(edge);
    let jobs = bins
        .bins_mut()
        .iter_mut()
        .zip(leftovers.iter_mut())
        .zip(&plan.zones)
        .zip(&plan.fades)
        .map(|(((bin, left), &z), fade_rows)| {
            let job = Job {
                z,
                fade_rows: fade_rows.clone(),
                fade,
                scratch: if z.wrap != 0 { edge.take() } else { None },
                bin,
                left,
            };
            let particles = job.bin.len() as u64;
            (job, particles)
        })
        .collect();
    let mut tasks = schedule::Tasks::new(jobs);
    for &(later, first) in &plan.after {
        tasks.after(later, first);
    }
    let canvas = SharedRows::new(pixels, s.width);
    let threads = if parallel {
        rayon::current_num_threads()
    } else {
        1
    };
    tasks.run(threads, |job| job.run(&canvas, s));
}

/// Every bin's zone, the rows each task fades, and which tasks wait for
/// which (see [`run`]).
#[derive(Debug)]
struct Plan {
    zones: Vec<Zone>,
    /// Canvas rows each task fades: all of a wrapping zone (the edge bin,
    /// which no task precedes), else one range inside the zone.
    fades: Vec<Range<u32>>,
    /// `(later, first)`: task `later` starts after task `first` ends.
    after: Vec<(usize, usize)>,
}

impl Plan {
    fn new(bands: Bands) -> Plan {
        let zones: Vec<Zone> = (0..bands.bins() as u32)
            .map(|k| Zone::of(bands, k))
            .collect();
        let shares_rows = |a: &Zone, b: &Zone| {
            let overlap = |r: &Range<u32>, q: &Range<u32>| r.start < q.end && q.start < r.end;
            let (ra, rb) = (a.canvas_rows(), b.canvas_rows());
            ra.iter().any(|r| rb.iter().any(|q| overlap(r, q)))
        };
        // Even before odd, then the lower bin first.
        let goes_first = |a: usize, b: usize| (a % 2, a) < (b % 2, b);
        // A zone spans at most two bands, so only the next two bins' zones
        // can share its rows, and the edge bin's the last two's too (the
        // unit test checks every pair).
        let n = zones.len();
        let near = |a: usize| {
            (a + 1..(a + 3).min(n)).chain(if a == 0 {
                n.saturating_sub(2).max(3)..n
            } else {
                0..0
            })
        };
        let mut after = Vec::new();
        for a in 0..n {
            for b in near(a) {
                if shares_rows(&zones[a], &zones[b]) {
                    after.push(if goes_first(a, b) { (b, a) } else { (a, b) });
                }
            }
        }
        // Each task's zone less the rows of the tasks before it (which
        // cover its first or its last rows).
        let mut fades: Vec<Range<u32>> = zones
            .iter()
            .map(|z| {
                if z.wrap != 0 {
                    0..0
                } else {
                    z.canvas_rows()[0].clone()
                }
            })
            .collect();
        for &(later, first) in &after {
            let rows = &mut fades[later];
            for held in zones[first].canvas_rows() {
                if held.contains(&rows.start) {
                    rows.start = held.end.min(rows.end);
                }
                if rows.end > rows.start && held.contains(&(rows.end - 1)) {
                    rows.end = held.start.max(rows.start);
                }
            }
        }
        Plan {
            zones,
            fades,
            after,
        }
    }
}

/// What one bin's task runs: its bin and zone, the rows it fades, its
/// leftovers, and for the edge bin the working copy of its zone.
struct Job<'a> {
    z: Zone,
    /// Canvas rows to fade (ignored for a wrapping zone, faded whole).
    fade_rows: Range<u32>,
    fade: u8,
    /// For a wrapping zone: where its rows are laid end to end.
    scratch: Option<&'a mut Vec<[u8; 4]>>,
    bin: &'a mut Bin,
    left: &'a mut Leftovers,
}

impl Job<'_> {
    /// Takes its rows of `canvas`, fades them, then steps the bin.
    fn run(self, canvas: &SharedRows, s: &Shared) {
        crate::trace::span!("field.bin", bin = self.z.bin, particles = self.bin.len());
        if sort_due(s.step, self.z.bin) {
            self.bin.sort_by_column(SORT_COLUMN_SHIFT);
        }
        let [first, second] = self.z.canvas_rows();
        let mut rows = canvas.take(first.clone());
        match self.scratch {
            Some(zone) => {
                // The rows from `row0` down, then those from the top.
                let mut top = canvas.take(second);
                zone.clear();
                zone.extend_from_slice(&rows);
                zone.extend_from_slice(&top);
                fade_pixels(zone, self.fade);
                step_bin(self.bin, zone, self.z, s, self.left);
                let (bottom_part, top_part) = zone.split_at(rows.len());
                rows.copy_from_slice(bottom_part);
                top.copy_from_slice(top_part);
            }
            None => {
                let w = s.width as usize;
                let faded = (self.fade_rows.start - first.start) as usize * w
                    ..(self.fade_rows.end - first.start) as usize * w;
                fade_pixels(&mut rows[faded], self.fade);
                step_bin(self.bin, &mut rows, self.z, s, self.left);
            }
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
        // The next block's columns are asked for ahead of its stage 1,
        // positions before this block's stage 1 and the rest after it:
        // stage 1 waited on their first loads (about 3% of a step at 1M;
        // all four columns at once, or two blocks ahead, gained less).
        let next = end..(end + BLOCK).min(n);
        prefetch::columns(&[&bin.x, &bin.y], next.clone());
        let xs = &mut bin.x[start..end];
        let ys = &mut bin.y[start..end];
        let (speeds, wanders) = (&bin.speed[start..end], &bin.wander[start..end]);
        prepare(xs, ys, speeds, wanders, s, z, &mut prep);
        prefetch::columns(&[&bin.speed, &bin.wander], next);
        block::draw(&prep, end - start, start, bin, zone, z, s, left);
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

#[cfg(test)]
mod tests {
    use super::{prepare, Plan, Prepared, Shared, Zone, BLOCK, DIRECT, WRAPPED};
    use crate::cpu::Isa;
    use crate::field::bins::Bands;
    use crate::field::Field;
    use crate::settings::FieldSettings;

    /// Stage 1 on every instruction set this CPU has records what the
    /// scalar code records, lane for lane: for random blocks in the edge
    /// bin (crowded at both edges, so many moves wrap across them) and in
    /// an ordinary bin. Moves that wrap across the top or bottom edge and
    /// are drawn as direct trails in the edge bin's zone do occur.
    #[test]
    fn every_stage_one_kernel_records_what_the_scalar_one_does() {
        let settings = FieldSettings {
            width: 97,
            height: 150,
            base_speed: 1.5,
            speed_scale: 3.0,
            particles: 0,
            parallel: false,
            ..FieldSettings::default()
        };
        let mut f = Field::new(&settings).expect("valid settings");
        f.flow.update(0.7, settings.noise_frequency, false);
        let motion = f.motion();
        let shared = |isa| Shared {
            motion: &motion,
            flow: &f.flow,
            sincos: &f.sincos,
            palette: &f.palette_keys,
            width: settings.width,
            bands: f.bins.bands(),
            isa,
            lines: &f.lines,
            step: 0,
        };
        let bands = f.bins.bands();
        assert_eq!(bands.count(), 5);
        let mut rng = fastrand::Rng::with_seed(36);
        let mut edge_direct = 0;
        for round in 0..400 {
            let bin = if round % 4 == 3 { 2 } else { 0 };
            let z = Zone::of(bands, bin);
            let n = rng.usize(1..=BLOCK);
            let rows = |band: u32| band * 32..(band * 32 + 32).min(150);
            let row = |rng: &mut fastrand::Rng| {
                let band = if bin == 0 && rng.bool() { 4 } else { bin };
                let r = rows(band);
                // Half of them within two rows of the band's far edge.
                let y = if rng.bool() {
                    r.start + rng.u32(0..2)
                } else {
                    r.end - 1 - rng.u32(0..2)
                };
                let y = if rng.u8(..) < 64 { rng.u32(r) } else { y };
                y as f32 + rng.f32()
            };
            let ys: Vec<f32> = (0..n).map(|_| row(&mut rng)).collect();
            let xs: Vec<f32> = (0..n).map(|_| rng.f32() * 97.0).collect();
            let speeds: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
            let wanders: Vec<f32> = (0..n).map(|_| rng.f32() * 3.0).collect();
            let run = |isa| {
                let (mut x, mut y) = (xs.clone(), ys.clone());
                let mut out = Prepared::new();
                prepare(&mut x, &mut y, &speeds, &wanders, &shared(isa), z, &mut out);
                (x, y, out)
            };
            let (x, y, want) = run(Isa::Scalar);
            for isa in Isa::ALL.into_iter().filter(|i| i.is_supported()) {
                let (gx, gy, got) = run(isa);
                let at = |i: usize| format!("{isa:?}, bin {bin}, round {round}, particle {i}");
                assert_eq!(
                    (gx.as_slice(), gy.as_slice()),
                    (x.as_slice(), y.as_slice()),
                    "{isa:?}"
                );
                assert_eq!(got.leaving, want.leaving, "{isa:?} round {round}");
                for i in 0..n {
                    let flags = want.flags[i];
                    assert_eq!(got.flags[i], flags, "{}", at(i));
                    assert_eq!(got.colour[i], want.colour[i], "{}", at(i));
                    if flags & DIRECT != 0 {
                        let ends = |p: &Prepared| (p.from[i], p.mid[i], p.to[i]);
                        assert_eq!(ends(&got), ends(&want), "{}", at(i));
                    } else {
                        assert_eq!(got.end[i], want.end[i], "{}", at(i));
                    }
                    if flags & WRAPPED != 0 {
                        assert_eq!(got.start2[i], want.start2[i], "{}", at(i));
                    }
                }
            }
            edge_direct += (0..n)
                .filter(|&i| want.flags[i] & DIRECT != 0 && (y[i] - ys[i]).abs() > 75.0)
                .count();
        }
        assert!(
            edge_direct > 100,
            "{edge_direct} wraps drawn as direct trails"
        );
    }

    /// On every height from 1 to 20 bands (of 4 and of 32 rows): each row
    /// is faded once; two tasks whose zones share a row are ordered; and
    /// each bin's zone holds its bands' rows and half a band beyond them,
    /// and a move of at most four rows (drawn from its ends) that ends in
    /// the zone never crosses the edge bin's seam.
    #[test]
    fn zones_are_faded_once_ordered_and_hold_their_bands() {
        for shift in [2, 5] {
            let rows = 1u32 << shift;
            for height in 1..=20 * rows {
                let bands = Bands::new(height, shift);
                let plan = Plan::new(bands);
                let at = |what: &str| format!("{what}: height {height}, bands of {rows}");
                let mut faded = vec![0u32; height as usize];
                for (z, fade) in plan.zones.iter().zip(&plan.fades) {
                    let fade = if z.wrap != 0 {
                        z.canvas_rows().to_vec()
                    } else {
                        vec![fade.clone()]
                    };
                    for r in fade.into_iter().flatten() {
                        faded[r as usize] += 1;
                    }
                }
                assert!(faded.iter().all(|&n| n == 1), "{} {faded:?}", at("fades"));
                let holds = |z: &Zone, r: u32| z.canvas_rows().iter().any(|q| q.contains(&r));
                for (a, za) in plan.zones.iter().enumerate() {
                    for (b, zb) in plan.zones.iter().enumerate().skip(a + 1) {
                        let shared = (0..height).any(|r| holds(za, r) && holds(zb, r));
                        let ordered = plan.after.contains(&(a, b)) || plan.after.contains(&(b, a));
                        assert_eq!(shared, ordered, "{} {a} {b}", at("order"));
                    }
                }
                for r in 0..height {
                    let z = plan.zones[bands.bin_of(r as f32)];
                    for near in r.saturating_sub(4)..(r + 5).min(height) {
                        if near.abs_diff(r) <= rows / 2 {
                            assert!(holds(&z, near), "{} row {r} → {near}", at("reach"));
                        }
                        if !holds(&z, near) {
                            continue;
                        }
                        let span = (r.min(near) as i32, r.max(near) as i32);
                        assert!(z.holds(span).is_some(), "{} row {r} → {near}", at("seam"));
                        let local = z.index(0, near, 7);
                        assert_eq!(local, z.row_of(near as i32) as u32 * 7, "{}", at("index"));
                        assert!(local < z.len(7), "{}", at("index"));
                    }
                }
            }
        }
    }
}
