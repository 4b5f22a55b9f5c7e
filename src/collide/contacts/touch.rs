//! Frames that ask only which pairs touch (exact, no overlaps, the finder's
//! own posed masks): most candidate pairs are settled without a posed mask,
//! and the rest (large windows only) rasterise each sprite only over the
//! part of its box they share with it.
//!
//! 1. **Sprites**: each needed sprite's pixel map and the world corners of
//!    its solid box (an oriented box every covered pixel centre lies in).
//! 2. **Pairs**: two oriented boxes, or two octagons ([`super::hull`]),
//!    apart on an axis of either (by more than the map's rounding) share
//!    no pixel; a pixel both sprites cover
//!    by the coverage rule itself ([`PixelMap::texel`], the rule every path
//!    agrees with) proves a touch: the midpoint of the two centres, then a
//!    grid over the pixels both boxes and both octagons' bounding boxes
//!    may hold. Any other pair with a small window
//!    ([`super::Contacts::WALK_PIXELS`]) is walked pixel by pixel through
//!    both maps ([`walk::any_shared`]), stopping at the first shared pixel.
//!    A pair with a larger window is left open and
//!    its overlap window joins each sprite's window (atomics: pairs run on
//!    any thread).
//! 3. **Builds**: each sprite with an open pair rasterises its window only
//!    ([`PosedMask::rebuild_within`]: exact inside it).
//! 4. **Open pairs**: tested through those posed masks. A pixel two sprites
//!    share lies in both boxes, so in the open pair's window and in both
//!    built windows: the answer is the whole masks' answer.
//!
//! Every stage is shared chunk by chunk between the threads ([`Claims`]),
//! each waiting at the stage's end for chunks still being worked on.

use std::borrow::Borrow;
use std::sync::atomic::{AtomicI64, Ordering};

use super::claims::Claims;
use super::hull::{self, Hull, PosedHull};
use super::team::Team;
use super::walk::{self, Walk};
use super::Touch;
use crate::collide::PosedMask;
use crate::mask::Mask;
use crate::pose::{ceil_to_i64, floor_to_i64, PixelMap, PixelRect, Pose, FRAC_BITS};

/// Sprites (stages 1 and 3) and pairs (stages 2 and 4) a claim takes.
const SPRITE_CHUNK: usize = 4;
const PAIR_CHUNK: usize = 16;
/// Grid of witness pixels a side, over the overlap of two boxes.
const GRID: i64 = 4;
/// Bound on a map's start and steps, and on the pixel steps from its
/// origin, under which [`Prep::covers`] computes in `i64`: |u0| + 2 ·
/// 2^46 · 2^15 < 2^62.
const SMALL_MAP: i64 = 1 << 46;
const SMALL_STEPS: i64 = 1 << 15;
/// World pixels the oriented boxes are widened by: far more than the
/// fixed-point map's rounding (under 2^-12 texel at any valid scale) and
/// the float error of the box tests.
const SLACK: f64 = 1.0 / 64.0;

/// A needed sprite's map and oriented solid box.
#[derive(Clone, Debug)]
pub(super) struct Prep {
    map: Option<PixelMap>,
    /// World corners of the solid box widened by [`SLACK`], in order
    /// round it.
    corners: [[f64; 2]; 4],
    /// Unit normals of its edges (the pose's turned x and y axes).
    axes: [[f64; 2]; 2],
    /// The map's steps and start are below [`SMALL_MAP`] (see [`Prep::covers`]).
    small: bool,
    /// The map over the solid texels, for walking a window.
    walk: Walk,
    /// World centre of the sprite's box.
    centre: [f64; 2],
    /// Its convex hull in the pose (unwidened).
    hull: PosedHull,
    /// The pixels whose centres lie within [`SLACK`] of the hull's
    /// bounding box: every pixel the sprite covers.
    reach: Option<PixelRect>,
}

impl Default for Prep {
    fn default() -> Self {
        Prep {
            map: None,
            corners: [[0.0; 2]; 4],
            axes: [[0.0; 2]; 2],
            small: false,
            walk: Walk::default(),
            centre: [0.0; 2],
            hull: PosedHull::default(),
            reach: None,
        }
    }
}

/// What stage 2 settled about a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    Apart,
    Touching,
    Open,
}

/// Buffers kept between frames.
#[derive(Debug, Default)]
pub(super) struct Scratch {
    preps: Vec<Prep>,
    verdicts: Vec<Verdict>,
    /// Each sprite's window `[x0, y0, x1, y1]` (empty: x0 ≥ x1).
    windows: Vec<[AtomicI64; 4]>,
}

