//! The binary's `tracing` subscriber: a Chrome trace-event JSON writer for
//! hitfield's spans (`hitfield headless --trace`, the demo's T key) and each
//! thread's busy time for the demo's profiler card.
//!
//! It is installed only when asked for (the headless runner with `--trace`,
//! the demo always), so a run without it is a run with no subscriber. The
//! writer is on only while recording: off, a span costs the registry's
//! bookkeeping and one atomic load. Times come from a [`Clock`], so the same
//! code runs in the browser (where only the busy time is used).

use std::cell::Cell;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use hitfield::clock::Clock;
use tracing::span::{Attributes, Id};
use tracing::Subscriber;
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::prelude::*;
use tracing_subscriber::registry::LookupSpan;

/// Threads with a busy-time slot; later ones are not counted.
pub const MAX_THREADS: usize = 32;

/// The installed subscriber's shared state.
pub struct Tracing {
    clock: Clock,
    /// The trace file is being written.
    recording: AtomicBool,
    sink: Mutex<Option<Sink>>,
    /// Clock reading at the start of the recording (trace time 0), as `f64` bits.
    start: AtomicU64,
    /// Nanoseconds inside task spans, per thread, since the last
    /// [`Tracing::take_busy`].
    busy_ns: [AtomicU64; MAX_THREADS],
    /// Threads seen so far (slot = thread number − 1).
    threads: AtomicUsize,
    names: Mutex<Vec<String>>,
}

static TRACING: OnceLock<&'static Tracing> = OnceLock::new();

thread_local! {
    /// This thread's number (1, 2, …; 0 before its first span).
    static THREAD: Cell<usize> = const { Cell::new(0) };
    /// Task spans entered and not left on this thread, and when the outer
    /// one was entered.
    static TASK: Cell<(u32, f64)> = const { Cell::new((0, 0.0)) };
    /// The event being formatted.
    static LINE: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Installs the subscriber as the global default, timed with `clock`.
/// Returns `None` if another subscriber was installed first.
pub fn install(clock: Clock) -> Option<&'static Tracing> {
    if let Some(t) = TRACING.get() {
        return Some(t);
    }
    let tracing: &'static Tracing = Box::leak(Box::new(Tracing {
        clock,
        recording: AtomicBool::new(false),
        sink: Mutex::new(None),
        start: AtomicU64::new(0),
        busy_ns: std::array::from_fn(|_| AtomicU64::new(0)),
        threads: AtomicUsize::new(0),
        names: Mutex::new(Vec::new()),
    }));
    let subscriber = tracing_subscriber::registry().with(HitfieldLayer { tracing });
    tracing::subscriber::set_global_default(subscriber).ok()?;
    let _ = TRACING.set(tracing);
    Some(tracing)
}

/// Where a recording goes, and how it went.
struct Sink {
    path: PathBuf,
    out: BufWriter<File>,
    events: u64,
    /// Threads whose name was written.
    named: Vec<bool>,
    error: Option<std::io::Error>,
}

impl Sink {
    /// Appends one event (a JSON object, already formatted).
    fn write(&mut self, event: &str) {
        if self.error.is_some() {
            return;
        }
        let sep: &[u8] = if self.events == 0 { b"[\n" } else { b",\n" };
        let result = self
            .out
            .write_all(sep)
            .and_then(|()| self.out.write_all(event.as_bytes()));
        match result {
            Ok(()) => self.events += 1,
            Err(e) => self.error = Some(e),
        }
    }
}

/// A finished recording.
#[derive(Debug)]
pub struct Recorded {
    /// The trace file.
    pub path: PathBuf,
    /// Trace events written (span begins and ends, thread names).
    pub events: u64,
}

impl Tracing {
    /// Creates (or truncates) the trace file at `path` and records every
    /// hitfield span from now until [`Tracing::finish`]. Start and finish
    /// between steps, so no span is cut in half. The error names the path.
    pub fn record(&self, path: &Path) -> Result<(), String> {
        let file = File::create(path)
            .map_err(|e| format!("cannot create the trace file {}: {e}", path.display()))?;
        let sink = Sink {
            path: path.to_path_buf(),
            out: BufWriter::with_capacity(1 << 20, file),
            events: 0,
            named: Vec::new(),
            error: None,
        };
        self.start
            .store(self.clock.now().to_bits(), Ordering::Release);
        *self.sink.lock().unwrap_or_else(|e| e.into_inner()) = Some(sink);
        self.recording.store(true, Ordering::Release);
        Ok(())
    }

    /// True while a trace is being recorded.
    pub fn is_recording(&self) -> bool {
        self.recording.load(Ordering::Acquire)
    }

    /// Stops recording, closes the JSON array and flushes the file. The
    /// error names the path and why (a full disk, say).
    pub fn finish(&self) -> Result<Recorded, String> {
        self.recording.store(false, Ordering::Release);
        let sink = self.sink.lock().unwrap_or_else(|e| e.into_inner()).take();
        let Some(mut sink) = sink else {
            return Err("no trace is being recorded".to_string());
        };
        let head: &[u8] = if sink.events == 0 { b"[\n" } else { b"" };
        let result = match sink.error.take() {
            Some(e) => Err(e),
            None => sink
                .out
                .write_all(head)
                .and_then(|()| sink.out.write_all(b"\n]\n"))
                .and_then(|()| sink.out.flush())
                .and_then(|()| sink.out.get_ref().sync_all()),
        };
        match result {
            Ok(()) => Ok(Recorded {
                path: sink.path,
                events: sink.events,
            }),
            Err(e) => Err(format!(
                "could not write the trace file {}: {e}",
                sink.path.display()
            )),
        }
    }

