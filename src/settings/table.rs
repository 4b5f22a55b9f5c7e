//! The settings' types and the table: one [`Row`] per setting, the single
//! place its key, label, doc line, unit, range, default, flag, link name,
//! panel entry and field on [`Settings`] are written.
//!
//! To add a setting: add its field to the struct of its section below and
//! its row to [`ROWS`]; then write the code that uses it. `Default`,
//! validation, presets, the docs, the demo's panel, the command-line flag
//! and the link key all follow from the row.

use serde::{Deserialize, Serialize};

use super::format;
use super::row::{shown, Row, Value};
use super::Channel;

/// The particle field: buffer size, particle count, flow and fade.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FieldSettings {
    /// Canvas width in pixels (`width × height` at most [`super::MAX_CANVAS_PIXELS`]).
    pub width: u32,
    /// Canvas height in pixels.
    pub height: u32,
    /// Number of particles.
    pub particles: usize,
    /// Seed for particles, noise and ships: any `u64`. TOML integers stop at
    /// `i64::MAX`, so larger seeds are stored as a decimal string (`"18446744073709551615"`);
    /// both forms are read back.
    #[serde(with = "format::seed")]
    pub seed: u64,
    /// Side of one flow-grid cell in pixels.
    pub cell_size: u32,
    /// Noise frequency in noise units per pixel.
    pub noise_frequency: f64,
    /// How fast the flow field evolves, in noise units per simulated second.
    pub evolution_speed: f64,
    /// Speed every particle has at brightness 0, in pixels per step.
    #[serde(serialize_with = "format::short_f32")]
    pub base_speed: f32,
    /// Scale on each particle's own speed, in pixels per step at brightness 1.
    #[serde(serialize_with = "format::short_f32")]
    pub speed_scale: f32,
    /// Upper bound of each particle's own wander factor.
    #[serde(serialize_with = "format::short_f32")]
    pub wander: f32,
    /// Alpha removed from every pixel each step.
    pub fade: u8,
    /// Run the field stages on rayon's thread pool.
    pub parallel: bool,
}

/// Ships: how many, how they move, and how they sample and collide.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ShipSettings {
    /// Number of ships.
    pub count: usize,
    /// Simulated time between two samples of one ship, in milliseconds.
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
    /// Ship cruising speed in pixels per second.
    #[serde(serialize_with = "format::short_f32")]
    pub speed: f32,
    /// Ships turn as they fly (rotated sprites).
    pub rotate: bool,
    /// Ship scale, 1 = sprite size.
    #[serde(serialize_with = "format::short_f32")]
    pub scale: f32,
    /// Collision stride: test every n-th pixel in each axis; 1 is exact.
    pub collision_stride: u32,
    /// Collision accuracy scale: test on masks scaled by this; 1 is exact.
    #[serde(serialize_with = "format::short_f32")]
    pub collision_accuracy: f32,
}

/// Everything a run needs: field, ships and the fixed step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// The particle field.
    pub field: FieldSettings,
    /// The ships.
    pub ships: ShipSettings,
    /// Fixed simulation step in milliseconds.
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

    /// Every field zero or off, before the rows' defaults are written.
    pub(super) fn blank() -> Settings {
        Settings {
            field: FieldSettings {
                width: 0,
                height: 0,
                particles: 0,
                seed: 0,
                cell_size: 0,
                noise_frequency: 0.0,
                evolution_speed: 0.0,
                base_speed: 0.0,
                speed_scale: 0.0,
                wander: 0.0,
                fade: 0,
                parallel: false,
            },
            ships: ShipSettings {
                count: 0,
                sample_interval_ms: 0.0,
                field_alpha_min: 0,
                colour_min: 0,
                colour_channel: Channel::Red,
                ship_alpha_min: 0,
                speed: 0.0,
                rotate: false,
                scale: 0.0,
                collision_stride: 0,
                collision_accuracy: 0.0,
            },
            step_ms: 0.0,
        }
    }
}

/// An `f32` setting as the `f64` nearest its shortest decimal form (`0.1`,
/// not `0.10000000149011612`); it reads back as the same `f32`.
fn short(v: f32) -> Value {
    Value::Real(v.to_string().parse().unwrap_or(f64::from(v)))
}

