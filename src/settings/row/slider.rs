//! A numeric row on a settings panel: its slider's position for a value
//! and the value at a position, over the whole valid range as its
//! [`Scale`] spreads it, and the value as the row's [`super::Panel`] shows it.

use super::{Kind, Row, Scale, Value};

/// Share of a log slider's track, at its far left, that stands for the
/// setting's minimum (0, or the smallest value above an open bound).
const LOG_ZERO_GAP: f64 = 0.02;

impl Row {
    /// Where `value` sits on this row's slider, from 0 (far left) to 1.
    ///
    /// ```
    /// use hitfield::settings::{row, Value};
    ///
    /// let particles = row("field.particles").expect("a row");
    /// let t = particles.slider_position(Value::Whole(250_000));
    /// assert_eq!(particles.slider_value(t), Value::Whole(250_000));
    /// assert_eq!(particles.panel_text(Value::Whole(250_000)).as_deref(), Some("250k"));
    /// ```
    pub fn slider_position(&self, value: Value) -> f32 {
        let ((lo, hi), v) = (self.bounds(), value.as_f64());
        if !v.is_finite() {
            return 0.0;
        }
        match self.scale {
            Scale::Linear if hi > lo => ((v.clamp(lo, hi) - lo) / (hi - lo)) as f32,
            Scale::Linear => 0.0,
            Scale::Log { first } if v < first => 0.0,
            Scale::Log { first } => {
                let along = (v.min(hi) / first).ln() / (hi / first).ln();
                (LOG_ZERO_GAP + (1.0 - LOG_ZERO_GAP) * along) as f32
            }
        }
    }

    /// The value at position `t` of this row's slider: the far left is the
    /// minimum (or, for an open lower bound, the scale's first value), the
    /// far right the maximum. Log scales round to two significant digits,
    /// so dragging lands on round numbers; whole settings round to whole
    /// numbers, and the result is always in range.
    pub fn slider_value(&self, t: f32) -> Value {
        let (lo, hi) = self.bounds();
        let t = f64::from(t.clamp(0.0, 1.0));
        let v = match self.scale {
            Scale::Linear => lo + (hi - lo) * t,
            // The first half of the gap is the minimum; the second half
            // (which also absorbs `f32` rounding of the position of
            // `first`) is `first`.
            Scale::Log { .. } if t < LOG_ZERO_GAP / 2.0 && !self.min_exclusive() => lo,
            Scale::Log { first } => {
                let along = ((t - LOG_ZERO_GAP) / (1.0 - LOG_ZERO_GAP)).max(0.0);
                round_sig2(first * (hi / first).powf(along))
            }
        };
        let v = v.clamp(lo, hi);
        let (value, fallback) = match self.kind {
            Kind::Whole { max, .. } => (Value::Whole(v.round() as u64), Value::Whole(max)),
            // Real settings stored as `f32` are read back at that precision.
            _ => (Value::Real(v), Value::Real(hi)),
        };
        match self.check(value) {
            Ok(()) => value,
            Err(_) => fallback,
        }
    }

    /// `value` as the row's panel entry shows it: the entry's text for
    /// either end, a short count ([`compact`]), or the number with the
    /// entry's decimals and suffix. `None` for a row with no panel entry.
    pub fn panel_text(&self, value: Value) -> Option<String> {
        let panel = self.panel?;
        let (lo, hi) = self.bounds();
        let v = value.as_f64();
        Some(if !panel.at_min.is_empty() && v <= lo {
            panel.at_min.to_string()
        } else if !panel.at_max.is_empty() && v >= hi {
            panel.at_max.to_string()
        } else if panel.compact {
            compact(value.as_u64())
        } else {
            format!("{v:.*}{}", usize::from(panel.decimals), panel.suffix)
        })
    }
}

/// A count written short: `1.00M`, `250k`, `12.5k`, `800`.
pub fn compact(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{:.2}M", n as f64 / 1e6)
    } else if n >= 100_000 {
        format!("{}k", n / 1000)
    } else if n >= 1000 {
        format!("{:.1}k", n as f64 / 1e3)
    } else {
        n.to_string()
    }
}

/// `v` rounded to two significant digits, with IEEE arithmetic only past
/// `log10`'s first guess at the decade, so every platform's libm gives the
/// same, monotonic result.
fn round_sig2(v: f64) -> f64 {
    if v <= 0.0 || !v.is_finite() {
        return v;
    }
    // The decade: 10^e <= v < 10^(e + 1), `log10`'s guess corrected.
    let mut e = v.log10().floor() as i32;
    if pow10(e) > v {
        e -= 1;
    } else if pow10(e + 1) <= v {
        e += 1;
    }
    // Keep `digits` decimals: scale by an exact power of ten, round, and
    // scale back with one correctly rounded operation.
    let digits = 1 - e;
    if digits >= 0 {
        let scale = pow10(digits);
        (v * scale).round() / scale
    } else {
        let scale = pow10(-digits);
        (v / scale).round() * scale
    }
}

