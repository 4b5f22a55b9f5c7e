//! The demo's and the headless runner's frame statistics over
//! [`hitfield::profile::StageTimes`]: a fixed-size ring buffer of recent
//! frames, percentiles, and CSV/JSON output; and [`PerSecond`], step time
//! per second of simulated time over minutes. Recording allocates nothing
//! (once a second's steps have been seen).

use std::fmt::Write as _;

use hitfield::profile::{Stage, StageTimes};

/// p50, p95, p99 and max of one series, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct Summary {
    /// Median.
    pub p50_ms: f64,
    /// 95th percentile.
    pub p95_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Largest value.
    pub max_ms: f64,
}

impl Summary {
    /// Summarises `values` (nearest-rank percentiles). Empty input gives zeros.
    /// `scratch` is reused to avoid allocating.
    pub fn of(values: impl IntoIterator<Item = f64>, scratch: &mut Vec<f64>) -> Summary {
        scratch.clear();
        scratch.extend(values);
        if scratch.is_empty() {
            return Summary::default();
        }
        scratch.sort_by(f64::total_cmp);
        let rank = |p: f64| {
            let n = scratch.len();
            let i = ((p * n as f64).ceil() as usize).clamp(1, n) - 1;
            scratch[i]
        };
        Summary {
            p50_ms: rank(0.50),
            p95_ms: rank(0.95),
            p99_ms: rank(0.99),
            max_ms: scratch[scratch.len() - 1],
        }
    }
}

/// A ring buffer of the last `capacity` frames' stage times.
#[derive(Clone, Debug)]
pub struct Profiler {
    frames: Vec<StageTimes>,
    next: usize,
    len: usize,
    scratch: Vec<f64>,
}

impl Profiler {
    /// A profiler that keeps the last `capacity` frames (at least 1).
    pub fn new(capacity: usize) -> Self {
        let capacity = capacity.max(1);
        Self {
            frames: vec![StageTimes::default(); capacity],
            next: 0,
            len: 0,
            scratch: Vec::with_capacity(capacity),
        }
    }

    /// How many frames it holds now.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Records one frame, dropping the oldest when full.
    pub fn record(&mut self, frame: StageTimes) {
        self.frames[self.next] = frame;
        self.next = (self.next + 1) % self.frames.len();
        self.len = (self.len + 1).min(self.frames.len());
    }

    /// Forgets every frame.
    pub fn clear(&mut self) {
        self.next = 0;
        self.len = 0;
    }

    /// The recorded frames, oldest first.
    pub fn frames(&self) -> impl Iterator<Item = &StageTimes> + '_ {
        let cap = self.frames.len();
        let start = (self.next + cap - self.len) % cap;
        (0..self.len).map(move |k| &self.frames[(start + k) % cap])
    }

    /// Percentiles of one stage over the recorded frames.
    pub fn stage_summary(&mut self, stage: Stage) -> Summary {
        let mut scratch = std::mem::take(&mut self.scratch);
        let s = Summary::of(self.frames().map(|f| f.get(stage)), &mut scratch);
        self.scratch = scratch;
        s
    }

    /// Percentiles of the whole frame (sum of stages).
    pub fn total_summary(&mut self) -> Summary {
        let mut scratch = std::mem::take(&mut self.scratch);
        let s = Summary::of(self.frames().map(StageTimes::total), &mut scratch);
        self.scratch = scratch;
        s
    }

    /// One CSV row per recorded frame, one column per stage plus `total`,
    /// with a header row. Values are milliseconds.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("frame");
        for stage in Stage::ALL {
            out.push(',');
            out.push_str(stage.name());
        }
        out.push_str(",total\n");
        for (i, frame) in self.frames().enumerate() {
            let _ = write!(out, "{i}");
            for stage in Stage::ALL {
                let _ = write!(out, ",{:.4}", frame.get(stage));
            }
            let _ = writeln!(out, ",{:.4}", frame.total());
        }
        out
    }

    /// A JSON object with one `{p50_ms, p95_ms, p99_ms, max_ms}` entry per
    /// stage in `stages` and one called `total` (the sum of all stages).
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    pub fn stages_json(&mut self, stages: impl IntoIterator<Item = Stage>) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for stage in stages {
            let s = self.stage_summary(stage);
            map.insert(stage.name().into(), s.json());
        }
        map.insert("total".into(), self.total_summary().json());
        serde_json::Value::Object(map)
    }
}

