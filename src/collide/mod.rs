//! Sprite-against-sprite queries: world poses in, small `Copy` results out.
//!
//! Two [`Mask`]s placed by [`Pose`]s share world pixel `(X, Y)` when it
//! belongs to both (the coverage rule of the crate docs, decided by
//! [`Pose::pixel_map`]). [`intersects`] asks whether any pixel is shared;
//! [`overlap`] measures what is shared. Both are exact by default and agree
//! bit for bit with the per-pixel [`crate::reference::collide`] (property
//! tested).
//!
//! # What [`Overlap`] holds
//!
//! - `count`: shared pixels.
//! - `rect`: their bounding box `[x, y, w, h]`.
//! - `point`: centre of `rect`, `(x + w/2, y + h/2)` (article 002's collision point).
//! - `centroid`: mean of the shared pixels' centres `(X + 0.5, Y + 0.5)`.
//! - `normal`: unit vector from A towards B, the **overlap gradient**:
//!   `g = Σ_p A(p)·(B(p + e) − B(p − e))` per axis `e`, i.e. how many more
//!   pixels would be shared with B moved one pixel back towards A than one
//!   pixel away. It points where B must move to shed overlap fastest. When
//!   `g = 0` (e.g. A deep inside a solid B) it falls back to A's box centre
//!   → B's box centre, and when those coincide to `(1, 0)`.
//!
//! Swapping A and B gives the same count, rect, point and centroid and the
//! exactly negated normal (summation by parts makes `g` antisymmetric), except
//! in the last `(1, 0)` fallback, which is the same both ways.
//!
//! # How it is fast
//!
//! Work is confined to the intersection of the two sprites' *solid* boxes
//! (for a posed sprite, the world box of its solid texels). Two integer
//! translations ([`Pose::is_integer_translation`]) take a word-level path:
//! 64 pixels per AND, B's bits shifted across two words for unaligned
//! offsets, blocks of 16 rows ORed by a vector kernel before a single branch
//! (early exit for [`intersects`]), `count_ones` for areas. Any other pair
//! walks rows: each row's column span is estimated for both sprites and
//! intersected, the fixed-point texel coordinates are stepped along it (exact,
//! see [`crate::pose::PixelMap`]) and 64 samples of each sprite are packed
//! into a word before the AND; the other sprite is read only where the first
//! has bits (an unposed sprite, cheap to read, goes first). On x86-64 CPUs
//! with AVX2 the samples are fetched 8 at a time with masked hardware
//! gathers, the two sprites' gathers interleaved. Every sample is checked
//! against the sprite rectangle in integer arithmetic, so the span estimates
//! only need to be supersets, and no read ever leaves a mask.
//!
//! Cost is about `rows + pixels/64` for translations and `pixels` texel
//! fetches per sprite for the rest, `pixels` being the area of the solid
//! boxes' intersection. [`overlap`] costs up to five such passes when the
//! sprites touch (one for the statistics, four for the gradient).
//!
//! # Approximations (opt-in, [`QueryOptions`])
//!
//! - **stride `n`** (article 004): only pixels on the lattice
//!   `(x0 + i·n, y0 + j·n)` are tested, where `(x0, y0)` is the top-left of
//!   the intersection of the two poses' world bounds. `count` is the number
//!   of shared lattice pixels times `n²`; `rect`, `point` and `centroid`
//!   describe the shared lattice pixels; the normal uses steps of `n`. Thin
//!   contacts between lattice lines are missed. Stride 0 is treated as 1 and
//!   strides above [`QueryOptions::MAX_STRIDE`] are capped.
//! - **accuracy `a`** (article 000): the test happens in a world shrunk by
//!   `a` about the origin, as if both sprites were drawn with a matrix scaled
//!   by `a` into a smaller test bitmap: each sprite keeps its rotation, its
//!   centre moves from `c` to `a·c` and its scale becomes `a·s`. Test pixel
//!   `X'` stands for world columns `[X'/a, (X'+1)/a)`. `count` is the shared
//!   test pixels times `1/a²` (times `n²` with a stride), rounded; `rect` is
//!   the shared test pixels' box mapped back outwards (floor/ceil);
//!   `centroid` is their mean centre divided by `a`. Work falls by about
//!   `a²`; features thinner than `1/a` pixels may be missed or invented.
//!   Accuracy NaN, ≤ 0 or ≥ 1 means exact; values below
//!   [`QueryOptions::MIN_ACCURACY`] are raised to it. Both knobs may be
//!   combined (the stride then applies to the shrunk world).
//!
//! Both knobs pay off for rotated and scaled sprites, whose cost is per
//! pixel. Two integer translations are already tested 64 pixels per
//! operation: a stride there only skips rows, and an accuracy below 1 turns
//! them into scaled poses, which can make the query *slower* than exact.
//!
//! # Bad input (never a panic, never a hang)
//!
//! | input | result |
//! |---|---|
//! | pose with NaN or infinite field | collides with nothing (invalid pose) |
//! | `\|x\|` or `\|y\|` > 2^30 | collides with nothing (invalid pose) |
//! | scale ≤ 0, < 2^-16 or > 64 | collides with nothing (invalid pose) |
//! | huge but valid rotation (e.g. 1e30 rad) | works: the angle is reduced by `sin_cos` |
//! | 0×0 mask, or a mask with no solid texel | collides with nothing |
//! | mask wider or taller than [`MAX_SIDE`] | collides with nothing |
//! | sprites far apart (even 2^31 pixels) | `false`/`None` straight from the boxes |
//! | tiny valid scale (sprite smaller than a pixel) | exact: usually no pixel centre is covered |
//!
//! The largest valid work is two big sprites at scale 64 on top of each
//! other: the cost grows with the shared area in world pixels, as the exact
//! answer requires.