    /// Each thread's milliseconds inside task spans since the last call
    /// (threads in order of their first span), and resets them.
    pub fn take_busy(&self, out: &mut Vec<f64>) {
        out.clear();
        let n = self.threads.load(Ordering::Acquire).min(MAX_THREADS);
        out.extend(
            self.busy_ns[..n]
                .iter()
                .map(|ns| ns.swap(0, Ordering::AcqRel) as f64 / 1e6),
        );
    }

    /// The name of thread `index` (0-based, as in [`Tracing::take_busy`]).
    pub fn thread_name(&self, index: usize) -> String {
        let names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        names
            .get(index)
            .cloned()
            .unwrap_or_else(|| format!("thread {}", index + 1))
    }

    /// This thread's number, given on its first span.
    fn thread(&self) -> usize {
        THREAD.with(|t| {
            if t.get() == 0 {
                let n = self.threads.fetch_add(1, Ordering::AcqRel) + 1;
                let name = match std::thread::current().name() {
                    Some(name) => name.to_string(),
                    None => format!("worker {n}"),
                };
                let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
                if names.len() < n {
                    names.resize(n, String::new());
                }
                names[n - 1] = name;
                t.set(n);
            }
            t.get()
        })
    }

    /// Writes a begin (`"B"`) or end (`"E"`) event for a span; `args` is
    /// a JSON object. Formatted before the file's lock is taken.
    fn emit(&self, phase: char, name: &str, args: Option<&str>) {
        use std::fmt::Write as _;
        let tid = self.thread();
        let now = self.clock.now();
        let start = f64::from_bits(self.start.load(Ordering::Acquire));
        let ts = (now - start) * 1e6;
        LINE.with_borrow_mut(|line| {
            line.clear();
            line.push_str("{\"name\":");
            push_json_str(line, name);
            let _ = write!(
                line,
                ",\"cat\":\"hitfield\",\"ph\":\"{phase}\",\"ts\":{ts:.3},\"pid\":1,\"tid\":{tid}"
            );
            if let Some(args) = args {
                line.push_str(",\"args\":");
                line.push_str(args);
            }
            line.push('}');
            let mut guard = self.sink.lock().unwrap_or_else(|e| e.into_inner());
            let Some(sink) = guard.as_mut() else {
                return;
            };
            if sink.named.len() <= tid {
                sink.named.resize(tid + 1, false);
            }
            if !sink.named[tid] {
                sink.named[tid] = true;
                let mut meta = String::from("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,");
                let _ = write!(meta, "\"tid\":{tid},\"args\":{{\"name\":");
                push_json_str(&mut meta, &self.thread_name(tid - 1));
                meta.push_str("}}");
                sink.write(&meta);
            }
            sink.write(line);
        });
    }
}

/// Appends `s` as a JSON string (quoted and escaped).
fn push_json_str(out: &mut String, s: &str) {
    match serde_json::to_string(s) {
        Ok(quoted) => out.push_str(&quoted),
        Err(_) => out.push_str("\"?\""),
    }
}

/// A span's fields as a JSON object, kept for its begin event while recording.
struct Args(String);

/// Collects a span's fields as JSON.
struct Visitor(serde_json::Map<String, serde_json::Value>);

impl tracing::field::Visit for Visitor {
    fn record_u64(&mut self, field: &tracing::field::Field, value: u64) {
        self.0.insert(field.name().to_string(), value.into());
    }
    fn record_i64(&mut self, field: &tracing::field::Field, value: i64) {
        self.0.insert(field.name().to_string(), value.into());
    }
    fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
        self.0
            .insert(field.name().to_string(), format!("{value:?}").into());
    }
}

/// The layer: trace events while recording, busy time always.
struct HitfieldLayer {
    tracing: &'static Tracing,
}

impl<S> Layer<S> for HitfieldLayer
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        if !self.tracing.is_recording() || attrs.fields().is_empty() {
            return;
        }
        let mut visitor = Visitor(serde_json::Map::new());
        attrs.record(&mut visitor);
        if let Some(span) = ctx.span(id) {
            let args = serde_json::Value::Object(visitor.0).to_string();
            span.extensions_mut().insert(Args(args));
        }
    }

    fn on_enter(&self, id: &Id, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(id) else {
            return;
        };
        let name = span.name();
        if hitfield::trace::is_task(name) {
            let now = self.tracing.clock.now();
            self.tracing.thread();
            TASK.with(|t| {
                let (depth, start) = t.get();
                t.set((depth + 1, if depth == 0 { now } else { start }));
            });
        }
        if self.tracing.is_recording() {
            let ext = span.extensions();
            let args = ext.get::<Args>().map(|a| a.0.as_str());
            self.tracing.emit('B', name, args);
        }
    }

    fn on_exit(&self, id: &Id, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(id) else {
            return;
        };
        let name = span.name();
        if self.tracing.is_recording() {
            self.tracing.emit('E', name, None);
        }
        if hitfield::trace::is_task(name) {
            let now = self.tracing.clock.now();
            let thread = self.tracing.thread();
            TASK.with(|t| {
                let (depth, start) = t.get();
                let depth = depth.saturating_sub(1);
                t.set((depth, start));
                if depth == 0 && thread <= MAX_THREADS {
                    let ns = ((now - start).max(0.0) * 1e9) as u64;
                    self.tracing.busy_ns[thread - 1].fetch_add(ns, Ordering::AcqRel);
                }
            });
        }
    }
}
