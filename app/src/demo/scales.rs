//! Slider scales (slider position `t ∈ [0, 1]` ↔ value, over each
//! setting's whole range as its [`Spec`] defines it).

use hitfield::settings::{Scale, SettingValue, Spec};

/// Share of a log slider's track, at its far left, that stands for the
/// setting's minimum (0, or the smallest value above an open bound).
const LOG_ZERO_GAP: f64 = 0.02;

/// Slider position of `v` on `spec`'s scale, over its whole valid range.
pub fn to_t<T: SettingValue>(spec: &Spec<T>, v: T) -> f32 {
    let (lo, hi, v) = (spec.min.to_f64(), spec.max.to_f64(), v.to_f64());
    if !v.is_finite() {
        return 0.0;
    }
    match spec.scale {
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

/// The value at slider position `t` on `spec`'s scale: the far left is the
/// minimum (or, for an open lower bound, the scale's first value), the far
/// right the maximum. Log scales round to two significant digits, so
/// dragging lands on round numbers; the result is always in range.
pub fn from_t<T: SettingValue>(spec: &Spec<T>, t: f32) -> T {
    let (lo, hi) = (spec.min.to_f64(), spec.max.to_f64());
    let t = f64::from(t.clamp(0.0, 1.0));
    let v = match spec.scale {
        Scale::Linear => t_to_lin(t as f32, lo, hi),
        // The first half of the gap is the minimum; the second half (which
        // also absorbs `f32` rounding of `to_t(first)`) is `first`.
        Scale::Log { .. } if t < LOG_ZERO_GAP / 2.0 && !spec.min_exclusive => lo,
        Scale::Log { first } => {
            let along = ((t - LOG_ZERO_GAP) / (1.0 - LOG_ZERO_GAP)).max(0.0);
            round_sig2(first * (hi / first).powf(along))
        }
    };
    let value = T::from_f64(v.clamp(lo, hi));
    if spec.allows(value) {
        value
    } else {
        spec.max
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
    use hitfield::settings::specs;

    /// Both ends of the track reach both ends of the valid range, every
    /// position gives a valid value, and the track is monotonic.
    fn covers_range<T: SettingValue + std::fmt::Debug>(spec: &Spec<T>) {
        let lo = from_t(spec, 0.0);
        assert!(spec.allows(lo), "{} low end {lo:?}", spec.key);
        if !spec.min_exclusive {
            assert_eq!(lo.to_f64(), spec.min.to_f64(), "{}", spec.key);
        }
        assert_eq!(
            from_t(spec, 1.0).to_f64(),
            spec.max.to_f64(),
            "{}",
            spec.key
        );
        assert_eq!(to_t(spec, spec.max), 1.0, "{}", spec.key);
        let mut last = f64::NEG_INFINITY;
        for i in 0..=1000 {
            let v = from_t(spec, i as f32 / 1000.0);
            assert!(spec.allows(v), "{} at {i}: {v:?}", spec.key);
            assert!(v.to_f64() >= last, "{} not monotonic at {i}", spec.key);
            last = v.to_f64();
        }
    }

    #[test]
    fn every_slider_reaches_the_whole_valid_range() {
        covers_range(&specs::PARTICLES);
        covers_range(&specs::FADE);
        covers_range(&specs::NOISE_FREQUENCY);
        covers_range(&specs::EVOLUTION_SPEED);
        covers_range(&specs::SHIPS);
        covers_range(&specs::SHIP_SPEED);
        covers_range(&specs::SHIP_SCALE);
        covers_range(&specs::SAMPLE_INTERVAL_MS);
        covers_range(&specs::FIELD_ALPHA_MIN);
        covers_range(&specs::COLOUR_MIN);
        covers_range(&specs::SHIP_ALPHA_MIN);
        covers_range(&specs::COLLISION_STRIDE);
        covers_range(&specs::COLLISION_ACCURACY);
    }

    #[test]
    fn log_sliders_round_trip_round_values() {
        for n in [
            0usize, 1, 7, 50, 1000, 100_000, 250_000, 1_000_000, 4_000_000,
        ] {
            assert_eq!(
                from_t(&specs::PARTICLES, to_t(&specs::PARTICLES, n)),
                n,
                "{n}"
            );
        }
        for ms in [0.0, 5.0, 100.0, 250.0, 1000.0, 10_000.0] {
            let t = to_t(&specs::SAMPLE_INTERVAL_MS, ms);
            assert_eq!(from_t(&specs::SAMPLE_INTERVAL_MS, t), ms, "{ms}");
        }
        assert_eq!(to_t(&specs::PARTICLES, 0), 0.0);
        assert_eq!(to_t(&specs::SHIP_SPEED, f32::NAN), 0.0);
    }
}
