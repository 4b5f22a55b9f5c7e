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
use crate::settings::FieldSettings;
use flow::FlowGrid;
use particles::{Motion, Particles, WrapMove};
use raster::SinCos;
use trails::{Frame, TrailScratch};

/// Particles per work chunk. Fixed, so results never depend on thread count.
pub const CHUNK: usize = 8192;
/// Canvas rows per trail band.
pub const BAND_ROWS: u32 = 16;

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
    hists: Vec<Vec<u32>>,
    wraps: Vec<Vec<WrapMove>>,
    all_wraps: Vec<WrapMove>,
    scratch: TrailScratch,
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
    pub fn new(settings: &FieldSettings) -> Field {
        let mut rng = fastrand::Rng::with_seed(settings.seed);
        let mut particles = Particles::default();
        particles.resize(
            settings.particles,
            settings.width,
            settings.height,
            &mut rng,
        );
        Field {
            settings: settings.clone(),
            canvas: Canvas::new(settings.width, settings.height),
            flow: FlowGrid::new(
                settings.width,
                settings.height,
                settings.cell_size,
                settings.seed,
            ),
            particles,
            rng,
            noise_t: 0.0,
            sincos: std::sync::Arc::new(SinCos::default()),
            palette: raster::palette_table(),
            hists: Vec::new(),
            wraps: Vec::new(),
            all_wraps: Vec::new(),
            scratch: Default::default(),
        }
    }

    /// The settings in force.
    pub fn settings(&self) -> &FieldSettings {
        &self.settings
    }

    /// Applies new settings to the running field. Particles that stay keep
    /// their state; a new canvas size starts a blank canvas and wraps the
    /// particles into it; a new cell size rebuilds the flow grid. The seed
    /// only matters for a new field.
    pub fn apply_settings(&mut self, settings: &FieldSettings) {
        let old = std::mem::replace(&mut self.settings, settings.clone());
        let resized = (old.width, old.height) != (settings.width, settings.height);
        if resized {
            self.canvas = Canvas::new(settings.width, settings.height);
            self.particles.rewrap(settings.width, settings.height);
        }
        if resized || old.cell_size != settings.cell_size {
            self.flow = FlowGrid::new(
                settings.width,
                settings.height,
                settings.cell_size,
                old.seed,
            );
        }
        if settings.particles != self.particles.len() {
            self.particles.resize(
                settings.particles,
                settings.width,
                settings.height,
                &mut self.rng,
            );
        }
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
        times.time(Stage::Trails, || self.draw_trails(&motion));
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
        let n = self.particles.len();
        let chunks = n.div_ceil(CHUNK);
        let bands = self.bands();
        self.hists.resize_with(chunks, Vec::new);
        self.wraps.resize_with(chunks, Vec::new);
        for h in &mut self.hists {
            h.resize(bands, 0);
        }
        let (flow, sincos) = (&self.flow, &*self.sincos);
        let p = &mut self.particles;
        let jobs = split_chunks(p, &mut self.hists, &mut self.wraps);
        let run = |(c, job): (usize, ChunkJob<'_>)| {
            particles::move_chunk(
                job.x,
                job.y,
                job.prev_x,
                job.prev_y,
                job.speed,
                job.wander,
                job.shade,
                job.band,
                c * CHUNK,
                motion,
                flow,
                sincos,
                job.hist,
                job.wraps,
            )
        };
        if self.settings.parallel {
            jobs.into_par_iter().enumerate().for_each(run);
        } else {
            jobs.into_iter().enumerate().for_each(run);
        }
        self.all_wraps.clear();
        for w in &self.wraps {
            self.all_wraps.extend_from_slice(w);
        }
    }

    fn draw_trails(&mut self, motion: &Motion) {
        let bands = self.bands();
        let parallel = self.settings.parallel;
        let scratch = &mut self.scratch;
        trails::bucket(
            &self.particles,
            &self.hists,
            bands,
            CHUNK,
            scratch,
            parallel,
        );
        let max_speed = motion.base_speed.abs() + motion.speed_scale.abs();
        let frame = Frame {
            width: self.settings.width,
            height: self.settings.height,
            band_rows: BAND_ROWS,
            reach: ((max_speed + 2.0) / BAND_ROWS as f32).ceil() as usize,
        };
        trails::draw(
            self.canvas.pixels_mut(),
            &frame,
            &self.particles,
            scratch,
            &self.all_wraps,
            &self.palette,
            parallel,
        );
    }
}

/// One chunk's share of every particle array and its outputs.
struct ChunkJob<'a> {
    x: &'a mut [f32],
    y: &'a mut [f32],
    prev_x: &'a mut [f32],
    prev_y: &'a mut [f32],
    speed: &'a [f32],
    wander: &'a [f32],
    shade: &'a mut [u8],
    band: &'a mut [u16],
    hist: &'a mut [u32],
    wraps: &'a mut Vec<WrapMove>,
}

fn split_chunks<'a>(
    p: &'a mut Particles,
    hists: &'a mut [Vec<u32>],
    wraps: &'a mut [Vec<WrapMove>],
) -> Vec<ChunkJob<'a>> {
    let mut x = p.x.chunks_mut(CHUNK);
    let mut y = p.y.chunks_mut(CHUNK);
    let mut px = p.prev_x.chunks_mut(CHUNK);
    let mut py = p.prev_y.chunks_mut(CHUNK);
    let mut speed = p.speed.chunks(CHUNK);
    let mut wander = p.wander.chunks(CHUNK);
    let mut shade = p.shade.chunks_mut(CHUNK);
    let mut band = p.band.chunks_mut(CHUNK);
    let mut jobs = Vec::with_capacity(hists.len());
    for (hist, wraps) in hists.iter_mut().zip(wraps.iter_mut()) {
        let (
            Some(x),
            Some(y),
            Some(prev_x),
            Some(prev_y),
            Some(speed),
            Some(wander),
            Some(shade),
            Some(band),
        ) = (
            x.next(),
            y.next(),
            px.next(),
            py.next(),
            speed.next(),
            wander.next(),
            shade.next(),
            band.next(),
        )
        else {
            break;
        };
        jobs.push(ChunkJob {
            x,
            y,
            prev_x,
            prev_y,
            speed,
            wander,
            shade,
            band,
            hist,
            wraps,
        });
    }
    jobs
}
