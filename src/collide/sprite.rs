//! A mask in a pose, reduced to what the scanners need: either an integer
//! offset, or the fixed-point pixel map restricted to the mask's solid
//! texels, plus world boxes that bound the work.

use crate::mask::Mask;
use crate::pose::{ceil_to_i64, floor_to_i64, PixelMap, PixelRect, Pose, FRAC_BITS};

/// Masks wider or taller than this many texels collide with nothing (the
/// fixed-point map keeps `width·2^32` in an `i64` with room to spare).
pub const MAX_SIDE: u32 = 1 << 24;

/// How texels reach world pixels.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Place {
    /// Texel `(i, j)` covers world pixel `(x + i, y + j)`.
    Translate {
        /// World x of texel column 0.
        x: i64,
        /// World y of texel row 0.
        y: i64,
    },
    /// Any other valid pose.
    Map(SolidMap),
}

/// A [`PixelMap`] whose sprite rectangle is the mask's solid box: its texel
/// `(i, j)` is mask texel `(i + texel0.0, j + texel0.1)`. Pixels outside it
/// map onto transparent texels, so nothing is lost.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SolidMap {
    /// The restricted map.
    pub map: PixelMap,
    /// Mask texel of the restricted map's texel `(0, 0)`.
    pub texel0: (u32, u32),
}

/// A mask placed in the world.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Placed<'a> {
    /// The sprite's texels.
    pub mask: &'a Mask,
    /// How they reach the world.
    pub place: Place,
    /// The pose's world bounds (as [`Pose::world_bounds`]).
    pub bounds: PixelRect,
    /// A superset of the world pixels covered by solid texels.
    pub solid: PixelRect,
}

impl<'a> Placed<'a> {
    /// `None` when the sprite can cover no solid pixel: invalid pose, empty
    /// or oversized mask, or no solid texel.
    pub fn new(mask: &'a Mask, pose: &Pose) -> Option<Self> {
        let (w, h) = (mask.width(), mask.height());
        if w > MAX_SIDE || h > MAX_SIDE {
            return None;
        }
        let [sx0, sy0, sx1, sy1] = mask.solid_box()?;
        if let Some((x, y)) = integer_offset(pose) {
            return Placed::translated(mask, x, y);
        }
        let turn = f64::from(pose.rotation).sin_cos();
        let map = pose.pixel_map_turned(w, h, turn)?;
        let solid = solid_box(pose, turn, w, h, [sx0, sy0, sx1, sy1]).intersect(&map.bounds)?;
        let sub = PixelMap {
            bounds: solid,
            u0: map.u0 - (i64::from(sx0) << FRAC_BITS),
            v0: map.v0 - (i64::from(sy0) << FRAC_BITS),
            width: sx1 - sx0,
            height: sy1 - sy0,
            ..map
        };
        Some(Placed {
            mask,
            place: Place::Map(SolidMap {
                map: sub,
                texel0: (sx0, sy0),
            }),
            bounds: map.bounds,
            solid,
        })
    }

    /// `mask` with its texel `(i, j)` on world pixel `(x + i, y + j)`;
    /// `None` when it has no solid texel or is oversized.
    pub fn translated(mask: &'a Mask, x: i64, y: i64) -> Option<Self> {
        let (w, h) = (mask.width(), mask.height());
        if w > MAX_SIDE || h > MAX_SIDE {
            return None;
        }
        let [sx0, sy0, sx1, sy1] = mask.solid_box()?;
        let rect = |x0: u32, y0: u32, x1: u32, y1: u32| PixelRect {
            x0: x + i64::from(x0),
            y0: y + i64::from(y0),
            x1: x + i64::from(x1),
            y1: y + i64::from(y1),
        };
        Some(Placed {
            mask,
            place: Place::Translate { x, y },
            bounds: rect(0, 0, w, h),
            solid: rect(sx0, sy0, sx1, sy1),
        })
    }

    /// The same sprite moved by `(dx, dy)` world pixels: it covers `(X, Y)`
    /// exactly when the original covers `(X − dx, Y − dy)`.
    pub fn shifted(&self, dx: i64, dy: i64) -> Self {
        let shift = |r: PixelRect| PixelRect {
            x0: r.x0 + dx,
            y0: r.y0 + dy,
            x1: r.x1 + dx,
            y1: r.y1 + dy,
        };
        let place = match self.place {
            Place::Translate { x, y } => Place::Translate {
                x: x + dx,
                y: y + dy,
            },
            Place::Map(s) => Place::Map(SolidMap {
                map: PixelMap {
                    origin: (s.map.origin.0 + dx, s.map.origin.1 + dy),
                    bounds: shift(s.map.bounds),
                    ..s.map
                },
                ..s
            }),
        };
        Placed {
            place,
            bounds: shift(self.bounds),
            solid: shift(self.solid),
            ..*self
        }
    }
}

