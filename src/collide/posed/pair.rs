//! Exact queries between two sprites in any pose, through posed masks built
//! inside the query and only over the two boxes' overlap.

use crate::collide::PosedMask;
use crate::mask::Mask;
use crate::pose::Pose;

/// Storage for exact pair queries that build both posed masks on the spot
/// (for sprites whose poses change between queries, or that a game does
/// not keep posed masks for).
///
/// Each query rasterises sprite A only inside the overlap of the two
/// sprites' world boxes, then sprite B only where A covers something, and
/// tests the two at word speed: the same answer as [`crate::collide::intersects`],
/// bit for bit. Keep one per thread and reuse it: the storage and each
/// sprite's outline stay between queries.
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
        let bounds = |m: &Mask, p: &Pose| p.world_bounds(m.width(), m.height());
        let (Some(box_a), Some(box_b)) = (bounds(a, pose_a), bounds(b, pose_b)) else {
            return false;
        };
        let Some(window) = box_a.intersect(&box_b) else {
            return false;
        };
        self.a.rebuild_within(a, pose_a, &window);
        let Some(window) = self.a.world_rect().and_then(|r| r.intersect(&window)) else {
            return false;
        };
        self.b.rebuild_within(b, pose_b, &window);
        self.a.intersects(&self.b)
    }
}
