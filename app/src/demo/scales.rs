//! Slider scales (slider position `t ∈ [0, 1]` ↔ value, over each
//! setting's whole range as its [`Row`] defines it) and compact value
//! formatting for the panel.

use hitfield::settings::{Kind, Row, Scale, Value};

/// Share of a log slider's track, at its far left, that stands for the
/// setting's minimum (0, or the smallest value above an open bound).
const LOG_ZERO_GAP: f64 = 0.02;

/// Slider position of `v` on `row`'s scale, over its whole valid range.
pub fn to_t(row: &Row, v: Value) -> f32 {
    let ((lo, hi), v) = (row.bounds(), v.as_f64());
    if !v.is_finite() {
        return 0.0;
    }
    match row.scale {
        Scale::Linear => lin_to_t(v, lo, hi),
        Scale::Log { first } => {
            if v < first {
                return 0.0;
            }
            let along = (v.min(hi) / first).ln() / (hi / first).ln();
            (LOG_ZERO_GAP + (1.0 - LOG_ZERO_GAP) * along) as f32
        }
    }
}

/// The value at slider position `t` on `row`'s scale: the far left is the
/// minimum (or, for an open lower bound, the scale's first value), the far
/// right the maximum. Log scales round to two significant digits, so
/// dragging lands on round numbers; whole settings round to whole numbers,
/// and the result is always in range.
pub fn from_t(row: &Row, t: f32) -> Value {
    let (lo, hi) = row.bounds();
    let t = f64::from(t.clamp(0.0, 1.0));
    let v = match row.scale {
        Scale::Linear => t_to_lin(t as f32, lo, hi),
        // The first half of the gap is the minimum; the second half (which
        // also absorbs `f32` rounding of `to_t(first)`) is `first`.
        Scale::Log { .. } if t < LOG_ZERO_GAP / 2.0 && !row.min_exclusive() => lo,
        Scale::Log { first } => {
            let along = ((t - LOG_ZERO_GAP) / (1.0 - LOG_ZERO_GAP)).max(0.0);
            round_sig2(first * (hi / first).powf(along))
        }
    };
    let v = v.clamp(lo, hi);
    let value = match row.kind {
        Kind::Whole { .. } => Value::Whole(v.round() as u64),
        // Real settings stored as `f32` are read back at that precision.
        _ => Value::Real(v),
    };
    match row.kind {
        Kind::Whole { max, .. } => value_or(row, value, Value::Whole(max)),
        _ => value_or(row, value, Value::Real(hi)),
    }
}

/// `value` when `row` allows it, else `fallback`.
fn value_or(row: &Row, value: Value, fallback: Value) -> Value {
    if row.check(value).is_ok() {
        value
    } else {
        fallback
    }
}

/// `v` rounded to two significant digits.
fn round_sig2(v: f64) -> f64 {
    if v <= 0.0 || !v.is_finite() {
        return v;
    }
    let unit = 10f64.powf(v.log10().floor() - 1.0);
    (v / unit).round() * unit
}

/// Slider position of `v` on a linear scale.
fn lin_to_t(v: f64, lo: f64, hi: f64) -> f32 {
    if !v.is_finite() || hi <= lo {
        return 0.0;
    }
    ((v.clamp(lo, hi) - lo) / (hi - lo)) as f32
}

/// Value at slider position `t` on a linear scale.
fn t_to_lin(t: f32, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * f64::from(t.clamp(0.0, 1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    use hitfield::settings::{row, rows};

    fn allows(row: &Row, v: Value) -> bool {
        row.check(v).is_ok()
    }

    /// Both ends of the track reach both ends of the valid range, every
    /// position gives a valid value, and the track is monotonic.
    fn covers_range(row: &Row) {
        let (min, max) = row.bounds();
        let lo = from_t(row, 0.0);
        assert!(allows(row, lo), "{} low end {lo:?}", row.key);
        if !row.min_exclusive() {
            assert_eq!(lo.as_f64(), min, "{}", row.key);
        }
        assert_eq!(from_t(row, 1.0).as_f64(), max, "{}", row.key);
        assert_eq!(to_t(row, from_t(row, 1.0)), 1.0, "{}", row.key);
        let mut last = f64::NEG_INFINITY;
        for i in 0..=1000 {
            let v = from_t(row, i as f32 / 1000.0);
            assert!(allows(row, v), "{} at {i}: {v:?}", row.key);
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
        for row in sliders {
            covers_range(row);
        }
    }

    #[test]
    fn log_sliders_round_trip_round_values() {
        let particles = row("field.particles").expect("row");
        for n in [0u64, 1, 7, 50, 1000, 100_000, 250_000, 1_000_000, 4_000_000] {
            let v = Value::Whole(n);
            assert_eq!(from_t(particles, to_t(particles, v)), v, "{n}");
        }
        let interval = row("ships.sample_interval_ms").expect("row");
        for ms in [0.0, 5.0, 100.0, 250.0, 1000.0, 10_000.0] {
            let v = Value::Real(ms);
            assert_eq!(from_t(interval, to_t(interval, v)), v, "{ms}");
        }
        assert_eq!(to_t(particles, Value::Whole(0)), 0.0);
        assert_eq!(to_t(interval, Value::Real(f64::NAN)), 0.0);
    }
}