impl Summary {
    /// `{"p50_ms", "p95_ms", "p99_ms", "max_ms"}`, rounded to 0.1 µs.
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    pub fn json(self) -> serde_json::Value {
        let round = |ms: f64| (ms * 1e4).round() / 1e4;
        serde_json::json!({
            "p50_ms": round(self.p50_ms),
            "p95_ms": round(self.p95_ms),
            "p99_ms": round(self.p99_ms),
            "max_ms": round(self.max_ms),
        })
    }
}

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
    seconds: Vec<SecondSummary>,
    next: usize,
    len: usize,
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
            seconds: vec![SecondSummary::default(); capacity.max(1)],
            next: 0,
            len: 0,
            current: None,
            steps: Vec::new(),
        }
    }

    /// How many finished seconds it can hold.
    pub fn capacity(&self) -> usize {
        self.seconds.len()
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
    pub fn seconds(&self) -> impl Iterator<Item = &SecondSummary> + '_ {
        let cap = self.seconds.len();
        let start = (self.next + cap - self.len) % cap;
        (0..self.len).map(move |k| &self.seconds[(start + k) % cap])
    }
    /// True before the first second is finished.
    #[cfg(test)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The second being filled, so far (`None` before the first step).
    pub fn current(&self) -> Option<SecondSummary> {
        let second = self.current?;
        let mut sorted = self.steps.clone();
        Some(summarise(second, &mut sorted))
    }

    /// Forgets every second.
    pub fn clear(&mut self) {
        self.next = 0;
        self.len = 0;
        self.current = None;
        self.steps.clear();
    }

    fn close(&mut self) {
        let Some(second) = self.current else {
            return;
        };
        let summary = summarise(second, &mut self.steps);
        self.steps.clear();
        self.seconds[self.next] = summary;
        self.next = (self.next + 1) % self.seconds.len();
        self.len = (self.len + 1).min(self.seconds.len());
    }
}

/// Min, median and max of `steps` (sorted in place).
fn summarise(second: u64, steps: &mut [f64]) -> SecondSummary {
    steps.sort_by(f64::total_cmp);
    let n = steps.len();
    if n == 0 {
        return SecondSummary {
            second,
            ..SecondSummary::default()
        };
    }
    SecondSummary {
        second,
        steps: n as u32,
        min_ms: steps[0],
        median_ms: steps[n.div_ceil(2) - 1],
        max_ms: steps[n - 1],
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

    fn frame(flow: f64, fade: f64) -> StageTimes {
        let mut t = StageTimes::default();
        t.add(Stage::Flow, flow);
        t.add(Stage::Fade, fade);
        t
    }

    #[test]
    fn ring_buffer_keeps_the_newest_frames_in_order() {
        let mut p = Profiler::new(3);
        for i in 0..5 {
            p.record(frame(i as f64, 0.0));
        }
        let flows: Vec<f64> = p.frames().map(|f| f.get(Stage::Flow)).collect();
        assert_eq!(flows, vec![2.0, 3.0, 4.0]);
        assert_eq!(p.len(), 3);
    }

    #[test]
    fn percentiles_use_nearest_rank() {
        let mut scratch = Vec::new();
        let s = Summary::of((1..=100).map(f64::from), &mut scratch);
        assert_eq!(
            (s.p50_ms, s.p95_ms, s.p99_ms, s.max_ms),
            (50.0, 95.0, 99.0, 100.0)
        );
        assert_eq!(Summary::of([], &mut scratch), Summary::default());
    }

    #[test]
    fn csv_has_a_header_and_a_row_per_frame() {
        let mut p = Profiler::new(10);
        p.record(frame(1.0, 0.5));
        p.record(frame(2.0, 0.25));
        let csv = p.to_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(lines[0].starts_with("frame,flow,particles,trails,fade"));
        assert!(lines[0].ends_with(",total"));
        assert!(lines[2].starts_with("1,2.0000,"));
        assert!(lines[2].ends_with(",2.2500"));
    }

    #[test]
    fn json_has_the_asked_stages_and_total_rounded() {
        let mut p = Profiler::new(4);
        p.record(frame(3.0, 1.000_012_3));
        let v = p.stages_json(Stage::simulation());
        assert_eq!(v["flow"]["p50_ms"], 3.0);
        assert_eq!(v["fade"]["p50_ms"], 1.0, "rounded to 0.1 µs");
        assert_eq!(v["total"]["max_ms"], 4.0);
        assert!(v["collide"].is_object());
        assert!(v.get("draw").is_none(), "demo-only stages left out");
    }
}
