//! Capture on spike in the demo window: a forced spike (`--spike-ms` far
//! below any frame) writes a valid, capped Chrome trace into
//! `--trace-dir`, names it on stderr, and a bad value exits 2 before any
//! window opens.

mod common;

use std::process::Command;
use std::time::Duration;

use common::process::run_with_timeout;
use common::window::window_command;
use serde_json::Value;

#[test]
fn a_forced_spike_in_the_demo_writes_a_valid_bounded_trace() {
    let Some(mut cmd) = window_command("demo_spike") else {
        return;
    };
    let dir = tempfile::tempdir().expect("tempdir");
    let dir_arg = dir.path().to_str().expect("utf-8 temp path");
    // Frame 0 passes 0.001 ms; its file waits 60 frames, then the run
    // ends at 70 and writes frame 60's spike too.
    cmd.args([
        "--window-size",
        "800x600",
        "--particles",
        "20000",
        "--ships",
        "4",
        "--frames",
        "70",
        "--spike-ms",
        "0.001",
        "--trace-dir",
        dir_arg,
        "--trace-max-mb",
        "0.25",
    ]);
    let out = run_with_timeout(cmd, Duration::from_secs(300));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "demo failed: {stderr}");
    let mut files: Vec<_> = std::fs::read_dir(dir.path())
        .expect("the folder")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 2, "{files:?}; {stderr}");
    for file in &files {
        let name = file.file_name().and_then(|n| n.to_str()).expect("name");
        assert!(stderr.contains(name), "named on stderr: {stderr}");
        assert!(std::fs::metadata(file).expect("file").len() <= 262_144);
        let text = std::fs::read_to_string(file).expect("the spike file");
        let events: Vec<Value> = serde_json::from_str(&text).expect("a JSON array");
        let spike = events
            .iter()
            .find(|e| e["name"] == "spike")
            .expect("the spike marker");
        assert!(spike["args"]["frame"].is_u64(), "{spike}");
        assert!(
            events.iter().any(|e| e["name"] == "demo.frame"),
            "frames in the trace"
        );
        // Begins and ends pair up on every thread.
        let mut depth = std::collections::HashMap::<u64, i64>::new();
        for e in &events {
            let d = depth.entry(e["tid"].as_u64().unwrap_or(0)).or_default();
            match e["ph"].as_str() {
                Some("B") => *d += 1,
                Some("E") => *d -= 1,
                _ => {}
            }
            assert!(*d >= 0, "an end before its begin: {e}");
        }
        assert!(depth.values().all(|&d| d == 0), "spans left open");
    }
    assert!(stderr.contains("frame 0 took"), "{stderr}");
}

#[test]
fn bad_spike_values_exit_2_before_a_window_opens() {
    for (args, start) in [
        (
            &["--spike-ms", "0"][..],
            "--spike-ms 0: must be more than 0",
        ),
        (
            &["--trace-max-mb", "-5"][..],
            "--trace-max-mb -5: must be from",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_hitfield"))
            .args(args)
            .env_remove("DISPLAY")
            .output()
            .expect("run hitfield");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.starts_with(&format!("hitfield: error: {start}")),
            "{args:?}: {stderr}"
        );
    }
}
