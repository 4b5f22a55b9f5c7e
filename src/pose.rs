//! Where a sprite is: position of its top-left corner, rotation about its
//! centre, and uniform scale. See the crate docs for the coverage rule.
//!
//! Coverage is decided with a `PixelMap` (module `pixel_map`): the
//! inverse pose in fixed point, built here from the pose.

mod pixel_map;

use self::pixel_map::round_to_i64;
pub(crate) use self::pixel_map::{ceil_to_i64, floor_to_i64};
internal! {
    /// The fixed-point inverse map of a pose (feature `internals`).
    pub use self::pixel_map::{PixelMap, FRAC_BITS, ONE};
}

/// A sprite's placement in world pixels. See the crate docs for the mapping.
///
/// ```
/// use hitfield::prelude::*;
///
/// // Top-left corner at (10, 20), unrotated, unscaled.
/// let plain = Pose::at(10.0, 20.0);
/// assert_eq!((plain.rotation, plain.scale), (0.0, 1.0));
/// // A 16×8 sprite centred on (100, 50), turned a quarter clockwise, doubled.
/// let turned = Pose { rotation: std::f32::consts::FRAC_PI_2, scale: 2.0, ..Pose::from_centre([100.0, 50.0], [16, 8]) };
/// assert_eq!(turned.centre([16, 8]), [100.0, 50.0]);
/// assert!(turned.is_valid());
/// assert!(!Pose { scale: f32::NAN, ..plain }.is_valid());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// World x of the sprite's top-left corner (before rotation and scale).
    pub x: f32,
    /// World y of the sprite's top-left corner (before rotation and scale).
    pub y: f32,
    /// Rotation about the sprite's centre in radians; positive turns clockwise on screen.
    pub rotation: f32,
    /// Uniform scale, > 0.
    pub scale: f32,
}

pub use crate::rect::PixelRect;

impl Pose {
    /// Largest accepted `|x|` and `|y|` (2^30 pixels).
    pub const MAX_COORD: f32 = (1u32 << 30) as f32;
    /// Smallest accepted scale. Smaller scales cover no pixel in practice.
    pub const MIN_SCALE: f32 = 1.0 / 65536.0;
    /// Largest accepted scale.
    pub const MAX_SCALE: f32 = 64.0;

    /// An unrotated, unscaled pose with the top-left corner at `(x, y)`.
    pub fn at(x: f32, y: f32) -> Self {
        Self {
            x,
            y,
            rotation: 0.0,
            scale: 1.0,
        }
    }

    /// An unrotated, unscaled pose that puts the centre of a `w`×`h` sprite
    /// at `centre` (world pixels). A pose holds the unscaled sprite's
    /// top-left corner, `centre − (w/2, h/2)`; rotation and scale turn about
    /// the centre, so [`Pose::rotated`] and [`Pose::scaled`] keep it.
    pub fn from_centre(centre: [f32; 2], [w, h]: [u32; 2]) -> Self {
        Self::at(centre[0] - w as f32 * 0.5, centre[1] - h as f32 * 0.5)
    }

    /// The world point a `w`×`h` sprite in this pose turns and scales
    /// about: its centre, `(x + w/2, y + h/2)`.
    pub fn centre(&self, [w, h]: [u32; 2]) -> [f32; 2] {
        [self.x + w as f32 * 0.5, self.y + h as f32 * 0.5]
    }

    /// This pose turned to `rotation` radians.
    pub fn rotated(self, rotation: f32) -> Self {
        Self { rotation, ..self }
    }

    /// This pose scaled by `scale`.
    pub fn scaled(self, scale: f32) -> Self {
        Self { scale, ..self }
    }

    /// True when the pose can cover pixels: every field finite, `|x|, |y| ≤`
    /// [`Pose::MAX_COORD`] and scale within [[`Pose::MIN_SCALE`], [`Pose::MAX_SCALE`]].
    ///
    /// An invalid pose (NaN, infinite, zero, negative or out-of-range scale,
    /// far-off coordinates) **covers no pixel**: it collides with nothing and
    /// samples nothing.
    pub fn is_valid(&self) -> bool {
        self.x.is_finite()
            && self.y.is_finite()
            && self.rotation.is_finite()
            && self.x.abs() <= Self::MAX_COORD
            && self.y.abs() <= Self::MAX_COORD
            && (Self::MIN_SCALE..=Self::MAX_SCALE).contains(&self.scale)
    }