/// The demo panel's sections.
const FIELD: &str = "PARTICLE FIELD";
const SHIPS: &str = "SHIPS";
const THRESHOLDS: &str = "HIT THRESHOLDS";
const COLLISION: &str = "SHIP-SHIP COLLISION";
/// Keyboard step of a 0–255 slider: one value.
const BYTE: f32 = 1.0 / 255.0;

/// Every setting, in the order of validation, the docs, `--help` and the
/// demo's panel.
#[rustfmt::skip]
pub(super) static ROWS: [Row; 24] = [
    Row::whole("field.width", "Width", [1, 16_384, 1280]).unit("pixels").flag("width", "W").link("width")
        .doc("Canvas width; width × height at most 8192²")
        .access(|s| Value::Whole(s.field.width.into()), |s, v| s.field.width = v.as_u64() as u32),
    Row::whole("field.height", "Height", [1, 16_384, 720]).unit("pixels").flag("height", "H").link("height")
        .doc("Canvas height; width × height at most 8192²")
        .access(|s| Value::Whole(s.field.height.into()), |s, v| s.field.height = v.as_u64() as u32),
    Row::whole("field.seed", "Seed", [0, u64::MAX, 1]).flag("seed", "S").link("seed")
        .doc("Seed for particles, noise and ships")
        .access(|s| Value::Whole(s.field.seed), |s, v| s.field.seed = v.as_u64()),
    Row::whole("field.cell_size", "Flow cell", [1, 256, 8]).unit("pixels").log(1.0)
        .doc("Side of one flow-grid cell (noise is sampled once per cell)")
        .access(|s| Value::Whole(s.field.cell_size.into()), |s, v| s.field.cell_size = v.as_u64() as u32),
    Row::whole("field.particles", "Particles", [0, 4_000_000, 100_000]).note("about 24 bytes per particle")
        .log(1.0).flag("particles", "N").link("particles").panel(shown(FIELD, 0.02).compact())
        .doc("Number of particles")
        .access(|s| Value::Whole(s.field.particles as u64), |s, v| s.field.particles = v.as_u64() as usize),
    Row::whole("field.fade", "Fade / step", [0, 255, 4]).panel(shown(FIELD, BYTE))
        .doc("Alpha removed from every pixel each step; 0 keeps trails forever")
        .access(|s| Value::Whole(s.field.fade.into()), |s, v| s.field.fade = v.as_u64() as u8),
    Row::real("field.noise_frequency", "Noise scale", [0.0, 1.0, 0.004]).unit("noise units per pixel")
        .log(0.0001).panel(shown(FIELD, 0.02).decimals(4))
        .doc("Noise frequency; smaller is smoother")
        .access(|s| Value::Real(s.field.noise_frequency), |s, v| s.field.noise_frequency = v.as_f64()),
    Row::real("field.evolution_speed", "Evolution", [0.0, 100.0, 0.05]).unit("noise units per second")
        .log(0.001).panel(shown(FIELD, 0.02).decimals(3))
        .doc("How fast the flow field evolves in simulated time; 0 freezes it")
        .access(|s| Value::Real(s.field.evolution_speed), |s, v| s.field.evolution_speed = v.as_f64()),
    Row::switch("field.parallel", "Parallel (rayon)", true).panel(shown(FIELD, 1.0))
        .doc("Run the field stages on rayon's thread pool")
        .access(|s| Value::Switch(s.field.parallel), |s, v| s.field.parallel = v.as_bool()),
    Row::real("field.base_speed", "Base speed", [0.0, 100.0, 0.1]).unit("pixels per step").log(0.01)
        .doc("Speed every particle has at brightness 0")
        .access(|s| short(s.field.base_speed), |s, v| s.field.base_speed = v.as_f64() as f32),
    Row::real("field.speed_scale", "Speed scale", [0.0, 100.0, 2.0]).unit("pixels per step").log(0.01)
        .doc("Scale on each particle's own speed, at brightness 1")
        .access(|s| short(s.field.speed_scale), |s, v| s.field.speed_scale = v.as_f64() as f32),
    Row::real("field.wander", "Wander", [0.0, 1000.0, 1.0]).log(0.01)
        .doc("Upper bound of each particle's own wander factor (angle = 2π·b·wander)")
        .access(|s| short(s.field.wander), |s, v| s.field.wander = v.as_f64() as f32),
    Row::whole("ships.count", "Ships", [0, 1000, 8]).unit("ships").log(1.0).flag("ships", "N").link("ships")
        .panel(shown(SHIPS, 0.02))
        .doc("Number of ships")
        .access(|s| Value::Whole(s.ships.count as u64), |s, v| s.ships.count = v.as_u64() as usize),
    Row::real("ships.speed", "Speed", [0.0, 10_000.0, 60.0]).unit("pixels per second").log(1.0)
        .panel(shown(SHIPS, 0.025).suffix(" px/s"))
        .doc("Ship cruising speed")
        .access(|s| short(s.ships.speed), |s, v| s.ships.speed = v.as_f64() as f32),
    Row::real("ships.scale", "Scale", [1.0 / 16.0, 8.0, 1.0]).log(1.0 / 16.0)
        .panel(shown(SHIPS, 0.0625).decimals(2).suffix("x"))
        .doc("Ship scale; 1 is the sprite's size")
        .access(|s| short(s.ships.scale), |s, v| s.ships.scale = v.as_f64() as f32),
    Row::real("ships.sample_interval_ms", "Sample every", [0.0, 10_000.0, 100.0]).unit("milliseconds")
        .log(1.0).flag("sample-interval-ms", "MS").link("sample_ms")
        .panel(shown(SHIPS, 0.01).suffix(" ms").at_min("every step"))
        .doc("Simulated time between two samples of one ship; 0 samples every step")
        .access(|s| Value::Real(s.ships.sample_interval_ms), |s, v| s.ships.sample_interval_ms = v.as_f64()),
    Row::whole("ships.field_alpha_min", "Field alpha >=", [0, 255, 100]).panel(shown(THRESHOLDS, BYTE))
        .doc("A field pixel counts only when its alpha is at least this")
        .access(|s| Value::Whole(s.ships.field_alpha_min.into()), |s, v| s.ships.field_alpha_min = v.as_u64() as u8),
    Row::whole("ships.colour_min", "Colour >=", [0, 255, 100]).panel(shown(THRESHOLDS, BYTE))
        .doc("A field pixel counts only when the tested colour channel is at least this")
        .access(|s| Value::Whole(s.ships.colour_min.into()), |s, v| s.ships.colour_min = v.as_u64() as u8),
    Row::channel("ships.colour_channel", "Colour channel", Channel::Red).panel(shown(THRESHOLDS, 1.0))
        .doc("The channel the colour threshold tests; green and blue give few or no hits with the default palette")
        .access(|s| Value::Channel(s.ships.colour_channel), |s, v| s.ships.colour_channel = v.as_channel()),
    Row::whole("ships.ship_alpha_min", "Ship alpha >=", [0, 255, 100]).panel(shown(THRESHOLDS, BYTE))
        .doc("A ship texel counts (for sampling and collision) only when its alpha is at least this")
        .access(|s| Value::Whole(s.ships.ship_alpha_min.into()), |s, v| s.ships.ship_alpha_min = v.as_u64() as u8),
    Row::whole("ships.collision_stride", "Stride", [1, 64, 1]).log(1.0)
        .panel(shown(COLLISION, 0.02).at_min("1 exact"))
        .doc("Collision stride: test every n-th pixel in each axis; 1 is exact")
        .access(|s| Value::Whole(s.ships.collision_stride.into()), |s, v| s.ships.collision_stride = v.as_u64() as u32),
    Row::real("ships.collision_accuracy", "Accuracy", [0.0, 1.0, 1.0]).above_min().log(0.01)
        .panel(shown(COLLISION, 0.02).decimals(2).at_max("1.00 exact"))
        .doc("Collision accuracy scale: test on masks scaled by this; 1 is exact")
        .access(|s| short(s.ships.collision_accuracy), |s, v| s.ships.collision_accuracy = v.as_f64() as f32),
    Row::switch("ships.rotate", "Rotate", true)
        .doc("Ships turn as they fly (rotated sprites)")
        .access(|s| Value::Switch(s.ships.rotate), |s, v| s.ships.rotate = v.as_bool()),
    Row::real("step_ms", "Step", [0.0, 1000.0, 1000.0 / 60.0]).above_min().unit("milliseconds").log(1.0)
        .link("step_ms")
        .doc("Fixed simulation step")
        .access(|s| Value::Real(s.step_ms), |s, v| s.step_ms = v.as_f64()),
];
