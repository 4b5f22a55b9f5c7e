//! Exact queries between two sprites in any pose, through posed masks built
//! inside the query and only over the part of each box the answer needs:
//! the path [`crate::collide::overlap`], [`crate::collide::overlap_count`]
//! and [`crate::collide::overlap_mask`] take for rotated and scaled sprites
//! (one [`PairQuery`] per thread keeps the storage).

use std::cell::RefCell;

use super::{PosedMask, EXACT};
use crate::collide::options::{centre, Sampling};
use crate::collide::scan;
use crate::collide::shared::SharedPixels;
use crate::collide::sprite::{integer_offset, Placed};
use crate::collide::stats::Overlap;
use crate::mask::Mask;
use crate::pose::{PixelRect, Pose};

/// Storage for exact pair queries that build both posed masks on the spot
/// (for sprites whose poses change between queries, or that a game does
/// not keep posed masks for).
///
/// Each query rasterises sprite A only inside the overlap of the two
/// sprites' world boxes (one pixel wider for [`PairQuery::overlap`]'s
/// normal), then sprite B only where A covers something, and tests the two
/// at word speed: the same answers as [`crate::collide::intersects`],
/// [`crate::collide::overlap`], [`crate::collide::overlap_count`] and
/// [`crate::collide::overlap_mask`], bit for bit. A sprite at an integer
/// translation is not rasterised at all. Keep one per thread and reuse it:
/// the storage stays between queries (each sprite's outline is its mask's
/// own). The free functions keep one per thread themselves.
///
/// ```
/// use hitfield::prelude::*;
///
/// let sprites: Vec<ShipSprite> = default_sprites()
///     .into_iter()
///     .map(|(name, image)| ShipSprite::new(name, image, 128))
///     .collect();
/// let (a, b) = (sprites[0].mask(), sprites[1].mask());
/// let mut query = PairQuery::new(); // one per thread, reused
/// for step in 0..20 {
///     let pose_a = Pose { rotation: step as f32 * 0.1, ..Pose::at(100.0, 100.0) };
///     let pose_b = Pose { rotation: -(step as f32) * 0.2, ..Pose::at(120.0 - step as f32, 104.0) };
///     assert_eq!(query.intersects(a, &pose_a, b, &pose_b), collide::intersects(a, &pose_a, b, &pose_b));
/// }
/// ```
#[derive(Clone, Debug, Default)]
pub struct PairQuery {
    a: PosedMask,
    b: PosedMask,
}

impl PairQuery {
    /// Empty storage.
    pub fn new() -> Self {
        Self::default()
    }