    /// True when the pose is a pure integer translation (θ = 0, s = 1,
    /// integer x and y): texel (i, j) covers world pixel (x + i, y + j).
    pub fn is_integer_translation(&self) -> bool {
        self.rotation == 0.0
            && self.scale == 1.0
            && self.x.fract() == 0.0
            && self.y.fract() == 0.0
            && self.is_valid()
    }

    /// The world pixels that may belong to a `w`×`h` sprite in this pose (a
    /// superset of the covered pixels; exact for integer translations).
    /// `None` for an invalid pose or an empty sprite.
    pub fn world_bounds(&self, w: u32, h: u32) -> Option<PixelRect> {
        self.world_bounds_turned(w, h, f64::from(self.rotation).sin_cos())
    }

    /// [`Pose::world_bounds`] with the rotation's sine and cosine given.
    fn world_bounds_turned(&self, w: u32, h: u32, (sin, cos): (f64, f64)) -> Option<PixelRect> {
        if !self.is_valid() || w == 0 || h == 0 {
            return None;
        }
        let (wf, hf) = (f64::from(w), f64::from(h));
        let (cx, cy) = (f64::from(self.x) + wf / 2.0, f64::from(self.y) + hf / 2.0);
        let s = f64::from(self.scale);
        // Half extents of the rotated, scaled box.
        let hx = s * (cos.abs() * wf + sin.abs() * hf) / 2.0;
        let hy = s * (sin.abs() * wf + cos.abs() * hf) / 2.0;
        // A pixel belongs only if its centre X + 0.5 lies within [cx - hx, cx + hx).
        // The margin covers rounding in the fixed-point inverse map.
        // As `is_integer_translation`, without `fract` (a call to `truncf`
        // on targets without SSE4.1): valid coordinates fit in `i32`.
        let whole = |v: f32| v == (v as i32) as f32;
        let integer_translation =
            self.rotation == 0.0 && self.scale == 1.0 && whole(self.x) && whole(self.y);
        let margin = if integer_translation { 0.0 } else { 1e-6 };
        let rect = PixelRect {
            x0: ceil_to_i64(cx - hx - 0.5 - margin),
            y0: ceil_to_i64(cy - hy - 0.5 - margin),
            x1: floor_to_i64(cx + hx - 0.5 + margin) + 1,
            y1: floor_to_i64(cy + hy - 0.5 + margin) + 1,
        };
        (!rect.is_empty()).then_some(rect)
    }

    internal! {
        /// The inverse map from world pixels to texels of a `w`×`h` sprite, or
        /// `None` for an invalid pose or an empty sprite (feature `internals`).
        pub fn pixel_map(&self, w: u32, h: u32) -> Option<PixelMap> {
            self.pixel_map_turned(w, h, f64::from(self.rotation).sin_cos())
        }
    }

