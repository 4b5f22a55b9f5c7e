//! The demo window end to end: capture mode opens a real window (under
//! Xvfb when there is no display), renders, saves a top-down PNG and exits
//! 0, and the PNG shows particle trails, ships and the settings panel; a
//! running demo survives its window being shrunk to 1×1 and unmapped.

mod common;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use common::picture::{self, fraction, near, Layout, STATUS_BG};
use common::process::{run_with_timeout, wait_with_timeout};
use common::window::{
    can_drive_window, demo, focus, one_window_at_a_time, press, start_demo, window_command, xdotool,
};
use image::RgbaImage;

const WINDOW: (u32, u32) = (1280, 800);

fn capture(window: (u32, u32), extra: &[&str], png: &Path) -> Option<RgbaImage> {
    let _alone = one_window_at_a_time();
    // CI sets HITFIELD_REQUIRE_WINDOW so a missing display fails there.
    let mut cmd = window_command("demo_window")?;
    let size = format!("{}x{}", window.0, window.1);
    cmd.args(["--window-size", &size, "--frames", "30", "--screenshot"])
        .arg(png)
        .args(extra);
    let out = run_with_timeout(cmd, Duration::from_secs(300));
    assert!(
        out.status.success(),
        "demo failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(png)
        .expect("the screenshot is a PNG")
        .to_rgba8();
    Some(img)
}

#[test]
fn capture_shows_trails_ships_and_panel_top_down() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = dir.path().join("shot.png");
    let csv = dir.path().join("frames.csv");
    let csv_arg = csv.to_str().expect("utf-8 temp path");
    let args = [
        "--particles",
        "20000",
        "--ships",
        "6",
        "--profile-csv",
        csv_arg,
    ];
    let Some(img) = capture(WINDOW, &args, &png) else {
        return;
    };

    // The profiler CSV: a header naming every stage and one row per frame.
    let text = std::fs::read_to_string(&csv).expect("capture wrote the CSV");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("frame,flow,particles,trails,ships,sample,collide,upload,draw,total")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 30, "one row per frame");
    let draw_ms: f64 = rows[29]
        .split(',')
        .nth(9)
        .and_then(|v| v.parse().ok())
        .expect("draw");
    assert!(draw_ms > 0.0, "the demo times its own drawing");
    picture::assert_demo_picture(&img, &Layout::for_window(WINDOW.0, WINDOW.1));
}

/// At 800×600 and 1920×1080 the field, the panel, the profiler and the
/// status bar all fit without overlapping (the canvas is sized to its room).
#[test]
fn small_and_large_windows_fit_field_panel_profiler_and_status_bar() {
    let dir = tempfile::tempdir().expect("tempdir");
    for window in [(800, 600), (1920, 1080)] {
        let png = dir
            .path()
            .join(format!("shot-{}x{}.png", window.0, window.1));
        let Some(img) = capture(window, &["--ships", "10"], &png) else {
            return;
        };
        eprintln!("{}x{}:", window.0, window.1);
        picture::assert_demo_picture(&img, &Layout::for_window(window.0, window.1));
    }
}

