//! `hitfield headless --trace`: the Chrome trace-event file opens as JSON,
//! holds spans from two threads correctly nested, one span per bin task per
//! step, and leaves the results as they were. With `--trace-max-mb` it
//! stops under its cap, still valid and nested, and names what it left
//! out; `--spike-ms` writes a capped trace of a slow step's neighbours
//! into `--trace-dir`; bad values of these flags exit 2 naming the flag.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

mod common;
use common::process::json_report as report;

const STEPS: u64 = 20;
const PARTICLES: u64 = 200_000;
const HEIGHT: u64 = 600;

fn headless(trace: Option<&Path>) -> Output {
    headless_with(trace, &[])
}

fn headless_with(trace: Option<&Path>, extra: &[&str]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hitfield"));
    cmd.arg("headless");
    if !extra.contains(&"--frames") {
        cmd.args(["--frames", &STEPS.to_string()]);
    }
    cmd.args([
        "--particles",
        &PARTICLES.to_string(),
        "--ships",
        "12",
        "--seed",
        "7",
        "--sample-interval-ms",
        "0",
        "--width",
        "400",
        "--height",
        &HEIGHT.to_string(),
    ]);
    if let Some(path) = trace {
        cmd.arg("--trace").arg(path);
    }
    cmd.args(extra);
    cmd.env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run hitfield")
}

/// One span as the trace file has it: thread, begin, end, name, fields,
/// and the index of the span it is nested in on its thread.
#[derive(Debug)]
struct Span {
    tid: u64,
    begin: f64,
    end: f64,
    name: String,
    args: Value,
    parent: Option<usize>,
}

/// Pairs every thread's begin and end events as a stack: an end must close
/// the innermost open span of the same name, and none stays open.
fn spans(events: &[Value]) -> Vec<Span> {
    let mut out: Vec<Span> = Vec::new();
    let mut open: HashMap<u64, Vec<usize>> = HashMap::new();
    let mut last_ts: HashMap<u64, f64> = HashMap::new();
    for e in events {
        let ph = e["ph"].as_str().expect("ph");
        if ph == "M" {
            continue;
        }
        let tid = e["tid"].as_u64().expect("tid");
        let ts = e["ts"].as_f64().expect("ts");
        let name = e["name"].as_str().expect("name").to_string();
        let last = last_ts.entry(tid).or_insert(f64::MIN);
        assert!(ts >= *last, "time goes back on thread {tid} at {e}");
        *last = ts;
        let stack = open.entry(tid).or_default();
        match ph {
            "B" => {
                out.push(Span {
                    tid,
                    begin: ts,
                    end: f64::NAN,
                    name,
                    args: e.get("args").cloned().unwrap_or(Value::Null),
                    parent: stack.last().copied(),
                });
                stack.push(out.len() - 1);
            }
            "E" => {
                let i = stack
                    .pop()
                    .unwrap_or_else(|| panic!("end with no begin: {e}"));
                assert_eq!(out[i].name, name, "ends out of order on thread {tid}");
                out[i].end = ts;
            }
            "i" => {}
            other => panic!("unexpected phase {other}"),
        }
    }
    for (tid, stack) in open {
        assert!(stack.is_empty(), "spans left open on thread {tid}");
    }
    out
}

fn within(inner: &Span, outer: &Span) -> bool {
    outer.begin <= inner.begin && inner.end <= outer.end
}

