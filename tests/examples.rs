//! The examples run as a user would run them: `cargo test` builds them next
//! to the test binaries. The headless ones print what they promise; the
//! window ones open a real window (under Xvfb when there is no display),
//! draw a few frames, quit by themselves and save a screenshot that shows
//! the field.
#![cfg(feature = "macroquad")]

use std::path::PathBuf;
use std::process::{Command, Output};

/// `target/<profile>/examples/NAME`, beside this test's `deps/` folder.
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>");
    profile_dir.join("examples").join(name)
}

fn run(cmd: &mut Command) -> (Output, String) {
    let out = cmd.output().expect("start the example");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    (out, stdout)
}

/// Runs example `name` with `arg` and checks it exits 1 with an error
/// that starts with `message`.
fn refuses(name: &str, arg: &str, message: &str) {
    let (out, _) = run(Command::new(example(name)).arg(arg));
    assert_eq!(out.status.code(), Some(1), "{name} {arg}: {out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with(message), "{name} {arg}: {stderr}");
}

#[test]
fn headless_world_prints_hits_and_contacts() {
    let (out, stdout) = run(Command::new(example("headless_world")).arg("60"));
    assert!(out.status.success(), "{out:?}");
    assert!(
        stdout.starts_with("after 60 steps (1000 ms simulated):"),
        "{stdout}"
    );
    assert_eq!(
        stdout.matches("pixels hit in its last sample").count(),
        6,
        "{stdout}"
    );
    assert!(stdout.contains("touch"), "{stdout}");

    refuses(
        "headless_world",
        "-5",
        "error: STEPS must be a whole number",
    );
}

#[test]
fn two_sprites_prints_the_overlap_or_names_the_bad_file() {
    let (out, stdout) = run(&mut Command::new(example("two_sprites")));
    assert!(out.status.success(), "{out:?}");
    for line in [
        "world pixels shared",
        "box: x ",
        "centroid: (",
        "normal, from A towards B: (",
    ] {
        assert!(stdout.contains(line), "{line:?} missing from {stdout}");
    }
    refuses(
        "two_sprites",
        "no-such-file.png",
        "error: no-such-file.png: ",
    );
}

#[test]
fn many_sprites_tests_every_touching_pair_exactly() {
    let (out, stdout) = run(Command::new(example("many_sprites")).args(["200", "20"]));
    assert!(out.status.success(), "{out:?}");
    assert!(stdout.starts_with("200 sprites, 20 frames\n"), "{stdout}");
    for line in [
        "pairs with touching boxes: ",
        "a frame: posed masks ",
        "agree with collide::intersects",
    ] {
        assert!(stdout.contains(line), "{line:?} missing from {stdout}");
    }
    refuses("many_sprites", "0", "error: SPRITES must be at least 1");
}

fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).any(|d| d.join(name).is_file()))
        .unwrap_or(false)
}

/// Runs a window example for 20 frames and returns its screenshot, or
/// `None` when there is no display and no Xvfb (allowed unless
/// `HITFIELD_REQUIRE_WINDOW` is set).
fn window_screenshot(name: &str) -> Option<image::RgbaImage> {
    let bin = example(name);
    let mut cmd = if std::env::var_os("DISPLAY").is_some() {
        Command::new(&bin)
    } else if on_path("xvfb-run") {
        let mut cmd = Command::new("xvfb-run");
        cmd.args(["-a", "-s", "-screen 0 1600x1000x24"]).arg(&bin);
        cmd
    } else {
        assert!(
            std::env::var_os("HITFIELD_REQUIRE_WINDOW").is_none(),
            "no display and no xvfb-run"
        );
        return None;
    };
    let shot = std::env::temp_dir().join(format!(
        "hitfield-example-{name}-{}.png",
        std::process::id()
    ));
    cmd.env("HITFIELD_EXAMPLE_FRAMES", "20")
        .env("HITFIELD_EXAMPLE_SCREENSHOT", &shot);
    let (out, _) = run(&mut cmd);
    assert!(out.status.success(), "{name}: {out:?}");
    let img = image::open(&shot).expect("screenshot written").to_rgba8();
    let _ = std::fs::remove_file(&shot);
    Some(img)
}

/// Share of pixels that are clearly not black (trails, ships).
fn lit_share(img: &image::RgbaImage) -> f64 {
    let lit = img
        .pixels()
        .filter(|p| p.0[..3].iter().any(|&c| c > 40))
        .count();
    lit as f64 / (img.width() * img.height()) as f64
}

#[test]
fn window_examples_open_draw_and_quit() {
    for (name, size) in [("macroquad_field", (960, 540)), ("player_ship", (800, 600))] {
        let Some(img) = window_screenshot(name) else {
            return;
        };
        assert_eq!(img.dimensions(), size, "{name}");
        let lit = lit_share(&img);
        assert!(lit > 0.2, "{name}: only {lit:.3} of the window is drawn");
        // Hit texels are painted in the demo's blue somewhere.
        let blue = img
            .pixels()
            .filter(|p| p.0[..3] == [0x4E, 0x88, 0xC9])
            .count();
        assert!(blue > 20, "{name}: {blue} hit-blue pixels");
    }
}
