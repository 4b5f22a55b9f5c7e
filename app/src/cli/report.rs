//! The headless run report: what `hitfield headless` prints as JSON.

use serde::Serialize;

use crate::stats::frame::Part;
use crate::stats::profile::Profiler;
use crate::trace::spike::SpikeWatch;
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

/// Steps `world` `frames` times, recording every step's stage times. With
/// `spike`, each step is a frame of the spike ring, and a slow one's trace
/// is written (its message on stderr). `after_step` sees the world after
/// every step (the clip recorder).
pub fn run(
    world: &mut World,
    frames: u64,
    mut spike: Option<&mut SpikeWatch>,
    mut after_step: impl FnMut(&World),
) -> (Profiler, ContactStats) {
    let mut profiler = Profiler::new(frames.clamp(1, 1 << 20) as usize);
    let mut contacts = ContactStats::default();
    for _ in 0..frames {
        let step = world.steps();
        if let Some(watch) = spike.as_deref_mut() {
            watch.start_frame(step);
        }
        let times = *world.step();
        profiler.record(times);
        contacts.record(world);
        after_step(world);
        if let Some(watch) = spike.as_deref_mut() {
            tell(watch.end_frame(step, step, times.total()));
        }
    }
    if let Some(watch) = spike {
        tell(watch.finish());
    }
    (profiler, contacts)
}

/// Prints a spike capture's message on stderr.
fn tell(news: Option<Result<String, String>>) {
    if let Some(news) = news {
        crate::trace::spike::tell(&news, "--spike-ms");
    }
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
        "stages": profiler.parts_json(Stage::ALL.map(Part::Step)),
    })
}
