//! Where a sprite is: position of its top-left corner, rotation about its
//! centre, and uniform scale. See the crate docs for the coverage rule.
//!
//! Coverage is decided with `PixelMap`: the inverse pose in 32.32 fixed
//! point, anchored at the first pixel of the pose's bounds. Fixed point makes
//! stepping along a row (`+ step`) give exactly what evaluating each pixel
//! afresh gives, so every fast path agrees bit for bit with the plain
//! per-pixel reference.

internal! {
    /// Number of fractional bits in `PixelMap` coordinates (feature `internals`).
    pub const FRAC_BITS: u32 = 32;
}
internal! {
    /// One texel in `PixelMap` fixed point (feature `internals`).
    pub const ONE: i64 = 1 << FRAC_BITS;
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

/// Below this magnitude an `f64` may have a fraction and its truncation
/// converts to `i64` and back exactly.
const EXACT_TRUNC: f64 = (1u64 << 52) as f64;

/// `v.ceil() as i64`, without a call to `ceil` (targets without SSE4.1 have
/// no rounding instruction): truncation is exact below 2^52, then one step
/// up when it dropped a positive fraction.
#[inline]
fn ceil_to_i64(v: f64) -> i64 {
    if v.abs() < EXACT_TRUNC {
        let t = v as i64;
        t + i64::from((t as f64) < v)
    } else {
        v.ceil() as i64
    }
}

/// `v.floor() as i64`, without a call to `floor` (see [`ceil_to_i64`]).
#[inline]
fn floor_to_i64(v: f64) -> i64 {
    if v.abs() < EXACT_TRUNC {
        let t = v as i64;
        t - i64::from((t as f64) > v)
    } else {
        v.floor() as i64
    }
}

internal! {
/// The inverse of a [`Pose`] for a `width`×`height` sprite, in 32.32 fixed
/// point: texel coordinates `(u, v)` of the centre of world pixel `(X, Y)` are
///
/// ```text
/// u = u0 + du_dx·(X − x0) + du_dy·(Y − y0)
/// v = v0 + dv_dx·(X − x0) + dv_dy·(Y − y0)
/// ```
///
/// and the pixel belongs to texel `(u >> 32, v >> 32)` when `0 ≤ u < width·2^32`
/// and `0 ≤ v < height·2^32`. This is *the* definition of coverage in
/// hitfield; the float mapping in the crate docs is what it approximates (to
/// 2^-32 of a texel). Feature `internals`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PixelMap {
    /// World pixel the fixed-point origin sits at (the top-left of `bounds`).
    pub origin: (i64, i64),
    /// Every covered pixel lies inside these bounds.
    pub bounds: PixelRect,
    /// u at the origin pixel's centre.
    pub u0: i64,
    /// v at the origin pixel's centre.
    pub v0: i64,
    /// Change of u per pixel step in x.
    pub du_dx: i64,
    /// Change of u per pixel step in y.
    pub du_dy: i64,
    /// Change of v per pixel step in x.
    pub dv_dx: i64,
    /// Change of v per pixel step in y.
    pub dv_dy: i64,
    /// Sprite width in texels.
    pub width: u32,
    /// Sprite height in texels.
    pub height: u32,
}
}

impl PixelMap {
    /// Fixed-point `(u, v)` of world pixel `(x, y)`'s centre. Exact integer
    /// arithmetic; pixels far outside `bounds` may give values that do not
    /// fit and are reported as `None`.
    pub fn uv(&self, x: i64, y: i64) -> Option<(i64, i64)> {
        let dx = i128::from(x) - i128::from(self.origin.0);
        let dy = i128::from(y) - i128::from(self.origin.1);
        let u = i128::from(self.u0) + i128::from(self.du_dx) * dx + i128::from(self.du_dy) * dy;
        let v = i128::from(self.v0) + i128::from(self.dv_dx) * dx + i128::from(self.dv_dy) * dy;
        Some((i64::try_from(u).ok()?, i64::try_from(v).ok()?))
    }

    /// The texel world pixel `(x, y)` belongs to, or `None` when it lies
    /// outside the sprite.
    pub fn texel(&self, x: i64, y: i64) -> Option<(u32, u32)> {
        let (u, v) = self.uv(x, y)?;
        self.texel_of(u, v)
    }

    /// The texel at fixed-point `(u, v)`, or `None` outside the sprite.
    #[inline]
    pub fn texel_of(&self, u: i64, v: i64) -> Option<(u32, u32)> {
        if u < 0 || v < 0 {
            return None;
        }
        let (i, j) = ((u >> FRAC_BITS) as u64, (v >> FRAC_BITS) as u64);
        (i < u64::from(self.width) && j < u64::from(self.height)).then_some((i as u32, j as u32))
    }

