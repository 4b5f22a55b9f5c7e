//! The headless run report: what `hitfield headless` prints as JSON.

use serde::Serialize;

use crate::profile::Profiler;
use hitfield::profile::Stage;
use hitfield::world::World;

/// Ship-ship contact figures over a run.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ContactStats {
    /// Steps in which at least one pair of ships touched.
    pub steps_with_contact: u64,
    /// Sum over steps of the number of touching pairs.
    pub pair_steps: u64,
    /// Sum over steps of overlapping pixels.
    pub overlap_pixels: u64,
    /// Touching pairs in the last step.
    pub last_step_pairs: usize,
}

impl ContactStats {
    /// Adds the world's last step.
    pub fn record(&mut self, world: &World) {
        let contacts = world.contacts();
        self.steps_with_contact += u64::from(!contacts.is_empty());
        self.pair_steps += contacts.len() as u64;
        self.overlap_pixels += contacts.iter().map(|c| c.overlap.count).sum::<u64>();
        self.last_step_pairs = contacts.len();
    }
}

/// Steps `world` `frames` times, recording every step's stage times.
pub fn run(world: &mut World, frames: u64) -> (Profiler, ContactStats) {
    let mut profiler = Profiler::new(frames.clamp(1, 1 << 20) as usize);
    let mut contacts = ContactStats::default();
    for _ in 0..frames {
        let times = *world.step();
        profiler.record(times);
        contacts.record(world);
    }
    (profiler, contacts)
}

/// The JSON report of a finished run.
pub fn to_json(
    world: &World,
    frames: u64,
    profiler: &mut Profiler,
    contacts: &ContactStats,
) -> serde_json::Value {
    let s = world.settings();
    let hits_per_ship: Vec<u64> = world.ships().iter().map(|ship| ship.hits_total()).collect();
    let hit_samples: u64 = world.ships().iter().map(|ship| ship.hit_samples()).sum();
    serde_json::json!({
        "frames": frames,
        "particles": world.field().particle_count(),
        "ships": world.ships().len(),
        "seed": s.field.seed,
        "width": s.field.width,
        "height": s.field.height,
        "sample_interval_ms": s.ships.sample_interval_ms,
        "step_ms": s.step_ms,
        "threads": if s.field.parallel { rayon::current_num_threads() } else { 1 },
        "canvas_hash": format!("{:016x}", world.field().canvas().hash64()),
        "hits_total": hits_per_ship.iter().sum::<u64>(),
        "hits_per_ship": hits_per_ship,
        "hit_samples": hit_samples,
        "contacts": contacts,
        "stages": profiler.stages_json(Stage::simulation()),
    })
}
