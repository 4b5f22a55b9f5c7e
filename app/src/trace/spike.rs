//! Capture on spike: with the spike ring kept, a frame (headless: a step)
//! whose work passes a threshold is written as a Chrome trace of the
//! frames before it and after it, so the slow frame can be read after the
//! fact. Shared by `hitfield headless --spike-ms` and the demo.

use std::path::{Path, PathBuf};

use super::Tracing;
use crate::paths::shown;

/// Frames kept before a spike (two seconds at 60 steps a second).
pub const FRAMES_BEFORE: u64 = 120;
/// Frames recorded after a spike before its file is written.
pub const FRAMES_AFTER: u64 = 60;
/// Span events the ring keeps at most (about 50 bytes each, plus their
/// fields), whatever the frame count.
pub const MAX_RING_EVENTS: usize = 400_000;
/// Spike files written in one run at most.
pub const MAX_FILES: u32 = 10;

/// What capture on spike needs, validated.
#[derive(Clone, Debug)]
pub struct SpikeOptions {
    /// A frame whose work passes this many milliseconds is a spike.
    pub threshold_ms: f64,
    /// Where the files go.
    pub dir: PathBuf,
    /// Each file's size cap in bytes.
    pub cap_bytes: u64,
}

/// A spike seen, whose file waits for the frames after it.
#[derive(Clone, Copy, Debug)]
struct Pending {
    frame: u64,
    step: u64,
    work_ms: f64,
    /// Clock reading (seconds) when the spike frame ended.
    at: f64,
}

/// The spike marker's args in the trace file.
#[derive(serde::Serialize)]
struct SpikeNote {
    /// The demo's frame (headless runs count steps only).
    #[serde(skip_serializing_if = "Option::is_none")]
    frame: Option<u64>,
    step: u64,
    work_ms: f64,
    threshold_ms: f64,
    frames_before: u64,
    frames_after: u64,
}

/// Watches frames for spikes and writes their traces.
pub struct SpikeWatch {
    tracing: &'static Tracing,
    options: SpikeOptions,
    /// `"step"` (headless) or `"frame"` (demo), for names and messages.
    unit: &'static str,
    pending: Option<Pending>,
    written: u32,
}

impl SpikeWatch {
    /// Starts keeping the spike ring in `tracing`.
    pub fn new(tracing: &'static Tracing, options: SpikeOptions, unit: &'static str) -> Self {
        let frames = (FRAMES_BEFORE + FRAMES_AFTER + 1) as usize;
        tracing.keep_ring(frames, MAX_RING_EVENTS);
        SpikeWatch {
            tracing,
            options,
            unit,
            pending: None,
            written: 0,
        }
    }

    /// Sets the threshold (the demo's panel), if it is above 0.
    pub fn set_threshold_ms(&mut self, ms: f64) {
        if ms.is_finite() && ms > 0.0 {
            self.options.threshold_ms = ms;
        }
    }

    /// Stops keeping the spike ring; a spike waiting for its later frames
    /// is not written.
    pub fn stop(self) {
        self.tracing.stop_ring();
    }

    /// Marks the start of frame `frame` (before its spans).
    pub fn start_frame(&self, frame: u64) {
        self.tracing.start_frame(frame);
    }

    /// After frame `frame` (which ran up to step `step`) took `work_ms`:
    /// notes a spike, or writes the file of one seen [`FRAMES_AFTER`]
    /// frames ago. Returns the message for the user, if any: `Ok` names
    /// the file written, `Err` says why not.
    pub fn end_frame(
        &mut self,
        frame: u64,
        step: u64,
        work_ms: f64,
    ) -> Option<Result<String, String>> {
        if let Some(p) = self.pending {
            return (frame >= p.frame + FRAMES_AFTER).then(|| self.write());
        }
        if work_ms <= self.options.threshold_ms || self.written >= MAX_FILES {
            return None;
        }
        self.pending = Some(Pending {
            frame,
            step,
            work_ms,
            at: self.tracing.now(),
        });
        None
    }

    /// Writes the spike still waiting for its later frames (the run ended).
    pub fn finish(&mut self) -> Option<Result<String, String>> {
        self.pending.is_some().then(|| self.write())
    }

    /// Writes the pending spike's file.
    fn write(&mut self) -> Result<String, String> {
        let Some(p) = self.pending.take() else {
            return Err("no spike to write".to_string());
        };
        self.written += 1;
        let path = spike_path(&self.options.dir, p.step);
        let from = p.frame.saturating_sub(FRAMES_BEFORE);
        let args = super::raw_args(&SpikeNote {
            frame: (self.unit == "frame").then_some(p.frame),
            step: p.step,
            work_ms: (p.work_ms * 1e3).round() / 1e3,
            threshold_ms: self.options.threshold_ms,
            frames_before: FRAMES_BEFORE,
            frames_after: FRAMES_AFTER,
        });
        let recorded = self.tracing.write_ring(
            &path,
            (from, p.frame),
            self.options.cap_bytes,
            ("spike", p.at, &*args),
        )?;
        let mut message = format!(
            "wrote spike trace {} ({} {} took {:.2} ms > {} ms; {})",
            shown(&recorded.path).display(),
            self.unit,
            p.frame,
            p.work_ms,
            self.options.threshold_ms,
            recorded.summary()
        );
        if self.written == MAX_FILES {
            message.push_str(&format!("; that is {MAX_FILES}, no more this run"));
        }
        Ok(message)
    }
}

/// `DIR/hitfield-spike-<unix time>-step-<step>.json`, with `-2`, `-3`, …
/// when that file exists.
fn spike_path(dir: &Path, step: u64) -> PathBuf {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let stem = format!("hitfield-spike-{t}-step-{step}");
    let mut path = dir.join(format!("{stem}.json"));
    let mut n = 2;
    while path.exists() && n < 1000 {
        path = dir.join(format!("{stem}-{n}.json"));
        n += 1;
    }
    path
}

/// Says on stderr what a spike capture did (`what` names the capture in
/// an error: `--spike-ms`, `spike capture`); the line, without the
/// `hitfield: ` prefix, is returned for a status bar.
pub fn tell(news: &Result<String, String>, what: &str) -> String {
    match news {
        Ok(message) => {
            eprintln!("hitfield: {message}");
            message.clone()
        }
        Err(message) => {
            eprintln!("hitfield: error: {what}: {message}");
            format!("{what}: {message}")
        }
    }
}
