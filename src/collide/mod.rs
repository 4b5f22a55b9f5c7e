//! Sprite-against-sprite queries: world poses in, small `Copy` results out.

use crate::mask::Mask;
use crate::pose::Pose;

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
    /// Approximate unit contact normal, pointing from A towards B.
    pub normal: [f64; 2],
}

/// True when any world pixel belongs to both posed sprites (exact).
pub fn intersects(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> bool {
    let _ = (a, pose_a, b, pose_b);
    todo!("collision helper")
}

/// What the two posed sprites share, or `None` when they do not touch (exact).
pub fn overlap(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<Overlap> {
    let _ = (a, pose_a, b, pose_b);
    todo!("collision helper")
}