    /// [`Pose::pixel_map`] with the rotation's sine and cosine given (a
    /// caller that also needs them computes them once).
    pub(crate) fn pixel_map_turned(
        &self,
        w: u32,
        h: u32,
        (sin, cos): (f64, f64),
    ) -> Option<PixelMap> {
        let bounds = self.world_bounds_turned(w, h, (sin, cos))?;
        let (wf, hf) = (f64::from(w), f64::from(h));
        let inv_s = 1.0 / f64::from(self.scale);
        let (cx, cy) = (f64::from(self.x) + wf / 2.0, f64::from(self.y) + hf / 2.0);
        // local = c_local + R(-θ)·(world - c_world)/s
        let (a, b, c, d) = (cos * inv_s, sin * inv_s, -sin * inv_s, cos * inv_s);
        let px = bounds.x0 as f64 + 0.5 - cx;
        let py = bounds.y0 as f64 + 0.5 - cy;
        let u0 = wf / 2.0 + a * px + b * py;
        let v0 = hf / 2.0 + c * px + d * py;
        let fix = |v: f64| round_to_i64(v * ONE as f64);
        Some(PixelMap {
            origin: (bounds.x0, bounds.y0),
            bounds,
            u0: fix(u0),
            v0: fix(v0),
            du_dx: fix(a),
            du_dy: fix(b),
            dv_dx: fix(c),
            dv_dy: fix(d),
            width: w,
            height: h,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_translation_covers_texels_one_to_one() {
        let pose = Pose::at(10.0, -3.0);
        let map = pose.pixel_map(5, 4).expect("valid pose");
        assert_eq!(
            map.bounds,
            PixelRect {
                x0: 10,
                y0: -3,
                x1: 15,
                y1: 1
            }
        );
        for j in 0..4 {
            for i in 0..5 {
                assert_eq!(map.texel(10 + i, -3 + j), Some((i as u32, j as u32)));
            }
        }
        assert_eq!(map.texel(9, -3), None);
        assert_eq!(map.texel(15, -3), None);
        assert_eq!(map.texel(10, 1), None);
    }

    #[test]
    fn quarter_turn_is_clockwise_on_screen() {
        // A 4×2 sprite turned 90° about its centre (2, 1) spans x ∈ [1, 3], y ∈ [-1, 3].
        // Clockwise on screen: local +x points to world +y, local +y to world −x.
        let pose = Pose::at(0.0, 0.0).rotated(std::f32::consts::FRAC_PI_2);
        let map = pose.pixel_map(4, 2).expect("valid");
        assert_eq!(map.texel(2, -1), Some((0, 0)));
        assert_eq!(map.texel(1, -1), Some((0, 1)));
        assert_eq!(map.texel(2, 2), Some((3, 0)));
        assert_eq!(map.texel(1, 2), Some((3, 1)));
        assert_eq!(map.texel(0, 0), None);
        assert_eq!(map.texel(3, 0), None);
    }

    #[test]
    fn invalid_poses_cover_nothing() {
        for pose in [
            Pose::at(f32::NAN, 0.0),
            Pose::at(0.0, f32::INFINITY),
            Pose::at(0.0, 0.0).scaled(0.0),
            Pose::at(0.0, 0.0).scaled(-1.0),
            Pose::at(0.0, 0.0).scaled(1e9),
            Pose::at(0.0, 0.0).rotated(f32::NAN),
            Pose::at(1e20, 0.0),
        ] {
            assert!(pose.pixel_map(4, 4).is_none(), "{pose:?}");
        }
        assert!(Pose::at(0.0, 0.0).pixel_map(0, 4).is_none());
    }

    #[test]
    fn row_span_matches_per_pixel_test() {
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..300 {
            let pose = Pose {
                x: rng.f32() * 40.0 - 20.0,
                y: rng.f32() * 40.0 - 20.0,
                rotation: rng.f32() * 7.0 - 3.5,
                scale: 0.3 + rng.f32() * 3.0,
            };
            let (w, h) = (1 + rng.u32(0..20), 1 + rng.u32(0..20));
            let Some(map) = pose.pixel_map(w, h) else {
                // Tiny sprites may cover no pixel centre at all.
                assert!(
                    pose.is_valid() && w as f32 * pose.scale < 2.0 || h as f32 * pose.scale < 2.0
                );
                continue;
            };
            let clip = PixelRect {
                x0: -100,
                y0: -100,
                x1: 100,
                y1: 100,
            };
            for y in -100..100 {
                let span = map.row_span(y, &clip);
                for x in -100..100 {
                    let inside = map.texel(x, y).is_some();
                    let in_span = span.is_some_and(|(a, b)| (a..b).contains(&x));
                    assert_eq!(inside, in_span, "pose {pose:?} {w}x{h} at ({x},{y})");
                    if inside {
                        let b = map.bounds;
                        assert!(x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1);
                    }
                }
            }
        }
    }
}
