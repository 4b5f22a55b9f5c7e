//! The binary's `tracing` subscriber: a Chrome trace-event JSON writer for
//! hitfield's spans (`hitfield headless --trace`, the demo's T key) and each
//! thread's busy time for the demo's profiler card.
//!
//! It is installed only when asked for (the headless runner with `--trace`
//! or `--spike-ms`, the demo always), so a run without it is a run with no
//! subscriber. The writer is on only while recording or keeping the spike
//! ring: off, a span costs the registry's bookkeeping and two atomic loads.
//! Every file is capped ([`sink`]); the spike ring ([`ring`]) keeps the
//! last frames' spans in memory, and [`spike`] writes them when a frame
//! is slow (capture on spike, for the headless runner and the demo). Times come from a [`Clock`], so the same
//! code runs in the browser (where only the busy time is used).

mod event;
mod ring;
mod sink;
pub mod spike;

use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use hitfield::clock::Clock;
use serde_json::value::RawValue;
use tracing::span::{Attributes, Id};
use tracing::Subscriber;
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::prelude::*;
use tracing_subscriber::registry::LookupSpan;

pub use event::raw as raw_args;
pub use ring::SpikeRing;
#[cfg(feature = "cli")]
pub use sink::MIN_CAP_BYTES;
pub use sink::{Recorded, Sink};

/// Threads with a busy-time slot; later ones are not counted.
pub const MAX_THREADS: usize = 32;

/// A trace file's size cap when none is given (`--trace-max-mb`), in bytes.
pub const DEFAULT_CAP_BYTES: u64 = 64 << 20;

/// One span begin or end, as the layer saw it.
#[derive(Clone, Debug)]
pub struct Event {
    /// A begin (`B`); else an end (`E`).
    pub begin: bool,
    /// The span's name.
    pub name: &'static str,
    /// Clock reading, seconds.
    pub at: f64,
    /// Thread number (1, 2, …).
    pub tid: usize,
    /// The span's fields (begins only).
    pub args: Option<Arc<SpanArgs>>,
}

/// A span's fields: as a JSON object, and the step or frame it names.
#[derive(Debug)]
pub struct SpanArgs {
    /// The fields as a JSON object.
    pub json: Box<RawValue>,
    /// Its `step` field (`world.step`).
    pub step: Option<u64>,
    /// Its `frame` field (`demo.frame`).
    pub frame: Option<u64>,
}

/// The installed subscriber's shared state.
pub struct Tracing {
    clock: Clock,
    /// The trace file is being written.
    recording: AtomicBool,
    sink: Mutex<Option<Sink>>,
    /// The spike ring is kept.
    ringing: AtomicBool,
    ring: Mutex<Option<SpikeRing>>,
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
        ringing: AtomicBool::new(false),
        ring: Mutex::new(None),
        busy_ns: std::array::from_fn(|_| AtomicU64::new(0)),
        threads: AtomicUsize::new(0),
        names: Mutex::new(Vec::new()),
    }));
    let subscriber = tracing_subscriber::registry().with(HitfieldLayer { tracing });
    tracing::subscriber::set_global_default(subscriber).ok()?;
    let _ = TRACING.set(tracing);
    Some(tracing)
}

impl Tracing {
    /// Creates (or truncates) the trace file at `path` and records every
    /// hitfield span from now until [`Tracing::finish`], up to `cap` bytes
    /// (see [`Sink`]). Start and finish between steps, so no span is cut in
    /// half. The error names the path.
    pub fn record(&self, path: &Path, cap: u64) -> Result<(), String> {
        let sink = Sink::create(path, cap, self.clock.now())?;
        *lock(&self.sink) = Some(sink);
        self.recording.store(true, Ordering::Release);
        Ok(())
    }

    /// The clock reading the spans are timed with, in seconds.
    pub fn now(&self) -> f64 {
        self.clock.now()
    }

    /// True while a trace is being recorded.
    pub fn is_recording(&self) -> bool {
        self.recording.load(Ordering::Acquire)
    }

    /// Stops recording, ends the file and flushes it. The error names the
    /// path and why (a full disk, say).
    pub fn finish(&self) -> Result<Recorded, String> {
        self.recording.store(false, Ordering::Release);
        let sink = lock(&self.sink).take();
        match sink {
            Some(sink) => sink.finish(),
            None => Err("no trace is being recorded".to_string()),
        }
    }

