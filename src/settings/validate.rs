//! Range checks for every setting, with errors that name the key.

use std::fmt;

use super::{FieldSettings, Settings, ShipSettings};

/// Largest canvas width or height, in pixels.
pub const MAX_SIDE: u32 = 16_384;

/// Largest canvas area, in pixels (8192 × 8192: a 256 MiB RGBA canvas).
pub const MAX_CANVAS_PIXELS: u64 = 8192 * 8192;

/// Most particles a setting allows (the demo slider stops at 1,000,000; a
/// preset or `--particles` can go higher). A particle takes about 24
/// bytes, so this is about 96 MB of particle state.
pub const MAX_PARTICLES: usize = 4_000_000;

/// Largest particle speed term (`base_speed`, `speed_scale`), in pixels per step.
pub const MAX_PARTICLE_SPEED: f32 = 100.0;

/// Most ships.
pub const MAX_SHIPS: usize = 1000;

/// Longest sample interval, in milliseconds (10 s).
pub const MAX_SAMPLE_INTERVAL_MS: f64 = 10_000.0;

/// Fastest ship cruising speed, in pixels per second.
pub const MAX_SHIP_SPEED: f32 = 10_000.0;

/// A setting out of its range: which key, its value, and what is allowed.
///
/// Displays as one line, `key = value: reason`, for example
/// `ships.sample_interval_ms = NaN: must be a finite number from 0 to 10000`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsError {
    /// Dotted key as in a preset file, e.g. `field.particles`. The canvas area
    /// check uses `field.width × field.height`.
    pub key: &'static str,
    /// The offending value as text.
    pub value: String,
    /// What is allowed, e.g. `must be at most 4000000 (about 24 bytes per particle)`.
    pub reason: String,
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}: {}", self.key, self.value, self.reason)
    }
}

impl std::error::Error for SettingsError {}

/// `note` for a bound written `bound`: a plural unit (" pixels") turns
/// singular after "1".
fn unit<'a>(bound: &str, note: &'a str) -> &'a str {
    if bound == "1" && note.starts_with(' ') && !note.starts_with(" (") {
        note.strip_suffix('s').unwrap_or(note)
    } else {
        note
    }
}

