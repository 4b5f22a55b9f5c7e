//! Step time per second of simulated time over minutes: [`PerSecond`]
//! keeps each finished second's [`SecondSummary`] in a [`Ring`].

use hitfield::stats::{percentile, Ring};

/// Step times of one second of simulated time.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct SecondSummary {
    /// Which second (simulated time from the world's start, whole seconds).
    pub second: u64,
    /// Steps that started in it.
    pub steps: u32,
    /// Fastest step, in milliseconds.
    pub min_ms: f64,
    /// Median step (nearest rank).
    pub median_ms: f64,
    /// Slowest step.
    pub max_ms: f64,
}

/// Step time per second of simulated time over the last `capacity` seconds
/// (ten minutes by default): min, median and max of each second's steps, so
/// slow swings (the flow's phases) show that a few hundred frames hide.
#[derive(Clone, Debug)]
pub struct PerSecond {
    seconds: Ring<SecondSummary>,
    /// The second being filled, and its steps' times.
    current: Option<u64>,
    steps: Vec<f64>,
}

impl Default for PerSecond {
    fn default() -> Self {
        Self::new(Self::TEN_MINUTES)
    }
}

impl PerSecond {
    /// Ten minutes of seconds.
    pub const TEN_MINUTES: usize = 600;

    /// Keeps the last `capacity` finished seconds (at least 1).
    pub fn new(capacity: usize) -> Self {
        Self {
            seconds: Ring::new(capacity),
            current: None,
            steps: Vec::new(),
        }
    }

    /// How many finished seconds it can hold.
    pub fn capacity(&self) -> usize {
        self.seconds.capacity()
    }

    /// Records one step that started at `sim_start_ms` of simulated time and
    /// took `step_ms` of real time. A step in a later second closes the
    /// seconds before it; simulated time going back (a new world) starts
    /// over.
    pub fn record(&mut self, sim_start_ms: f64, step_ms: f64) {
        let second = (sim_start_ms.max(0.0) / 1000.0) as u64;
        match self.current {
            Some(c) if second < c => {
                self.clear();
                self.current = Some(second);
            }
            Some(c) if second > c => {
                self.close();
                self.current = Some(second);
            }
            Some(_) => {}
            None => self.current = Some(second),
        }
        self.steps.push(step_ms);
    }

    /// The finished seconds, oldest first.
    pub fn seconds(&self) -> impl DoubleEndedIterator<Item = &SecondSummary> + '_ {
        self.seconds.iter()
    }
    /// True before the first second is finished.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.seconds.is_empty()
    }

    /// The second being filled, so far (`None` before the first step).
    pub fn current(&self) -> Option<SecondSummary> {
        let second = self.current?;
        let mut sorted = self.steps.clone();
        Some(summarise(second, &mut sorted))
    }

    /// Forgets every second.
    pub fn clear(&mut self) {
        self.seconds.clear();
        self.current = None;
        self.steps.clear();
    }

    fn close(&mut self) {
        let Some(second) = self.current else {
            return;
        };
        let summary = summarise(second, &mut self.steps);
        self.steps.clear();
        self.seconds.push(summary);
    }
}

/// Min, median and max of `steps` (sorted in place; zeros when empty).
fn summarise(second: u64, steps: &mut [f64]) -> SecondSummary {
    SecondSummary {
        second,
        steps: steps.len() as u32,
        min_ms: percentile(steps, 0.0),
        median_ms: percentile(steps, 0.5),
        max_ms: percentile(steps, 1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_second_summarises_each_simulated_second_and_keeps_the_last_ones() {
        let mut p = PerSecond::new(2);
        assert!(p.current().is_none() && p.is_empty());
        // Second 0: 1, 5, 3 ms; second 1: 2 ms; second 2: 4 ms, 6 ms.
        for (t, ms) in [(0.0, 1.0), (400.0, 5.0), (999.0, 3.0), (1000.0, 2.0)] {
            p.record(t, ms);
        }
        let first: Vec<SecondSummary> = p.seconds().copied().collect();
        assert_eq!(
            first,
            vec![SecondSummary {
                second: 0,
                steps: 3,
                min_ms: 1.0,
                median_ms: 3.0,
                max_ms: 5.0
            }]
        );
        assert_eq!(p.current().map(|s| (s.second, s.max_ms)), Some((1, 2.0)));
        p.record(2000.0, 4.0);
        p.record(2500.0, 6.0);
        p.record(3000.0, 1.0);
        let seconds: Vec<u64> = p.seconds().map(|s| s.second).collect();
        assert_eq!(seconds, vec![1, 2], "only the last two");
        assert_eq!(p.seconds().last().map(|s| s.median_ms), Some(4.0));
        // A new world: simulated time goes back, everything starts over.
        p.record(0.0, 9.0);
        assert!(p.is_empty());
        assert_eq!(p.current().map(|s| s.min_ms), Some(9.0));
    }
}
