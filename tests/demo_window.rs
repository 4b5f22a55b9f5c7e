//! The demo window end to end: capture mode opens a real window (under
//! Xvfb when there is no display), renders, saves a top-down PNG and exits
//! 0, and the PNG shows particle trails, ships and the settings panel; a
//! running demo survives its window being shrunk to 1×1 and unmapped.
#![cfg(feature = "app")]

use std::collections::HashSet;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use image::RgbaImage;

const WINDOW: (u32, u32) = (1280, 800);
/// Field pixels checked: left of the panel, above the profiler card.
const FIELD: [u32; 4] = [0, 30, 900, 570];
/// Inside the settings panel (right side).
const PANEL: [u32; 4] = [945, 70, 1255, 460];
/// Panel body colour (drawn at 94% over the field).
const PANEL_BG: [u8; 3] = [0x12, 0x18, 0x22];
/// The accent strip along the panel's top edge.
const ACCENT: [u8; 3] = [0x4E, 0x88, 0xC9];
/// Hit texels.
const HIT_BLUE: [u8; 3] = [0x4E, 0x88, 0xC9];
/// Status bar along the window's bottom edge.
const STATUS_BG: [u8; 3] = [0x0E, 0x13, 0x1B];

/// The window tests run one at a time, so the resize test finds its own
/// window by title (the demo's window has no `_NET_WM_PID`).
static ONE_WINDOW_AT_A_TIME: Mutex<()> = Mutex::new(());

fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
        .unwrap_or(false)
}

/// The binary, wrapped in `xvfb-run` when there is no display. `None` when
/// neither exists.
fn window_command() -> Option<Command> {
    let bin = env!("CARGO_BIN_EXE_hitfield");
    if std::env::var_os("DISPLAY").is_some() {
        return Some(Command::new(bin));
    }
    if on_path("xvfb-run") {
        let mut cmd = Command::new("xvfb-run");
        cmd.args(["-a", "-s", "-screen 0 1600x1000x24", bin]);
        return Some(cmd);
    }
    None
}

/// Runs `cmd`, killing it after `limit`.
fn run_with_timeout(mut cmd: Command, limit: Duration) -> Output {
    cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
    let child = cmd.spawn().expect("start the demo");
    wait_with_timeout(child, Instant::now(), limit)
}

