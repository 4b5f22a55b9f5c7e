//! A trace file with a size cap: Chrome trace-event JSON (an array of
//! `B`/`E` events) that stops taking spans before it would pass its cap,
//! still closes every span it opened, and ends with an instant event
//! saying what was left out. So a `--trace` of any length, or a spike
//! capture, is a valid file no bigger than the cap.

use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use serde_json::value::RawValue;

use super::event::{raw, thread_name_args, TraceEvent, TruncationNote};
use super::Event;

/// Bytes kept back for the closing note and the array's end.
const TRAILER_BYTES: u64 = 640;
/// Bytes an end event takes beyond its name (`,"cat":…,"ts":…,"tid":…`,
/// with room for a long timestamp), kept back for each open span.
const END_EVENT_BYTES: u64 = 112;
/// The smallest cap a sink takes: the trailer and a few spans.
pub const MIN_CAP_BYTES: u64 = 4096;

/// What a capped file left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Truncation {
    /// Span begins and ends not written.
    pub dropped_events: u64,
    /// The step (`world.step`'s `step`) being run when writing stopped,
    /// and the last one seen after it.
    pub steps: Option<(u64, u64)>,
    /// The same for the demo's frames (`demo.frame`'s `frame`).
    pub frames: Option<(u64, u64)>,
}

/// A finished recording.
#[derive(Debug)]
pub struct Recorded {
    /// The trace file.
    pub path: PathBuf,
    /// Trace events written (span begins and ends, thread names, notes).
    pub events: u64,
    /// The file's size in bytes.
    pub bytes: u64,
    /// The cap it was written under.
    pub cap_bytes: u64,
    /// What was left out, if the cap was reached.
    pub truncated: Option<Truncation>,
}

impl Recorded {
    /// `N events, B bytes` and, when capped, what was left out: for
    /// messages on stderr and in the status bar.
    pub fn summary(&self) -> String {
        let mut s = format!("{} events, {}", self.events, mib(self.bytes));
        if let Some(t) = &self.truncated {
            let _ = write!(
                s,
                "; stopped at the {} cap, {} events left out",
                mib(self.cap_bytes),
                t.dropped_events
            );
            if let Some((a, b)) = t.steps {
                let _ = write!(s, " (steps {a}–{b})");
            } else if let Some((a, b)) = t.frames {
                let _ = write!(s, " (frames {a}–{b})");
            }
        }
        s
    }
}

/// `bytes` in MiB with two decimals.
pub fn mib(bytes: u64) -> String {
    format!("{:.2} MiB", bytes as f64 / (1u64 << 20) as f64)
}

/// An open trace file and how it went.
pub struct Sink {
    path: PathBuf,
    out: BufWriter<File>,
    /// Clock reading (seconds) of trace time 0.
    origin: f64,
    cap: u64,
    bytes: u64,
    events: u64,
    /// Per thread: its name was written; spans begun and not ended in the
    /// file; spans begun after the cap and not ended (their ends are left
    /// out too).
    named: Vec<bool>,
    open: Vec<u32>,
    open_dropped: Vec<u32>,
    /// Bytes kept back for the open spans' ends.
    reserved: u64,
    /// Latest step and frame seen (written or not), and the latest `ts`.
    step: Option<u64>,
    frame: Option<u64>,
    last_ts: f64,
    truncated: Option<Truncation>,
    line: Vec<u8>,
    error: Option<std::io::Error>,
}

impl Sink {
    /// Creates (or truncates) `path`; trace time 0 is clock reading
    /// `origin`. The error names the path.
    pub fn create(path: &Path, cap: u64, origin: f64) -> Result<Sink, String> {
        let file = File::create(path)
            .map_err(|e| format!("cannot create the trace file {}: {e}", path.display()))?;
        Ok(Sink {
            path: path.to_path_buf(),
            out: BufWriter::with_capacity(1 << 20, file),
            origin,
            cap: cap.max(MIN_CAP_BYTES),
            bytes: 0,
            events: 0,
            named: Vec::new(),
            open: Vec::new(),
            open_dropped: Vec::new(),
            reserved: 0,
            step: None,
            frame: None,
            last_ts: 0.0,
            truncated: None,
            line: Vec::new(),
            error: None,
        })
    }

