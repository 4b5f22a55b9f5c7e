//! The scaling sweep behind `hitfield bench`: full frames (field step,
//! ship sampling and ship collisions) timed stage by stage over particle
//! counts, sample intervals and thread counts.

use crate::stats::frame::Part;
use crate::stats::profile::{Profiler, Summary};
use hitfield::profile::Stage;
use hitfield::settings::Settings;
use hitfield::ships::ShipSprite;
use hitfield::world::World;
use hitfield::world::WorldError;

/// One timed configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct RunSpec {
    /// Particle count.
    pub particles: usize,
    /// Sample interval in ms (0 = every step).
    pub sample_interval_ms: f64,
    /// Rayon threads.
    pub threads: usize,
}

/// What one configuration measured.
#[derive(Clone, Debug, PartialEq)]
pub struct RunResult {
    /// The configuration.
    pub spec: RunSpec,
    /// Timed frames.
    pub frames: usize,
    /// Percentiles per stage, in [`Stage::ALL`] order.
    pub stages: Vec<(Stage, Summary)>,
    /// The field step alone (flow + particles + trails).
    pub field: Summary,
    /// The whole frame.
    pub total: Summary,
}

impl RunResult {
    /// Median field-step time per particle, in nanoseconds (0 without particles).
    pub fn field_ns_per_particle(&self) -> f64 {
        if self.spec.particles == 0 {
            return 0.0;
        }
        self.field.p50_ms * 1e6 / self.spec.particles as f64
    }
}

/// The field stages.
pub const FIELD_STAGES: [Stage; 3] = [Stage::Flow, Stage::Particles, Stage::Trails];

/// Builds a world for `spec` from `base` settings, steps it `warmup` times,
/// then times `frames` steps on a pool of `spec.threads` threads. Settings
/// out of range are an error naming the key.
pub fn run(
    base: &Settings,
    sprites: &[ShipSprite],
    spec: &RunSpec,
    warmup: usize,
    frames: usize,
) -> Result<RunResult, WorldError> {
    let mut settings = base.clone();
    settings.field.particles = spec.particles;
    settings.ships.sample_interval_ms = spec.sample_interval_ms;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(spec.threads.max(1))
        .build();
    let mut profiler = Profiler::new(frames.max(1));
    let mut field_profiler = Profiler::new(frames.max(1));
    let mut world = World::new(settings, sprites.to_vec())?;
    let mut body = || {
        for _ in 0..warmup {
            world.step();
        }
        for _ in 0..frames {
            let times = *world.step();
            profiler.record(times);
            let mut field_only = hitfield::profile::StageTimes::default();
            for stage in FIELD_STAGES {
                field_only.add(stage, times.get(stage));
            }
            field_profiler.record(field_only);
        }
    };
    match pool {
        Ok(pool) => pool.install(body),
        // Thread pools only fail when the OS refuses threads; run on the global pool then.
        Err(_) => body(),
    }
    Ok(RunResult {
        spec: spec.clone(),
        frames,
        stages: Stage::ALL
            .iter()
            .map(|&s| (s, profiler.part_summary(Part::Step(s))))
            .collect(),
        field: field_profiler.total_summary(),
        total: profiler.total_summary(),
    })
}
