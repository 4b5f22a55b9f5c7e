//! Sprite-against-sprite queries: world poses in, small `Copy` results out.
//!
//! Two [`Mask`]s placed by [`Pose`]s share world pixel `(X, Y)` when it
//! belongs to both (the coverage rule of the crate docs, decided by
//! `Pose::pixel_map`). [`intersects`] asks whether any pixel is shared;
//! [`overlap`] measures what is shared, [`overlap_count`] counts it and
//! [`overlap_mask`] gives the shared pixels themselves. All are exact by
//! default and agree bit for bit with the per-pixel reference
//! (`crate::reference::collide`, feature `internals`; property tested).
//!
//! # What [`Overlap`] holds
//!
//! - `count`: shared pixels.
//! - `rect`: their bounding box, a half-open [`crate::pose::PixelRect`]
//!   `{x0, y0, x1, y1}` ([`crate::pose::PixelRect::to_xywh`] gives `[x, y, w, h]`).
//! - `point`: centre of `rect`, `(x0 + w/2, y0 + h/2)` (the classic collision point).
//! - `centroid`: mean of the shared pixels' centres `(X + 0.5, Y + 0.5)`.
//! - `normal`: unit vector from A towards B, the **overlap gradient**
//!   `g = Σ_p A(p)·(B(p + e) − B(p − e))` per axis `e`: where B must move
//!   to shed overlap fastest. When `g = 0` (A deep inside a solid B), A's
//!   box centre → B's box centre; when those coincide, `(1, 0)`.
//!
//! Swapping A and B gives the same count, rect, point and centroid and the
//! exactly negated normal (`g` is antisymmetric), except for `(1, 0)`.
//!
//! # Where it lives
//!
//! By query kind: `translate/` (integer translations, 64 pixels per AND),
//! `transformed/` (other poses, row by row), `posed/` ([`PosedMask`],
//! [`PairQuery`]), [`broadphase`] and `contacts/` ([`Contacts`]: every
//! touching pair of many sprites, the broad phase, posed masks and exact
//! tests in one); what every scanner needs from an
//! instruction set in `kernels/` (below them all), x86-64 kernels in
//! `x86/`, picked at the dispatch points by `crate::cpu::Chosen`. Cost
//! follows the area of the solid boxes' intersection;
//! `docs/design.md` ("How collision is fast", "Instruction sets and
//! dispatch") has the rest.
//!
//! # Approximations (opt-in, [`QueryOptions`])
//!
//! - **stride `n`**: only pixels on the lattice `(x0 + i·n, y0 + j·n)`
//!   are tested, `(x0, y0)` the top-left of the intersection of the two
//!   poses' world bounds. `count` is the shared lattice pixels times `n²`;
//!   `rect`, `point` and `centroid` describe the shared lattice pixels; the
//!   normal uses steps of `n`. Thin contacts between lattice lines are
//!   missed. Stride 0 is 1; strides above [`QueryOptions::MAX_STRIDE`] are
//!   capped.
//! - **accuracy `a`**: the test happens in a world shrunk by `a` about the
//!   origin, as if drawn into a smaller test bitmap (each sprite keeps its
//!   rotation, its centre moves from `c` to `a·c`, its scale becomes
//!   `a·s`; test pixel `X'` stands for world columns `[X'/a, (X'+1)/a)`).
//!   `count` is the shared test pixels times `1/a²` (times `n²` with a
//!   stride), rounded; `rect` is their box mapped back outwards
//!   (floor/ceil); `centroid` their mean centre divided by `a`.
//!   Work falls by about `a²`; features thinner than `1/a` pixels may be
//!   missed or invented. NaN, ≤ 0 or ≥ 1 means exact; values below
//!   [`QueryOptions::MIN_ACCURACY`] are raised to it. The stride then
//!   applies to the shrunk world.
//!
//! Both pay off for rotated and scaled sprites only: an accuracy below 1
//! turns integer translations into scaled poses, which can be slower.
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
//! The largest valid work, two big sprites at scale 64 on top of each
//! other, costs in proportion to the shared area, as the exact answer needs.

pub mod broadphase;
mod contacts;
mod kernels;
mod options;
mod posed;
mod scan;
mod shared;
mod sprite;
mod stats;
mod transformed;
mod translate;
crate::cpu::simd128! { items: mod v128; }
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86;

