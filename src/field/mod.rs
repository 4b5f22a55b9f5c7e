//! The particle field: a noise flow grid steers particles whose trails fade
//! in one shared RGBA canvas.
//!
//! What one [`Field::step`] computes:
//! 1. **flow**: the coarse brightness grid is recomputed for the current
//!    noise time (skipped while the evolution speed is 0);
//! 2. **fade**: every pixel's alpha drops by `fade` (done by the particles
//!    stage, each band of rows just before trails are drawn into it);
//! 3. **particles**: each particle reads its cell's brightness `b` and moves
//!    `speed = base + b·own_speed` pixels at `angle = 2π·b·own_wander`,
//!    wrapping around the edges, and its segment from its old position to
//!    its new one is drawn at full alpha, coloured by speed (red carries
//!    speed). A wrapped move is drawn as two pieces, one at each edge, never
//!    across the canvas. Where two segments share a pixel, the faster
//!    colour wins;
//! 4. **trails**: the pieces the particles stage left for later (the far
//!    side of wraps, very fast moves) are drawn, and particles that changed
//!    band move bins; bins that stayed under two thirds full for 64 steps give
//!    back memory; every 16 steps each bin is sorted by 32-pixel column, so
//!    the particles a block holds draw into nearby pixels (the order inside
//!    a bin changes nothing computed).
//!
//! How: particles are kept in bins by band of `BAND_ROWS` (32) rows, the
//! last band sharing the first band's bin (particles cross the top and
//! bottom edges by the hundred thousand in busy phases). Each bin's task
//! moves its particles (AVX-512, AVX2, 128-bit or scalar, picked at run
//! time) and draws their segments straight into the rows around its
//! bands; an odd bin runs after the even bins beside it, so no two tasks
//! share a pixel at once. Pixels keep the higher-ranked colour
//! (`raster::merge_key`), so order never matters.
//!
//! Fading before drawing means the newest segments are always at full alpha
//! when ships sample. For the same seed and settings the canvas and the
//! particles are identical bit for bit whatever the number of threads and
//! the instruction set; `reference::field` (feature `internals`) is the plain version
//! the tests compare against.

mod bins;
pub mod canvas;
mod memory;
internal! {
    /// The Perlin flow grid the particles steer by (feature `internals`).
    pub mod flow;
}
internal! {
    /// Particle storage and motion (feature `internals`).
    pub mod particles;
}
internal! {
    /// Line rasterising, merge order and palette (feature `internals`).
    pub mod raster;
}
mod sweep;
internal! {
    /// Drawing trail segments into the canvas (feature `internals`).
    pub mod trails;
}

pub use canvas::{canvas_hash, Canvas};

use std::sync::OnceLock;

use crate::cpu::Isa;

use crate::profile::{Stage, StageTimes};
use crate::settings::{FieldSettings, SettingsError};
use bins::{Bands, Bins};
use flow::FlowGrid;
use particles::{Motion, Particles};
use raster::SinCos;
use sweep::{Leftovers, LineTable};

internal! {
    /// Canvas rows per band (a power of two): particles are binned by band,
    /// and a bin's task draws into its band and half a band either side
    /// (bin 0 holds the first and the last band).
    pub const BAND_ROWS: u32 = 32;
}