#[test]
fn trace_file_has_nested_spans_from_two_threads_and_one_per_bin_task() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("run.json");
    let traced = headless(Some(&path));
    let with = report(&traced);
    let stderr = String::from_utf8_lossy(&traced.stderr);
    assert!(
        stderr.contains("wrote trace") && stderr.contains("run.json"),
        "the path is printed: {stderr}"
    );
    let plain = report(&headless(None));
    assert_eq!(
        with["canvas_hash"], plain["canvas_hash"],
        "tracing changes nothing"
    );
    assert_eq!(with["hits_total"], plain["hits_total"]);

    let text = std::fs::read_to_string(&path).expect("the trace file");
    let events: Vec<Value> = serde_json::from_str(&text).expect("a JSON array of events");
    let names: Vec<&str> = events
        .iter()
        .filter(|e| e["ph"] == "M")
        .filter_map(|e| e["args"]["name"].as_str())
        .collect();
    assert!(names.contains(&"main"), "thread names: {names:?}");
    let spans = spans(&events);

    let tids: std::collections::BTreeSet<u64> = spans.iter().map(|s| s.tid).collect();
    assert!(tids.len() >= 2, "spans from two threads: {tids:?}");

    let steps: Vec<&Span> = spans.iter().filter(|s| s.name == "world.step").collect();
    assert_eq!(steps.len() as u64, STEPS);
    for (i, step) in steps.iter().enumerate() {
        assert_eq!(step.args["step"], i as u64, "steps in order");
        assert!(step.parent.is_none(), "a step is a root span");
    }
    // Every stage span is a child of a step on the step's thread.
    let stages = "field.flow field.particles field.trails ships.move ships.sample world.contacts";
    for stage in stages.split(' ') {
        let found: Vec<&Span> = spans.iter().filter(|s| s.name == stage).collect();
        assert_eq!(found.len() as u64, STEPS, "{stage} once per step");
        for s in found {
            let parent = &spans[s.parent.unwrap_or_else(|| panic!("{stage} has no parent"))];
            assert_eq!(parent.name, "world.step", "{stage} in a step");
            assert!(within(s, parent));
        }
    }

    // Bin tasks: inside a particles span (its child on that span's thread,
    // inside it in time on the other), one per bin per step: a bin per
    // band of 32 rows, but the last band shares the first one's.
    let bins_per_step = HEIGHT.div_ceil(32) - 1;
    let mut per_step: BTreeMap<u64, BTreeMap<u64, u64>> = BTreeMap::new();
    let mut particles_per_step: BTreeMap<u64, u64> = BTreeMap::new();
    let mut off_main = 0;
    for bin in spans.iter().filter(|s| s.name == "field.bin") {
        let stage = spans
            .iter()
            .find(|p| p.name == "field.particles" && within(bin, p))
            .unwrap_or_else(|| panic!("bin task outside the particles stage: {bin:?}"));
        if bin.tid == stage.tid {
            assert_eq!(spans[bin.parent.expect("parent")].name, "field.particles");
        } else {
            assert!(bin.parent.is_none(), "a task on a worker is a root there");
            off_main += 1;
        }
        let step = &spans[stage.parent.expect("particles in a step")];
        let index = step.args["step"].as_u64().expect("step index");
        let k = bin.args["bin"].as_u64().expect("bin field");
        *per_step.entry(index).or_default().entry(k).or_default() += 1;
        *particles_per_step.entry(index).or_default() +=
            bin.args["particles"].as_u64().expect("particles field");
    }
    assert!(off_main > 0, "some bin tasks ran on the second thread");
    assert_eq!(per_step.len() as u64, STEPS);
    for (step, bins) in &per_step {
        assert_eq!(bins.len() as u64, bins_per_step, "step {step}: every bin");
        assert!(bins.values().all(|&n| n == 1), "step {step}: {bins:?}");
        assert_eq!(particles_per_step[step], PARTICLES, "step {step}");
    }

    // Every task span of the other stages sits inside its stage in time
    // (the flow's rows in the flow stage, or the next step's in the
    // particles stage).
    for (task, stages) in [
        ("field.flow.row", &["field.flow", "field.particles"][..]),
        ("field.trails.band", &["field.trails"][..]),
        ("ships.sample.ship", &["ships.sample"][..]),
        ("collide.broadphase", &["world.contacts"][..]),
    ] {
        let tasks: Vec<&Span> = spans.iter().filter(|s| s.name == task).collect();
        // Trail bands run only on steps that left pieces for later (moves
        // reaching past their task's rows), which a short run may not have.
        assert!(
            !tasks.is_empty() || task == "field.trails.band",
            "{task} recorded"
        );
        for t in tasks {
            assert!(
                spans
                    .iter()
                    .any(|s| stages.contains(&s.name.as_str()) && within(t, s)),
                "{task} outside {stages:?}"
            );
        }
    }
}

#[test]
fn an_unwritable_trace_path_is_named_in_a_usage_error() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("missing").join("run.json");
    let out = headless(Some(&path));
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("hitfield: error: --trace: cannot create the trace file")
            && stderr.contains("missing/run.json")
            && stderr.contains("No such file"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(out.stdout.is_empty(), "no report");
}

/// The `trace truncated` note a capped file ends with, if any.
fn truncation(events: &[Value]) -> Option<&Value> {
    let notes: Vec<&Value> = events
        .iter()
        .filter(|e| e["name"] == "trace truncated")
        .collect();
    assert!(notes.len() <= 1, "one note at most");
    if let Some(note) = notes.first() {
        assert_eq!(
            events.last().map(|e| &e["name"]),
            Some(&notes[0]["name"]),
            "the note comes last"
        );
        assert_eq!(note["ph"], "i");
    }
    notes.first().copied()
}

