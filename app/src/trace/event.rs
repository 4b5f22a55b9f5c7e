//! Chrome trace-event JSON as serde types: one [`TraceEvent`] per line of
//! a trace file (span begins and ends, instant notes, thread names), and
//! the notes' arguments.

use serde::Serialize;
use serde_json::value::RawValue;

/// One trace event. Fields a kind of event does not have are left out.
#[derive(Debug, Serialize)]
pub struct TraceEvent<'a> {
    /// The span's or note's name (`thread_name` for a thread's name).
    pub name: &'a str,
    /// `hitfield` (metadata has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cat: Option<&'static str>,
    /// The kind of event: `B` a span begins, `E` it ends, `i` a note at
    /// one moment, `M` metadata (a thread's name).
    pub ph: &'static str,
    /// An instant event's scope: `g`, global.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub s: Option<&'static str>,
    /// Trace time in microseconds, to the nanosecond (metadata has none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ts: Option<f64>,
    /// Always 1: one process.
    pub pid: u32,
    /// Thread number (1, 2, …).
    pub tid: usize,
    /// The event's fields, a JSON object.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub args: Option<&'a RawValue>,
}

impl<'a> TraceEvent<'a> {
    /// A span's begin or end at `ts` µs on thread `tid`.
    pub fn span(name: &'a str, begin: bool, ts: f64, tid: usize) -> TraceEvent<'a> {
        TraceEvent {
            name,
            cat: Some("hitfield"),
            ph: if begin { "B" } else { "E" },
            s: None,
            ts: Some(micros(ts)),
            pid: 1,
            tid,
            args: None,
        }
    }

    /// A global instant note at `ts` µs with `args`.
    pub fn instant(name: &'a str, ts: f64, args: &'a RawValue) -> TraceEvent<'a> {
        TraceEvent {
            s: Some("g"),
            ph: "i",
            args: Some(args),
            ..TraceEvent::span(name, true, ts, 1)
        }
    }

    /// The name of thread `tid`; `args` is [`thread_name_args`].
    pub fn thread_name(tid: usize, args: &'a RawValue) -> TraceEvent<'a> {
        TraceEvent {
            cat: None,
            ph: "M",
            ts: None,
            args: Some(args),
            ..TraceEvent::span("thread_name", true, 0.0, tid)
        }
    }
}

/// `ts` rounded to the nanosecond, so it prints with at most three decimals.
fn micros(ts: f64) -> f64 {
    (ts * 1e3).round() / 1e3
}

/// `value` as a JSON object's text, for an event's `args`.
pub fn raw(value: &impl Serialize) -> Box<RawValue> {
    serde_json::value::to_raw_value(value).unwrap_or_else(|_| empty())
}

/// `{}`.
fn empty() -> Box<RawValue> {
    RawValue::from_string("{}".to_string()).expect("`{}` is JSON")
}

/// A thread-name event's args: `{"name": …}`.
pub fn thread_name_args(name: &str) -> Box<RawValue> {
    #[derive(Serialize)]
    struct Name<'a> {
        name: &'a str,
    }
    raw(&Name { name })
}

/// The closing note of a capped file: why, the cap, and what was left out.
#[derive(Debug, Serialize)]
pub struct TruncationNote {
    /// Why spans are missing.
    pub reason: &'static str,
    /// The file's cap.
    pub cap_bytes: u64,
    /// Span begins and ends not written.
    pub dropped_events: u64,
    /// First and last step those belonged to (`null` without steps).
    pub dropped_steps: Option<[u64; 2]>,
    /// The same for the demo's frames.
    pub dropped_frames: Option<[u64; 2]>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_are_chrome_trace_json_with_only_their_fields() {
        let begin = TraceEvent::span("world.step", true, 12.345_678_9, 2);
        assert_eq!(
            serde_json::to_string(&begin).ok().as_deref(),
            Some(r#"{"name":"world.step","cat":"hitfield","ph":"B","ts":12.346,"pid":1,"tid":2}"#)
        );
        let args = thread_name_args("main \"0\"");
        let meta = TraceEvent::thread_name(1, &args);
        assert_eq!(
            serde_json::to_string(&meta).ok().as_deref(),
            Some(r#"{"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"main \"0\""}}"#)
        );
        let note = raw(&TruncationNote {
            reason: "cap",
            cap_bytes: 4096,
            dropped_events: 3,
            dropped_steps: Some([4, 9]),
            dropped_frames: None,
        });
        let instant = TraceEvent::instant("trace truncated", 0.0, &note);
        assert_eq!(
            serde_json::to_string(&instant).ok().as_deref(),
            Some(
                r#"{"name":"trace truncated","cat":"hitfield","ph":"i","s":"g","ts":0.0,"pid":1,"tid":1,"args":{"reason":"cap","cap_bytes":4096,"dropped_events":3,"dropped_steps":[4,9],"dropped_frames":null}}"#
            )
        );
    }
}
