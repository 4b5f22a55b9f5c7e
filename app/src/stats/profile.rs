//! The demo's and the headless runner's frame statistics: the last frames'
//! [`FrameTimes`] in a [`Ring`], their percentiles, and CSV/JSON output.
//! Recording allocates nothing.

use std::fmt::Write as _;

use hitfield::stats::{percentile, Ring};

use super::frame::{FrameTimes, Part};

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
    /// Summarises `values` ([`percentile`]'s nearest rank). Empty input
    /// gives zeros. `scratch` is reused to avoid allocating.
    pub fn of(values: impl IntoIterator<Item = f64>, scratch: &mut Vec<f64>) -> Summary {
        scratch.clear();
        scratch.extend(values);
        Summary {
            p50_ms: percentile(scratch, 0.50),
            p95_ms: percentile(scratch, 0.95),
            p99_ms: percentile(scratch, 0.99),
            max_ms: percentile(scratch, 1.0),
        }
    }
}

/// The last `capacity` frames' times.
#[derive(Clone, Debug)]
pub struct Profiler {
    frames: Ring<FrameTimes>,
    scratch: Vec<f64>,
}

impl Profiler {
    /// A profiler that keeps the last `capacity` frames (at least 1).
    pub fn new(capacity: usize) -> Self {
        Self {
            frames: Ring::new(capacity),
            scratch: Vec::with_capacity(capacity),
        }
    }

    /// How many frames it holds now.
    pub fn len(&self) -> usize {
        self.frames.len()
    }

    /// Records one frame, dropping the oldest when full.
    pub fn record(&mut self, frame: impl Into<FrameTimes>) {
        self.frames.push(frame.into());
    }

    /// Forgets every frame.
    pub fn clear(&mut self) {
        self.frames.clear();
    }

    /// The recorded frames, oldest first.
    pub fn frames(&self) -> impl DoubleEndedIterator<Item = &FrameTimes> + '_ {
        self.frames.iter()
    }

    /// Percentiles of one part over the recorded frames.
    pub fn part_summary(&mut self, part: Part) -> Summary {
        Summary::of(self.frames.iter().map(|f| f.get(part)), &mut self.scratch)
    }

    /// Percentiles of the whole frame (sum of parts).
    pub fn total_summary(&mut self) -> Summary {
        Summary::of(self.frames.iter().map(FrameTimes::total), &mut self.scratch)
    }

    /// One CSV row per recorded frame, one column per part plus `total`,
    /// with a header row. Values are milliseconds.
    pub fn to_csv(&self) -> String {
        let mut out = String::from("frame");
        for part in Part::ALL {
            out.push(',');
            out.push_str(part.name());
        }
        out.push_str(",total\n");
        for (i, frame) in self.frames().enumerate() {
            let _ = write!(out, "{i}");
            for part in Part::ALL {
                let _ = write!(out, ",{:.4}", frame.get(part));
            }
            let _ = writeln!(out, ",{:.4}", frame.total());
        }
        out
    }

    /// A JSON object with one `{p50_ms, p95_ms, p99_ms, max_ms}` entry per
    /// part in `parts` and one called `total` (the sum of all parts).
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    pub fn parts_json(&mut self, parts: impl IntoIterator<Item = Part>) -> serde_json::Value {
        let mut map = serde_json::Map::new();
        for part in parts {
            let s = self.part_summary(part);
            map.insert(part.name().into(), s.json());
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

#[cfg(test)]
mod tests {
    use super::*;

    use hitfield::profile::{Stage, StageTimes};

    fn frame(flow: f64, draw: f64) -> FrameTimes {
        let mut step = StageTimes::default();
        step.add(Stage::Flow, flow);
        FrameTimes {
            step,
            draw_ms: draw,
            ..FrameTimes::default()
        }
    }

    #[test]
    fn ring_buffer_keeps_the_newest_frames_in_order() {
        let mut p = Profiler::new(3);
        for i in 0..5 {
            p.record(frame(i as f64, 0.0));
        }
        let flows: Vec<f64> = p.frames().map(|f| f.step.get(Stage::Flow)).collect();
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
        assert!(lines[0].starts_with("frame,flow,particles,trails,ships"));
        assert!(lines[0].ends_with(",total"));
        assert!(lines[2].starts_with("1,2.0000,"));
        assert!(lines[2].ends_with(",2.2500"));
    }

    #[test]
    fn json_has_the_asked_parts_and_total_rounded() {
        let mut p = Profiler::new(4);
        p.record(frame(3.000_012_3, 1.0));
        let v = p.parts_json(Stage::ALL.map(Part::Step));
        assert_eq!(v["flow"]["p50_ms"], 3.0, "rounded to 0.1 µs");
        assert_eq!(v["total"]["max_ms"], 4.0);
        assert!(v["collide"].is_object());
        assert!(v.get("draw").is_none(), "parts not asked for left out");
        assert!(v.get("fade").is_none());
    }
}