    /// True when any world pixel belongs to both posed sprites (exact, as
    /// [`crate::collide::intersects`]).
    pub fn intersects(&mut self, a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> bool {
        let Some((pa, pb)) = self.place(a, pose_a, b, pose_b, 0) else {
            return false;
        };
        scan::any_shared(&pa, &pb, &EXACT)
    }

    /// What `posed` shares with `b` in `pose_b` (as
    /// [`PosedMask::overlap_mask`]): B rasterised over `posed`'s covered
    /// box grown by a pixel (the normal reads that far), unless it is at an
    /// integer translation.
    pub(in crate::collide) fn overlap_posed(
        &mut self,
        posed: &PosedMask,
        b: &Mask,
        pose_b: &Pose,
    ) -> Option<Overlap> {
        let pa = posed.placed()?;
        let window = world_box(b, pose_b)?.intersect(&grow(&pa.solid, 1))?;
        let pb = place_within(&mut self.b, b, pose_b, &window)?;
        let centres = [posed.centre, centre(pose_b, b.width(), b.height())];
        scan::overlap_of(&pa, &pb, &EXACT, &Sampling::EXACT, centres)
    }

    /// What the two posed sprites share, or `None` (exact, as
    /// [`crate::collide::overlap`]).
    pub fn overlap(&mut self, a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<Overlap> {
        // The normal reads B one pixel either side of A's pixels.
        let (pa, pb) = self.place(a, pose_a, b, pose_b, 1)?;
        let centres = [
            centre(pose_a, a.width(), a.height()),
            centre(pose_b, b.width(), b.height()),
        ];
        scan::overlap_of(&pa, &pb, &EXACT, &Sampling::EXACT, centres)
    }

    /// How many world pixels belong to both posed sprites (exact, as
    /// [`crate::collide::overlap_count`]).
    pub fn overlap_count(&mut self, a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> u64 {
        self.place(a, pose_a, b, pose_b, 0)
            .map_or(0, |(pa, pb)| scan::count_shared(&pa, &pb, &EXACT))
    }

    /// The world pixels both posed sprites cover, or `None` (exact, as
    /// [`crate::collide::overlap_mask`]).
    pub fn overlap_mask(
        &mut self,
        a: &Mask,
        pose_a: &Pose,
        b: &Mask,
        pose_b: &Pose,
    ) -> Option<SharedPixels> {
        let window = world_box(a, pose_a)?.intersect(&world_box(b, pose_b)?)?;
        self.a.rebuild_within(a, pose_a, &window);
        let window = self.a.world_rect()?.intersect(&window)?;
        self.b.rebuild_within(b, pose_b, &window);
        self.a.shared_pixels(&self.b)
    }

    /// Both sprites placed for a scan: A over the overlap of the world
    /// boxes (grown by `margin` pixels round B's), B over A's covered
    /// pixels grown by `margin`. `None` when they cannot share a pixel.
    fn place<'a>(
        &'a mut self,
        a: &'a Mask,
        pose_a: &Pose,
        b: &'a Mask,
        pose_b: &Pose,
        margin: i64,
    ) -> Option<(Placed<'a>, Placed<'a>)> {
        let (box_a, box_b) = (world_box(a, pose_a)?, world_box(b, pose_b)?);
        box_a.intersect(&box_b)?;
        let pa = place_within(
            &mut self.a,
            a,
            pose_a,
            &box_a.intersect(&grow(&box_b, margin))?,
        )?;
        let pb = place_within(
            &mut self.b,
            b,
            pose_b,
            &box_b.intersect(&grow(&pa.solid, margin))?,
        )?;
        Some((pa, pb))
    }

    /// Drops storage grown past `words` words (so one huge query does not
    /// keep its buffers for the thread's life).
    fn trim(&mut self, words: usize) {
        for posed in [&mut self.a, &mut self.b] {
            if posed.coverage().words().len() > words {
                *posed = PosedMask::default();
            }
        }
    }
}

/// `f` with this thread's [`PairQuery`] (a fresh one if it is in use).
pub(in crate::collide) fn with_pair<R>(f: impl FnOnce(&mut PairQuery) -> R) -> R {
    thread_local! {
        static PAIR: RefCell<PairQuery> = RefCell::new(PairQuery::new());
    }
    /// Storage kept between queries: 1 MiB of coverage per sprite.
    const KEPT_WORDS: usize = 1 << 17;
    PAIR.with(|pair| match pair.try_borrow_mut() {
        Ok(mut pair) => {
            let r = f(&mut pair);
            pair.trim(KEPT_WORDS);
            r
        }
        Err(_) => f(&mut PairQuery::new()),
    })
}

/// `mask` in `pose` placed for a scan: as it is at an integer translation,
/// else rasterised into `slot` over `window` (exact there).
fn place_within<'a>(
    slot: &'a mut PosedMask,
    mask: &'a Mask,
    pose: &Pose,
    window: &PixelRect,
) -> Option<Placed<'a>> {
    if integer_offset(pose).is_some() {
        return Placed::new(mask, pose);
    }
    slot.rebuild_within(mask, pose, window);
    slot.placed()
}

fn world_box(mask: &Mask, pose: &Pose) -> Option<PixelRect> {
    pose.world_bounds(mask.width(), mask.height())
}

/// `r` grown by `by` pixels on every side.
fn grow(r: &PixelRect, by: i64) -> PixelRect {
    PixelRect {
        x0: r.x0 - by,
        y0: r.y0 - by,
        x1: r.x1 + by,
        y1: r.y1 + by,
    }
}