pub mod broadphase;
mod gather;
mod isa;
mod options;
mod sprite;
mod stats;
mod transformed;
mod translate;

pub use sprite::MAX_SIDE;

pub(crate) use options::{centre, Lattice, Sampling};
pub(crate) use stats::RawOverlap;

use crate::mask::Mask;
use crate::pose::{PixelRect, Pose};
use isa::{Isa, Plain};
use sprite::{Place, Placed};
use stats::{Any, Count, Stats, Visit};

/// Result of [`overlap`]: what two posed sprites share, in world pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overlap {
    /// Number of world pixels that belong to both sprites.
    pub count: u64,
    /// Bounding rectangle of those pixels: `[x, y, w, h]`.
    pub rect: [i64; 4],
    /// Centre of `rect`: `(x + w/2, y + h/2)`.
    pub point: [f64; 2],
    /// Mean of the overlapping pixels' centres.
    pub centroid: [f64; 2],
    /// Approximate unit contact normal, pointing from A towards B (the
    /// overlap gradient; see the module docs).
    pub normal: [f64; 2],
}

/// Opt-in approximations. The default is exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryOptions {
    /// Test every `stride`-th pixel in each axis (article 004). 1 (the default) is exact.
    pub stride: u32,
    /// Test at this fraction of full resolution, in (0, 1] (article 000). 1 (the default) is exact.
    pub accuracy: f32,
}

impl Default for QueryOptions {
    fn default() -> Self {
        QueryOptions {
            stride: 1,
            accuracy: 1.0,
        }
    }
}

impl QueryOptions {
    /// Strides above this are capped to it.
    pub const MAX_STRIDE: u32 = 1 << 16;
    /// Accuracies in (0, `MIN_ACCURACY`) are raised to it.
    pub const MIN_ACCURACY: f32 = 1.0 / 256.0;

    /// True when these options ask for the exact answer (stride ≤ 1 and
    /// accuracy NaN, ≤ 0 or ≥ 1).
    pub fn is_exact(&self) -> bool {
        let s = Sampling::new(self);
        s.stride == 1 && s.accuracy >= 1.0
    }
}

