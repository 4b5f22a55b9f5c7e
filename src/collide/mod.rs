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
//! - `rect`: their bounding box `[x, y, w, h]`.
//! - `point`: centre of `rect`, `(x + w/2, y + h/2)` (the classic collision point).
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
//! offsets, whole blocks of rows handed to a vector row kernel: the first
//! row with a shared bit (early exit for [`intersects`]), the count, or the
//! statistics (AVX-512: eight words per step, vector popcounts, rows that
//! are packed in both masks streamed as one run; AVX2: four words per
//! step for the search). Any other pair
//! walks rows: each row's column span is estimated for both sprites and
//! intersected, the fixed-point texel coordinates are stepped along it (exact,
//! see `crate::pose::PixelMap`) and 64 samples of each sprite are packed
//! into a word before the AND; the other sprite is read only where the first
//! has bits (an unposed sprite, cheap to read, goes first). On x86-64 CPUs
//! with AVX2 the samples are fetched 8 at a time with masked hardware
//! gathers, the two sprites' gathers interleaved. Every sample is checked
//! against the sprite rectangle in integer arithmetic, so the span estimates
//! only need to be supersets, and no read ever leaves a mask.
//!
//! Two integer translations whose shared region lies within one word of A
//! per row (small masks) skip the vector kernel for [`intersects`] (and
//! without AVX-512 for the rest): a plain loop over rows, eight rows ORed
//! before one branch. `set_isa` forces an instruction set (tests,
//! benches).
//!
//! **Posed masks** ([`PosedMask`]) hold a sprite's exact world coverage for
//! one pose, rasterised once (by walking its pixels, or by letting the
//! mask's boundary edges flip pixels along each world row when the outline
//! reaches fewer rows than there are pixels); queries between posed masks,
//! or a posed mask and a plain mask, then take the translation path. Build
//! them when a pose is tested more than once (the world builds each ship's
//! once per step, for sampling and contacts). For a pair whose poses change
//! between queries, [`PairQuery`] builds both inside the query, each only
//! over the two boxes' overlap ([`PosedMask::rebuild_within`]), and gives
//! the same answer as [`intersects`]: faster for real sprites, whose
//! outlines reach fewer rows than the overlap has pixels (not for
//! checkerboards).
//!
//! Architecture-specific code lives in `collide/x86/` (one folder per
//! architecture, one subfolder per instruction set, implementing the
//! portable traits of `isa.rs` and `gather.rs`; the broad phase's SSE2 lane
//! test in `broadphase/x86/`). Only `choice.rs` turns the chosen
//! instruction set into the proofs the kernels take (`choice::kernels`,
//! through `crate::cpu`); four dispatch points match on it and call into
//! `x86/`: `scan.rs` (queries), `raster.rs` (the pixel walk),
//! `edges/mod.rs` (the edge kernels) and `narrow_overlap.rs` (the
//! small-pair pass). No other file asks the CPU.
//!
//! Cost is about `rows + pixels/64` for translations and `pixels` texel
//! fetches per sprite for the rest, `pixels` being the area of the solid
//! boxes' intersection. [`overlap`] costs up to five such passes when the
//! sprites touch (one for the statistics, four for the gradient), except
//! for two integer translations whose solid boxes meet in at most 62
//! columns (small sprites): a search for the first shared pixel, then one
//! pass for everything; [`overlap_count`] one.
//!
//! # Approximations (opt-in, [`QueryOptions`])
//!
//! - **stride `n`**: only pixels on the lattice
//!   `(x0 + i·n, y0 + j·n)` are tested, where `(x0, y0)` is the top-left of
//!   the intersection of the two poses' world bounds. `count` is the number
//!   of shared lattice pixels times `n²`; `rect`, `point` and `centroid`
//!   describe the shared lattice pixels; the normal uses steps of `n`. Thin
//!   contacts between lattice lines are missed. Stride 0 is treated as 1 and
//!   strides above [`QueryOptions::MAX_STRIDE`] are capped.
//! - **accuracy `a`**: the test happens in a world shrunk by
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
mod choice;
mod crossing;
mod edges;
mod gather;
mod isa;
mod narrow_overlap;
mod options;
mod pair;
mod posed;
mod raster;
mod rows;
mod scan;
mod shared;
mod sprite;
mod stats;
mod transformed;
mod translate;
#[cfg(target_arch = "x86_64")]
mod x86;

internal! {
    pub use choice::{isa, set_isa};
}
pub use options::QueryOptions;
pub use pair::PairQuery;
pub use posed::PosedMask;
pub use shared::{overlap_mask, SharedPixels};
internal! {
    pub use raster::RasterMethod;
}
pub use sprite::MAX_SIDE;
pub use stats::Overlap;

pub(crate) use options::{centre, Sampling};
pub(crate) use stats::RawOverlap;

use crate::mask::Mask;
use crate::pose::Pose;

/// True when any world pixel belongs to both posed sprites (exact).
pub fn intersects(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> bool {
    scan::translated_any(a, pose_a, b, pose_b)
        .unwrap_or_else(|| intersects_with(a, pose_a, b, pose_b, &QueryOptions::default()))
}

/// What the two posed sprites share, or `None` when they do not touch (exact).
pub fn overlap(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<Overlap> {
    scan::translated_overlap(a, pose_a, b, pose_b)
        .unwrap_or_else(|| overlap_with(a, pose_a, b, pose_b, &QueryOptions::default()))
}

/// How many world pixels belong to both posed sprites (exact): the
/// `count` of [`overlap`], 0 when they do not touch, in one pass instead of
/// up to five (no box, centroid or normal). The peer of pygame's
/// `Mask.overlap_area`.
pub fn overlap_count(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> u64 {
    scan::translated_count(a, pose_a, b, pose_b).unwrap_or_else(|| {
        scan::prepare(a, pose_a, b, pose_b, &Sampling::EXACT)
            .map_or(0, |(pa, pb, lat)| scan::count_shared(&pa, &pb, &lat))
    })
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
    let sampling = Sampling::new(options);
    let (pa, pb, lat) = scan::prepare(a, pose_a, b, pose_b, &sampling)?;
    let centres = [
        centre(pose_a, a.width(), a.height()),
        centre(pose_b, b.width(), b.height()),
    ];
    scan::overlap_of(&pa, &pb, &lat, &sampling, centres)
}
