//! Ctrl+C and Ctrl+V in a running demo, through the real X clipboard:
//! Ctrl+C puts the settings in force on the CLIPBOARD selection as preset
//! TOML (read back with `xclip`), a preset put there by `xclip` is applied
//! by Ctrl+V (Ctrl+C then reads it back), and a bad one changes nothing.
//! Run under `xvfb-run`; needs `xdotool` and `xclip` (skipped without
//! them unless HITFIELD_REQUIRE_WINDOW is set).

mod common;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::process::wait_with_timeout;
use common::window::{can_drive_window, chord, demo, focus, press, start_demo};

/// The CLIPBOARD selection's text, asked of its owner (`None` when there
/// is no owner or no text yet).
fn read_clipboard() -> Option<String> {
    let out = Command::new("xclip")
        .args(["-selection", "clipboard", "-t", "UTF8_STRING", "-o"])
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Presses Ctrl+C in the demo (held as a person holds it: see [`chord`])
/// and returns the clipboard text once the demo holds it (a whole preset:
/// `xclip`'s texts below have no `step_ms`) and it contains `wanted`. The
/// demo serves the selection from its event loop, so this polls; a press
/// that did not arrive is repeated, three times at most.
fn copy_from_demo(wanted: &str) -> String {
    let mut text = String::new();
    for _ in 0..3 {
        chord("ctrl", "c");
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(4) {
            text = read_clipboard().unwrap_or_default();
            if text.contains("step_ms = ") && text.contains(wanted) {
                return text;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }
    text
}

/// Makes `xclip` the CLIPBOARD owner holding `text` (it stays in the
/// background until another program takes the selection).
fn write_clipboard(text: &str) {
    let mut child = Command::new("xclip")
        .args(["-selection", "clipboard", "-i"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start xclip");
    child
        .stdin
        .take()
        .expect("xclip's stdin")
        .write_all(text.as_bytes())
        .expect("write to xclip");
    let status = child.wait().expect("xclip");
    assert!(status.success(), "xclip -i failed");
    // xclip serves the text from a background process: wait until it does.
    let started = Instant::now();
    while read_clipboard().as_deref() != Some(text) {
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "xclip did not take the clipboard"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn ctrl_c_copies_and_ctrl_v_pastes_the_settings_as_preset_toml() {
    if !can_drive_window("demo_clipboard", &["xclip"]) {
        return;
    }
    let cmd = demo(&[
        "--window-size",
        "800x600",
        "--particles",
        "4321",
        "--seed",
        "5",
    ]);
    let (child, window, started) = start_demo(cmd);
    std::thread::sleep(Duration::from_millis(700));
    focus(&window);

    let copied = copy_from_demo("particles = 4321");
    assert!(
        copied.contains("step_ms = ") && copied.contains("[field]"),
        "a whole preset: {copied}"
    );
    assert!(copied.contains("particles = 4321"), "{copied}");
    assert!(copied.contains("seed = 5"), "{copied}");

    write_clipboard("[field]\nparticles = 12345\nseed = 99\n\n[ships]\ncount = 3\n");
    focus(&window);
    chord("ctrl", "v");
    std::thread::sleep(Duration::from_millis(500));
    let pasted = copy_from_demo("particles = 12345");
    for line in ["step_ms = ", "particles = 12345", "seed = 99", "count = 3"] {
        assert!(pasted.contains(line), "{line} after the paste: {pasted}");
    }

    // A bad preset is refused whole: the settings stay as pasted.
    write_clipboard("[field]\nparticles = 1\nparticlez = 5\n");
    focus(&window);
    chord("ctrl", "v");
    std::thread::sleep(Duration::from_millis(500));
    let after_bad = copy_from_demo("particles = 12345");
    assert!(
        after_bad.contains("step_ms = ")
            && after_bad.contains("particles = 12345")
            && !after_bad.contains("particlez"),
        "a bad paste changed the settings: {after_bad}"
    );

    press(&["Escape"]);
    let out = wait_with_timeout(child, started, Duration::from_secs(60));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
