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
    overlap_with(a, pose_a, b, pose_b, options).is_some()
}

/// [`overlap`] with opt-in approximations.
pub fn overlap_with(
    a: &Mask,
    pose_a: &Pose,
    b: &Mask,
    pose_b: &Pose,
    options: &QueryOptions,
) -> Option<Overlap> {
    // Interim per-pixel version until the fast paths land.
    let _ = options;
    let ma = pose_a.pixel_map(a.width(), a.height())?;
    let mb = pose_b.pixel_map(b.width(), b.height())?;
    let area = ma.bounds.intersect(&mb.bounds)?;
    let (mut count, mut sx, mut sy) = (0u64, 0f64, 0f64);
    let (mut x0, mut y0, mut x1, mut y1) = (i64::MAX, i64::MAX, i64::MIN, i64::MIN);
    for y in area.y0..area.y1 {
        for x in area.x0..area.x1 {
            let (Some((ia, ja)), Some((ib, jb))) = (ma.texel(x, y), mb.texel(x, y)) else {
                continue;
            };
            if a.get(ia, ja) && b.get(ib, jb) {
                count += 1;
                sx += x as f64 + 0.5;
                sy += y as f64 + 0.5;
                (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
            }
        }
    }
    if count == 0 {
        return None;
    }
    let (w, h) = (x1 - x0, y1 - y0);
    Some(Overlap {
        count,
        rect: [x0, y0, w, h],
        point: [x0 as f64 + w as f64 / 2.0, y0 as f64 + h as f64 / 2.0],
        centroid: [sx / count as f64, sy / count as f64],
        normal: [1.0, 0.0],
    })
}
