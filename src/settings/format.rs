//! Serde helpers that keep preset files exact and readable.
//!
//! - [`seed`]: the `u64` seed in formats whose integers stop at `i64::MAX`
//!   (TOML): larger seeds are written as a decimal string; integers and
//!   decimal strings are both read.
//! - [`short_f32`]: `f32` values written with their shortest decimal form
//!   (`0.1`, not `0.10000000149011612`), still reading back bit for bit.

use serde::Serializer;

/// Writes a finite `f32` as the `f64` nearest to its shortest decimal form,
/// so text formats print `0.1` rather than the widened `0.10000000149011612`.
/// Reading it back as `f32` gives the same bits (checked by a property test).
pub fn short_f32<S: Serializer>(value: &f32, serializer: S) -> Result<S::Ok, S::Error> {
    match value.to_string().parse::<f64>() {
        Ok(short) if value.is_finite() => serializer.serialize_f64(short),
        _ => serializer.serialize_f32(*value),
    }
}

/// Serde `with` module for the seed.
pub mod seed {
    use std::fmt;

    use serde::de::{self, Visitor};
    use serde::{Deserializer, Serializer};

    /// Writes `seed` as an integer when TOML can hold it, else as a decimal string.
    pub fn serialize<S: Serializer>(seed: &u64, serializer: S) -> Result<S::Ok, S::Error> {
        match i64::try_from(*seed) {
            Ok(small) => serializer.serialize_i64(small),
            Err(_) => serializer.serialize_str(&seed.to_string()),
        }
    }

    /// Reads a non-negative integer or a decimal string of one.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u64, D::Error> {
        deserializer.deserialize_any(SeedVisitor)
    }

    struct SeedVisitor;

    impl Visitor<'_> for SeedVisitor {
        type Value = u64;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a whole number from 0 to 18446744073709551615, or that number as a string")
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<u64, E> {
            Ok(v)
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<u64, E> {
            u64::try_from(v).map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
        }

        fn visit_str<E: de::Error>(self, v: &str) -> Result<u64, E> {
            v.trim()
                .parse()
                .map_err(|_| E::invalid_value(de::Unexpected::Str(v), &self))
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::settings::FieldSettings;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn short_f32_reads_back_bit_for_bit(bits in any::<u32>()) {
            let x = f32::from_bits(bits);
            prop_assume!(x.is_finite());
            let text = serde_json::to_string(&Wrap(x)).map_err(|e| TestCaseError::fail(e.to_string()))?;
            let back: f64 = text.parse().map_err(|_| TestCaseError::fail(text.clone()))?;
            prop_assert_eq!((back as f32).to_bits(), bits, "{}", text);
        }
    }

    #[derive(serde::Serialize)]
    struct Wrap(#[serde(serialize_with = "super::short_f32")] f32);

    #[test]
    fn short_f32_is_short() {
        assert_eq!(
            serde_json::to_string(&Wrap(0.1)).ok().as_deref(),
            Some("0.1")
        );
        assert_eq!(
            toml::to_string(&FieldSettings::default())
                .map(|t| t.contains("base_speed = 0.1\n"))
                .ok(),
            Some(true)
        );
    }

    fn round_trip(seed: u64) -> Result<u64, String> {
        let field = FieldSettings {
            seed,
            ..FieldSettings::default()
        };
        let text = toml::to_string(&field).map_err(|e| e.to_string())?;
        let back: FieldSettings = toml::from_str(&text).map_err(|e| e.to_string())?;
        Ok(back.seed)
    }

    #[test]
    fn every_seed_survives_toml_and_json() {
        for seed in [0, 1, i64::MAX as u64, i64::MAX as u64 + 1, u64::MAX] {
            assert_eq!(round_trip(seed), Ok(seed));
            let field = FieldSettings {
                seed,
                ..FieldSettings::default()
            };
            let json = serde_json::to_string(&field).map_err(|e| e.to_string());
            let back = json
                .and_then(|j| serde_json::from_str::<FieldSettings>(&j).map_err(|e| e.to_string()));
            assert_eq!(back.map(|f| f.seed), Ok(seed));
        }
    }

    #[test]
    fn negative_and_junk_seeds_are_errors() {
        assert!(toml::from_str::<FieldSettings>("seed = -1").is_err());
        assert!(toml::from_str::<FieldSettings>("seed = \"abc\"").is_err());
        assert!(toml::from_str::<FieldSettings>("seed = 1.5").is_err());
        let ok = toml::from_str::<FieldSettings>("seed = \"42\"").map(|f| f.seed);
        assert_eq!(ok.ok(), Some(42));
    }
}
