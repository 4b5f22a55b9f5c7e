//! Every tunable of a run: the field, the ships and the simulation step.
//!
//! These are the values the demo's sliders write and a preset file stores.
//! Defaults follow the source demo (article 003): 100 ms sampling and
//! thresholds of 100.
//!
//! Every field documents its allowed range; [`Settings::validate`] checks
//! them all and names the first offending key. Presets (TOML files of these
//! settings) are read and written by [`Settings::load_preset`] and
//! [`Settings::save_preset`] (see [`crate::preset`]).

use serde::{Deserialize, Serialize};

mod format;
mod validate;

pub use validate::{
    SettingsError, MAX_CANVAS_PIXELS, MAX_PARTICLES, MAX_PARTICLE_SPEED, MAX_SAMPLE_INTERVAL_MS,
    MAX_SHIPS, MAX_SHIP_SPEED, MAX_SIDE,
};

/// Which colour channel of a field pixel the colour threshold tests.
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
    /// Canvas width in pixels: 1 to [`MAX_SIDE`]; `width × height` at most [`MAX_CANVAS_PIXELS`].
    pub width: u32,
    /// Canvas height in pixels: 1 to [`MAX_SIDE`]; `width × height` at most [`MAX_CANVAS_PIXELS`].
    pub height: u32,
    /// Number of particles: 0 to [`MAX_PARTICLES`].
    pub particles: usize,
    /// Seed for particles, noise and ships: any `u64`. TOML integers stop at
    /// `i64::MAX`, so larger seeds are stored as a decimal string (`"18446744073709551615"`);
    /// both forms are read back.
    #[serde(with = "format::seed")]
    pub seed: u64,
    /// Side of one flow-grid cell in pixels (noise is sampled once per cell): 1 to 256.
    pub cell_size: u32,
    /// Noise frequency: noise units per pixel, 0 to 1. Smaller is smoother.
    pub noise_frequency: f64,
    /// How fast the flow field evolves, in noise units per simulated second:
    /// 0 (frozen) to 100.
    pub evolution_speed: f64,
    /// Speed every particle has at brightness 0, in pixels per step: 0 to [`MAX_PARTICLE_SPEED`].
    #[serde(serialize_with = "format::short_f32")]
    pub base_speed: f32,
    /// Scale on each particle's own speed, in pixels per step at brightness 1:
    /// 0 to [`MAX_PARTICLE_SPEED`].
    #[serde(serialize_with = "format::short_f32")]
    pub speed_scale: f32,
    /// Upper bound of each particle's own wander factor (angle = 2π·b·wander): 0 to 1000.
    #[serde(serialize_with = "format::short_f32")]
    pub wander: f32,
    /// Alpha removed from every pixel each step (0 keeps trails forever).
    pub fade: u8,
    /// Run the field stages on rayon's thread pool.
    pub parallel: bool,
}

impl Default for FieldSettings {
    fn default() -> Self {
        Self {
            width: 1280,
            height: 720,
            particles: 100_000,
            seed: 1,
            cell_size: 8,
            noise_frequency: 0.004,
            evolution_speed: 0.05,
            base_speed: 0.1,
            speed_scale: 2.0,
            wander: 1.0,
            fade: 4,
            parallel: true,
        }
    }
}

/// Ships: how many, how they move, and how they sample and collide.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShipSettings {
    /// Number of ships: 0 to [`MAX_SHIPS`].
    pub count: usize,
    /// Simulated time between two samples of one ship, in milliseconds: 0
    /// (every step) to [`MAX_SAMPLE_INTERVAL_MS`].
    pub sample_interval_ms: f64,
    /// A field pixel counts only when its alpha is at least this.
    pub field_alpha_min: u8,
    /// A field pixel counts only when `colour_channel` is at least this.
    pub colour_min: u8,
    /// The channel `colour_min` tests.
    pub colour_channel: Channel,
    /// A ship pixel counts (for sampling and collision) only when its alpha is at least this.
    pub ship_alpha_min: u8,
    /// Ship cruising speed in pixels per second: 0 to [`MAX_SHIP_SPEED`].
    #[serde(serialize_with = "format::short_f32")]
    pub speed: f32,
    /// Ships turn as they fly (rotated sprites).
    pub rotate: bool,
    /// Ship scale (1 = sprite size): 1/16 to 8.
    #[serde(serialize_with = "format::short_f32")]
    pub scale: f32,
    /// Collision stride: test every n-th pixel in each axis, 1 to 64. 1 is exact.
    pub collision_stride: u32,
    /// Collision accuracy scale in (0, 1]: test on masks scaled by this. 1 is exact.
    #[serde(serialize_with = "format::short_f32")]
    pub collision_accuracy: f32,
}

impl Default for ShipSettings {
    fn default() -> Self {
        Self {
            count: 8,
            sample_interval_ms: 100.0,
            field_alpha_min: 100,
            colour_min: 100,
            colour_channel: Channel::Red,
            ship_alpha_min: 100,
            speed: 60.0,
            rotate: true,
            scale: 1.0,
            collision_stride: 1,
            collision_accuracy: 1.0,
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
    /// Fixed simulation step in milliseconds: more than 0, at most 1000.
    pub step_ms: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Self {
            field: FieldSettings::default(),
            ships: ShipSettings::default(),
            step_ms: 1000.0 / 60.0,
        }
    }
}