/// Waits for `child` to exit, killing it when `limit` has passed since `start`.
fn wait_with_timeout(mut child: Child, start: Instant, limit: Duration) -> Output {
    loop {
        if child.try_wait().expect("poll the demo").is_some() {
            return child.wait_with_output().expect("collect output");
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().expect("collect output");
            panic!(
                "demo still running after {limit:?}; stderr: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn capture(extra: &[&str], png: &Path) -> Option<RgbaImage> {
    let _alone = ONE_WINDOW_AT_A_TIME
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let Some(mut cmd) = window_command() else {
        // CI sets HITFIELD_REQUIRE_WINDOW so a missing display fails there.
        assert!(
            std::env::var_os("HITFIELD_REQUIRE_WINDOW").is_none(),
            "HITFIELD_REQUIRE_WINDOW is set but there is no DISPLAY and no xvfb-run"
        );
        eprintln!("SKIPPED demo_window: no DISPLAY and no xvfb-run on PATH");
        return None;
    };
    let size = format!("{}x{}", WINDOW.0, WINDOW.1);
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

fn rgb(img: &RgbaImage, x: u32, y: u32) -> [u8; 3] {
    let p = img.get_pixel(x, y).0;
    [p[0], p[1], p[2]]
}

fn near(a: [u8; 3], b: [u8; 3], tol: u8) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= tol)
}

fn pixels(r: [u32; 4]) -> impl Iterator<Item = (u32, u32)> {
    (r[1]..r[3]).flat_map(move |y| (r[0]..r[2]).map(move |x| (x, y)))
}

fn fraction(img: &RgbaImage, r: [u32; 4], f: impl Fn([u8; 3]) -> bool) -> f64 {
    let (mut hit, mut all) = (0u64, 0u64);
    for (x, y) in pixels(r) {
        all += 1;
        hit += u64::from(f(rgb(img, x, y)));
    }
    hit as f64 / all as f64
}

/// Every fully opaque colour of the default ship sprites, and the hit blue.
fn ship_palette() -> HashSet<[u8; 3]> {
    let mut set: HashSet<[u8; 3]> = hitfield::assets::default_sprites()
        .iter()
        .flat_map(|(_, img)| {
            img.as_bytes()
                .chunks_exact(4)
                .filter(|p| p[3] == 255)
                .map(|p| [p[0], p[1], p[2]])
                .collect::<Vec<_>>()
        })
        .collect();
    set.insert(HIT_BLUE);
    set
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
    let Some(img) = capture(&args, &png) else {
        return;
    };

    // The profiler CSV: a header naming every stage and one row per frame.
    let text = std::fs::read_to_string(&csv).expect("capture wrote the CSV");
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("frame,flow,particles,trails,fade,ships,sample,collide,upload,draw,total")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 30, "one row per frame");
    let draw_ms: f64 = rows[29]
        .split(',')
        .nth(9)
        .and_then(|v| v.parse().ok())
        .expect("draw");
    assert!(draw_ms > 0.0, "the demo times its own drawing");
    assert_eq!(img.dimensions(), WINDOW, "the PNG is the whole window");

    // Particle trails: plenty of lit field pixels, many of them red-dominant.
    let lit = fraction(&img, FIELD, |p| p.iter().any(|&c| c > 24));
    let red = fraction(&img, FIELD, |p| {
        p[0] > 60 && p[0] > p[1].saturating_add(20) && p[0] >= p[2]
    });
    eprintln!("lit {lit:.3}, red-dominant {red:.4}");
    assert!(lit > 0.10, "too few lit field pixels: {lit:.3}");
    assert!(red > 0.01, "too few red-dominant trail pixels: {red:.4}");

    // Ships: exact sprite colours (nearest filtering keeps them), in clusters
    // of ship size rather than scattered like trail pixels.
    let palette = ship_palette();
    let block = 40;
    let mut dense_blocks = 0;
    for by in (FIELD[1]..FIELD[3] - block).step_by(block as usize) {
        for bx in (FIELD[0]..FIELD[2] - block).step_by(block as usize) {
            let n = pixels([bx, by, bx + block, by + block])
                .filter(|&(x, y)| palette.contains(&rgb(&img, x, y)))
                .count();
            dense_blocks += usize::from(n >= 60);
        }
    }
    eprintln!("dense ship blocks {dense_blocks}");
    assert!(
        dense_blocks >= 2,
        "expected ships (clusters of sprite colours), found {dense_blocks} dense blocks"
    );

    // Hit texels: after a few samples some ship texels are painted cold blue.
    let hit_blue = pixels(FIELD)
        .filter(|&(x, y)| rgb(&img, x, y) == HIT_BLUE)
        .count();
    eprintln!("hit-blue pixels {hit_blue}");
    assert!(hit_blue >= 30, "too few hit texels painted: {hit_blue}");

    // The panel: its body colour fills the right-hand side.
    let body = fraction(&img, PANEL, |p| near(p, PANEL_BG, 14));
    eprintln!("panel body {body:.3}");
    assert!(body > 0.5, "panel body not found on the right: {body:.3}");

    // Top-down: the panel's accent strip is near the top edge and the status
    // bar along the bottom (a bottom-up PNG would have them swapped).
    let strip_row = (0..40)
        .find(|&y| fraction(&img, [960, y, 1240, y + 1], |p| p == ACCENT) > 0.9)
        .unwrap_or_else(|| panic!("no accent strip in the top 40 rows"));
    assert!(strip_row < 20, "accent strip at row {strip_row}");
    let status = fraction(&img, [0, WINDOW.1 - 4, WINDOW.0, WINDOW.1], |p| {
        near(p, STATUS_BG, 2)
    });
    assert!(status > 0.5, "status bar not at the bottom: {status:.3}");
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
        let names_a_flag = ["--frames", "--screenshot", "--window-size"]
            .iter()
            .any(|f| err.contains(f));
        assert!(names_a_flag, "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// Runs `xdotool` with `args`: its output when it succeeded.
fn xdotool(args: &[&str]) -> Option<String> {
    let out = Command::new("xdotool").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// The window shrunk to 1×1, unmapped (what minimising does to it) and
/// brought back while the demo runs: frames keep coming, it exits 0 and its
/// last frame is a whole picture at the new size.
#[test]
fn window_resized_to_one_pixel_and_unmapped_keeps_running() {
    let required = std::env::var_os("HITFIELD_REQUIRE_WINDOW").is_some();
    if std::env::var_os("DISPLAY").is_none() || !on_path("xdotool") {
        assert!(
            !required,
            "HITFIELD_REQUIRE_WINDOW is set but DISPLAY or xdotool is missing"
        );
        eprintln!("SKIPPED resize test: needs DISPLAY and xdotool");
        return;
    }
    let _alone = ONE_WINDOW_AT_A_TIME
        .lock()
        .unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().expect("temp dir");
    let png = dir.path().join("after.png");
    let mut child = Command::new(env!("CARGO_BIN_EXE_hitfield"))
        .args(["--frames", "1500", "--particles", "5000", "--screenshot"])
        .arg(&png)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the demo");
    let started = Instant::now();
    let window = loop {
        if let Some(ids) = xdotool(&["search", "--onlyvisible", "--name", "^hitfield"]) {
            if let Some(first) = ids.lines().next() {
                break first.to_owned();
            }
        }
        assert!(
            child.try_wait().expect("poll").is_none(),
            "demo exited before its window could be found"
        );
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no demo window after 60 s"
        );
        std::thread::sleep(Duration::from_millis(100));
    };
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
