//! Sampling through a posed mask: the ship's exact world coverage
//! ([`PosedMask`]) ANDed with the field test 64 pixels at a time, which also
//! gives the world pixels hit ([`HitPixels`]). Same count and texels as
//! [`sample`] (property tested against the per-pixel reference).

use crate::collide::PosedMask;
use crate::field::Canvas;
use crate::mask::{bits_at, low_bits, Mask};

use super::hits::{BitIter, HitMap, HitPixels};
#[cfg(doc)]
use super::sample::sample;
use super::sample::{canvas_rect, FieldTest, Thresholds};

/// [`sample`] through the ship's posed coverage (`posed`, built for `mask`
/// in its pose): 64 covered pixels ANDed with 64 field tests at a time.
/// Fills `hits` with the texels hit, `pixels` with the world pixels hit,
/// and returns their number; the same count and texels as [`sample`].
pub fn sample_posed(
    canvas: &Canvas,
    mask: &Mask,
    posed: &PosedMask,
    thresholds: &Thresholds,
    hits: &mut HitMap,
    pixels: &mut HitPixels,
) -> u32 {
    hits.reset(mask.width(), mask.height());
    let cover = posed.coverage();
    let origin = posed.origin();
    pixels.reset(origin, cover.width(), cover.height());
    let (Some(rect), Some(map)) = (
        posed.world_rect(),
        posed.pose().pixel_map(mask.width(), mask.height()),
    ) else {
        return 0;
    };
    let Some(clip) = rect.intersect(&canvas_rect(canvas)) else {
        return 0;
    };
    let test = FieldTest::new(thresholds);
    let translated = posed.pose().is_integer_translation();
    let mut count = 0u32;
    for y in clip.y0..clip.y1 {
        let j = (y - origin.1) as u32;
        let cover_row = cover.row(j);
        let canvas_row = canvas.row(y as u32);
        // Texel coordinates at the row's first column (exact, fixed point).
        let Some((u_row, v_row)) = map.uv(clip.x0, y) else {
            continue;
        };
        let mut x = clip.x0;
        while x < clip.x1 {
            let n = (clip.x1 - x).min(64) as u32;
            let i = (x - origin.0) as usize;
            let covered = bits_at(cover_row, i) & low_bits(n);
            if covered != 0 {
                let hit = covered & test.bits(&canvas_row[x as usize..x as usize + n as usize]);
                if hit != 0 {
                    count += hit.count_ones();
                    pixels.or_bits(i, j, hit);
                    if translated {
                        // The coverage is the mask itself: bit (i, j) is texel (i, j).
                        hits.or_bits(i as u32, j, hit);
                        x += i64::from(n);
                        continue;
                    }
                    for b in BitIter(hit) {
                        // A covered pixel maps onto a solid texel (the coverage rule).
                        let k = x - clip.x0 + i64::from(b);
                        let step = |start: i64, d: i64| d.checked_mul(k)?.checked_add(start);
                        let texel = match (step(u_row, map.du_dx), step(v_row, map.dv_dx)) {
                            (Some(u), Some(v)) => map.texel_of(u, v),
                            _ => map.texel(clip.x0 + k, y),
                        };
                        if let Some((ti, tj)) = texel {
                            hits.insert(ti, tj);
                        }
                    }
                }
            }
            x += i64::from(n);
        }
    }
    count
}