/// True when any world pixel belongs to both posed sprites (exact).
pub fn intersects(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> bool {
    intersects_with(a, pose_a, b, pose_b, &QueryOptions::default())
}

/// What the two posed sprites share, or `None` when they do not touch (exact).
pub fn overlap(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<Overlap> {
    overlap_with(a, pose_a, b, pose_b, &QueryOptions::default())
}

/// [`intersects`] with opt-in approximations.
pub fn intersects_with(
    a: &Mask,
    pose_a: &Pose,
    b: &Mask,
    pose_b: &Pose,
    options: &QueryOptions,
) -> bool {
    let sampling = Sampling::new(options);
    let Some((pa, pb, lat)) = prepare(a, pose_a, b, pose_b, &sampling) else {
        return false;
    };
    let mut any = Any::default();
    scan(&pa, &pb, &lat, &mut any);
    any.found
}

/// [`overlap`] with opt-in approximations.
pub fn overlap_with(
    a: &Mask,
    pose_a: &Pose,
    b: &Mask,
    pose_b: &Pose,
    options: &QueryOptions,
) -> Option<Overlap> {
    let sampling = Sampling::new(options);
    let (pa, pb, lat) = prepare(a, pose_a, b, pose_b, &sampling)?;
    let mut stats = Stats::default();
    scan(&pa, &pb, &lat, &mut stats);
    let mut raw = stats.raw;
    if raw.count == 0 {
        return None;
    }
    let n = lat.step;
    let shared_with_b_moved = |dx: i64, dy: i64| {
        let mut c = Count::default();
        scan(&pa, &pb.shifted(dx, dy), &lat, &mut c);
        c.count as i64
    };
    raw.grad = [
        shared_with_b_moved(-n, 0) - shared_with_b_moved(n, 0),
        shared_with_b_moved(0, -n) - shared_with_b_moved(0, n),
    ];
    let centres = [
        centre(pose_a, a.width(), a.height()),
        centre(pose_b, b.width(), b.height()),
    ];
    raw.finish(&sampling, centres)
}

/// Both sprites placed for testing, and the lattice of tested pixels.
fn prepare<'a>(
    a: &'a Mask,
    pose_a: &Pose,
    b: &'a Mask,
    pose_b: &Pose,
    sampling: &Sampling,
) -> Option<(Placed<'a>, Placed<'a>, Lattice)> {
    let pa = Placed::new(a, &sampling.pose(pose_a, a.width(), a.height()))?;
    let pb = Placed::new(b, &sampling.pose(pose_b, b.width(), b.height()))?;
    let both = pa.bounds.intersect(&pb.bounds)?;
    Some((pa, pb, Lattice::at(&both, sampling.stride)))
}

/// Visits the shared lattice pixels of two placed sprites, with the best
/// instruction set this CPU has.
fn scan<V: Visit>(a: &Placed, b: &Placed, lat: &Lattice, visit: &mut V) {
    let Some(region) = a.solid.intersect(&b.solid) else {
        return;
    };
    #[cfg(target_arch = "x86_64")]
    if let Some(isa) = isa::Avx2::detect() {
        // SAFETY: `detect` confirmed every feature `scan_avx2` enables.
        unsafe { scan_avx2(isa, a, b, &region, lat, visit) };
        return;
    }
    scan_with(Plain, a, b, &region, lat, visit);
}

/// [`scan_with`] compiled for AVX2, BMI and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn scan_avx2<V: Visit>(
    isa: isa::Avx2,
    a: &Placed,
    b: &Placed,
    region: &PixelRect,
    lat: &Lattice,
    visit: &mut V,
) {
    scan_with(isa, a, b, region, lat, visit);
}

/// Picks the scanner for the pair.
#[inline(always)]
fn scan_with<I: Isa, V: Visit>(
    isa: I,
    a: &Placed,
    b: &Placed,
    region: &PixelRect,
    lat: &Lattice,
    visit: &mut V,
) {
    match (a.place, b.place) {
        (Place::Translate { x: ax, y: ay }, Place::Translate { x: bx, y: by }) => {
            translate::scan(isa, (a.mask, ax, ay), (b.mask, bx, by), region, lat, visit)
        }
        _ => transformed::scan(isa, a, b, region, lat, visit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The portable scanner and the AVX2 one give the same statistics.
    #[test]
    fn portable_and_simd_scans_agree() {
        #[cfg(target_arch = "x86_64")]
        let Some(isa) = isa::Avx2::detect() else {
            return;
        };
        #[cfg(not(target_arch = "x86_64"))]
        let isa = Plain;
        let mut rng = fastrand::Rng::with_seed(3);
        let mut shared = 0;
        for case in 0..600 {
            let mask = |rng: &mut fastrand::Rng| {
                let (w, h) = (rng.u32(1..140), rng.u32(1..30));
                let d = rng.f32();
                Mask::from_fn(w, h, |_, _| rng.f32() < d)
            };
            let (a, b) = (mask(&mut rng), mask(&mut rng));
            let pose = |rng: &mut fastrand::Rng| Pose {
                x: rng.f32() * 100.0 - 50.0,
                y: rng.f32() * 40.0 - 20.0,
                rotation: if case % 3 == 0 { 0.0 } else { rng.f32() * 7.0 },
                scale: if case % 3 == 0 {
                    1.0
                } else {
                    0.3 + rng.f32() * 2.0
                },
            };
            let (pa, pb) = (pose(&mut rng), pose(&mut rng));
            let stride = 1 + (case % 4) as u32;
            let sampling = Sampling::new(&QueryOptions {
                stride,
                accuracy: 1.0,
            });
            let Some((pa, pb, lat)) = prepare(&a, &pa, &b, &pb, &sampling) else {
                continue;
            };
            let Some(region) = pa.solid.intersect(&pb.solid) else {
                continue;
            };
            let (mut plain, mut simd) = (Stats::default(), Stats::default());
            scan_with(Plain, &pa, &pb, &region, &lat, &mut plain);
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `isa` proves the CPU features.
            unsafe {
                scan_avx2(isa, &pa, &pb, &region, &lat, &mut simd)
            };
            #[cfg(not(target_arch = "x86_64"))]
            scan_with(isa, &pa, &pb, &region, &lat, &mut simd);
            assert_eq!(plain.raw, simd.raw, "case {case}");
            shared += usize::from(plain.raw.count > 0);
        }
        assert!(shared > 100, "only {shared} cases shared pixels");
    }
}
