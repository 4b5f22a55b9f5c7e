//! The table: one [`Spec`] per numeric setting, the single place its key,
//! flag, doc line, unit, range, default and slider scale are written.
//!
//! The colour channel and the on/off switches (`field.parallel`,
//! `ships.rotate`) take any value their type holds; their defaults are
//! [`CHANNEL`], [`PARALLEL`] and [`ROTATE`].

use super::spec::{Scale, Spec, SpecSummary};
use super::Channel;

/// Largest canvas area, in pixels (8192 × 8192: a 256 MiB RGBA canvas).
/// This rule spans two settings ([`WIDTH`] and [`HEIGHT`]).
pub const MAX_CANVAS_PIXELS: u64 = 8192 * 8192;

/// Canvas width.
pub const WIDTH: Spec<u32> = Spec {
    key: "field.width",
    long: Some("width"),
    label: "Width",
    doc: "Canvas width; width × height at most 8192²",
    unit: "pixels",
    note: "",
    min: 1,
    min_exclusive: false,
    max: 16_384,
    default: 1280,
    scale: Scale::Linear,
};

/// Canvas height.
pub const HEIGHT: Spec<u32> = Spec {
    key: "field.height",
    long: Some("height"),
    label: "Height",
    doc: "Canvas height; width × height at most 8192²",
    unit: "pixels",
    note: "",
    min: 1,
    min_exclusive: false,
    max: 16_384,
    default: 720,
    scale: Scale::Linear,
};

/// Number of particles. A particle takes about 24 bytes, so the maximum is
/// about 96 MB of particle state.
pub const PARTICLES: Spec<usize> = Spec {
    key: "field.particles",
    long: Some("particles"),
    label: "Particles",
    doc: "Number of particles",
    unit: "",
    note: "about 24 bytes per particle",
    min: 0,
    min_exclusive: false,
    max: 4_000_000,
    default: 100_000,
    scale: Scale::Log { first: 1.0 },
};

/// Seed for particles, noise and ships.
pub const SEED: Spec<u64> = Spec {
    key: "field.seed",
    long: Some("seed"),
    label: "Seed",
    doc: "Seed for particles, noise and ships",
    unit: "",
    note: "",
    min: 0,
    min_exclusive: false,
    max: u64::MAX,
    default: 1,
    scale: Scale::Linear,
};

/// Side of one flow-grid cell (noise is sampled once per cell).
pub const CELL_SIZE: Spec<u32> = Spec {
    key: "field.cell_size",
    long: None,
    label: "Flow cell",
    doc: "Side of one flow-grid cell (noise is sampled once per cell)",
    unit: "pixels",
    note: "",
    min: 1,
    min_exclusive: false,
    max: 256,
    default: 8,
    scale: Scale::Log { first: 1.0 },
};

/// Noise frequency. Smaller is smoother.
pub const NOISE_FREQUENCY: Spec<f64> = Spec {
    key: "field.noise_frequency",
    long: None,
    label: "Noise scale",
    doc: "Noise frequency; smaller is smoother",
    unit: "noise units per pixel",
    note: "",
    min: 0.0,
    min_exclusive: false,
    max: 1.0,
    default: 0.004,
    scale: Scale::Log { first: 0.0001 },
};

/// How fast the flow field evolves (0 freezes it).
pub const EVOLUTION_SPEED: Spec<f64> = Spec {
    key: "field.evolution_speed",
    long: None,
    label: "Evolution",
    doc: "How fast the flow field evolves in simulated time; 0 freezes it",
    unit: "noise units per second",
    note: "",
    min: 0.0,
    min_exclusive: false,
    max: 100.0,
    default: 0.05,
    scale: Scale::Log { first: 0.001 },
};

/// Speed every particle has at brightness 0.
pub const BASE_SPEED: Spec<f32> = Spec {
    key: "field.base_speed",
    long: None,
    label: "Base speed",
    doc: "Speed every particle has at brightness 0",
    unit: "pixels per step",
    note: "",
    min: 0.0,
    min_exclusive: false,
    max: 100.0,
    default: 0.1,
    scale: Scale::Log { first: 0.01 },
};

/// Scale on each particle's own speed, at brightness 1.
pub const SPEED_SCALE: Spec<f32> = Spec {
    key: "field.speed_scale",
    long: None,
    label: "Speed scale",
    doc: "Scale on each particle's own speed, at brightness 1",
    unit: "pixels per step",
    note: "",
    min: 0.0,
    min_exclusive: false,
    max: 100.0,
    default: 2.0,
    scale: Scale::Log { first: 0.01 },
};

/// Upper bound of each particle's own wander factor (angle = 2π·b·wander).
pub const WANDER: Spec<f32> = Spec {
    key: "field.wander",
    long: None,
    label: "Wander",
    doc: "Upper bound of each particle's own wander factor (angle = 2π·b·wander)",
    unit: "",
    note: "",
    min: 0.0,
    min_exclusive: false,
    max: 1000.0,
    default: 1.0,
    scale: Scale::Log { first: 0.01 },
};

/// Alpha removed from every pixel each step (0 keeps trails forever).
pub const FADE: Spec<u8> = Spec {
    key: "field.fade",
    long: None,
    label: "Fade / step",
    doc: "Alpha removed from every pixel each step; 0 keeps trails forever",
    unit: "",
    note: "",
    min: 0,
    min_exclusive: false,
    max: 255,
    default: 4,
    scale: Scale::Linear,
};

/// Run the field stages on rayon's thread pool (default).
pub const PARALLEL: bool = true;

