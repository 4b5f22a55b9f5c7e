//! The demo's G key: a GIF clip of the field lands in `--trace-dir`, named
//! on stderr, with the frames it says it has, also when the demo quits
//! while it records. Driven with `xdotool` (run under `xvfb-run`; skipped
//! without a display unless HITFIELD_REQUIRE_WINDOW is set).

mod common;

use std::path::Path;
use std::process::Child;
use std::time::{Duration, Instant};

use common::process::wait_with_timeout;
use common::window::{can_drive_window, demo, focus, one_window_at_a_time, press, start_demo};

/// Opens an 800×600 demo with 20,000 particles, `extra` flags and
/// `--trace-dir dir`, and presses G a second after it starts.
fn press_g_a_second_in(extra: &[&str], dir: &Path) -> (Child, Instant) {
    let mut cmd = demo(&["--window-size", "800x600", "--particles", "20000"]);
    cmd.args(extra).arg("--trace-dir").arg(dir);
    let (child, window, started) = start_demo(cmd);
    std::thread::sleep(Duration::from_millis(1000));
    focus(&window);
    press(&["g"]);
    (child, started)
}

#[test]
fn g_writes_a_clip_with_the_frames_it_names() {
    if !can_drive_window("demo_clip", &[]) {
        return;
    }
    let _alone = one_window_at_a_time();
    let dir = tempfile::tempdir().expect("tempdir");
    // Long enough for the 4 s clip (120 frames taken from 240 stepped
    // ones) to be encoded and written after G.
    let (child, started) = press_g_a_second_in(&["--frames", "1200"], dir.path());
    let out = wait_with_timeout(child, started, Duration::from_secs(300));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let clips: Vec<_> = files_in(dir.path())
        .into_iter()
        .filter(|p| p.extension().is_some_and(|e| e == "gif"))
        .collect();
    assert_eq!(clips.len(), 1, "{clips:?} {stderr}");
    let line = clip_message(&stderr);
    let frames = gif_frames(&clips[0]);
    assert!(frames > 0, "{line}");
    assert!(
        line.contains(&format!("({frames} frames")),
        "{frames} frames: {line}"
    );
    assert!(std::fs::metadata(&clips[0]).expect("meta").len() <= 8 << 20);
}

/// The files in `dir`.
fn files_in(dir: &Path) -> Vec<std::path::PathBuf> {
    let entries = std::fs::read_dir(dir).expect("trace dir");
    entries.filter_map(Result::ok).map(|e| e.path()).collect()
}

/// The line of `stderr` that names the clip written.
fn clip_message(stderr: &str) -> &str {
    let line = stderr.lines().find(|l| l.contains("wrote clip"));
    line.unwrap_or_else(|| panic!("no clip message: {stderr}"))
}

/// The frames in the GIF at `path`.
fn gif_frames(path: &std::path::Path) -> u64 {
    let file = std::fs::File::open(path).expect("clip");
    let mut decoder = gif::DecodeOptions::new().read_info(file).expect("a GIF");
    let mut frames = 0u64;
    while decoder.read_next_frame().expect("a frame").is_some() {
        frames += 1;
    }
    frames
}

/// Esc a second into a 4 s clip: the demo writes the frames it took,
/// names the file and exits 0.
#[test]
fn quitting_while_recording_writes_the_clip_so_far() {
    if !can_drive_window("demo_clip quit", &[]) {
        return;
    }
    let _alone = one_window_at_a_time();
    let dir = tempfile::tempdir().expect("tempdir");
    let (child, started) = press_g_a_second_in(&[], dir.path());
    std::thread::sleep(Duration::from_millis(1000));
    press(&["Escape"]);
    let out = wait_with_timeout(child, started, Duration::from_secs(120));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let clips = files_in(dir.path());
    assert_eq!(
        clips.len(),
        1,
        "one finished file, no .part: {clips:?} {stderr}"
    );
    assert_eq!(clips[0].extension().and_then(|e| e.to_str()), Some("gif"));
    let line = clip_message(&stderr);
    let name = clips[0].file_name().and_then(|n| n.to_str()).expect("name");
    assert!(line.contains(name), "{line}");
    assert!(line.contains("cut short by quitting"), "{line}");
    let frames = gif_frames(&clips[0]);
    // A 4 s clip holds 120 frames; a second of it far fewer, but some.
    assert!(frames > 0 && frames < 120, "{frames} frames: {line}");
    assert!(
        line.contains(&format!("({frames} frames")),
        "{frames} frames: {line}"
    );
}
