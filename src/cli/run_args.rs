//! Flags shared by the demo and the headless runner, and turning them into
//! validated [`hitfield::settings::Settings`].

use std::path::PathBuf;

use clap::Args;

/// Flags shared by the demo and `hitfield headless`.
#[derive(Args, Debug, Clone, Default)]
pub struct RunArgs {
    /// Number of particles.
    #[arg(long, value_name = "N")]
    pub particles: Option<usize>,
    /// Number of ships.
    #[arg(long, value_name = "N")]
    pub ships: Option<usize>,
    /// Seed for particles, noise and ships.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Simulated milliseconds between two samples of one ship (0 = every step).
    #[arg(long, value_name = "MS")]
    pub sample_interval_ms: Option<f64>,
    /// Canvas width in pixels.
    #[arg(long, value_name = "W")]
    pub width: Option<u32>,
    /// Canvas height in pixels.
    #[arg(long, value_name = "H")]
    pub height: Option<u32>,
    /// A ship sprite PNG, or a folder of them (repeatable).
    #[arg(long = "ship", value_name = "PATH")]
    pub ship: Vec<PathBuf>,
    /// A TOML preset of settings, applied before the other flags.
    #[arg(long, value_name = "PATH")]
    pub preset: Option<PathBuf>,
}
