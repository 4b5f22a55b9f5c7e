//! What the speed tricks cost: hits missed by sampling on an interval, and
//! contacts missed or misjudged by a collision stride, against exact
//! answers of the same run (hit and contact events: docs/performance.md).
//! Neither sampling nor collision changes the simulation, so one world
//! sampled exactly every step is the ground truth, and each interval's
//! schedule (the world's own [`sample_is_due`]) picks what it would see.

use std::collections::HashMap;

use hitfield::collide::broadphase::SweepAndPrune;
use hitfield::collide::{overlap_with, QueryOptions};
use hitfield::settings::Settings;
use hitfield::ships::schedule::{sample_is_due, staggered_start};
use hitfield::ships::ShipSprite;
use hitfield::world::World;
use hitfield::world::WorldError;

/// Missed hits for one sample interval.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SamplingRow {
    /// Interval in ms.
    pub interval_ms: f64,
    /// Samples taken (all ships).
    pub samples: u64,
    /// Hit pixels seen by this schedule.
    pub pixels_seen: u64,
    /// Hit pixels in every step's exact sample.
    pub pixels_exact: u64,
    /// Hit events detected.
    pub events_seen: u64,
    /// Hit events in the exact run.
    pub events_exact: u64,
}

/// Contact errors for one collision stride.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CollisionRow {
    /// Stride (1 = exact).
    pub stride: u32,
    /// Pair-steps reported touching.
    pub contacts_seen: u64,
    /// Pair-steps touching exactly.
    pub contacts_exact: u64,
    /// Sum of estimated overlap pixels.
    pub pixels_estimated: u64,
    /// Sum of exact overlap pixels.
    pub pixels_exact: u64,
    /// Contact events detected.
    pub events_seen: u64,
    /// Contact events in the exact run.
    pub events_exact: u64,
}

/// Percentage of `exact` that `seen` misses (0 when there was nothing to see).
pub fn missed_percent(seen: u64, exact: u64) -> f64 {
    if exact == 0 {
        0.0
    } else {
        100.0 * exact.saturating_sub(seen) as f64 / exact as f64
    }
}

/// Tracks runs of "true" steps and whether each run was noticed.
#[derive(Clone, Debug, Default)]
struct EventTracker {
    active: bool,
    noticed: bool,
    exact: u64,
    seen: u64,
}

impl EventTracker {
    fn step(&mut self, happening: bool, noticed_now: bool) {
        if happening && !self.active {
            self.active = true;
            self.noticed = false;
            self.exact += 1;
        }
        if !happening && self.active {
            self.finish();
        }
        if happening && noticed_now {
            self.noticed = true;
        }
    }

    fn finish(&mut self) {
        if self.active {
            self.seen += u64::from(self.noticed);
            self.active = false;
        }
    }
}

