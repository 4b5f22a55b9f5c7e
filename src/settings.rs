//! Every tunable of a run: the field, the ships and the simulation step.
//!
//! These are the values the demo's sliders write and a preset file stores.
//! Defaults follow the flow-field collision demo this crate grew from:
//! 100 ms sampling and thresholds of 100.
//!
//! Each setting's key, flag, doc line, unit, range, default and slider
//! scale are written once, in [`specs`]; [`Settings::validate`] checks them
//! all and names the first offending key. Presets (TOML files of these
//! settings) are read and written by [`Settings::load_preset`] and
//! [`Settings::save_preset`] (see [`preset`]).

use serde::{Deserialize, Serialize};

mod format;
pub mod preset;
pub mod spec;
pub mod specs;
mod validate;

pub use spec::{Scale, SettingValue, Spec};
internal! {
    /// A setting's range, default and unit as text (feature `internals`).
    pub use spec::SpecSummary;
}
pub(crate) use validate::check_canvas_size;
pub use validate::SettingsError;

/// Which colour channel of a field pixel the colour threshold tests.
///
/// With the default palette only red carries speed linearly (40 to 255):
/// green (16 to 216) and blue (70 to 160) pass the default `colour_min` of
/// 100 only on the fastest trails (shade ≥ 191 of 255 for green, ≥ 194 for
/// blue), so they give few or no hits. Measured with default settings over
/// 600 steps: red 506 498 hits, green 10 107, blue 7 815 (the first seconds
/// of a run often give none). Lower `colour_min` (≤ 16 for green, ≤ 70 for
/// blue) to count every trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// Red (the default: trails carry speed in red).
    #[default]
    Red,
    /// Green.
    Green,
    /// Blue.
    Blue,
}

impl Channel {
    /// Byte offset of this channel inside an RGBA pixel.
    pub fn index(self) -> usize {
        match self {
            Channel::Red => 0,
            Channel::Green => 1,
            Channel::Blue => 2,
        }
    }
}

/// The particle field: buffer size, particle count, flow and fade.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FieldSettings {
    /// Canvas width in pixels ([`specs::WIDTH`]; `width × height` at most [`specs::MAX_CANVAS_PIXELS`]).
    pub width: u32,
    /// Canvas height in pixels ([`specs::HEIGHT`]).
    pub height: u32,
    /// Number of particles ([`specs::PARTICLES`]).
    pub particles: usize,
    /// Seed for particles, noise and ships: any `u64`. TOML integers stop at
    /// `i64::MAX`, so larger seeds are stored as a decimal string (`"18446744073709551615"`);
    /// both forms are read back.
    #[serde(with = "format::seed")]
    pub seed: u64,
    /// Side of one flow-grid cell in pixels ([`specs::CELL_SIZE`]).
    pub cell_size: u32,
    /// Noise frequency in noise units per pixel ([`specs::NOISE_FREQUENCY`]).
    pub noise_frequency: f64,
    /// How fast the flow field evolves, in noise units per simulated second
    /// ([`specs::EVOLUTION_SPEED`]).
    pub evolution_speed: f64,
    /// Speed every particle has at brightness 0, in pixels per step ([`specs::BASE_SPEED`]).
    #[serde(serialize_with = "format::short_f32")]
    pub base_speed: f32,
    /// Scale on each particle's own speed, in pixels per step at brightness 1
    /// ([`specs::SPEED_SCALE`]).
    #[serde(serialize_with = "format::short_f32")]
    pub speed_scale: f32,
    /// Upper bound of each particle's own wander factor ([`specs::WANDER`]).
    #[serde(serialize_with = "format::short_f32")]
    pub wander: f32,
    /// Alpha removed from every pixel each step ([`specs::FADE`]).
    pub fade: u8,
    /// Run the field stages on rayon's thread pool.
    pub parallel: bool,
}

