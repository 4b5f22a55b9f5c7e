//! Range checks for every setting, with errors that name the key.

use std::fmt;

use super::specs::{self, MAX_CANVAS_PIXELS};
use super::{FieldSettings, Settings, ShipSettings};

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

/// Checks a canvas size with the same rules as `field.width` and
/// `field.height`: each side in range and at most [`MAX_CANVAS_PIXELS`] in all.
pub(crate) fn check_canvas_size(width: u32, height: u32) -> Result<(), SettingsError> {
    specs::WIDTH.check(width)?;
    specs::HEIGHT.check(height)?;
    let area = u64::from(width) * u64::from(height);
    if area > MAX_CANVAS_PIXELS {
        return Err(SettingsError {
            key: "field.width × field.height",
            value: format!("{width}×{height}"),
            reason: format!(
                "must be at most {MAX_CANVAS_PIXELS} pixels in all (a 256 MiB canvas), got {area}"
            ),
        });
    }
    Ok(())
}

impl FieldSettings {
    /// Checks every field setting against its range in [`specs`].
    pub fn validate(&self) -> Result<(), SettingsError> {
        check_canvas_size(self.width, self.height)?;
        specs::PARTICLES.check(self.particles)?;
        specs::CELL_SIZE.check(self.cell_size)?;
        specs::NOISE_FREQUENCY.check(self.noise_frequency)?;
        specs::EVOLUTION_SPEED.check(self.evolution_speed)?;
        specs::BASE_SPEED.check(self.base_speed)?;
        specs::SPEED_SCALE.check(self.speed_scale)?;
        specs::WANDER.check(self.wander)?;
        specs::FADE.check(self.fade)
    }
}

impl ShipSettings {
    /// Checks every ship setting against its range in [`specs`].
    pub fn validate(&self) -> Result<(), SettingsError> {
        specs::SHIPS.check(self.count)?;
        specs::SAMPLE_INTERVAL_MS.check(self.sample_interval_ms)?;
        specs::FIELD_ALPHA_MIN.check(self.field_alpha_min)?;
        specs::COLOUR_MIN.check(self.colour_min)?;
        specs::SHIP_ALPHA_MIN.check(self.ship_alpha_min)?;
        specs::SHIP_SPEED.check(self.speed)?;
        specs::SHIP_SCALE.check(self.scale)?;
        specs::COLLISION_STRIDE.check(self.collision_stride)?;
        specs::COLLISION_ACCURACY.check(self.collision_accuracy)
    }
}

impl Settings {
    /// Checks every setting against its range in [`specs`] and returns the
    /// first one out of range (field settings first, then ships, then the step).
    ///
    /// The seed, the channel and the switches take any value their type holds.
    pub fn validate(&self) -> Result<(), SettingsError> {
        self.field.validate()?;
        self.ships.validate()?;
        specs::STEP_MS.check(self.step_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX_CANVAS_SIDE: u32 = specs::WIDTH.max;
    const MAX_PARTICLES: usize = specs::PARTICLES.max;
    const MAX_SHIPS: usize = specs::SHIPS.max;
    const MAX_PARTICLE_SPEED: f32 = specs::SPEED_SCALE.max;
    const MAX_SHIP_SPEED: f32 = specs::SHIP_SPEED.max;
    const MAX_SAMPLE_INTERVAL_MS: f64 = specs::SAMPLE_INTERVAL_MS.max;

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
            ("field.width", |s| s.field.width = MAX_CANVAS_SIDE + 1),
            ("field.height", |s| s.field.height = 0),
            ("field.width × field.height", |s| {
                s.field.width = MAX_CANVAS_SIDE;
                s.field.height = MAX_CANVAS_SIDE;
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
        s.field.width = MAX_CANVAS_SIDE;
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
    fn defaults_come_from_the_table() {
        let s = Settings::default();
        assert_eq!(s.field.particles, specs::PARTICLES.default);
        assert_eq!(s.ships.count, specs::SHIPS.default);
        assert_eq!(
            s.ships.sample_interval_ms,
            specs::SAMPLE_INTERVAL_MS.default
        );
        assert_eq!(s.step_ms, specs::STEP_MS.default);
    }

    #[test]
    fn help_names_doc_range_and_unit() {
        assert_eq!(
            specs::PARTICLES.help(),
            "Number of particles (0 to 4000000)"
        );
        assert_eq!(
            specs::SAMPLE_INTERVAL_MS.help(),
            "Simulated time between two samples of one ship; 0 samples every step (0 to 10000 milliseconds)"
        );
        assert_eq!(
            specs::COLLISION_ACCURACY.range_text(),
            "more than 0 and at most 1"
        );
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
        s.field.particles = 1_000_000_000;
        let err = s.validate().err().map(|e| e.to_string());
        assert_eq!(
            err.as_deref(),
            Some(
                "field.particles = 1000000000: must be at most 4000000 (about 24 bytes per particle)"
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
