//! The profiler's frame history in a running demo, driven with `xdotool`
//! (run the tests under `xvfb-run`): a click on a frame of the graph keeps
//! its breakdown on the card, F freezes the graph (the button then reads
//! *Resume* on the accent colour) while the world runs on, and the last
//! frame's capture shows both.

mod common;

use std::time::Duration;

use common::picture::{fraction, near};
use common::process::wait_with_timeout;
use common::window::{can_drive_window, demo, focus, start_demo, xdotool};

#[test]
fn a_clicked_frame_is_read_and_f_freezes_the_graph() {
    if !can_drive_window("demo_history", &[]) {
        return;
    }
    let png = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("demo-history.png");
    let csv = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("demo-history.csv");
    let mut cmd = demo(&["--window-size", "1280x800", "--particles", "5000"]);
    cmd.args(["--frames", "700", "--screenshot"])
        .arg(&png)
        .arg("--profile-csv")
        .arg(&csv);
    let (child, window, started) = start_demo(cmd);
    // Let the graph fill a few hundred pixels' worth of frames.
    std::thread::sleep(Duration::from_millis(2500));
    focus(&window);
    // The graph of the 1280×800 card spans x 54..354, y 524..644; the
    // newest frame is at x 353.
    let ok = xdotool(&["mousemove", "--window", &window, "340", "600"]).is_some()
        && xdotool(&["click", "1"]).is_some()
        && xdotool(&["key", "--delay", "50", "f"]).is_some()
        && xdotool(&["mousemove", "--window", &window, "640", "100"]).is_some();
    assert!(ok, "xdotool could not click and press F");
    let out = wait_with_timeout(child, started, Duration::from_secs(300));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "demo failed: {stderr}");
    let img = image::open(&png).expect("the capture").to_rgba8();
    // The Resume button on the accent colour (x 170.., y 470..488).
    let lit = fraction(&img, [172, 472, 240, 486], |p| {
        near(p, [0x4E, 0x88, 0xC9], 8)
    });
    assert!(lit > 0.4, "Freeze button not lit: {lit:.3}");
    // The kept frame's breakdown: a swatch of each stage's colour in the
    // column right of the legend.
    let column = [532, 494, 720, 666];
    for (name, colour) in [
        ("particles", [0xF0, 0x79, 0x5A]),
        ("draw", [0x9A, 0xA7, 0xB8]),
    ] {
        let swatch = fraction(&img, column, |p| near(p, colour, 6));
        assert!(
            swatch > 0.0005,
            "no {name} swatch in the breakdown: {swatch:.4}"
        );
    }
    // The live profiler kept recording under the frozen graph.
    let rows = std::fs::read_to_string(&csv)
        .expect("the CSV")
        .lines()
        .count();
    assert_eq!(rows, 301, "the last 300 frames and a header");
}