impl Default for FieldSettings {
    fn default() -> Self {
        Self {
            width: specs::WIDTH.default,
            height: specs::HEIGHT.default,
            particles: specs::PARTICLES.default,
            seed: specs::SEED.default,
            cell_size: specs::CELL_SIZE.default,
            noise_frequency: specs::NOISE_FREQUENCY.default,
            evolution_speed: specs::EVOLUTION_SPEED.default,
            base_speed: specs::BASE_SPEED.default,
            speed_scale: specs::SPEED_SCALE.default,
            wander: specs::WANDER.default,
            fade: specs::FADE.default,
            parallel: specs::PARALLEL,
        }
    }
}

/// Ships: how many, how they move, and how they sample and collide.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShipSettings {
    /// Number of ships ([`specs::SHIPS`]).
    pub count: usize,
    /// Simulated time between two samples of one ship, in milliseconds
    /// ([`specs::SAMPLE_INTERVAL_MS`]).
    pub sample_interval_ms: f64,
    /// A field pixel counts only when its alpha is at least this.
    pub field_alpha_min: u8,
    /// A field pixel counts only when `colour_channel` is at least this.
    pub colour_min: u8,
    /// The channel `colour_min` tests ([`Channel`]: red by default; green
    /// and blue give few or no hits with the default palette).
    pub colour_channel: Channel,
    /// A ship pixel counts (for sampling and collision) only when its alpha is at least this.
    pub ship_alpha_min: u8,
    /// Ship cruising speed in pixels per second ([`specs::SHIP_SPEED`]).
    #[serde(serialize_with = "format::short_f32")]
    pub speed: f32,
    /// Ships turn as they fly (rotated sprites).
    pub rotate: bool,
    /// Ship scale, 1 = sprite size ([`specs::SHIP_SCALE`]).
    #[serde(serialize_with = "format::short_f32")]
    pub scale: f32,
    /// Collision stride: test every n-th pixel in each axis; 1 is exact ([`specs::COLLISION_STRIDE`]).
    pub collision_stride: u32,
    /// Collision accuracy scale: test on masks scaled by this; 1 is exact
    /// ([`specs::COLLISION_ACCURACY`]).
    #[serde(serialize_with = "format::short_f32")]
    pub collision_accuracy: f32,
}

impl Default for ShipSettings {
    fn default() -> Self {
        Self {
            count: specs::SHIPS.default,
            sample_interval_ms: specs::SAMPLE_INTERVAL_MS.default,
            field_alpha_min: specs::FIELD_ALPHA_MIN.default,
            colour_min: specs::COLOUR_MIN.default,
            colour_channel: specs::CHANNEL,
            ship_alpha_min: specs::SHIP_ALPHA_MIN.default,
            speed: specs::SHIP_SPEED.default,
            rotate: specs::ROTATE,
            scale: specs::SHIP_SCALE.default,
            collision_stride: specs::COLLISION_STRIDE.default,
            collision_accuracy: specs::COLLISION_ACCURACY.default,
        }
    }
}

/// Everything a run needs: field, ships and the fixed step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The particle field.
    pub field: FieldSettings,
    /// The ships.
    pub ships: ShipSettings,
    /// Fixed simulation step in milliseconds ([`specs::STEP_MS`]).
    pub step_ms: f64,
}

impl Settings {
    /// The settings the demo starts from: the defaults with a shorter
    /// trail (fade 8 instead of 4) and a stricter field alpha threshold
    /// (200 instead of 100). With the defaults a trail pixel counts as a
    /// hit for about 40 steps after it was drawn, so in a dense field most
    /// pixels qualify and hits speckle a ship all over; here a trail counts
    /// for its first 7 steps, so a ship's hits gather where dense, fresh
    /// trails cross it. The library defaults stay as they are (the headless
    /// runner's results do not change).
    pub fn demo() -> Settings {
        let mut s = Settings::default();
        s.field.fade = 8;
        s.ships.field_alpha_min = 200;
        s
    }
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            field: FieldSettings::default(),
            ships: ShipSettings::default(),
            step_ms: specs::STEP_MS.default,
        }
    }
}