/// The whole particle field: flow grid, particles and canvas.
#[derive(Clone)]
pub struct Field {
    pub(crate) settings: FieldSettings,
    pub(crate) canvas: Canvas,
    pub(crate) flow: FlowGrid,
    /// The next step's flow grid, worked out during this step's particles
    /// stage by a thread that would otherwise wait (`sweep::NextFlow`);
    /// dropped when settings change.
    flow_next: Option<FlowGrid>,
    /// The particles, binned by band of rows.
    bins: Bins,
    /// The particles in creation order, built on demand by [`Field::particles`].
    view: OnceLock<Particles>,
    pub(crate) rng: fastrand::Rng,
    /// Noise time (the flow grid's third coordinate).
    pub(crate) noise_t: f64,
    pub(crate) sincos: std::sync::Arc<SinCos>,
    pub(crate) palette: [[u8; 4]; 256],
    /// The palette as merge keys (little-endian `u32`), then 256 zeros
    /// (stage 2's landing keys, see `sweep::Shared::palette`).
    palette_keys: [u32; 512],
    /// Per bin: trail pieces drawn after the sweep, particles leaving.
    leftovers: Vec<Leftovers>,
    /// The edge bin's zone, its rows laid end to end while its task runs.
    edge: Vec<[u8; 4]>,
    /// Inner pixels of 3- and 4-step lines at the canvas width.
    lines: LineTable,
    /// Steps taken, for the periodic trims of the bins' memory.
    steps: u64,
}

