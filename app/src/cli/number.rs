//! One number syntax for every numeric flag: an optional sign, digits, an
//! optional fraction and exponent (`20000`, `2e4`, `-3`, `0.5`, `1e3`).
//! Whole-number flags take any form whose value is whole (`1e6` is a
//! million). Range checks stay with the settings, so the wording is the
//! same as for presets: `--particles -5: must be at least 0`.

use hitfield::settings::{SettingValue, Spec};

/// A whole number as typed, before its range is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Whole(pub i128);

/// Largest magnitude read through the decimal/exponent form (exact in `f64`
/// up to 2^53; beyond that write the digits).
const EXACT_IN_F64: f64 = 9_007_199_254_740_992.0;

/// Parses a whole-number flag value.
pub fn whole(text: &str) -> Result<Whole, String> {
    let t = text.trim();
    if let Ok(v) = t.parse::<i128>() {
        return Ok(Whole(v));
    }
    match t.parse::<f64>() {
        Ok(v) if v.is_finite() && v.fract() == 0.0 && v.abs() <= EXACT_IN_F64 => {
            Ok(Whole(v as i128))
        }
        Ok(v) if v.is_finite() && v.fract() == 0.0 => Err(format!(
            "must be written in digits above {EXACT_IN_F64} (decimal and exponent forms stop there)"
        )),
        Ok(_) => Err("must be a whole number".to_string()),
        Err(_) => Err("must be a number, such as 20000 or 2e4".to_string()),
    }
}

/// Parses a real-number flag value.
pub fn real(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .map_err(|_| "must be a number, such as 100 or 1e2".to_string())
}

/// A whole-number flag's value as a setting of type `T`, range-checked by
/// its spec: `Err` is the reason, as `Spec::check` words it.
pub fn setting<T>(spec: &Spec<T>, value: Whole) -> Result<T, String>
where
    T: SettingValue + TryFrom<i128>,
{
    if let Some(reason) = spec.reason_for(value.0 as f64) {
        return Err(reason);
    }
    // Only values beyond the type (the seed's `u64`) get here; every
    // setting's minimum is at least 0.
    T::try_from(value.0).map_err(|_| {
        let beyond = if value.0 < 0 { -1.0 } else { f64::INFINITY };
        spec.reason_for(beyond)
            .unwrap_or_else(|| format!("must be {}", spec.range_text()))
    })
}

/// A count (such as `--frames`) of at least `min`.
pub fn count(text: &str, min: u64) -> Result<u64, String> {
    let Whole(v) = whole(text)?;
    if v < i128::from(min) {
        return Err(format!("must be at least {min}"));
    }
    u64::try_from(v).map_err(|_| format!("must be at most {}", u64::MAX))
}

/// A step or frame count of 0 or more (`hitfield headless --frames`).
pub fn steps(text: &str) -> Result<u64, String> {
    count(text, 0)
}

/// A frame count of 1 or more (the demo's `--frames`).
pub fn frames(text: &str) -> Result<u64, String> {
    count(text, 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hitfield::settings::specs;

    #[test]
    fn one_syntax_for_whole_and_real() {
        assert_eq!(whole("20000"), Ok(Whole(20_000)));
        assert_eq!(whole("1e6"), Ok(Whole(1_000_000)));
        assert_eq!(whole("2.0"), Ok(Whole(2)));
        assert_eq!(whole("-5"), Ok(Whole(-5)));
        assert_eq!(whole("18446744073709551615"), Ok(Whole(u64::MAX.into())));
        assert!(whole("1.5").is_err() && whole("many").is_err() && whole("inf").is_err());
        assert_eq!(real("1e3"), Ok(1000.0));
        assert!(real("soon").is_err());
    }

    #[test]
    fn settings_use_the_spec_wording() {
        assert_eq!(setting(&specs::PARTICLES, Whole(1_000_000)), Ok(1_000_000));
        assert_eq!(
            setting(&specs::PARTICLES, Whole(-5)),
            Err("must be at least 0".to_string())
        );
        assert_eq!(
            setting(&specs::WIDTH, Whole(-3)),
            Err("must be at least 1 pixel".to_string())
        );
        assert!(setting(&specs::SEED, Whole(-1)).is_err());
        assert_eq!(setting(&specs::SEED, Whole(u64::MAX.into())), Ok(u64::MAX));
        assert!(setting(&specs::SEED, Whole(i128::from(u64::MAX) + 1)).is_err());
        assert_eq!(count("1e2", 1), Ok(100));
        assert!(count("0", 1).is_err());
    }
}
