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

impl RunArgs {
    /// Interim: defaults plus the plain flags (validation lands with the inputs work).
    pub fn resolve(
        &self,
    ) -> Result<
        (
            hitfield::settings::Settings,
            Vec<hitfield::assets::NamedImage>,
        ),
        String,
    > {
        let mut s = hitfield::settings::Settings::default();
        if let Some(v) = self.particles {
            s.field.particles = v;
        }
        if let Some(v) = self.ships {
            s.ships.count = v;
        }
        if let Some(v) = self.seed {
            s.field.seed = v;
        }
        if let Some(v) = self.sample_interval_ms {
            s.ships.sample_interval_ms = v;
        }
        if let Some(v) = self.width {
            s.field.width = v;
        }
        if let Some(v) = self.height {
            s.field.height = v;
        }
        Ok((s, hitfield::assets::default_sprites()))
    }
}