/// Number of ships.
pub const SHIPS: Spec<usize> = Spec {
    key: "ships.count",
    long: Some("ships"),
    label: "Ships",
    doc: "Number of ships",
    unit: "ships",
    note: "",
    min: 0,
    min_exclusive: false,
    max: 1000,
    default: 8,
    scale: Scale::Log { first: 1.0 },
};

/// Simulated time between two samples of one ship (0 = every step).
pub const SAMPLE_INTERVAL_MS: Spec<f64> = Spec {
    key: "ships.sample_interval_ms",
    long: Some("sample-interval-ms"),
    label: "Sample every",
    doc: "Simulated time between two samples of one ship; 0 samples every step",
    unit: "milliseconds",
    note: "",
    min: 0.0,
    min_exclusive: false,
    max: 10_000.0,
    default: 100.0,
    scale: Scale::Log { first: 1.0 },
};

/// A field pixel counts only when its alpha is at least this.
pub const FIELD_ALPHA_MIN: Spec<u8> = Spec {
    key: "ships.field_alpha_min",
    long: None,
    label: "Field alpha >=",
    doc: "A field pixel counts only when its alpha is at least this",
    unit: "",
    note: "",
    min: 0,
    min_exclusive: false,
    max: 255,
    default: 100,
    scale: Scale::Linear,
};

/// A field pixel counts only when the tested colour channel is at least this.
pub const COLOUR_MIN: Spec<u8> = Spec {
    key: "ships.colour_min",
    long: None,
    label: "Colour >=",
    doc: "A field pixel counts only when the tested colour channel is at least this",
    unit: "",
    note: "",
    min: 0,
    min_exclusive: false,
    max: 255,
    default: 100,
    scale: Scale::Linear,
};

/// The channel the colour threshold tests (default). Red: with the default
/// palette, green and blue give few or no hits at the default [`COLOUR_MIN`]
/// (see [`Channel`]).
pub const CHANNEL: Channel = Channel::Red;

/// A ship texel counts (for sampling and collision) only when its alpha is at least this.
pub const SHIP_ALPHA_MIN: Spec<u8> = Spec {
    key: "ships.ship_alpha_min",
    long: None,
    label: "Ship alpha >=",
    doc: "A ship texel counts (for sampling and collision) only when its alpha is at least this",
    unit: "",
    note: "",
    min: 0,
    min_exclusive: false,
    max: 255,
    default: 100,
    scale: Scale::Linear,
};

/// Ship cruising speed.
pub const SHIP_SPEED: Spec<f32> = Spec {
    key: "ships.speed",
    long: None,
    label: "Speed",
    doc: "Ship cruising speed",
    unit: "pixels per second",
    note: "",
    min: 0.0,
    min_exclusive: false,
    max: 10_000.0,
    default: 60.0,
    scale: Scale::Log { first: 1.0 },
};

/// Ships turn as they fly (rotated sprites; default).
pub const ROTATE: bool = true;

/// Ship scale (1 = sprite size).
pub const SHIP_SCALE: Spec<f32> = Spec {
    key: "ships.scale",
    long: None,
    label: "Scale",
    doc: "Ship scale; 1 is the sprite's size",
    unit: "",
    note: "",
    min: 1.0 / 16.0,
    min_exclusive: false,
    max: 8.0,
    default: 1.0,
    scale: Scale::Log { first: 1.0 / 16.0 },
};

/// Collision stride: test every n-th pixel in each axis. 1 is exact.
pub const COLLISION_STRIDE: Spec<u32> = Spec {
    key: "ships.collision_stride",
    long: None,
    label: "Stride",
    doc: "Collision stride: test every n-th pixel in each axis; 1 is exact",
    unit: "",
    note: "",
    min: 1,
    min_exclusive: false,
    max: 64,
    default: 1,
    scale: Scale::Log { first: 1.0 },
};

/// Collision accuracy scale: test on masks scaled by this. 1 is exact.
pub const COLLISION_ACCURACY: Spec<f32> = Spec {
    key: "ships.collision_accuracy",
    long: None,
    label: "Accuracy",
    doc: "Collision accuracy scale: test on masks scaled by this; 1 is exact",
    unit: "",
    note: "",
    min: 0.0,
    min_exclusive: true,
    max: 1.0,
    default: 1.0,
    scale: Scale::Log { first: 0.01 },
};

/// Fixed simulation step.
pub const STEP_MS: Spec<f64> = Spec {
    key: "step_ms",
    long: None,
    label: "Step",
    doc: "Fixed simulation step",
    unit: "milliseconds",
    note: "",
    min: 0.0,
    min_exclusive: true,
    max: 1000.0,
    default: 1000.0 / 60.0,
    scale: Scale::Log { first: 1.0 },
};

internal! {
/// Every numeric setting of this table, in order, as text (for generated
/// documentation such as `docs/settings.md`; feature `internals`).
pub fn summaries() -> Vec<SpecSummary> {
    vec![
        WIDTH.summary(),
        HEIGHT.summary(),
        PARTICLES.summary(),
        SEED.summary(),
        CELL_SIZE.summary(),
        NOISE_FREQUENCY.summary(),
        EVOLUTION_SPEED.summary(),
        BASE_SPEED.summary(),
        SPEED_SCALE.summary(),
        WANDER.summary(),
        FADE.summary(),
        SHIPS.summary(),
        SAMPLE_INTERVAL_MS.summary(),
        FIELD_ALPHA_MIN.summary(),
        COLOUR_MIN.summary(),
        SHIP_ALPHA_MIN.summary(),
        SHIP_SPEED.summary(),
        SHIP_SCALE.summary(),
        COLLISION_STRIDE.summary(),
        COLLISION_ACCURACY.summary(),
        STEP_MS.summary(),
    ]
}
}
