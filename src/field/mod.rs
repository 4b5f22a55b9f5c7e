//! The particle field: a noise flow grid steers particles whose trails fade
//! in one shared RGBA canvas.
//!
//! One [`Field::step`] runs four stages:
//! 1. **flow**: the coarse brightness grid is recomputed for the current
//!    noise time (skipped while the evolution speed is 0);
//! 2. **particles**: each particle reads its cell's brightness `b` and moves
//!    `speed = base + b·own_speed` pixels at `angle = 2π·b·own_wander`,
//!    wrapping around the edges;
//! 3. **fade**: every pixel's alpha drops by `fade`;
//! 4. **trails**: each particle's segment from its old position to its new
//!    one is drawn at full alpha, coloured by speed (red carries speed). A
//!    wrapped move is drawn as two pieces, one at each edge, never across the
//!    canvas. Where two segments share a pixel, the faster colour wins.
//!
//! Fading before drawing means the newest segments are always at full alpha
//! when ships sample. For the same seed and settings the canvas is identical
//! bit for bit whatever the number of threads; [`crate::reference::field`]
//! is the plain version the tests compare against.

pub mod canvas;
pub mod flow;
pub mod particles;
pub mod raster;
pub mod trails;

pub use canvas::Canvas;

use rayon::prelude::*;

use crate::profile::{Stage, StageTimes};
use crate::settings::{FieldSettings, SettingsError};
use flow::FlowGrid;
use particles::{Motion, Particles};
use raster::SinCos;
use trails::Segment;

/// Particles per work chunk. Fixed, so results never depend on thread count.
pub const CHUNK: usize = 8192;
/// Canvas rows per trail band (a power of two). 32 measured about 6% faster
/// than 16 at 1M particles: fewer lists to file segments into.
pub const BAND_ROWS: u32 = 32;

/// The whole particle field: flow grid, particles and canvas.
#[derive(Clone)]
pub struct Field {
    pub(crate) settings: FieldSettings,
    pub(crate) canvas: Canvas,
    pub(crate) flow: FlowGrid,
    pub(crate) particles: Particles,
    pub(crate) rng: fastrand::Rng,
    /// Noise time (the flow grid's third coordinate).
    pub(crate) noise_t: f64,
    pub(crate) sincos: std::sync::Arc<SinCos>,
    pub(crate) palette: [[u8; 4]; 256],
    /// Per chunk, per band: the segments to draw this step.
    segments: Vec<Vec<Vec<Segment>>>,
}

impl std::fmt::Debug for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Field")
            .field("settings", &self.settings)
            .field("particles", &self.particles.len())
            .field("noise_t", &self.noise_t)
            .finish_non_exhaustive()
    }
}

impl Field {
    /// A field built from `settings`, with particles seeded from `settings.seed`.
    ///
    /// The settings are checked first ([`FieldSettings::validate`]); a value
    /// out of range is an error naming its key, and nothing is allocated.
    pub fn new(settings: &FieldSettings) -> Result<Field, SettingsError> {
        settings.validate()?;
        let mut rng = fastrand::Rng::with_seed(settings.seed);
        let mut particles = Particles::default();
        particles.resize(
            settings.particles,
            settings.width,
            settings.height,
            &mut rng,
        );
        Ok(Field {
            settings: settings.clone(),
            canvas: Canvas::new(settings.width, settings.height)?,
            flow: FlowGrid::new(
                settings.width,
                settings.height,
                settings.cell_size,
                settings.seed,
            )?,
            particles,
            rng,
            noise_t: 0.0,
            sincos: std::sync::Arc::new(SinCos::default()),
            palette: raster::palette_table(),
            segments: Vec::new(),
        })
    }

    /// The settings in force.
    pub fn settings(&self) -> &FieldSettings {
        &self.settings
    }

