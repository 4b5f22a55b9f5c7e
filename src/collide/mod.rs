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
    let _ = (a, pose_a, b, pose_b, options);
    todo!("collision")
}

/// [`overlap`] with opt-in approximations.
pub fn overlap_with(
    a: &Mask,
    pose_a: &Pose,
    b: &Mask,
    pose_b: &Pose,
    options: &QueryOptions,
) -> Option<Overlap> {
    let _ = (a, pose_a, b, pose_b, options);
    todo!("collision")
}