    /// The columns of row `y` inside `clip` whose pixel centres fall inside
    /// the sprite rectangle, as a half-open range, or `None` when there are
    /// none. Exact: every pixel in the range maps inside, every other maps
    /// outside (checked with the same integer arithmetic as [`PixelMap::uv`]).
    pub fn row_span(&self, y: i64, clip: &PixelRect) -> Option<(i64, i64)> {
        let x0 = clip.x0.max(self.bounds.x0);
        let x1 = clip.x1.min(self.bounds.x1);
        if x0 >= x1 || y < self.bounds.y0 || y >= self.bounds.y1 {
            return None;
        }
        let (u_start, v_start) = self.uv(x0, y)?;
        let (du, dv) = (self.du_dx, self.dv_dx);
        let (wmax, hmax) = (
            i64::from(self.width) << FRAC_BITS,
            i64::from(self.height) << FRAC_BITS,
        );
        // Solve lo ≤ start + k·d < hi for integer k ≥ 0, per axis.
        let mut lo = 0i64;
        let mut hi = x1 - x0;
        for (start, d, max) in [(u_start, du, wmax), (v_start, dv, hmax)] {
            let (klo, khi) = span_of(start, d, max);
            lo = lo.max(klo);
            hi = hi.min(khi);
            if lo >= hi {
                return None;
            }
        }
        Some((x0 + lo, x0 + hi))
    }
}

/// Integer k range `[klo, khi)` with `0 ≤ start + k·d < max`.
fn span_of(start: i64, d: i64, max: i64) -> (i64, i64) {
    let (start, d, max) = (i128::from(start), i128::from(d), i128::from(max));
    let clamp = |k: i128| k.clamp(i128::from(i64::MIN / 4), i128::from(i64::MAX / 4)) as i64;
    if d == 0 {
        return if (0..max).contains(&start) {
            (i64::MIN / 4, i64::MAX / 4)
        } else {
            (0, 0)
        };
    }
    if d > 0 {
        // start + k·d ≥ 0  ⇔ k ≥ ceil(-start / d);  start + k·d < max ⇔ k < ceil((max - start) / d)
        (clamp(div_ceil(-start, d)), clamp(div_ceil(max - start, d)))
    } else {
        // d < 0: start + k·d < max ⇔ k > (start - max)/(-d) ⇔ k ≥ floor((start - max)/(-d)) + 1
        //        start + k·d ≥ 0   ⇔ k ≤ start/(-d)        ⇔ k < floor(start/(-d)) + 1
        let nd = -d;
        (
            clamp(div_floor(start - max, nd) + 1),
            clamp(div_floor(start, nd) + 1),
        )
    }
}

fn div_floor(a: i128, b: i128) -> i128 {
    let q = a / b;
    if (a % b != 0) && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}

fn div_ceil(a: i128, b: i128) -> i128 {
    -div_floor(-a, b)
}

/// `x.round() as i64` (half away from zero) without a libm call: a
/// truncating conversion and the exact remainder `x − trunc(x)` (libm's
/// `round` is a function call on baseline x86-64, and posed masks are built
/// on every pose change).
#[inline]
fn round_to_i64(x: f64) -> i64 {
    // Beyond 2^62 (or NaN) the truncation could overflow: libm.
    if x.is_nan() || x.abs() >= (1u64 << 62) as f64 {
        return x.round() as i64;
    }
    let t = x as i64;
    let rest = x - t as f64;
    t + i64::from(rest >= 0.5) - i64::from(rest <= -0.5)
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

    /// The libm-free rounding equals `f64::round` everywhere it is used,
    /// halves, neighbours of halves and huge values included.
    #[test]
    fn round_to_i64_matches_round() {
        let mut rng = fastrand::Rng::with_seed(3);
        // mingw-w64's libm (x86_64-pc-windows-gnu) rounds ±0.49999999999999994
        // to ±1; every |x| < 0.5 rounds to 0.
        let round = |x: f64| if x.abs() < 0.5 { 0 } else { x.round() as i64 };
        let check = |x: f64| assert_eq!(round_to_i64(x), round(x), "{x:e}");
        for k in -1000i64..1000 {
            let half = k as f64 + 0.5;
            for x in [
                half,
                f64::from_bits(half.to_bits() + 1),
                f64::from_bits(half.to_bits() - 1),
            ] {
                check(x);
                check(-x);
            }
            check(k as f64);
        }
        for _ in 0..200_000 {
            let x = (rng.f64() - 0.5) * 2f64.powi(rng.i32(-4..66));
            check(x);
        }
        for x in [
            0.0,
            -0.0,
            0.49999999999999994,
            -0.49999999999999994,
            4.5e18,
            -4.7e18,
            1e30,
            -1e30,
        ] {
            check(x);
        }
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
    fn ceil_and_floor_without_libm_match_libm() {
        let edge = EXACT_TRUNC;
        let mut values = vec![
            0.0,
            -0.0,
            0.5,
            -0.5,
            1.0,
            -1.0,
            1.0 - f64::EPSILON,
            -1.0 + f64::EPSILON,
            edge,
            -edge,
            edge - 0.5,
            -edge + 0.5,
            edge * 4.0 + 2.0,
            1e300,
            -1e300,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
        ];
        let mut rng = fastrand::Rng::with_seed(52);
        for _ in 0..100_000 {
            let whole = rng.i64(-(1 << 53)..(1 << 53)) >> rng.u32(0..54);
            let v = whole as f64;
            values.extend([v, v + rng.f64(), v - rng.f64(), f64::from_bits(rng.u64(..))]);
        }
        for v in values {
            assert_eq!(ceil_to_i64(v), v.ceil() as i64, "ceil {v:e}");
            assert_eq!(floor_to_i64(v), v.floor() as i64, "floor {v:e}");
        }
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
