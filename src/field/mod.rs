//! The particle field: a noise flow grid steers particles whose trails fade
//! in one shared RGBA canvas.

pub mod canvas;

pub use canvas::Canvas;

use crate::profile::StageTimes;
use crate::settings::FieldSettings;

/// The whole particle field: flow grid, particles and canvas.
pub struct Field {
    settings: FieldSettings,
    canvas: Canvas,
}

impl Field {
    /// A field built from `settings`, with particles seeded from `settings.seed`.
    pub fn new(settings: &FieldSettings) -> Field {
        let _ = settings;
        todo!("field helper")
    }

    /// The settings in force.
    pub fn settings(&self) -> &FieldSettings {
        &self.settings
    }

    /// Applies new settings to the running field. Particles that stay keep
    /// their state; a new canvas size rebuilds the canvas.
    pub fn apply_settings(&mut self, settings: &FieldSettings) {
        let _ = settings;
        todo!("field helper")
    }

    /// One fixed step of `dt` seconds: flow, particles, trails, fade. Adds
    /// each stage's wall time to `times`.
    pub fn step(&mut self, dt: f64, times: &mut StageTimes) {
        let _ = (dt, times);
        todo!("field helper")
    }

    /// The shared RGBA buffer.
    pub fn canvas(&self) -> &Canvas {
        &self.canvas
    }

    /// Number of live particles.
    pub fn particle_count(&self) -> usize {
        todo!("field helper")
    }
}
