//! The fixed-point pixel map: the inverse of a pose in 32.32 fixed point,
//! anchored at the first pixel of the pose's bounds. Fixed point makes
//! stepping along a row (`+ step`) give exactly what evaluating each pixel
//! afresh gives, so every fast path agrees bit for bit with the plain
//! per-pixel reference. Also the libm-free roundings the pose uses to
//! build it.

use crate::rect::PixelRect;

internal! {
    /// Number of fractional bits in `PixelMap` coordinates (feature `internals`).
    pub const FRAC_BITS: u32 = 32;
}
internal! {
    /// One texel in `PixelMap` fixed point (feature `internals`).
    pub const ONE: i64 = 1 << FRAC_BITS;
}

/// Below this magnitude an `f64` may have a fraction and its truncation
/// converts to `i64` and back exactly.
const EXACT_TRUNC: f64 = (1u64 << 52) as f64;

/// `v.ceil() as i64`, without a call to `ceil` (targets without SSE4.1 have
/// no rounding instruction): truncation is exact below 2^52, then one step
/// up when it dropped a positive fraction.
#[inline]
pub(crate) fn ceil_to_i64(v: f64) -> i64 {
    if v.abs() < EXACT_TRUNC {
        let t = v as i64;
        t + i64::from((t as f64) < v)
    } else {
        v.ceil() as i64
    }
}

/// `v.floor() as i64`, without a call to `floor` (see [`ceil_to_i64`]).
#[inline]
pub(crate) fn floor_to_i64(v: f64) -> i64 {
    if v.abs() < EXACT_TRUNC {
        let t = v as i64;
        t - i64::from((t as f64) > v)
    } else {
        v.floor() as i64
    }
}

internal! {
/// The inverse of a pose for a `width`×`height` sprite, in 32.32 fixed
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
pub(super) fn round_to_i64(x: f64) -> i64 {
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
}