/// Checks a whole number against `lo..=hi`.
fn whole<T>(key: &'static str, value: T, lo: T, hi: T, note: &str) -> Result<(), SettingsError>
where
    T: PartialOrd + fmt::Display + Copy,
{
    let reason = if value < lo {
        format!("must be at least {lo}{}", unit(&lo.to_string(), note))
    } else if value > hi {
        format!("must be at most {hi}{}", unit(&hi.to_string(), note))
    } else {
        return Ok(());
    };
    Err(SettingsError {
        key,
        value: value.to_string(),
        reason,
    })
}

/// Checks a real number: finite, at least `lo` (or above it when
/// `lo_open`), at most `hi`.
fn real(
    key: &'static str,
    value: f64,
    lo: f64,
    lo_open: bool,
    hi: f64,
    note: &str,
) -> Result<(), SettingsError> {
    let range = if lo_open {
        format!("more than {lo} and at most {hi}")
    } else {
        format!("from {lo} to {hi}")
    };
    let reason = if !value.is_finite() {
        format!("must be a finite number {range}{note}")
    } else if value < lo || (lo_open && value == lo) {
        if lo_open {
            format!("must be more than {lo}{note}")
        } else {
            format!("must be at least {lo}{note}")
        }
    } else if value > hi {
        format!("must be at most {hi}{note}")
    } else {
        return Ok(());
    };
    Err(SettingsError {
        key,
        value: value.to_string(),
        reason,
    })
}

impl FieldSettings {
    /// Checks every field setting against its documented range.
    pub fn validate(&self) -> Result<(), SettingsError> {
        whole("field.width", self.width, 1, MAX_SIDE, " pixels")?;
        whole("field.height", self.height, 1, MAX_SIDE, " pixels")?;
        let area = u64::from(self.width) * u64::from(self.height);
        if area > MAX_CANVAS_PIXELS {
            return Err(SettingsError {
                key: "field.width × field.height",
                value: format!("{}×{}", self.width, self.height),
                reason: format!(
                    "must be at most {MAX_CANVAS_PIXELS} pixels in all (a 256 MiB canvas), got {area}"
                ),
            });
        }
        whole(
            "field.particles",
            self.particles,
            0,
            MAX_PARTICLES,
            " (about 24 bytes per particle)",
        )?;
        whole("field.cell_size", self.cell_size, 1, 256, " pixels")?;
        real(
            "field.noise_frequency",
            self.noise_frequency,
            0.0,
            false,
            1.0,
            " noise units per pixel",
        )?;
        real(
            "field.evolution_speed",
            self.evolution_speed,
            0.0,
            false,
            100.0,
            " noise units per second",
        )?;
        let max_speed = f64::from(MAX_PARTICLE_SPEED);
        let per_step = " pixels per step";
        real(
            "field.base_speed",
            f64::from(self.base_speed),
            0.0,
            false,
            max_speed,
            per_step,
        )?;
        real(
            "field.speed_scale",
            f64::from(self.speed_scale),
            0.0,
            false,
            max_speed,
            per_step,
        )?;
        real(
            "field.wander",
            f64::from(self.wander),
            0.0,
            false,
            1000.0,
            "",
        )?;
        Ok(())
    }
}

impl ShipSettings {
    /// Checks every ship setting against its documented range.
    pub fn validate(&self) -> Result<(), SettingsError> {
        whole("ships.count", self.count, 0, MAX_SHIPS, " ships")?;
        real(
            "ships.sample_interval_ms",
            self.sample_interval_ms,
            0.0,
            false,
            MAX_SAMPLE_INTERVAL_MS,
            " milliseconds",
        )?;
        real(
            "ships.speed",
            f64::from(self.speed),
            0.0,
            false,
            f64::from(MAX_SHIP_SPEED),
            " pixels per second",
        )?;
        real(
            "ships.scale",
            f64::from(self.scale),
            1.0 / 16.0,
            false,
            8.0,
            "",
        )?;
        whole("ships.collision_stride", self.collision_stride, 1, 64, "")?;
        real(
            "ships.collision_accuracy",
            f64::from(self.collision_accuracy),
            0.0,
            true,
            1.0,
            "",
        )?;
        Ok(())
    }
}

impl Settings {
    /// Checks every setting against its documented range and returns the
    /// first one out of range (field settings first, then ships, then the step).
    ///
    /// Thresholds, the fade, the seed, the channel and the switches take any
    /// value their type holds.
    pub fn validate(&self) -> Result<(), SettingsError> {
        self.field.validate()?;
        self.ships.validate()?;
        real("step_ms", self.step_ms, 0.0, true, 1000.0, " milliseconds")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key_of(s: &Settings) -> Option<&'static str> {
        s.validate().err().map(|e| e.key)
    }

    #[test]
    fn defaults_are_valid() {
        assert_eq!(Settings::default().validate(), Ok(()));
    }

    #[test]
    fn every_bound_is_checked_and_named() {
        type Edit = fn(&mut Settings);
        let cases: &[(&str, Edit)] = &[
            ("field.width", |s| s.field.width = 0),
            ("field.width", |s| s.field.width = MAX_SIDE + 1),
            ("field.height", |s| s.field.height = 0),
            ("field.width × field.height", |s| {
                s.field.width = MAX_SIDE;
                s.field.height = MAX_SIDE;
            }),
            ("field.particles", |s| s.field.particles = MAX_PARTICLES + 1),
            ("field.cell_size", |s| s.field.cell_size = 0),
            ("field.cell_size", |s| s.field.cell_size = 257),
            ("field.noise_frequency", |s| s.field.noise_frequency = -0.1),
            ("field.noise_frequency", |s| {
                s.field.noise_frequency = f64::NAN
            }),
            ("field.evolution_speed", |s| {
                s.field.evolution_speed = f64::INFINITY
            }),
            ("field.base_speed", |s| s.field.base_speed = -1.0),
            ("field.speed_scale", |s| s.field.speed_scale = 1e6),
            ("field.wander", |s| s.field.wander = f32::NAN),
            ("ships.count", |s| s.ships.count = MAX_SHIPS + 1),
            ("ships.sample_interval_ms", |s| {
                s.ships.sample_interval_ms = f64::NAN
            }),
            ("ships.sample_interval_ms", |s| {
                s.ships.sample_interval_ms = -0.5
            }),
            ("ships.sample_interval_ms", |s| {
                s.ships.sample_interval_ms = 10_000.5
            }),
            ("ships.speed", |s| s.ships.speed = f32::NEG_INFINITY),
            ("ships.scale", |s| s.ships.scale = 0.0),
            ("ships.scale", |s| s.ships.scale = 8.5),
            ("ships.collision_stride", |s| s.ships.collision_stride = 0),
            ("ships.collision_stride", |s| s.ships.collision_stride = 65),
            ("ships.collision_accuracy", |s| {
                s.ships.collision_accuracy = 0.0
            }),
            ("ships.collision_accuracy", |s| {
                s.ships.collision_accuracy = 1.01
            }),
            ("step_ms", |s| s.step_ms = 0.0),
            ("step_ms", |s| s.step_ms = 1000.1),
            ("step_ms", |s| s.step_ms = f64::NAN),
        ];
        for (key, edit) in cases {
            let mut s = Settings::default();
            edit(&mut s);
            assert_eq!(key_of(&s), Some(*key), "{s:?}");
        }
    }

    #[test]
    fn edges_of_every_range_are_allowed() {
        let mut s = Settings::default();
        s.field.width = MAX_SIDE;
        s.field.height = 1;
        s.field.particles = MAX_PARTICLES;
        s.field.cell_size = 256;
        s.field.noise_frequency = 0.0;
        s.field.evolution_speed = 100.0;
        s.field.base_speed = 0.0;
        s.field.speed_scale = MAX_PARTICLE_SPEED;
        s.field.wander = 0.0;
        s.ships.count = MAX_SHIPS;
        s.ships.sample_interval_ms = 0.0;
        s.ships.speed = MAX_SHIP_SPEED;
        s.ships.scale = 1.0 / 16.0;
        s.ships.collision_stride = 64;
        s.ships.collision_accuracy = f32::MIN_POSITIVE;
        s.step_ms = 1000.0;
        assert_eq!(s.validate(), Ok(()));
        s.field.width = 8192;
        s.field.height = 8192;
        s.ships.count = 0;
        s.ships.scale = 8.0;
        s.ships.sample_interval_ms = MAX_SAMPLE_INTERVAL_MS;
        assert_eq!(s.validate(), Ok(()));
    }

    #[test]
    fn messages_name_key_value_and_limit() {
        let mut s = Settings::default();
        s.field.width = 0;
        let err = s.validate().err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some("field.width = 0: must be at least 1 pixel")
        );
        let mut s = Settings::default();
        s.field.particles = 10_000_000_000;
        let err = s.validate().err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some(
                "field.particles = 10000000000: must be at most 4000000 (about 24 bytes per particle)"
            )
        );
        let mut s = Settings::default();
        s.ships.sample_interval_ms = f64::NAN;
        let err = s.validate().err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some(
                "ships.sample_interval_ms = NaN: must be a finite number from 0 to 10000 milliseconds"
            )
        );
    }
}