/// 10^n, exact for 0 <= n <= 22 (products of exact values), and one
/// correctly rounded division below 0.
fn pow10(n: i32) -> f64 {
    let whole = (0..n.unsigned_abs()).fold(1.0, |p, _| p * 10.0);
    if n < 0 {
        1.0 / whole
    } else {
        whole
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::settings::{row, rows};

    /// Both ends of the track reach both ends of the valid range, every
    /// position gives a valid value, and the track is monotonic.
    fn covers_range(row: &Row) {
        let (min, max) = row.bounds();
        let lo = row.slider_value(0.0);
        assert!(row.check(lo).is_ok(), "{} low end {lo:?}", row.key);
        if !row.min_exclusive() {
            assert_eq!(lo.as_f64(), min, "{}", row.key);
        }
        let hi = row.slider_value(1.0);
        assert_eq!(hi.as_f64(), max, "{}", row.key);
        assert_eq!(row.slider_position(hi), 1.0, "{}", row.key);
        let mut last = f64::NEG_INFINITY;
        for i in 0..=1000 {
            let v = row.slider_value(i as f32 / 1000.0);
            assert!(row.check(v).is_ok(), "{} at {i}: {v:?}", row.key);
            assert!(v.as_f64() >= last, "{} not monotonic at {i}", row.key);
            last = v.as_f64();
        }
    }

    #[test]
    fn every_slider_reaches_the_whole_valid_range() {
        let sliders: Vec<&Row> = rows()
            .iter()
            .filter(|r| r.panel.is_some() && r.is_numeric())
            .collect();
        assert_eq!(sliders.len(), 13);
        sliders.into_iter().for_each(covers_range);
    }

    /// Two significant digits, monotonic across every decade boundary
    /// (on every libm: only `log10`'s first guess comes from it).
    #[test]
    fn round_sig2_is_monotonic_and_lands_on_round_numbers() {
        assert_eq!(round_sig2(0.004_049), 0.004);
        assert_eq!(round_sig2(0.009_96), 0.01);
        assert_eq!(round_sig2(249_999.0), 250_000.0);
        assert_eq!(round_sig2(1234.0), 1200.0);
        let mut last = 0.0;
        for i in 0..200_000 {
            let v = 1e-4 * 1.0001f64.powi(i);
            let r = round_sig2(v);
            assert!(r >= last, "{v} rounds to {r}, below {last}");
            last = r;
        }
        for e in -6..8 {
            for edge in [
                10f64.powi(e),
                10f64.powi(e).next_down(),
                10f64.powi(e).next_up(),
            ] {
                let r = round_sig2(edge);
                assert_eq!(r, pow10(e), "{edge}");
            }
        }
    }

    #[test]
    fn log_sliders_round_trip_round_values() {
        let particles = row("field.particles").expect("row");
        for n in [0u64, 1, 7, 50, 1000, 100_000, 250_000, 1_000_000, 4_000_000] {
            let v = Value::Whole(n);
            assert_eq!(
                particles.slider_value(particles.slider_position(v)),
                v,
                "{n}"
            );
        }
        let interval = row("ships.sample_interval_ms").expect("row");
        for ms in [0.0, 5.0, 100.0, 250.0, 1000.0, 10_000.0] {
            let v = Value::Real(ms);
            assert_eq!(
                interval.slider_value(interval.slider_position(v)),
                v,
                "{ms}"
            );
        }
        assert_eq!(particles.slider_position(Value::Whole(0)), 0.0);
        assert_eq!(interval.slider_position(Value::Real(f64::NAN)), 0.0);
    }

    #[test]
    fn values_show_as_their_panel_entries_say() {
        let text = |label: &str, value| {
            let row = rows().iter().find(|r| r.label == label).expect("row");
            row.panel_text(value).expect("in the panel")
        };
        assert_eq!(text("Particles", Value::Whole(250_000)), "250k");
        assert_eq!(text("Noise scale", Value::Real(0.004)), "0.0040");
        assert_eq!(text("Speed", Value::Real(60.0)), "60 px/s");
        assert_eq!(text("Scale", Value::Real(1.0)), "1.00x");
        assert_eq!(text("Sample every", Value::Real(0.0)), "every step");
        assert_eq!(text("Sample every", Value::Real(100.0)), "100 ms");
        assert_eq!(text("Stride", Value::Whole(1)), "1 exact");
        assert_eq!(text("Accuracy", Value::Real(1.0)), "1.00 exact");
        assert_eq!(text("Accuracy", Value::Real(0.5)), "0.50");
        let counts = [1_000_000, 250_000, 12_500, 800].map(compact);
        assert_eq!(counts, ["1.00M", "250k", "12.5k", "800"]);
    }
}