/// One touch-only frame's inputs.
pub(super) struct Frame<'a, M> {
    pub masks: &'a [M],
    pub poses: &'a [Pose],
    pub boxes: &'a [Option<PixelRect>],
    pub needed: &'a [bool],
    pub pairs: &'a [(usize, usize)],
    /// Open pairs' windows up to this many pixels are walked
    /// ([`super::Contacts::WALK_PIXELS`]).
    pub walk_pixels: u64,
}

impl<M: Borrow<Mask> + Sync> Frame<'_, M> {
    /// Writes each candidate pair's answer to `results` (as long as the
    /// pairs), building posed masks over windows into `posed`, on this
    /// thread and `team`'s helpers.
    pub(super) fn run(
        &self,
        scratch: &mut Scratch,
        posed: &mut [PosedMask],
        results: &mut [Option<Touch>],
        team: Team,
    ) {
        let n = self.masks.len();
        scratch.preps.resize(n, Prep::default());
        scratch.verdicts.clear();
        scratch.verdicts.resize(self.pairs.len(), Verdict::Apart);
        if scratch.windows.len() < n {
            scratch.windows.resize_with(n, Default::default);
        }
        let windows = &scratch.windows[..n];
        let preps = Claims::new(&mut scratch.preps, SPRITE_CHUNK);
        let verdicts = Claims::new(&mut scratch.verdicts, PAIR_CHUNK);
        let builds = Claims::new(posed, SPRITE_CHUNK);
        let tests = Claims::new(results, PAIR_CHUNK);
        let work = || {
            preps.work(|first, part| {
                for (k, prep) in part.iter_mut().enumerate() {
                    let i = first + k;
                    let [x0, y0, x1, y1] = &windows[i];
                    x0.store(i64::MAX, Ordering::Relaxed);
                    y0.store(i64::MAX, Ordering::Relaxed);
                    x1.store(i64::MIN, Ordering::Relaxed);
                    y1.store(i64::MIN, Ordering::Relaxed);
                    if self.needed[i] {
                        prep.set(self.masks[i].borrow(), &self.poses[i]);
                    }
                }
            });
            let preps = preps.finished();
            verdicts.work(|first, part| {
                for (k, verdict) in part.iter_mut().enumerate() {
                    *verdict = self.settle(preps, windows, self.pairs[first + k]);
                }
            });
            let verdicts = verdicts.finished();
            builds.work(|first, part| {
                for (k, slot) in part.iter_mut().enumerate() {
                    let i = first + k;
                    let w = &windows[i];
                    let window = PixelRect {
                        x0: w[0].load(Ordering::Relaxed),
                        y0: w[1].load(Ordering::Relaxed),
                        x1: w[2].load(Ordering::Relaxed),
                        y1: w[3].load(Ordering::Relaxed),
                    };
                    if !window.is_empty() {
                        crate::trace::span!("collide.posed", ship = i);
                        slot.rebuild_within(self.masks[i].borrow(), &self.poses[i], &window);
                    }
                }
            });
            let posed = builds.finished();
            tests.work(|first, part| {
                for (k, result) in part.iter_mut().enumerate() {
                    let (a, b) = self.pairs[first + k];
                    let touching = match verdicts[first + k] {
                        Verdict::Apart => false,
                        Verdict::Touching => true,
                        Verdict::Open => posed[a].intersects(&posed[b]),
                    };
                    *result = touching.then_some(Touch {
                        a,
                        b,
                        overlap: None,
                    });
                }
            });
        };
        team.run(&work);
    }

    /// Stage 2 for pair `(a, b)`: apart, touching, or open (its window
    /// then joins both sprites' windows).
    fn settle(
        &self,
        preps: &[Prep],
        windows: &[[AtomicI64; 4]],
        (a, b): (usize, usize),
    ) -> Verdict {
        crate::trace::span!("collide.pair", a, b);
        let (pa, pb) = (&preps[a], &preps[b]);
        let (Some(ra), Some(rb)) = (self.boxes[a], self.boxes[b]) else {
            return Verdict::Apart;
        };
        // No reach (no map): an empty mask or an invalid pose, which cover
        // nothing. Reaches apart: first, as it is the cheapest test.
        let Some(reach) = (pa.reach.zip(pb.reach)).and_then(|(ha, hb)| ha.intersect(&hb)) else {
            return Verdict::Apart;
        };
        if pa.map.is_none() || pb.map.is_none() || separated(pa, pb) || separated(pb, pa) {
            return Verdict::Apart;
        }
        let (ma, mb) = (self.masks[a].borrow(), self.masks[b].borrow());
        let both = |x: i64, y: i64| pa.covers(ma, x, y) && pb.covers(mb, x, y);
        // The pixel at the midpoint of the centres, then a grid over the
        // pixels whose centres may lie in both oriented boxes.
        let mid = |k: usize| ((pa.centre[k] + pb.centre[k]) / 2.0).floor() as i64;
        if both(mid(0), mid(1)) {
            return Verdict::Touching;
        }
        // Convex hulls apart (each stands for the pixels within SLACK).
        if hull::apart(&pa.hull, &pb.hull, 2.0 * SLACK) {
            return Verdict::Apart;
        }
        let Some(window) = shared_window(pa, pb)
            .and_then(|w| w.intersect(&ra.intersect(&rb)?))
            .and_then(|w| w.intersect(&reach))
        else {
            return Verdict::Apart;
        };
        let (w, h) = (window.width(), window.height());
        for gy in 0..GRID {
            let y = window.y0 + h * (2 * gy + 1) / (2 * GRID);
            for gx in 0..GRID {
                let x = window.x0 + w * (2 * gx + 1) / (2 * GRID);
                if both(x, y) {
                    return Verdict::Touching;
                }
            }
        }
        // A small window is walked pixel by pixel: settled here.
        if window.area() <= self.walk_pixels {
            if let Some(touch) = walk::any_shared((&pa.walk, ma), (&pb.walk, mb), &window) {
                return if touch {
                    Verdict::Touching
                } else {
                    Verdict::Apart
                };
            }
        }
        for s in [a, b] {
            let [x0, y0, x1, y1] = &windows[s];
            x0.fetch_min(window.x0, Ordering::Relaxed);
            y0.fetch_min(window.y0, Ordering::Relaxed);
            x1.fetch_max(window.x1, Ordering::Relaxed);
            y1.fetch_max(window.y1, Ordering::Relaxed);
        }
        Verdict::Open
    }
}