/// `Some((x, y))` exactly when [`Pose::is_integer_translation`] holds,
/// without a rounding call (valid coordinates convert to `i64` exactly;
/// NaN fails the range test).
#[inline]
pub(crate) fn integer_offset(pose: &Pose) -> Option<(i64, i64)> {
    let in_range = |v: f32| v.abs() <= Pose::MAX_COORD;
    if pose.rotation != 0.0 || pose.scale != 1.0 || !in_range(pose.x) || !in_range(pose.y) {
        return None;
    }
    let (x, y) = (pose.x as i64, pose.y as i64);
    (x as f32 == pose.x && y as f32 == pose.y).then_some((x, y))
}

/// World pixels whose centres may map into the texel box `[x0, x1)×[y0, y1)`:
/// the forward image of its corners (float), widened by a pixel on each side
/// to absorb rounding (the fixed-point map is within 2^-12 texel of it).
/// `(sin, cos)` is the rotation's; the pose is valid (its coordinates are
/// far inside `i64`).
fn solid_box(
    pose: &Pose,
    (sin, cos): (f64, f64),
    w: u32,
    h: u32,
    [x0, y0, x1, y1]: [u32; 4],
) -> PixelRect {
    let s = f64::from(pose.scale);
    let (hw, hh) = (f64::from(w) / 2.0, f64::from(h) / 2.0);
    let (cx, cy) = (f64::from(pose.x) + hw, f64::from(pose.y) + hh);
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for (tx, ty) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
        let (dx, dy) = (f64::from(tx) - hw, f64::from(ty) - hh);
        let p = [
            cx + s * (cos * dx - sin * dy),
            cy + s * (sin * dx + cos * dy),
        ];
        for k in 0..2 {
            lo[k] = lo[k].min(p[k]);
            hi[k] = hi[k].max(p[k]);
        }
    }
    // Pixel X belongs only if X + 0.5 lies in [lo, hi].
    let (floor, ceil) = (floor_to_i64, ceil_to_i64);
    PixelRect {
        x0: floor(lo[0] - 0.5) - 1,
        y0: floor(lo[1] - 0.5) - 1,
        x1: ceil(hi[0] - 0.5) + 2,
        y1: ceil(hi[1] - 0.5) + 2,
    }
}

impl SolidMap {
    /// The per-row column estimator for this map.
    pub fn spans(&self) -> SpanEstimator {
        let m = &self.map;
        let axis = |c0: i64, d: i64, dd: i64, size: u32| Axis {
            c0,
            d,
            dd,
            size,
            c0f: c0 as f64,
            ddf: dd as f64,
            inv: if d == 0 { 0.0 } else { 1.0 / d as f64 },
            maxf: (i64::from(size) << FRAC_BITS) as f64,
        };
        SpanEstimator {
            origin: m.origin,
            bounds: m.bounds,
            axes: [
                axis(m.u0, m.du_dx, m.du_dy, m.width),
                axis(m.v0, m.dv_dx, m.dv_dy, m.height),
            ],
        }
    }
}

/// One texel axis of a [`SolidMap`], with float copies for estimates.
#[derive(Clone, Copy, Debug)]
struct Axis {
    c0: i64,
    d: i64,
    dd: i64,
    size: u32,
    c0f: f64,
    ddf: f64,
    inv: f64,
    maxf: f64,
}

/// Estimates which columns of a row may map into a [`SolidMap`]'s box.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SpanEstimator {
    origin: (i64, i64),
    bounds: PixelRect,
    axes: [Axis; 2],
}

/// [`SpanEstimator::span`]'s bounds on the column offset `t = X − origin.0`
/// as linear functions of `dy = y − origin.1`: `lo(dy)` is the larger of
/// two, `hi(dy)` the smaller of two, each `a + b·dy` (for vector kernels
/// that estimate many rows at once).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct LinearSpans {
    /// `[a, b]` of both axes' lower bounds.
    pub lo: [[f64; 2]; 2],
    /// `[a, b]` of both axes' upper bounds.
    pub hi: [[f64; 2]; 2],
    pub origin: (i64, i64),
    pub bounds: PixelRect,
}

