//! `hitfield headless`: the JSON report, determinism across thread counts,
//! and usage errors.

use std::process::{Command, Output, Stdio};

mod common;
use common::process::json_report;

fn headless(args: &[&str], threads: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hitfield"))
        .arg("headless")
        .args(args)
        .env("RAYON_NUM_THREADS", threads)
        .output()
        .expect("run hitfield")
}

fn report(args: &[&str], threads: &str) -> serde_json::Value {
    json_report(&headless(args, threads))
}

const RUN: &[&str] = &[
    "--frames",
    "40",
    "--particles",
    "30000",
    "--ships",
    "10",
    "--seed",
    "7",
    "--sample-interval-ms",
    "50",
    "--width",
    "400",
    "--height",
    "300",
];

#[test]
fn report_has_the_documented_keys() {
    let r = report(RUN, "2");
    for key in [
        "frames",
        "particles",
        "ships",
        "seed",
        "width",
        "height",
        "canvas_hash",
        "hits_total",
        "hits_per_ship",
        "stages",
        "contacts",
    ] {
        assert!(r.get(key).is_some(), "missing {key}");
    }
    assert_eq!(r["frames"], 40);
    assert_eq!(r["particles"], 30000);
    assert_eq!(r["ships"], 10);
    assert_eq!(r["seed"], 7);
    assert_eq!(
        (r["width"].as_u64(), r["height"].as_u64()),
        (Some(400), Some(300))
    );
    let hash = r["canvas_hash"].as_str().expect("hash string");
    assert_eq!(hash.len(), 16);
    assert!(hash.chars().all(|c| c.is_ascii_hexdigit()));
    let per_ship = r["hits_per_ship"].as_array().expect("array");
    assert_eq!(per_ship.len(), 10);
    let sum: u64 = per_ship.iter().filter_map(|v| v.as_u64()).sum();
    assert_eq!(r["hits_total"].as_u64(), Some(sum));
    for stage in [
        "flow",
        "particles",
        "trails",
        "ships",
        "sample",
        "collide",
        "total",
    ] {
        let s = &r["stages"][stage];
        for k in ["p50_ms", "p95_ms", "max_ms"] {
            assert!(
                s[k].as_f64().is_some_and(|v| v >= 0.0),
                "stages.{stage}.{k}"
            );
        }
    }
    // No fade stage (the field fades inside particles), and no window parts.
    for gone in ["fade", "upload", "draw"] {
        assert!(r["stages"].get(gone).is_none(), "stages.{gone}");
    }
}

#[test]
fn one_and_two_threads_give_the_same_canvas_and_hits() {
    let one = report(RUN, "1");
    let two = report(RUN, "2");
    assert_eq!(one["canvas_hash"], two["canvas_hash"]);
    assert_eq!(one["hits_per_ship"], two["hits_per_ship"]);
    assert_eq!(one["contacts"]["pair_steps"], two["contacts"]["pair_steps"]);
    // And a different seed gives a different canvas.
    let mut other: Vec<&str> = RUN.to_vec();
    other[7] = "8";
    assert_ne!(report(&other, "2")["canvas_hash"], one["canvas_hash"]);
}

#[test]
fn bad_arguments_exit_2_with_one_line() {
    for args in [
        &["--frames", "-1"][..],
        &["--particles", "lots"],
        &["--seed", "1.5"],
        &["--width", "x"],
    ] {
        let out = headless(args, "1");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("hitfield: error:"), "{err}");
        assert!(!err.contains("panicked"));
        assert!(out.stdout.is_empty());
    }
}

/// A reader that stops early (`hitfield headless … | head`) ends the run
/// quietly: exit 0, no panic.
#[test]
fn a_closed_pipe_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hitfield"))
        .args([
            "headless",
            "--frames",
            "60",
            "--particles",
            "2000",
            "--ships",
            "2",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hitfield");
    // Close the read end before the report is written.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait for hitfield");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
}