impl Prep {
    /// True when world pixel `(x, y)` belongs to the sprite: the texel
    /// [`PixelMap::texel`] gives, in 128-bit arithmetic as there, is set.
    #[inline]
    fn covers(&self, mask: &Mask, x: i64, y: i64) -> bool {
        let Some(m) = &self.map else {
            return false;
        };
        let (dx, dy) = (x - m.origin.0, y - m.origin.1);
        let (i, j) = if self.small && dx.abs() < SMALL_STEPS && dy.abs() < SMALL_STEPS {
            // Every product and sum below 2^63: the same values in i64.
            let u = m.u0 + m.du_dx * dx + m.du_dy * dy;
            let v = m.v0 + m.dv_dx * dx + m.dv_dy * dy;
            (i128::from(u >> FRAC_BITS), i128::from(v >> FRAC_BITS))
        } else {
            let (dx, dy) = (i128::from(dx), i128::from(dy));
            let u = i128::from(m.u0) + i128::from(m.du_dx) * dx + i128::from(m.du_dy) * dy;
            let v = i128::from(m.v0) + i128::from(m.dv_dx) * dx + i128::from(m.dv_dy) * dy;
            (u >> FRAC_BITS, v >> FRAC_BITS)
        };
        (0..i128::from(m.width)).contains(&i)
            && (0..i128::from(m.height)).contains(&j)
            && mask.get(i as u32, j as u32)
    }

    /// Sets the map, oriented solid box and hull of `mask` in `pose` (no
    /// map when it covers nothing).
    fn set(&mut self, mask: &Mask, pose: &Pose) {
        let (w, h) = (mask.width(), mask.height());
        let (sin, cos) = f64::from(pose.rotation).sin_cos();
        let (Some(solid), Some(map)) =
            (mask.solid_bounds(), pose.pixel_map_turned(w, h, (sin, cos)))
        else {
            self.map = None;
            self.reach = None;
            self.hull.clear();
            return;
        };
        let s = f64::from(pose.scale);
        let (hw, hh) = (f64::from(w) / 2.0, f64::from(h) / 2.0);
        let centre = [f64::from(pose.x) + hw, f64::from(pose.y) + hh];
        // Widened by SLACK world pixels on every side.
        let e = SLACK / s;
        let corner = |tx: i64, ty: i64, ex: f64, ey: f64| {
            let (dx, dy) = (tx as f64 + ex - hw, ty as f64 + ey - hh);
            [
                centre[0] + s * (cos * dx - sin * dy),
                centre[1] + s * (sin * dx + cos * dy),
            ]
        };
        self.hull
            .set(Hull::cached(mask), (sin, cos), s, [hw, hh], centre);
        self.reach = rect_round(self.hull.corners(), SLACK);
        self.map = Some(map);
        self.corners = [
            corner(solid.x0, solid.y0, -e, -e),
            corner(solid.x1, solid.y0, e, -e),
            corner(solid.x1, solid.y1, e, e),
            corner(solid.x0, solid.y1, -e, e),
        ];
        self.axes = [[cos, sin], [-sin, cos]];
        self.small = [map.u0, map.v0, map.du_dx, map.du_dy, map.dv_dx, map.dv_dy]
            .iter()
            .all(|v| v.abs() < SMALL_MAP);
        self.walk = Walk::new(&map, &solid);
        self.centre = centre;
    }
}

