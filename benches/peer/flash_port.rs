//! The speed peer: a straightforward port of the original Flash demo's
//! field step, as a Rust programmer would first write it. Same flow grid,
//! same sine table and the same motion as hitfield, but each particle
//! stamps 3 pixels (old position, midpoint, new position) with plain racy
//! stores from rayon (relaxed atomics, last writer wins), so the canvas
//! depends on thread timing and trails have gaps at speed. Not exact, not
//! deterministic: only a yardstick for hitfield's speed.

use std::sync::atomic::{AtomicU32, Ordering};

use hitfield::field::flow::FlowGrid;
use hitfield::field::particles::{move_one, Motion, Particles};
use hitfield::field::raster::{palette_table, SinCos};
use hitfield::settings::FieldSettings;
use rayon::prelude::*;

/// The port's whole state.
pub struct FlashPort {
    settings: FieldSettings,
    flow: FlowGrid,
    particles: Particles,
    sincos: SinCos,
    palette: [u32; 256],
    canvas: Vec<AtomicU32>,
    noise_t: f64,
}

impl FlashPort {
    /// Particles seeded as hitfield seeds them.
    pub fn new(settings: &FieldSettings) -> FlashPort {
        // Seeded as hitfield seeds them: the same particles, in the same order.
        let (count, w, h) = (settings.particles, settings.width, settings.height);
        let mut particles = Particles::default();
        particles.resize(count, w, h, &mut fastrand::Rng::with_seed(settings.seed));
        let pixels = settings.width as usize * settings.height as usize;
        FlashPort {
            settings: settings.clone(),
            flow: FlowGrid::new(
                settings.width,
                settings.height,
                settings.cell_size,
                settings.seed,
            )
            .expect("bench settings are valid"),
            particles,
            sincos: SinCos::default(),
            palette: palette_table().map(u32::from_le_bytes),
            canvas: (0..pixels).map(|_| AtomicU32::new(0)).collect(),
            noise_t: 0.0,
        }
    }

    /// One step: flow grid, fade, then move every particle and stamp it,
    /// in parallel chunks of particles.
    pub fn step(&mut self, dt: f64) {
        let s = &self.settings;
        self.flow.update(self.noise_t, s.noise_frequency, true);
        self.noise_t += dt * s.evolution_speed;
        let fade = u32::from(s.fade) << 24;
        self.canvas.par_chunks_mut(1 << 16).for_each(|chunk| {
            for p in chunk {
                let v = p.get_mut();
                *v = (*v & 0x00ff_ffff) | (*v & 0xff00_0000).saturating_sub(fade);
            }
        });
        let m = Motion::new(s);
        let (flow, sincos, palette, canvas) =
            (&self.flow, &self.sincos, &self.palette, &self.canvas);
        let (w, h) = (s.width as usize, s.height as usize);
        let p = &mut self.particles;
        p.x.par_chunks_mut(8192)
            .zip(p.y.par_chunks_mut(8192))
            .zip(p.speed.par_chunks(8192).zip(p.wander.par_chunks(8192)))
            .for_each(|((xs, ys), (speeds, wanders))| {
                for i in 0..xs.len() {
                    let (x, y) = (xs[i], ys[i]);
                    let mv = move_one(x, y, speeds[i], wanders[i], &m, flow, sincos);
                    let colour = palette[mv.shade as usize];
                    let (nx, ny) = mv.to;
                    let mid = ((x + mv.unwrapped.0) * 0.5, (y + mv.unwrapped.1) * 0.5);
                    for (px, py) in [(x, y), mid, (nx, ny)] {
                        let (px, py) = (px as usize, py as usize);
                        if px < w && py < h {
                            canvas[py * w + px].store(colour, Ordering::Relaxed);
                        }
                    }
                    (xs[i], ys[i]) = (nx, ny);
                }
            });
    }

    /// Lit pixels (alpha > 0), so the work cannot be optimised away.
    pub fn lit(&self) -> usize {
        self.canvas
            .iter()
            .filter(|p| p.load(Ordering::Relaxed) >> 24 > 0)
            .count()
    }
}
