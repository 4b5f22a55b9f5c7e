//! The plain per-pixel sample: the oracle for [`crate::ships::sample()`].

use crate::field::Canvas;
use crate::mask::Mask;
use crate::pose::Pose;
use crate::ships::sample::canvas_rect;
use crate::ships::{HitMap, Thresholds};

/// Visits every canvas pixel inside the pose's bounds, maps it to a texel
/// with [`crate::pose::PixelMap::texel`] and tests all three thresholds.
pub fn sample(canvas: &Canvas, mask: &Mask, pose: &Pose, t: &Thresholds, hits: &mut HitMap) -> u32 {
    hits.reset(mask.width(), mask.height());
    let Some(map) = pose.pixel_map(mask.width(), mask.height()) else {
        return 0;
    };
    let Some(area) = map.bounds.intersect(&canvas_rect(canvas)) else {
        return 0;
    };
    let mut count = 0;
    for y in area.y0..area.y1 {
        for x in area.x0..area.x1 {
            let Some((i, j)) = map.texel(x, y) else {
                continue;
            };
            let Some(p) = canvas.get(x, y) else {
                continue;
            };
            if p[3] >= t.field_alpha_min
                && p[t.colour_channel.index()] >= t.colour_min
                && mask.get(i, j)
            {
                count += 1;
                hits.insert(i, j);
            }
        }
    }
    count
}
