//! Turning [`QueryOptions`] into a sampling plan: a cleaned-up stride and
//! accuracy, downscaled poses for accuracy < 1, and the lattice of tested
//! pixels for stride > 1.

use crate::pose::{PixelRect, Pose};

/// Opt-in approximations. The default is exact.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QueryOptions {
    /// Test every `stride`-th pixel in each axis. 1 (the default) is exact.
    pub stride: u32,
    /// Test at this fraction of full resolution, in (0, 1]. 1 (the default) is exact.
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

impl QueryOptions {
    /// Strides above this are capped to it.
    pub const MAX_STRIDE: u32 = 1 << 16;
    /// Accuracies in (0, `MIN_ACCURACY`) are raised to it.
    pub const MIN_ACCURACY: f32 = 1.0 / 256.0;

    /// True when these options ask for the exact answer (stride ≤ 1 and
    /// accuracy NaN, ≤ 0 or ≥ 1).
    pub fn is_exact(&self) -> bool {
        let s = Sampling::new(self);
        s.stride == 1 && s.accuracy >= 1.0
    }
}

/// Options after validation: `1 ≤ stride ≤ MAX_STRIDE`,
/// `MIN_ACCURACY ≤ accuracy ≤ 1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sampling {
    /// Test every `stride`-th pixel in x and y.
    pub stride: i64,
    /// Fraction of full resolution; 1 is exact.
    pub accuracy: f32,
}

impl Sampling {
    /// Every pixel at full resolution.
    pub const EXACT: Sampling = Sampling {
        stride: 1,
        accuracy: 1.0,
    };

    /// Cleans up `options`: stride 0 means 1 and large strides are capped;
    /// accuracy NaN, ≤ 0 or ≥ 1 means exact and tiny accuracies are raised.
    pub fn new(options: &QueryOptions) -> Self {
        let stride = options.stride.clamp(1, QueryOptions::MAX_STRIDE);
        let a = options.accuracy;
        let accuracy = if a.is_nan() || a <= 0.0 || a >= 1.0 {
            1.0
        } else {
            a.max(QueryOptions::MIN_ACCURACY)
        };
        Sampling {
            stride: i64::from(stride),
            accuracy,
        }
    }

    /// The pose to test with: unchanged at full accuracy, otherwise the
    /// world is shrunk by `accuracy` about the origin (as if both sprites
    /// were drawn with a matrix scaled by the accuracy).
    pub fn pose(&self, pose: &Pose, width: u32, height: u32) -> Pose {
        if self.accuracy >= 1.0 {
            return *pose;
        }
        let a = f64::from(self.accuracy);
        // The centre (x + w/2, y + h/2) moves to a·centre; the size w×h stays
        // and the scale takes the factor.
        let shrink = |p: f32, size: u32| {
            let half = f64::from(size) / 2.0;
            (a * (f64::from(p) + half) - half) as f32
        };
        Pose {
            x: shrink(pose.x, width),
            y: shrink(pose.y, height),
            rotation: pose.rotation,
            scale: (f64::from(pose.scale) * a) as f32,
        }
    }
}

/// World centre of a `width`×`height` sprite's box in `pose` (rotation and
/// scale turn about it).
pub(crate) fn centre(pose: &Pose, width: u32, height: u32) -> [f64; 2] {
    [
        f64::from(pose.x) + f64::from(width) / 2.0,
        f64::from(pose.y) + f64::from(height) / 2.0,
    ]
}

/// The tested pixels: `(origin.0 + i·step, origin.1 + j·step)` for all
/// integers `i`, `j`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lattice {
    /// A lattice point: the top-left of the two sprites' bounds intersection.
    pub origin: (i64, i64),
    /// Distance between lattice points in x and y (1: every pixel).
    pub step: i64,
    /// Bits 0, step, 2·step, … of a word.
    pattern: u64,
}

impl Lattice {
    /// Every pixel (step 1).
    pub const EVERY_PIXEL: Lattice = Lattice {
        origin: (0, 0),
        step: 1,
        pattern: u64::MAX,
    };

    /// The lattice through `origin` with spacing `step` (≥ 1).
    pub fn new(origin: (i64, i64), step: i64) -> Self {
        let step = step.max(1);
        let mut pattern = if step == 1 { u64::MAX } else { 0 };
        let mut bit = 0i64;
        while step > 1 && bit < 64 {
            pattern |= 1 << bit;
            bit += step;
        }
        Lattice {
            origin,
            step,
            pattern,
        }
    }

    /// The lattice anchored at `rect`'s top-left corner.
    pub fn at(rect: &PixelRect, step: i64) -> Self {
        Lattice::new((rect.x0, rect.y0), step)
    }

    /// First lattice column at or after `x`.
    #[inline]
    pub fn first_col(&self, x: i64) -> i64 {
        if self.step == 1 {
            return x;
        }
        x + (self.origin.0 - x).rem_euclid(self.step)
    }

    /// First lattice row at or after `y`.
    #[inline]
    pub fn first_row(&self, y: i64) -> i64 {
        // Every pixel: no division.
        if self.step == 1 {
            return y;
        }
        y + (self.origin.1 - y).rem_euclid(self.step)
    }

    /// Bits of the 64-pixel word starting at world column `x` that lie on
    /// lattice columns.
    #[inline]
    pub fn comb(&self, x: i64) -> u64 {
        let offset = self.first_col(x) - x;
        if offset >= 64 {
            return 0;
        }
        self.pattern << offset
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn silly_options_are_cleaned_up() {
        let clean = |stride, accuracy| Sampling::new(&QueryOptions { stride, accuracy });
        assert_eq!(clean(0, 1.0).stride, 1);
        assert_eq!(clean(u32::MAX, 1.0).stride, 65536);
        for a in [
            f32::NAN,
            0.0,
            -1.0,
            f32::NEG_INFINITY,
            1.0,
            7.0,
            f32::INFINITY,
        ] {
            assert_eq!(clean(1, a).accuracy, 1.0, "{a}");
        }
        assert_eq!(clean(1, 1e-30).accuracy, QueryOptions::MIN_ACCURACY);
        assert_eq!(
            clean(3, 0.5),
            Sampling {
                stride: 3,
                accuracy: 0.5
            }
        );
    }

    #[test]
    fn lattice_columns_and_comb() {
        let lat = Lattice::new((5, -2), 3);
        assert_eq!(lat.first_col(5), 5);
        assert_eq!(lat.first_col(6), 8);
        assert_eq!(lat.first_col(-1), -1);
        assert_eq!(lat.first_col(0), 2);
        assert_eq!(lat.first_row(-3), -2);
        // Columns 0..64: lattice columns are 2, 5, 8, ...
        let comb = lat.comb(0);
        for x in 0..64 {
            assert_eq!(comb >> x & 1 == 1, (x - 5i64).rem_euclid(3) == 0, "{x}");
        }
        let sparse = Lattice::new((100, 0), 200);
        assert_eq!(sparse.comb(64), 1 << 36);
        assert_eq!(sparse.comb(0), 0);
    }

    #[test]
    fn downscaled_pose_keeps_centre_ratio() {
        let s = Sampling::new(&QueryOptions {
            stride: 1,
            accuracy: 0.5,
        });
        let p = s.pose(&Pose::at(10.0, 20.0), 4, 6);
        // Centre (12, 23) → (6, 11.5); top-left = centre − (2, 3).
        assert_eq!((p.x, p.y, p.scale), (4.0, 8.5, 0.5));
    }
}