    /// Writes one span begin or end, unless the cap is reached: then a
    /// begin is left out (and counted), and so is the end of a span whose
    /// begin was; the end of a span whose begin was written always is.
    /// An end with no begin in this file is skipped. `thread_name` names
    /// thread `tid` for its first event.
    pub fn push(&mut self, event: &Event, thread_name: impl Fn(usize) -> String) {
        if self.error.is_some() {
            return;
        }
        let tid = event.tid;
        if self.open.len() <= tid {
            self.open.resize(tid + 1, 0);
            self.open_dropped.resize(tid + 1, 0);
            self.named.resize(tid + 1, false);
        }
        if let Some(args) = &event.args {
            self.step = args.step.or(self.step);
            self.frame = args.frame.or(self.frame);
        }
        if !event.begin {
            if self.open_dropped[tid] > 0 {
                self.open_dropped[tid] -= 1;
                self.drop_one();
            } else if self.open[tid] > 0 {
                self.open[tid] -= 1;
                self.reserved = self.reserved.saturating_sub(end_bytes(event.name));
                self.format(event);
                self.write_line();
            }
            return;
        }
        if self.truncated.is_some() {
            self.open_dropped[tid] += 1;
            self.drop_one();
            return;
        }
        let mut meta = Vec::new();
        if !self.named[tid] {
            let args = thread_name_args(&thread_name(tid - 1));
            meta = to_json(&TraceEvent::thread_name(tid, &args));
        }
        self.format(event);
        let need = self.line.len() as u64 + meta.len() as u64 + 4 + end_bytes(event.name);
        if self.bytes + need + self.reserved + TRAILER_BYTES > self.cap {
            self.open_dropped[tid] += 1;
            self.drop_one();
            return;
        }
        if !meta.is_empty() {
            self.named[tid] = true;
            self.write(&meta);
        }
        self.write_line();
        self.open[tid] += 1;
        self.reserved += end_bytes(event.name);
    }

    /// Writes an instant event (`ph: "i"`, global) at clock reading `at`
    /// with `args` (a JSON object), if it fits under the cap.
    pub fn instant(&mut self, name: &str, at: f64, args: &RawValue) {
        let line = to_json(&TraceEvent::instant(name, self.ts(at), args));
        if self.bytes + line.len() as u64 + 2 + self.reserved + TRAILER_BYTES <= self.cap {
            self.write(&line);
        }
    }

    /// Ends the file: the note of what was left out (if anything), the
    /// array's end, flushed and synced. The error names the path.
    pub fn finish(mut self) -> Result<Recorded, String> {
        if let Some(t) = self.truncated.clone() {
            let note = raw(&TruncationNote {
                reason: "the file reached its size cap (--trace-max-mb); later spans were left out",
                cap_bytes: self.cap,
                dropped_events: t.dropped_events,
                dropped_steps: t.steps.map(<[u64; 2]>::from),
                dropped_frames: t.frames.map(<[u64; 2]>::from),
            });
            let line = to_json(&TraceEvent::instant("trace truncated", self.last_ts, &note));
            self.write(&line);
        }
        let head: &[u8] = if self.events == 0 { b"[\n" } else { b"" };
        let result = match self.error.take() {
            Some(e) => Err(e),
            None => self
                .out
                .write_all(head)
                .and_then(|()| self.out.write_all(b"\n]\n"))
                .and_then(|()| self.out.flush())
                .and_then(|()| self.out.get_ref().sync_all()),
        };
        self.bytes += head.len() as u64 + 3;
        match result {
            Ok(()) => Ok(Recorded {
                path: self.path,
                events: self.events,
                bytes: self.bytes,
                cap_bytes: self.cap,
                truncated: self.truncated,
            }),
            Err(e) => Err(format!(
                "could not write the trace file {}: {e}",
                self.path.display()
            )),
        }
    }

    /// Trace time of clock reading `at`, in microseconds.
    fn ts(&self, at: f64) -> f64 {
        ((at - self.origin) * 1e6).max(0.0)
    }

    /// Formats `event` into `self.line`.
    fn format(&mut self, event: &Event) {
        let ts = self.ts(event.at);
        self.last_ts = self.last_ts.max(ts);
        let mut trace = TraceEvent::span(event.name, event.begin, ts, event.tid);
        if event.begin {
            trace.args = event.args.as_deref().map(|a| &*a.json);
        }
        self.line.clear();
        if serde_json::to_writer(&mut self.line, &trace).is_err() {
            self.line.extend_from_slice(b"{}");
        }
    }

    /// Counts one event left out, and the step and frame it belonged to.
    fn drop_one(&mut self) {
        let t = self.truncated.get_or_insert_with(Truncation::default);
        t.dropped_events += 1;
        if let Some(s) = self.step {
            t.steps = Some((t.steps.map_or(s, |(a, _)| a), s));
        }
        if let Some(f) = self.frame {
            t.frames = Some((t.frames.map_or(f, |(a, _)| a), f));
        }
    }

    fn write_line(&mut self) {
        let line = std::mem::take(&mut self.line);
        self.write(&line);
        self.line = line;
    }

    /// Appends one event (a JSON object, already formatted).
    fn write(&mut self, event: &[u8]) {
        if self.error.is_some() {
            return;
        }
        let sep: &[u8] = if self.events == 0 { b"[\n" } else { b",\n" };
        let result = self
            .out
            .write_all(sep)
            .and_then(|()| self.out.write_all(event));
        match result {
            Ok(()) => {
                self.events += 1;
                self.bytes += (sep.len() + event.len()) as u64;
            }
            Err(e) => self.error = Some(e),
        }
    }
}

/// Bytes kept for the end event of a span called `name`.
fn end_bytes(name: &str) -> u64 {
    name.len() as u64 + END_EVENT_BYTES
}

/// `event` as one line of JSON.
fn to_json(event: &TraceEvent) -> Vec<u8> {
    serde_json::to_vec(event).unwrap_or_else(|_| b"{}".to_vec())
}