    /// Keeps every span of the last `frames` frames in memory (at most
    /// `events` events) from now on, for [`Tracing::write_ring`]. Mark
    /// each frame's start with [`Tracing::start_frame`].
    pub fn keep_ring(&self, frames: usize, events: usize) {
        *lock(&self.ring) = Some(SpikeRing::new(frames, events));
        self.ringing.store(true, Ordering::Release);
    }

    /// Stops keeping the spike ring and frees it.
    pub fn stop_ring(&self) {
        self.ringing.store(false, Ordering::Release);
        *lock(&self.ring) = None;
    }

    /// Marks the start of frame `frame` in the ring (between frames).
    pub fn start_frame(&self, frame: u64) {
        if let Some(ring) = lock(&self.ring).as_mut() {
            ring.start_frame(frame, self.clock.now());
        }
    }

    /// Writes the ring's spans from the start of `frame` to now to `path`,
    /// capped at `cap` bytes, with an instant event `note` (name, clock
    /// reading, JSON args) in its place in time. Frames before
    /// `note_frame` (the spike) are left out from the oldest when they
    /// would take more than two thirds of the cap. Call between frames.
    pub fn write_ring(
        &self,
        path: &Path,
        (frame, note_frame): (u64, u64),
        cap: u64,
        note: (&str, f64, &RawValue),
    ) -> Result<Recorded, String> {
        let guard = lock(&self.ring);
        let Some(ring) = guard.as_ref() else {
            return Err("no spans are being kept".to_string());
        };
        // Two thirds of the cap at most for the frames up to the spike,
        // so the ones after it get some room too.
        let first = ring.first_within(frame, note_frame, cap / 3 * 2);
        let (origin, events) = ring.since(first);
        let mut sink = Sink::create(path, cap, origin)?;
        let mut noted = false;
        for event in events {
            if !noted && event.at >= note.1 {
                sink.instant(note.0, note.1, note.2);
                noted = true;
            }
            sink.push(event, |i| self.thread_name(i));
        }
        if !noted {
            sink.instant(note.0, note.1, note.2);
        }
        sink.finish()
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
        let names = lock(&self.names);
        names
            .get(index)
            .cloned()
            .unwrap_or_else(|| format!("thread {}", index + 1))
    }

    /// The spans are wanted: a file is being written or the ring kept.
    fn wanted(&self) -> bool {
        self.is_recording() || self.ringing.load(Ordering::Acquire)
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
                let mut names = lock(&self.names);
                if names.len() < n {
                    names.resize(n, String::new());
                }
                names[n - 1] = name;
                t.set(n);
            }
            t.get()
        })
    }

    /// Hands a span's begin or end to the file and the ring.
    fn emit(&self, begin: bool, name: &'static str, args: Option<Arc<SpanArgs>>) {
        let event = Event {
            begin,
            name,
            at: self.clock.now(),
            tid: self.thread(),
            args,
        };
        if self.is_recording() {
            if let Some(sink) = lock(&self.sink).as_mut() {
                sink.push(&event, |i| self.thread_name(i));
            }
        }
        if self.ringing.load(Ordering::Acquire) {
            if let Some(ring) = lock(&self.ring).as_mut() {
                ring.push(event);
            }
        }
    }
}

/// Locks `m`, carrying on after a panic elsewhere (the data is plain).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// A span's fields, kept for its begin event while spans are wanted.
struct Args(Arc<SpanArgs>);

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
        if !self.tracing.wanted() || attrs.fields().is_empty() {
            return;
        }
        let mut visitor = Visitor(serde_json::Map::new());
        attrs.record(&mut visitor);
        if let Some(span) = ctx.span(id) {
            let field = |name: &str| visitor.0.get(name).and_then(serde_json::Value::as_u64);
            let args = SpanArgs {
                step: field("step"),
                frame: field("frame"),
                json: event::raw(&visitor.0),
            };
            span.extensions_mut().insert(Args(Arc::new(args)));
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
        if self.tracing.wanted() {
            let args = span.extensions().get::<Args>().map(|a| Arc::clone(&a.0));
            self.tracing.emit(true, name, args);
        }
    }

    fn on_exit(&self, id: &Id, ctx: Context<'_, S>) {
        let Some(span) = ctx.span(id) else {
            return;
        };
        let name = span.name();
        if self.tracing.wanted() {
            self.tracing.emit(false, name, None);
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