impl SpanEstimator {
    /// The bounds as [`LinearSpans`], or `None` when an axis is constant
    /// along rows (a quarter turn), which [`SpanEstimator::span`] decides
    /// exactly instead. The same estimate up to float rounding, far inside
    /// its two-pixel margin.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub fn linear(&self) -> Option<LinearSpans> {
        let mut lo = [[0.0; 2]; 2];
        let mut hi = [[0.0; 2]; 2];
        for (k, a) in self.axes.iter().enumerate() {
            if a.d == 0 {
                return None;
            }
            // t_zero = −start·inv and t_max = (max − start)·inv with
            // start = c0 + dd·dy.
            let slope = -a.ddf * a.inv;
            let zero = [-a.c0f * a.inv, slope];
            let max = [(a.maxf - a.c0f) * a.inv, slope];
            (lo[k], hi[k]) = if a.d > 0 { (zero, max) } else { (max, zero) };
        }
        Some(LinearSpans {
            lo,
            hi,
            origin: self.origin,
            bounds: self.bounds,
        })
    }

    /// A superset of the columns of row `y` inside `clip` whose pixel
    /// centres map into the box: a float estimate widened by two pixels on
    /// each side (its error is below 2^-20 pixel); the scanners test every
    /// sample exactly.
    #[inline(always)]
    pub fn span(&self, y: i64, clip: &PixelRect) -> Option<(i64, i64)> {
        let dy = y - self.origin.1;
        // Offsets t = X − origin.0 with 0 ≤ c0 + dd·dy + t·d < size·2^32 on both axes.
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
        for a in &self.axes {
            if a.d == 0 {
                // Constant along the row: decide exactly.
                let start = i128::from(a.c0) + i128::from(a.dd) * i128::from(dy);
                if start < 0 || start >= i128::from(a.size) << FRAC_BITS {
                    return None;
                }
                continue;
            }
            let start = a.c0f + a.ddf * dy as f64;
            let (t_zero, t_max) = (-start * a.inv, (a.maxf - start) * a.inv);
            let (l, h) = if a.d > 0 {
                (t_zero, t_max)
            } else {
                (t_max, t_zero)
            };
            lo = lo.max(l);
            hi = hi.min(h);
        }
        const FAR: f64 = (1u64 << 62) as f64;
        let t0 = (lo.floor() - 2.0).clamp(-FAR, FAR) as i64;
        let t1 = (hi.ceil() + 2.0).clamp(-FAR, FAR) as i64;
        let x0 = self
            .origin
            .0
            .saturating_add(t0)
            .max(clip.x0)
            .max(self.bounds.x0);
        let x1 = self
            .origin
            .0
            .saturating_add(t1)
            .min(clip.x1)
            .min(self.bounds.x1);
        (x0 < x1).then_some((x0, x1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_cover_every_covered_pixel() {
        let mut rng = fastrand::Rng::with_seed(11);
        let mask = Mask::from_fn(13, 7, |x, y| (x * 7 + y * 3) % 5 == 0 && x > 1);
        for _ in 0..300 {
            let pose = Pose {
                x: rng.f32() * 20.0 - 10.0,
                y: rng.f32() * 20.0 - 10.0,
                rotation: rng.f32() * 7.0 - 3.5,
                scale: 0.2 + rng.f32() * 3.0,
            };
            let Some(p) = Placed::new(&mask, &pose) else {
                continue;
            };
            let Place::Map(sm) = p.place else {
                continue;
            };
            let full = pose.pixel_map(13, 7).expect("valid");
            let clip = full.bounds;
            let spans = sm.spans();
            for y in clip.y0 - 2..clip.y1 + 2 {
                let span = spans.span(y, &clip);
                for x in clip.x0 - 2..clip.x1 + 2 {
                    let solid = full.texel(x, y).is_some_and(|(i, j)| mask.get(i, j));
                    if solid {
                        let (a, b) = span.expect("row with a solid pixel has a span");
                        assert!((a..b).contains(&x), "{pose:?} ({x},{y})");
                        assert!(p.solid.x0 <= x && x < p.solid.x1);
                        assert!(p.solid.y0 <= y && y < p.solid.y1);
                        // The restricted map agrees with the full one.
                        let (i, j) = sm.map.texel(x, y).expect("inside solid box");
                        assert_eq!(
                            (i + sm.texel0.0, j + sm.texel0.1),
                            full.texel(x, y).unwrap()
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn shifted_moves_coverage() {
        let mask = Mask::from_fn(5, 5, |x, y| x == y);
        let pose = Pose::at(0.5, 0.0).rotated(0.3);
        let p = Placed::new(&mask, &pose).expect("valid");
        let q = p.shifted(3, -2);
        let (Place::Map(a), Place::Map(b)) = (p.place, q.place) else {
            panic!("rotated pose gives a map");
        };
        for y in -5..10 {
            for x in -5..10 {
                assert_eq!(a.map.texel(x, y), b.map.texel(x + 3, y - 2));
            }
        }
    }
}
