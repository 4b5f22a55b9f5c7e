//! pygame's `Mask.centroid` and `Mask.angle`: integer image moments.

use crate::mask::Mask;

/// The raw moments of a mask's set texels (sums over them of 1, x, y, x²,
/// y², xy), exact in `i128`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Moments {
    /// Number of set texels.
    pub m00: i128,
    /// Σx.
    pub m10: i128,
    /// Σy.
    pub m01: i128,
    /// Σx².
    pub m20: i128,
    /// Σy².
    pub m02: i128,
    /// Σxy.
    pub m11: i128,
}

impl Moments {
    /// pygame's centroid: the integer means `(Σx / n, Σy / n)` (rounded
    /// down), `(0, 0)` when no texel is set.
    pub fn centroid(&self) -> (i64, i64) {
        if self.m00 == 0 {
            return (0, 0);
        }
        ((self.m10 / self.m00) as i64, (self.m01 / self.m00) as i64)
    }

    /// pygame's orientation in degrees, in (−90, 90]: `−90/π ·
    /// atan2(2(Σxy/n − x̄ȳ), (Σx²/n − x̄²) − (Σy²/n − ȳ²))` with every
    /// division and mean an integer one as pygame-ce computes it; 0 when no
    /// texel is set.
    pub fn angle(&self) -> f64 {
        if self.m00 == 0 {
            return 0.0;
        }
        let n = self.m00;
        let (xc, yc) = (self.m10 / n, self.m01 / n);
        let num = 2 * (self.m11 / n - xc * yc);
        let den = (self.m20 / n - xc * xc) - (self.m02 / n - yc * yc);
        -90.0 * (num as f64).atan2(den as f64) / std::f64::consts::PI
    }
}

impl Mask {
    /// The moments of the set texels, a row and a word at a time.
    ///
    /// ```
    /// use hitfield::Mask;
    ///
    /// let bar = Mask::from_fn(5, 5, |x, y| x == y);
    /// let m = bar.moments();
    /// assert_eq!(m.centroid(), (2, 2));
    /// assert_eq!(m.angle(), -45.0);
    /// ```
    pub fn moments(&self) -> Moments {
        let mut m = Moments::default();
        for y in 0..self.height() {
            let yy = i128::from(y);
            let (mut n, mut sx, mut sxx) = (0i128, 0i128, 0i128);
            for (j, &word) in self.row(y).iter().enumerate() {
                let mut w = word;
                n += i128::from(w.count_ones());
                while w != 0 {
                    let x = (j * 64) as i128 + i128::from(w.trailing_zeros());
                    w &= w - 1;
                    sx += x;
                    sxx += x * x;
                }
            }
            m.m00 += n;
            m.m10 += sx;
            m.m20 += sxx;
            m.m01 += n * yy;
            m.m02 += n * yy * yy;
            m.m11 += sx * yy;
        }
        m
    }
}
