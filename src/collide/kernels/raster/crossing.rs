//! Where a texel coordinate passes a grid line along a world row: the first
//! pixel offset past the line, exactly as the fixed-point
//! [`crate::pose::PixelMap`] decides it pixel by pixel.

/// A coordinate stepping by `d` per pixel (32.32 fixed point, `d ≠ 0`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Crossing {
    /// `|d|`.
    pub(crate) step: i64,
    /// `1 / |d|`.
    pub(crate) inv: f64,
    /// `d < 0`.
    pub(crate) falling: bool,
}

impl Crossing {
    /// The coordinate stepping by `d` per pixel; `None` when `d` is 0 (the
    /// coordinate never passes a line along the row).
    pub(crate) fn new(d: i64) -> Option<Crossing> {
        (d != 0).then(|| Crossing {
            step: d.unsigned_abs() as i64,
            inv: 1.0 / d.unsigned_abs() as f64,
            falling: d < 0,
        })
    }

    /// The first offset `k` at which the coordinate `start + d·k` has passed
    /// the line at `start + n`: `d·k ≥ n` when rising (it reached the line),
    /// `d·k < n` when falling (it went below). Exact for `|n| < 2^61`
    /// (callers keep coordinates far inside that): a float estimate,
    /// corrected by one integer check.
    #[inline(always)]
    pub(crate) fn first_past(&self, n: i64) -> i64 {
        debug_assert!(n.unsigned_abs() < 1 << 61);
        // Falling: d·k < n ⇔ |d|·k ≥ 1 − n.
        let n = if self.falling { 1 - n } else { n };
        let x = n as f64 * self.inv;
        // SAFETY: |x| ≤ |n| < 2^61 (|d| ≥ 1) is finite and fits an i64.
        let t: i64 = unsafe { x.to_int_unchecked() };
        // ⌈x⌉ from the truncation; the estimate is off by less than one, and
        // only when x lies within rounding of an integer: one integer check
        // (almost always passed) finds the exact smallest k with step·k ≥ n.
        let k = t.wrapping_add(i64::from((t as f64) < x));
        let r = self.step.wrapping_mul(k).wrapping_sub(n);
        if (r as u64) < self.step as u64 {
            return k;
        }
        k.wrapping_add(i64::from(r < 0))
            .wrapping_sub(i64::from(r >= self.step))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The float estimate plus one check equals exact integer division,
    /// on and around exact multiples.
    #[test]
    fn first_past_is_exact() {
        let mut rng = fastrand::Rng::with_seed(11);
        for _ in 0..300_000 {
            let d = match rng.u8(0..4) {
                0 => rng.i64(1..1 << 20),
                1 => rng.i64(1 << 20..1 << 46),
                2 => (rng.i64(1..64) << 32) / rng.i64(1..8),
                _ => 1,
            } * if rng.bool() { 1 } else { -1 };
            let c = Crossing::new(d).expect("d ≠ 0");
            let k = rng.i64(-20_000..20_000);
            let n = k * d + rng.i64(-2..3);
            let want = if d > 0 {
                // Smallest k with d·k ≥ n: ⌈n / d⌉.
                n.div_euclid(d) + i64::from(n.rem_euclid(d) != 0)
            } else {
                // Smallest k with d·k < n: ⌊n / d⌋ + 1 = ⌊−n / −d⌋ + 1.
                (-n).div_euclid(-d) + 1
            };
            assert_eq!(c.first_past(n), want, "n {n} d {d}");
        }
        assert_eq!(Crossing::new(0).map(|c| c.step), None);
    }
}