#[test]
fn a_capped_trace_stays_valid_under_its_cap_and_names_what_it_left_out() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("capped.json");
    // 0.05 MiB: a few steps' worth of 20.
    let out = headless_with(Some(&path), &["--trace-max-mb", "0.05"]);
    let with = report(&out);
    let plain = report(&headless(None));
    assert_eq!(
        with["canvas_hash"], plain["canvas_hash"],
        "the cap changes nothing"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("wrote trace") && stderr.contains("events left out"),
        "{stderr}"
    );

    let bytes = std::fs::metadata(&path).expect("the trace file").len();
    assert!(bytes <= 52_428, "{bytes} bytes, over the 0.05 MiB cap");
    assert!(
        bytes > 40_000,
        "{bytes} bytes: the cap should be nearly used"
    );
    let text = std::fs::read_to_string(&path).expect("the trace file");
    let events: Vec<Value> = serde_json::from_str(&text).expect("a JSON array of events");
    // Every span written is closed, in order, on its thread.
    let spans = spans(&events);
    let steps = spans.iter().filter(|s| s.name == "world.step").count() as u64;
    assert!((1..STEPS).contains(&steps), "{steps} steps written");

    let note = truncation(&events).expect("a note of what was left out");
    let args = &note["args"];
    assert_eq!(args["cap_bytes"], 52_428);
    assert!(
        args["dropped_events"].as_u64().expect("count") > 1000,
        "{args}"
    );
    let range = args["dropped_steps"].as_array().expect("step range");
    assert_eq!(range[1], STEPS - 1, "left out up to the last step: {args}");
    assert!(range[0].as_u64().expect("first") <= steps, "{args}");
}

#[test]
fn an_uncapped_trace_has_no_note() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("small.json");
    let out = headless_with(Some(&path), &["--frames", "2"]);
    report(&out);
    let text = std::fs::read_to_string(&path).expect("the trace file");
    let events: Vec<Value> = serde_json::from_str(&text).expect("a JSON array of events");
    assert!(truncation(&events).is_none());
}

#[test]
fn a_forced_spike_writes_a_valid_bounded_trace_into_the_trace_dir() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir_arg = dir.path().to_str().expect("utf-8 temp dir");
    // Every step passes 0.001 ms: the first is the spike, and its file
    // waits for 60 steps after it (or the end of the run).
    let out = headless_with(
        None,
        &[
            "--frames",
            "80",
            "--spike-ms",
            "0.001",
            "--trace-dir",
            dir_arg,
            "--trace-max-mb",
            "0.5",
        ],
    );
    report(&out);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let files: Vec<std::path::PathBuf> = std::fs::read_dir(dir.path())
        .expect("the folder")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(files.len(), 2, "step 0's spike, then step 61's: {files:?}");
    for file in &files {
        let name = file.file_name().and_then(|n| n.to_str()).expect("name");
        assert!(name.starts_with("hitfield-spike-") && name.ends_with(".json"));
        assert!(stderr.contains(name), "named on stderr: {stderr}");
        assert!(std::fs::metadata(file).expect("file").len() <= 524_288);
        let text = std::fs::read_to_string(file).expect("the spike file");
        let events: Vec<Value> = serde_json::from_str(&text).expect("a JSON array");
        let marker = events
            .iter()
            .find(|e| e["name"] == "spike")
            .expect("a spike marker");
        assert_eq!(marker["args"]["threshold_ms"], 0.001);
        spans(&events);
        truncation(&events);
    }
    assert!(stderr.contains("wrote spike trace"), "{stderr}");
    assert!(stderr.contains("step 0 took"), "{stderr}");
}

#[test]
fn bad_trace_flag_values_exit_2_naming_the_flag() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("f.txt");
    std::fs::write(&file, "x").expect("file");
    let file = file.to_str().expect("utf-8").to_string();
    for (args, start) in [
        (
            vec!["--trace-max-mb", "0"],
            "--trace-max-mb 0: must be from 0.01",
        ),
        (
            vec!["--trace-max-mb", "nan"],
            "--trace-max-mb nan: must be from",
        ),
        (
            vec!["--trace-max-mb", "lots"],
            "--trace-max-mb lots: must be a number",
        ),
        (
            vec!["--spike-ms", "-1"],
            "--spike-ms -1: must be more than 0",
        ),
        (
            vec!["--spike-ms", "inf"],
            "--spike-ms inf: must be more than 0",
        ),
        (
            vec!["--trace-dir", "/no/such/dir"],
            "--trace-dir /no/such/dir: no such folder",
        ),
        (vec!["--trace-dir", &file], "--trace-dir "),
    ] {
        let out = headless_with(None, &args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!("hitfield: error: {start}")),
            "{args:?}: {stderr}"
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}
