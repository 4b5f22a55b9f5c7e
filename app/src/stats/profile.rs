//! Percentiles of frame times ([`Summary`]), and for `headless` and
//! `bench` the last frames' [`FrameTimes`] in a [`Ring`] with their JSON.
//! Recording allocates nothing.

use hitfield::stats::percentile;
#[cfg(feature = "cli")]
use hitfield::stats::Ring;

#[cfg(feature = "cli")]
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
#[cfg(feature = "cli")]
#[derive(Clone, Debug)]
pub struct Profiler {
    frames: Ring<FrameTimes>,
    scratch: Vec<f64>,
}

#[cfg(feature = "cli")]
impl Profiler {
    /// A profiler that keeps the last `capacity` frames (at least 1).
    pub fn new(capacity: usize) -> Self {
        Self {
            frames: Ring::new(capacity),
            scratch: Vec::with_capacity(capacity),
        }
    }

    /// Records one frame, dropping the oldest when full.
    pub fn record(&mut self, frame: impl Into<FrameTimes>) {
        self.frames.push(frame.into());
    }

    /// Percentiles of one part over the recorded frames.
    pub fn part_summary(&mut self, part: Part) -> Summary {
        Summary::of(self.frames.iter().map(|f| f.get(part)), &mut self.scratch)
    }

    /// Percentiles of the whole frame (sum of parts).
    pub fn total_summary(&mut self) -> Summary {
        Summary::of(self.frames.iter().map(FrameTimes::total), &mut self.scratch)
    }

    /// A JSON object with one `{p50_ms, p95_ms, p99_ms, max_ms}` entry per
    /// part in `parts` and one called `total` (the sum of all parts).
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

#[cfg(feature = "cli")]
impl Summary {
    /// `{"p50_ms", "p95_ms", "p99_ms", "max_ms"}`, rounded to 0.1 µs.
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

#[cfg(all(test, feature = "cli"))]
mod tests {
    use super::*;

    use hitfield::profile::{Stage, StageTimes};

    #[test]
    fn json_has_the_asked_parts_and_total_rounded() {
        let mut step = StageTimes::default();
        step.add(Stage::Flow, 3.000_012_3);
        let mut p = Profiler::new(4);
        p.record(FrameTimes {
            step,
            draw_ms: 1.0,
            ..FrameTimes::default()
        });
        let v = p.parts_json(Stage::ALL.map(Part::Step));
        assert_eq!(v["flow"]["p50_ms"], 3.0, "rounded to 0.1 µs");
        assert_eq!(v["total"]["max_ms"], 4.0);
        assert!(v["collide"].is_object());
        assert!(v.get("draw").is_none(), "parts not asked for left out");
        assert!(v.get("fade").is_none());
    }
}