    /// Applies new settings to the running field. Particles that stay keep
    /// their state; a new canvas size starts a blank canvas and wraps the
    /// particles into it; a new cell size rebuilds the flow grid. The seed
    /// only matters for a new field.
    ///
    /// Invalid settings are refused with an error naming the key, and the
    /// field is left as it was.
    pub fn apply_settings(&mut self, settings: &FieldSettings) -> Result<(), SettingsError> {
        settings.validate()?;
        let old = std::mem::replace(&mut self.settings, settings.clone());
        let resized = (old.width, old.height) != (settings.width, settings.height);
        if resized {
            self.canvas = Canvas::new(settings.width, settings.height)?;
            self.particles.rewrap(settings.width, settings.height);
        }
        if resized || old.cell_size != settings.cell_size {
            self.flow = FlowGrid::new(
                settings.width,
                settings.height,
                settings.cell_size,
                old.seed,
            )?;
        }
        if settings.particles != self.particles.len() {
            self.particles.resize(
                settings.particles,
                settings.width,
                settings.height,
                &mut self.rng,
            );
        }
        Ok(())
    }

    /// One fixed step of `dt` seconds: flow, particles, fade, trails. Adds
    /// each stage's wall time to `times`.
    pub fn step(&mut self, dt: f64, times: &mut StageTimes) {
        let s = &self.settings;
        let parallel = s.parallel;
        let (t, freq) = (self.noise_t, s.noise_frequency);
        times.time(Stage::Flow, || self.flow.update(t, freq, parallel));
        self.noise_t += dt * s.evolution_speed;

        let motion = self.motion();
        times.time(Stage::Particles, || self.move_particles(&motion));
        let fade = self.settings.fade;
        times.time(Stage::Fade, || self.canvas.fade(fade, parallel));
        times.time(Stage::Trails, || self.draw_trails());
    }

    /// The shared RGBA buffer.
    pub fn canvas(&self) -> &Canvas {
        &self.canvas
    }

    /// Number of live particles.
    pub fn particle_count(&self) -> usize {
        self.particles.len()
    }

    /// The particles' state (read-only).
    pub fn particles(&self) -> &Particles {
        &self.particles
    }

    /// The flow grid.
    pub fn flow(&self) -> &FlowGrid {
        &self.flow
    }

    pub(crate) fn motion(&self) -> Motion {
        let s = &self.settings;
        let max_speed = s.base_speed.abs() + s.speed_scale.abs();
        Motion {
            width: s.width as f32,
            height: s.height as f32,
            rows: s.height,
            base_speed: s.base_speed,
            speed_scale: s.speed_scale,
            wander: s.wander,
            shade_scale: if max_speed > 0.0 {
                255.0 / max_speed
            } else {
                0.0
            },
            band_rows: BAND_ROWS,
        }
    }

    fn bands(&self) -> usize {
        self.settings.height.div_ceil(BAND_ROWS) as usize
    }

    fn move_particles(&mut self, motion: &Motion) {
        let chunks = self.particles.len().div_ceil(CHUNK);
        let bands = self.bands();
        self.segments.resize_with(chunks, Vec::new);
        for lists in &mut self.segments {
            lists.resize_with(bands, Vec::new);
        }
        let (flow, sincos, palette) = (&self.flow, &*self.sincos, &self.palette);
        let p = &mut self.particles;
        let segments = &mut self.segments;
        let run = |(((x, y), (speed, wander)), lists): JobItem<'_>| {
            particles::move_chunk(x, y, speed, wander, motion, flow, sincos, palette, lists)
        };
        if self.settings.parallel {
            p.x.par_chunks_mut(CHUNK)
                .zip(p.y.par_chunks_mut(CHUNK))
                .zip(p.speed.par_chunks(CHUNK).zip(p.wander.par_chunks(CHUNK)))
                .zip(segments.par_iter_mut())
                .for_each(run);
        } else {
            p.x.chunks_mut(CHUNK)
                .zip(p.y.chunks_mut(CHUNK))
                .zip(p.speed.chunks(CHUNK).zip(p.wander.chunks(CHUNK)))
                .zip(segments.iter_mut())
                .for_each(run);
        }
    }

    fn draw_trails(&mut self) {
        let (width, parallel) = (self.settings.width, self.settings.parallel);
        trails::draw(
            self.canvas.pixels_mut(),
            width,
            BAND_ROWS,
            &self.segments,
            parallel,
        );
    }
}

type JobItem<'a> = (
    ((&'a mut [f32], &'a mut [f32]), (&'a [f32], &'a [f32])),
    &'a mut Vec<Vec<Segment>>,
);
