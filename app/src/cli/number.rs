//! One number syntax for every numeric flag: an optional sign, digits, an
//! optional fraction and exponent (`20000`, `2e4`, `-3`, `0.5`, `1e3`).
//! Whole-number flags take any form whose value is whole (`1e6` is a
//! million). Range checks stay with the settings, so the wording is the
//! same as for presets: `--particles -5: must be at least 0`.

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

/// A count (such as `--frames`) from `min` to `max`.
pub fn count(text: &str, min: u64, max: u64) -> Result<u64, String> {
    let Whole(v) = whole(text)?;
    if v < i128::from(min) {
        return Err(format!("must be at least {min}"));
    }
    u64::try_from(v)
        .ok()
        .filter(|&v| v <= max)
        .ok_or_else(|| format!("must be at most {max}"))
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn counts_have_a_minimum() {
        assert_eq!(count("1e2", 1, u64::MAX), Ok(100));
        assert!(count("0", 1, u64::MAX).is_err());
        assert_eq!(count("256", 0, 255), Err("must be at most 255".to_string()));
    }
}