#[test]
fn bad_flags_exit_2_before_opening_a_window() {
    let bin = env!("CARGO_BIN_EXE_hitfield");
    for args in [
        &["--window-size", "12x12"][..],
        &["--screenshot", "x.png"][..],
        &["--frames", "0"][..],
        &["--frames", "2", "--screenshot", "/no/such/dir/x.png"][..],
        &["--frames", "2", "--screenshot", "x.jpg"][..],
        &["--frames", "2", "--trace", "/no/such/dir/run.json"][..],
    ] {
        let out = Command::new(bin)
            .args(args)
            .env_remove("DISPLAY")
            .output()
            .expect("run hitfield");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("hitfield: error: "), "{args:?}: {err}");
        // Each message names a flag it is about (clap's "required" message
        // lists the missing one on its own line).
        let names_a_flag = ["--frames", "--screenshot", "--window-size", "--trace"]
            .iter()
            .any(|f| err.contains(f));
        assert!(names_a_flag, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// `--trace` in a capture records every frame: a `demo.frame` span per
/// frame on the main thread, each holding its step, with hitfield's stages
/// inside, as a game's own frame span would.
#[test]
fn capture_with_trace_writes_frames_with_steps_nested() {
    let dir = tempfile::tempdir().expect("tempdir");
    let png = dir.path().join("shot.png");
    let trace = dir.path().join("demo-trace.json");
    let trace_arg = trace.to_str().expect("utf-8 temp path");
    let args = ["--particles", "20000", "--ships", "6", "--trace", trace_arg];
    if capture((800, 600), &args, &png).is_none() {
        return;
    }
    let text = std::fs::read_to_string(&trace).expect("the capture wrote the trace");
    let events: Vec<serde_json::Value> = serde_json::from_str(&text).expect("a JSON array");
    // Per thread, begins and ends pair up as a stack; note each span's parent.
    let mut open: std::collections::HashMap<u64, Vec<String>> = Default::default();
    let mut frames = 0;
    let mut steps_in_frames = 0;
    let mut stages_in_steps = 0;
    for e in &events {
        let (Some(ph), Some(tid)) = (e["ph"].as_str(), e["tid"].as_u64()) else {
            panic!("event without ph or tid: {e}");
        };
        let name = e["name"].as_str().expect("name").to_string();
        let stack = open.entry(tid).or_default();
        match ph {
            "B" => {
                let parent = stack.last().map(String::as_str);
                frames += usize::from(name == "demo.frame");
                steps_in_frames +=
                    usize::from(name == "world.step" && parent == Some("demo.frame"));
                stages_in_steps +=
                    usize::from(name == "field.particles" && parent == Some("world.step"));
                stack.push(name);
            }
            "E" => assert_eq!(stack.pop().as_deref(), Some(name.as_str()), "nesting"),
            _ => {}
        }
    }
    assert!(open.values().all(Vec::is_empty), "spans left open");
    assert_eq!(frames, 30, "one demo.frame per captured frame");
    assert_eq!(steps_in_frames, 30, "one step in each frame (capture mode)");
    assert_eq!(stages_in_steps, 30);
}

/// The window shrunk to 1×1, unmapped (what minimising does to it) and
/// brought back while the demo runs: frames keep coming, it exits 0 and its
/// last frame is a whole picture at the new size.
#[test]
fn window_resized_to_one_pixel_and_unmapped_keeps_running() {
    if !can_drive_window("resize test", &[]) {
        return;
    }
    let _alone = one_window_at_a_time();
    let dir = tempfile::tempdir().expect("temp dir");
    let png = dir.path().join("after.png");
    let mut cmd = demo(&["--frames", "1500", "--particles", "5000", "--screenshot"]);
    cmd.arg(&png);
    let (mut child, window, started) = start_demo(cmd);
    let pause = || std::thread::sleep(Duration::from_millis(700));
    let run = |args: &[&str]| {
        let done = (0..20).any(|_| {
            xdotool(args).is_some() || {
                std::thread::sleep(Duration::from_millis(100));
                false
            }
        });
        assert!(done, "xdotool {args:?} failed on window {window}");
    };
    run(&["windowsize", &window, "1", "1"]);
    pause();
    run(&["windowunmap", &window]);
    pause();
    run(&["windowmap", &window]);
    run(&["windowsize", &window, "700", "400"]);
    assert!(
        child.try_wait().expect("poll").is_none(),
        "the demo finished before the resizes; raise --frames"
    );
    let out = wait_with_timeout(child, started, Duration::from_secs(300));
    assert!(
        out.status.success(),
        "demo failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let img = image::open(&png)
        .expect("the screenshot is a PNG")
        .to_rgba8();
    assert_eq!(
        img.dimensions(),
        (700, 400),
        "last frame at the restored size"
    );
    let status_bar = fraction(&img, [0, 396, 700, 400], |p| near(p, STATUS_BG, 2));
    assert!(
        status_bar > 0.5,
        "no status bar after the resizes: {status_bar:.3}"
    );
}

/// The demo frames a trace file at `path` records (its `demo.frame` spans).
fn frames_in_trace(path: &Path) -> usize {
    let text = std::fs::read_to_string(path).expect("the trace");
    let events: Vec<serde_json::Value> = serde_json::from_str(&text).expect("a JSON array");
    events
        .iter()
        .filter(|e| e["name"] == "demo.frame" && e["ph"] == "B")
        .count()
}

/// Esc while T's trace records: the demo writes the frames recorded so
/// far as a valid trace, names it and exits 0.
#[test]
fn quitting_while_tracing_writes_the_trace_so_far() {
    if !can_drive_window("T then Esc test", &[]) {
        return;
    }
    let _alone = one_window_at_a_time();
    let dir = tempfile::tempdir().expect("temp dir");
    let mut cmd = demo(&["--particles", "5000"]);
    cmd.current_dir(dir.path());
    let (child, window, started) = start_demo(cmd);
    std::thread::sleep(Duration::from_millis(500));
    focus(&window);
    press(&["t"]);
    std::thread::sleep(Duration::from_millis(300));
    press(&["Escape"]);
    let out = wait_with_timeout(child, started, Duration::from_secs(120));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "demo failed: {stderr}");
    let line = stderr
        .lines()
        .find(|l| l.contains("wrote trace"))
        .unwrap_or_else(|| panic!("no trace message: {stderr}"));
    assert!(line.contains("cut short by quitting"), "{line}");
    let traces: Vec<_> = std::fs::read_dir(dir.path())
        .expect("read the temp dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    assert_eq!(traces.len(), 1, "one finished file: {traces:?}");
    let frames = frames_in_trace(&traces[0]);
    assert!(frames > 0 && frames < 120, "{frames} frames: {line}");
    assert!(
        line.contains(&format!("({frames} frames")),
        "{frames} frames: {line}"
    );
}

/// T in a running demo records the next 120 frames into
/// `hitfield-trace-<unix time>.json` in the working directory and says so.
#[test]
fn t_key_records_the_next_120_frames() {
    if !can_drive_window("T key test", &[]) {
        return;
    }
    let _alone = one_window_at_a_time();
    let dir = tempfile::tempdir().expect("temp dir");
    let mut cmd = demo(&["--frames", "900", "--particles", "5000"]);
    cmd.current_dir(dir.path());
    let (child, window, started) = start_demo(cmd);
    std::thread::sleep(Duration::from_millis(500));
    focus(&window);
    press(&["t"]);
    let out = wait_with_timeout(child, started, Duration::from_secs(300));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "demo failed: {stderr}");
    assert!(
        stderr.contains("wrote trace"),
        "the path is printed: {stderr}"
    );
    let traces: Vec<_> = std::fs::read_dir(dir.path())
        .expect("read the temp dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    assert_eq!(traces.len(), 1, "one trace file: {traces:?}");
    let name = traces[0].file_name().and_then(|n| n.to_str()).unwrap_or("");
    assert!(name.starts_with("hitfield-trace-"), "{name}");
    let frames = frames_in_trace(&traces[0]);
    assert_eq!(frames, 120, "the next 120 frames");
}
