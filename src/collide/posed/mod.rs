//! Posed masks: a sprite's exact coverage under one pose, rasterised once
//! into a world-aligned bit mask and then reused by every query at the
//! translation path's speed (64 pixels per AND).
//!
//! World pixel `(X, Y)` is set in a [`PosedMask`] exactly when it belongs to
//! the sprite under the coverage rule of the crate docs (decided by
//! [`Pose::pixel_map`], ties included), so a query between posed masks gives
//! bit for bit what [`super::intersects`] and [`super::overlap`] give for the
//! masks and poses they were built from (property tested against the
//! per-pixel reference).

pub(in crate::collide) mod edges;
mod limit;
pub(in crate::collide) mod pair;
pub(in crate::collide) mod raster;
mod shared;

use super::kernels::raster::EdgeScratch;
use super::options::{centre, Lattice, Sampling};
use super::scan;
use super::sprite::Placed;
use super::stats::Overlap;
use crate::mask::Mask;
use crate::pose::{PixelRect, Pose};
use raster::RasterMethod;

pub use limit::PosedSizeError;

/// A sprite's world-aligned coverage for one pose.
///
/// Build it once per pose ([`PosedMask::new`], or [`PosedMask::rebuild`] to
/// reuse its storage) and test it against other posed masks
/// ([`PosedMask::intersects`], [`PosedMask::overlap`]) or against a plain
/// mask in any pose ([`PosedMask::intersects_mask`],
/// [`PosedMask::overlap_mask`]). An invalid pose, an empty or oversized mask
/// gives an empty posed mask, which collides with nothing; so does a mask
/// and scale whose coverage could pass [`PosedMask::MAX_SIDE`] a side,
/// refused before anything is allocated ([`PosedMask::try_new`] and
/// [`PosedMask::try_rebuild`] say so as an error; the free functions of
/// [`super`] build only the shared window and have no such bound).
///
/// ```
/// use hitfield::prelude::*;
///
/// let ring = Mask::try_from_fn(32, 32, |x, y| {
///     let r = (x as f32 - 15.5).hypot(y as f32 - 15.5);
///     (8.0..15.0).contains(&r)
/// })?;
/// let pose_a = Pose { rotation: 0.5, ..Pose::at(0.0, 0.0) };
/// let pose_b = Pose { rotation: -1.0, scale: 1.5, ..Pose::at(20.0, 4.0) };
/// let a = PosedMask::new(&ring, &pose_a);
/// let mut b = PosedMask::default();
/// b.rebuild(&ring, &pose_b); // reuses b's storage: do this every frame
/// // The same answers as the free functions, at word speed.
/// assert_eq!(a.intersects(&b), collide::intersects(&ring, &pose_a, &ring, &pose_b));
/// assert_eq!(a.overlap(&b), collide::overlap(&ring, &pose_a, &ring, &pose_b));
/// assert_eq!(a.covers(16, 1), collide::intersects(&ring, &pose_a, &Mask::try_from_fn(1, 1, |_, _| true)?, &Pose::at(16.0, 1.0)));
/// # Ok::<(), hitfield::mask::MaskSizeError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PosedMask {
    /// Coverage: bit `(i, j)` is world pixel `(x + i, y + j)`.
    cover: Mask,
    /// World position of the coverage's bit `(0, 0)`.
    x: i64,
    y: i64,
    /// World centre of the sprite's box in its pose (the normal's fallback).
    pub(in crate::collide) centre: [f64; 2],
    /// The pose it was built for.
    pose: Pose,
    /// Size, solid count and solid box of the mask it was built from.
    source: (u32, u32, u64, Option<[u32; 4]>),
    /// Scratch of the vector edge kernels.
    scratch: EdgeScratch,
    /// Built over a window only ([`PosedMask::rebuild_within`]).
    clipped: bool,
}

impl Default for PosedMask {
    fn default() -> Self {
        PosedMask {
            cover: Mask::from_words(0, 0, Vec::new()),
            x: 0,
            y: 0,
            centre: [0.0; 2],
            pose: Pose::at(0.0, 0.0),
            source: (0, 0, 0, None),
            scratch: EdgeScratch::default(),
            clipped: false,
        }
    }
}

impl PosedMask {
    /// The coverage of `mask` in `pose`.
    pub fn new(mask: &Mask, pose: &Pose) -> PosedMask {
        let mut posed = PosedMask::default();
        posed.rebuild(mask, pose);
        posed
    }

    /// Rebuilds this posed mask for `mask` in `pose`, reusing its storage.
    pub fn rebuild(&mut self, mask: &Mask, pose: &Pose) {
        self.rebuild_with(mask, pose, RasterMethod::Auto);
    }

    internal! {
        /// [`PosedMask::rebuild`] with a chosen rasteriser (all give the same
        /// bits; tests and benches force each). Feature `internals`.
        pub fn rebuild_with(&mut self, mask: &Mask, pose: &Pose, method: RasterMethod) {
            self.build(mask, pose, method, None);
        }
    }