/// Runs `steps` steps of a world from `settings` (its sample interval is
/// forced to 0) and measures every interval and stride against it.
/// `progress` is called once per step. Settings out of range are an error
/// naming the key.
pub fn measure(
    settings: &Settings,
    sprites: &[ShipSprite],
    steps: usize,
    intervals: &[f64],
    strides: &[u32],
    mut progress: impl FnMut(),
) -> Result<(Vec<SamplingRow>, Vec<CollisionRow>), WorldError> {
    let mut exact_settings = settings.clone();
    exact_settings.ships.sample_interval_ms = 0.0;
    exact_settings.ships.collision_stride = 1;
    exact_settings.ships.collision_accuracy = 1.0;
    let mut world = World::new(exact_settings, sprites.to_vec())?;
    let n = world.ships().len();

    let mut next: Vec<Vec<f64>> = intervals
        .iter()
        .map(|&i| (0..n).map(|s| staggered_start(s, n, 0.0, i)).collect())
        .collect();
    let mut sampling: Vec<SamplingRow> = intervals
        .iter()
        .map(|&interval_ms| SamplingRow {
            interval_ms,
            ..SamplingRow::default()
        })
        .collect();
    let mut hit_events = vec![vec![EventTracker::default(); n]; intervals.len()];

    let mut collision: Vec<CollisionRow> = strides
        .iter()
        .map(|&stride| CollisionRow {
            stride,
            ..CollisionRow::default()
        })
        .collect();
    let mut contact_events: Vec<HashMap<(usize, usize), EventTracker>> =
        vec![HashMap::new(); strides.len()];
    let mut sweep = SweepAndPrune::new();
    let mut boxes = Vec::new();

    for _ in 0..steps {
        world.step();
        let now = world.sim_ms();
        // Sampling: the world sampled every ship exactly this step.
        for (k, &interval) in intervals.iter().enumerate() {
            for (s, ship) in world.ships().iter().enumerate() {
                let count = u64::from(ship.last_hit_count());
                let due = sample_is_due(&mut next[k][s], now, interval);
                let row = &mut sampling[k];
                row.pixels_exact += count;
                if due {
                    row.samples += 1;
                    row.pixels_seen += count;
                }
                hit_events[k][s].step(count > 0, due);
            }
        }
        // Collisions: every broad-phase pair, exact and at each stride.
        boxes.clear();
        for ship in world.ships() {
            let m = &world.sprites()[ship.sprite()].mask();
            boxes.push(ship.pose().world_bounds(m.width(), m.height()));
        }
        let pairs = sweep.pairs(&boxes).to_vec();
        let mut touching_now: Vec<Vec<(usize, usize)>> = vec![Vec::new(); strides.len()];
        let mut exact_now: Vec<(usize, usize)> = Vec::new();
        for &(a, b) in &pairs {
            let (sa, sb) = (&world.ships()[a], &world.ships()[b]);
            let (ma, mb) = (
                &world.sprites()[sa.sprite()].mask(),
                &world.sprites()[sb.sprite()].mask(),
            );
            let exact = overlap_with(ma, &sa.pose(), mb, &sb.pose(), &QueryOptions::default());
            if exact.is_some() {
                exact_now.push((a, b));
            }
            for (k, &stride) in strides.iter().enumerate() {
                let options = QueryOptions {
                    stride,
                    accuracy: 1.0,
                };
                let approx = if stride <= 1 {
                    exact
                } else {
                    overlap_with(ma, &sa.pose(), mb, &sb.pose(), &options)
                };
                let row = &mut collision[k];
                row.pixels_exact += exact.map_or(0, |o| o.count);
                row.pixels_estimated += approx.map_or(0, |o| o.count);
                row.contacts_exact += u64::from(exact.is_some());
                row.contacts_seen += u64::from(exact.is_some() && approx.is_some());
                if approx.is_some() {
                    touching_now[k].push((a, b));
                }
            }
        }
        for (k, events) in contact_events.iter_mut().enumerate() {
            for pair in &exact_now {
                events.entry(*pair).or_default();
            }
            for (pair, tracker) in events.iter_mut() {
                let happening = exact_now.contains(pair);
                tracker.step(happening, touching_now[k].contains(pair));
            }
        }
        progress();
    }

    for (row, trackers) in sampling.iter_mut().zip(&mut hit_events) {
        for t in trackers.iter_mut() {
            t.finish();
            row.events_exact += t.exact;
            row.events_seen += t.seen;
        }
    }
    for (row, events) in collision.iter_mut().zip(&mut contact_events) {
        for t in events.values_mut() {
            t.finish();
            row.events_exact += t.exact;
            row.events_seen += t.seen;
        }
    }
    Ok((sampling, collision))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_runs_and_noticed_once_is_enough() {
        let mut t = EventTracker::default();
        // run 1: noticed; gap; run 2: not noticed; run 3 open at the end, noticed.
        for (happening, noticed) in [
            (true, false),
            (true, true),
            (false, false),
            (true, false),
            (true, false),
            (false, true),
            (true, true),
        ] {
            t.step(happening, noticed);
        }
        t.finish();
        assert_eq!((t.exact, t.seen), (3, 2));
        assert_eq!(missed_percent(2, 3), 100.0 / 3.0);
        assert_eq!(missed_percent(0, 0), 0.0);
    }
}