/// True when a normal of `a`'s (widened) oriented box separates the two.
fn separated(a: &Prep, b: &Prep) -> bool {
    a.axes.iter().any(|&[nx, ny]| {
        let project = |c: &[[f64; 2]; 4]| {
            c.iter()
                .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
                    let d = v[0] * nx + v[1] * ny;
                    (lo.min(d), hi.max(d))
                })
        };
        let ((a0, a1), (b0, b1)) = (project(&a.corners), project(&b.corners));
        a1 < b0 || b1 < a0
    })
}

/// The pixels whose centres lie in the bounding box of the two (widened)
/// oriented boxes' intersection, or `None` when they do not meet: `a`'s
/// corners clipped by each edge of `b` (both convex, corners in order).
fn shared_window(a: &Prep, b: &Prep) -> Option<PixelRect> {
    /// Corners a clipped polygon may hold: 8 in exact arithmetic (each of
    /// b's 4 edges adds at most one to a's 4); past this, rounding made
    /// a's corners alternate sides, and a's own box is the answer.
    const CAP: usize = 16;
    let c = &b.corners;
    let cross = |p: [f64; 2], q: [f64; 2], v: [f64; 2]| {
        (q[0] - p[0]) * (v[1] - p[1]) - (q[1] - p[1]) * (v[0] - p[0])
    };
    // Which side of b's edges is inside (its corners' turning direction).
    let inside_sign = cross(c[0], c[1], c[2]).signum();
    let (mut first, mut second) = ([[0.0f64; 2]; CAP], [[0.0f64; 2]; CAP]);
    // The polygon so far and the one being clipped out of it (swapped
    // after each edge, not copied).
    let (mut poly, mut next) = (&mut first, &mut second);
    let mut side = [0.0f64; CAP];
    poly[..4].copy_from_slice(&a.corners);
    let mut n = 4;
    for e in 0..4 {
        let (p, q) = (c[e], c[(e + 1) % 4]);
        let (mut all_in, mut any_in) = (true, false);
        for k in 0..n {
            side[k] = cross(p, q, poly[k]) * inside_sign;
            all_in &= side[k] >= 0.0;
            any_in |= side[k] >= 0.0;
        }
        if all_in {
            continue;
        }
        if !any_in {
            return None;
        }
        let mut m = 0;
        for k in 0..n {
            // The next corner, round to the first (no division).
            let j = if k + 1 == n { 0 } else { k + 1 };
            let (u, v, su, sv) = (poly[k], poly[j], side[k], side[j]);
            if m + 2 > CAP {
                return rect_round(&a.corners, 0.0);
            }
            if su >= 0.0 {
                next[m] = u;
                m += 1;
            }
            if (su >= 0.0) != (sv >= 0.0) {
                let t = su / (su - sv);
                next[m] = [u[0] + t * (v[0] - u[0]), u[1] + t * (v[1] - u[1])];
                m += 1;
            }
        }
        n = m;
        std::mem::swap(&mut poly, &mut next);
    }
    rect_round(&poly[..n], 0.0)
}

/// The pixels whose centres lie in the bounding box of `corners` widened
/// by `widen` on every side.
fn rect_round(corners: &[[f64; 2]], widen: f64) -> Option<PixelRect> {
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for v in corners {
        for k in 0..2 {
            lo[k] = lo[k].min(v[k]);
            hi[k] = hi[k].max(v[k]);
        }
    }
    let (lo, hi) = (lo.map(|v| v - widen), hi.map(|v| v + widen));
    // Pixel X's centre X + 0.5 in [lo, hi].
    let (floor, ceil) = (floor_to_i64, ceil_to_i64);
    let rect = PixelRect {
        x0: ceil(lo[0] - 0.5),
        y0: ceil(lo[1] - 0.5),
        x1: floor(hi[0] - 0.5) + 1,
        y1: floor(hi[1] - 0.5) + 1,
    };
    (!rect.is_empty()).then_some(rect)
}