impl std::fmt::Debug for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Field")
            .field("settings", &self.settings)
            .field("particles", &self.bins.len())
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
        Field::new_checked(settings)
    }

    /// [`Field::new`] for settings already validated.
    pub(crate) fn new_checked(settings: &FieldSettings) -> Result<Field, SettingsError> {
        let mut rng = fastrand::Rng::with_seed(settings.seed);
        let mut particles = Particles::default();
        particles.resize(
            settings.particles,
            settings.width,
            settings.height,
            &mut rng,
        );
        let palette = raster::palette_table();
        Ok(Field {
            settings: settings.clone(),
            canvas: Canvas::new(settings.width, settings.height)?,
            flow: FlowGrid::new(
                settings.width,
                settings.height,
                settings.cell_size,
                settings.seed,
            )?,
            flow_next: None,
            bins: Bins::from_flat(&particles, Bands::new(settings.height, BAND_SHIFT)),
            view: OnceLock::new(),
            rng,
            noise_t: 0.0,
            sincos: std::sync::Arc::new(SinCos::default()),
            palette,
            palette_keys: landing_keys(&palette),
            leftovers: Vec::new(),
            edge: Vec::new(),
            lines: LineTable::new(settings.width),
            steps: 0,
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
        self.apply_checked(settings)
    }

    /// [`Field::apply_settings`] for settings already validated (the world
    /// validates a change once, for all its parts).
    pub(crate) fn apply_checked(&mut self, settings: &FieldSettings) -> Result<(), SettingsError> {
        let old = std::mem::replace(&mut self.settings, settings.clone());
        self.flow_next = None;
        let resized = (old.width, old.height) != (settings.width, settings.height);
        if resized {
            self.canvas = Canvas::new(settings.width, settings.height)?;
            let mut flat = self.bins.to_flat();
            flat.rewrap(settings.width, settings.height);
            self.bins = Bins::from_flat(&flat, Bands::new(settings.height, BAND_SHIFT));
        }
        if resized || old.cell_size != settings.cell_size {
            self.flow = FlowGrid::new(
                settings.width,
                settings.height,
                settings.cell_size,
                old.seed,
            )?;
        }
        if settings.particles != self.bins.len() {
            self.bins.resize(
                settings.particles,
                settings.width,
                settings.height,
                &mut self.rng,
            );
        }
        self.view = OnceLock::new();
        Ok(())
    }

    /// One fixed step of `dt` seconds: flow, fade, particles (moved, and
    /// their trails drawn), then the trail pieces left for later. Adds each
    /// stage's wall time to `times`.
    pub fn step(&mut self, dt: f64, times: &mut StageTimes) {
        let s = &self.settings;
        let parallel = s.parallel;
        let (t, freq) = (self.noise_t, s.noise_frequency);
        times.time(Stage::Flow, || {
            crate::trace::span!("field.flow");
            // Worked out in the last step's particles stage, as a rule.
            if let Some(next) = self.flow_next.as_mut().filter(|n| n.holds(t, freq)) {
                std::mem::swap(&mut self.flow, next);
            }
            self.flow.update(t, freq, parallel)
        });
        self.noise_t += dt * s.evolution_speed;

        // Fading runs inside the particles stage, each zone's rows just
        // before its trails are drawn, so the stage named fade stays 0.
        times.time(Stage::Particles, || {
            crate::trace::span!("field.particles");
            self.move_and_draw()
        });
        times.time(Stage::Trails, || {
            crate::trace::span!("field.trails");
            self.finish_trails()
        });
        self.view = OnceLock::new();
    }

    /// The shared RGBA buffer.
    pub fn canvas(&self) -> &Canvas {
        &self.canvas
    }

    /// Number of live particles.
    pub fn particle_count(&self) -> usize {
        self.bins.len()
    }

    /// The particles' state (read-only), in creation order: particle `i`
    /// is the `i`-th ever created (count changes drop the last ones), so an
    /// index names the same particle from step to step. Built on the first
    /// call after a step (the field stores particles binned by row).
    pub fn particles(&self) -> &Particles {
        self.view.get_or_init(|| self.bins.to_flat())
    }

    /// Replaces every particle's state (same count and order as
    /// [`Field::particles`]; positions inside the canvas).
    pub(crate) fn set_particles(&mut self, particles: &Particles) {
        self.bins = Bins::from_flat(particles, self.bins.bands());
        self.view = OnceLock::new();
    }

    internal! {
        /// The flow grid (feature `internals`).
        pub fn flow(&self) -> &FlowGrid {
            &self.flow
        }
    }

    pub(crate) fn motion(&self) -> Motion {
        Motion::new(&self.settings)
    }

    fn move_and_draw(&mut self) {
        if self.lines.width() != self.settings.width {
            self.lines = LineTable::new(self.settings.width);
        }
        let motion = self.motion();
        let shared = sweep::Shared {
            motion: &motion,
            flow: &self.flow,
            sincos: &self.sincos,
            palette: &self.palette_keys,
            width: self.settings.width,
            bands: self.bins.bands(),
            // Resolved here, on the caller's thread, for every task of
            // the step (`Isa::force` is per thread).
            isa: Isa::chosen(),
            lines: &self.lines,
            step: self.steps,
        };
        // The next step's flow (the noise time has moved on already).
        let next_flow = sweep::NextFlow {
            grid: self.flow_next.get_or_insert_with(|| self.flow.clone()),
            t: self.noise_t,
            frequency: self.settings.noise_frequency,
        };
        sweep::run(
            self.canvas.pixels_mut(),
            &mut self.bins,
            &mut self.leftovers,
            &mut self.edge,
            &shared,
            next_flow,
            (self.settings.fade, self.settings.parallel),
        );
    }

    /// Draws the pieces the sweep left (wrapped or far moves) and moves
    /// particles that changed band into their new bins.
    fn finish_trails(&mut self) {
        if self.leftovers.iter().any(|l| l.deferred_count > 0) {
            let (width, parallel) = (self.settings.width, self.settings.parallel);
            trails::draw(
                self.canvas.pixels_mut(),
                width,
                BAND_ROWS,
                &self.leftovers,
                parallel,
            );
        }
        sweep::settle(&mut self.bins, &self.leftovers, self.settings.parallel);
        self.steps += 1;
        sweep::trim(&mut self.bins, &mut self.leftovers, self.steps);
        if self.steps.is_multiple_of(memory::RELEASE_EVERY) {
            memory::release_freed();
        }
    }
}

/// log2 of [`BAND_ROWS`].
const BAND_SHIFT: u32 = BAND_ROWS.trailing_zeros();

/// `palette` as merge keys, then 256 zeros: stage 2's landing keys.
fn landing_keys(palette: &[[u8; 4]; 256]) -> [u32; 512] {
    let mut keys = [0; 512];
    for (k, &p) in keys.iter_mut().zip(palette) {
        *k = raster::merge_key(p);
    }
    keys
}