pub use contacts::{contacts, ContactError, ContactOptions, Contacts, Touch};
pub use options::QueryOptions;
pub use posed::pair::PairQuery;
pub use posed::{PosedMask, PosedSizeError};
pub use shared::SharedPixels;
internal! {
    pub use posed::raster::RasterMethod;
}
pub use sprite::MAX_SIDE;
pub use stats::Overlap;

pub(crate) use options::{centre, Sampling};
pub(crate) use stats::RawOverlap;

use crate::mask::Mask;
use crate::pose::Pose;

/// True when any world pixel belongs to both posed sprites (exact).
///
/// Rotated and scaled sprites are first scanned on a coarse lattice of
/// the boxes' overlap (cheap, and enough when they share a patch of
/// pixels); when that finds nothing, posed masks built inside the query
/// decide (this thread's [`PairQuery`]), which is faster than scanning
/// every pixel when nothing is shared.
pub fn intersects(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> bool {
    scan::translated_any(a, pose_a, b, pose_b)
        .or_else(|| scan::probe_any(a, pose_a, b, pose_b))
        .unwrap_or_else(|| posed::pair::with_pair(|q| q.intersects(a, pose_a, b, pose_b)))
}

/// What the two posed sprites share, or `None` when they do not touch (exact).
///
/// Rotated and scaled sprites go through posed masks built inside the
/// query, each only over the part of its box the answer needs (this
/// thread's [`PairQuery`]).
///
/// ```
/// use hitfield::prelude::*;
///
/// // Two 8×8 squares; B is turned 45° and overlaps A's right half.
/// let square = Mask::try_from_fn(8, 8, |_, _| true)?;
/// let a = Pose::at(0.0, 0.0);
/// let b = Pose { x: 5.0, y: 0.0, rotation: std::f32::consts::FRAC_PI_4, scale: 1.0 };
/// let o = collide::overlap(&square, &a, &square, &b).expect("they touch");
/// assert!(o.count > 0 && o.rect.x0 >= 0 && o.rect.x1 <= 8);
/// assert!(o.normal[0] > 0.0); // B lies to the right of A
/// assert_eq!(collide::overlap_count(&square, &a, &square, &b), o.count);
///
/// // Moved apart, nothing is shared.
/// let far = Pose { x: 40.0, ..b };
/// assert!(collide::overlap(&square, &a, &square, &far).is_none());
/// # Ok::<(), hitfield::mask::MaskSizeError>(())
/// ```
pub fn overlap(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<Overlap> {
    scan::translated_overlap(a, pose_a, b, pose_b)
        .unwrap_or_else(|| posed::pair::with_pair(|q| q.overlap(a, pose_a, b, pose_b)))
}

/// How many world pixels belong to both posed sprites (exact): the
/// `count` of [`overlap`], 0 when they do not touch, in one pass instead of
/// up to five (no box, centroid or normal). The peer of pygame's
/// `Mask.overlap_area`.
pub fn overlap_count(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> u64 {
    scan::translated_count(a, pose_a, b, pose_b)
        .unwrap_or_else(|| posed::pair::with_pair(|q| q.overlap_count(a, pose_a, b, pose_b)))
}

/// The world pixels that belong to both posed sprites (exact, the coverage
/// rule of the crate docs), or `None` when they share none. Costs two posed
/// mask builds and one pass over the intersection of their boxes; for just
/// the number, use [`overlap_count`].
pub fn overlap_mask(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<SharedPixels> {
    // Far-apart or invalid poses: nothing to build.
    posed::pair::with_pair(|q| q.overlap_mask(a, pose_a, b, pose_b))
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
    scan::prepare(a, pose_a, b, pose_b, &sampling)
        .is_some_and(|(pa, pb, lat)| scan::any_shared(&pa, &pb, &lat))
}

/// [`overlap`] with opt-in approximations.
pub fn overlap_with(
    a: &Mask,
    pose_a: &Pose,
    b: &Mask,
    pose_b: &Pose,
    options: &QueryOptions,
) -> Option<Overlap> {
    if options.is_exact() {
        return overlap(a, pose_a, b, pose_b);
    }
    let sampling = Sampling::new(options);
    let (pa, pb, lat) = scan::prepare(a, pose_a, b, pose_b, &sampling)?;
    let centres = [
        centre(pose_a, a.width(), a.height()),
        centre(pose_b, b.width(), b.height()),
    ];
    scan::overlap_of(&pa, &pb, &lat, &sampling, centres)
}
