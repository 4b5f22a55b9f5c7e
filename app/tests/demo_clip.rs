//! The demo's G key: a GIF clip of the field lands in `--trace-dir`, named
//! on stderr, with the frames it says it has. Driven with `xdotool` (run
//! under `xvfb-run`; skipped without a display unless
//! HITFIELD_REQUIRE_WINDOW is set).

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::process::wait_with_timeout;
use common::window::{can_drive_window, focus, press, wait_for_window};

#[test]
fn g_writes_a_clip_with_the_frames_it_names() {
    if !can_drive_window("demo_clip", &[]) {
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    // Long enough for the 4 s clip (120 frames taken from 240 stepped
    // ones) to be encoded and written after G.
    let child = Command::new(env!("CARGO_BIN_EXE_hitfield"))
        .args([
            "--window-size",
            "800x600",
            "--particles",
            "20000",
            "--frames",
            "1200",
        ])
        .arg("--trace-dir")
        .arg(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the demo");
    let started = Instant::now();
    let (child, window) = wait_for_window(child, started);
    std::thread::sleep(Duration::from_millis(1000));
    focus(&window);
    press(&["g"]);
    let out = wait_with_timeout(child, started, Duration::from_secs(300));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let clips: Vec<_> = std::fs::read_dir(dir.path())
        .expect("trace dir")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "gif"))
        .collect();
    assert_eq!(clips.len(), 1, "{clips:?} {stderr}");
    let line = stderr
        .lines()
        .find(|l| l.contains("wrote clip"))
        .unwrap_or_else(|| panic!("no clip message: {stderr}"));
    let file = std::fs::File::open(&clips[0]).expect("clip");
    let mut decoder = gif::DecodeOptions::new().read_info(file).expect("a GIF");
    let mut frames = 0u64;
    while decoder.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    assert!(frames > 0, "{line}");
    assert!(
        line.contains(&format!("({frames} frames")),
        "{frames} frames: {line}"
    );
    assert!(std::fs::metadata(&clips[0]).expect("meta").len() <= 8 << 20);
}