    /// Rebuilds this posed mask for `mask` in `pose`, only over the world
    /// pixels inside `window` (exact there; nothing outside it is covered,
    /// except that an integer translation keeps the whole mask). Cheaper
    /// than a whole build when the window cuts the sprite: a pair query
    /// needs only the overlap of the two boxes ([`PairQuery`] builds that).
    /// [`PosedMask::is_for`] is false for a clipped build.
    ///
    /// [`PairQuery`]: super::PairQuery
    pub fn rebuild_within(&mut self, mask: &Mask, pose: &Pose, window: &PixelRect) {
        self.build(mask, pose, RasterMethod::Auto, Some(window));
    }

    fn build(
        &mut self,
        mask: &Mask,
        pose: &Pose,
        method: RasterMethod,
        window: Option<&PixelRect>,
    ) {
        let cover = std::mem::replace(&mut self.cover, Mask::from_words(0, 0, Vec::new()));
        let mut words = cover.into_words();
        let (cover, (x, y)) = if window.is_none() && Self::check_size(mask, pose).is_err() {
            // Past the size bound: empty, nothing allocated.
            words.clear();
            (Mask::from_words(0, 0, words), (0, 0))
        } else {
            raster::coverage(mask, pose, words, &mut self.scratch, method, window)
        };
        self.clipped = window.is_some();
        self.cover = cover;
        (self.x, self.y) = (x, y);
        self.centre = centre(pose, mask.width(), mask.height());
        self.pose = *pose;
        self.source = source_of(mask);
    }

    /// True when this posed mask was built for `mask` in `pose`, whole (a
    /// cheap check before [`PosedMask::rebuild`]: it compares the pose and
    /// the mask's size, solid count and solid box, not every bit).
    pub fn is_for(&self, mask: &Mask, pose: &Pose) -> bool {
        !self.clipped && self.source == source_of(mask) && self.pose == *pose
    }

    /// The pose it was built for.
    pub fn pose(&self) -> Pose {
        self.pose
    }

    /// The coverage as a mask whose texel `(i, j)` is world pixel
    /// `origin + (i, j)`.
    pub fn coverage(&self) -> &Mask {
        &self.cover
    }

    /// World position of the coverage's texel `(0, 0)`.
    pub fn origin(&self) -> (i64, i64) {
        (self.x, self.y)
    }

    /// True when world pixel `(x, y)` belongs to the sprite.
    pub fn covers(&self, x: i64, y: i64) -> bool {
        let (Ok(i), Ok(j)) = (u32::try_from(x - self.x), u32::try_from(y - self.y)) else {
            return false;
        };
        self.cover.get(i, j)
    }

    /// Number of world pixels covered.
    pub fn pixel_count(&self) -> u64 {
        self.cover.solid_count()
    }

    /// The bounding box of the covered world pixels (exact), `None` when
    /// nothing is covered.
    pub fn world_rect(&self) -> Option<PixelRect> {
        let [x0, y0, x1, y1] = self.cover.solid_box()?;
        Some(PixelRect {
            x0: self.x + i64::from(x0),
            y0: self.y + i64::from(y0),
            x1: self.x + i64::from(x1),
            y1: self.y + i64::from(y1),
        })
    }

    /// True when any world pixel belongs to both (exact).
    pub fn intersects(&self, other: &PosedMask) -> bool {
        let (Some(a), Some(b)) = (self.placed(), other.placed()) else {
            return false;
        };
        scan::any_shared(&a, &b, &EXACT)
    }

    /// What the two share, as [`super::overlap`] reports it for the masks
    /// and poses they were built from; `None` when they do not touch.
    pub fn overlap(&self, other: &PosedMask) -> Option<Overlap> {
        let (a, b) = (self.placed()?, other.placed()?);
        scan::overlap_of(
            &a,
            &b,
            &EXACT,
            &Sampling::EXACT,
            [self.centre, other.centre],
        )
    }

    /// True when any world pixel belongs to this posed mask and to `mask`
    /// in `pose` (exact).
    pub fn intersects_mask(&self, mask: &Mask, pose: &Pose) -> bool {
        let (Some(a), Some(b)) = (self.placed(), Placed::new(mask, pose)) else {
            return false;
        };
        scan::any_shared(&a, &b, &EXACT)
    }

    /// What this posed mask shares with `mask` in `pose` (this one is A, the
    /// normal points towards `mask`), or `None`.
    pub fn overlap_mask(&self, mask: &Mask, pose: &Pose) -> Option<Overlap> {
        pair::with_pair(|q| q.overlap_posed(self, mask, pose))
    }

    /// The coverage placed by integer translation, `None` when empty.
    pub(in crate::collide) fn placed(&self) -> Option<Placed<'_>> {
        Placed::translated(&self.cover, self.x, self.y)
    }
}

/// Every pixel tested (the lattice's origin does not matter at step 1).
pub(in crate::collide) const EXACT: Lattice = Lattice::EVERY_PIXEL;

/// What [`PosedMask::is_for`] compares of a mask.
fn source_of(mask: &Mask) -> (u32, u32, u64, Option<[u32; 4]>) {
    (
        mask.width(),
        mask.height(),
        mask.solid_count(),
        mask.solid_box(),
    )
}
