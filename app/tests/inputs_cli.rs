//! The real binary with bad flags, sprites and presets: exit status 2, one
//! line on stderr naming the flag or file, no panic, nothing on stdout.

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn headless(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hitfield"))
        .args(["headless", "--frames", "1"])
        .args(args)
        .env("RAYON_NUM_THREADS", "1")
        .output()
        .expect("run hitfield")
}

/// Runs with `args`, checks the usage-error contract and returns the message.
fn usage_error(args: &[&str]) -> String {
    let out = headless(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("hitfield: error: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}: printed a report");
    err.trim_end().to_string()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("writing a test file");
    path.display().to_string()
}

fn small_png(w: u32, h: u32) -> Vec<u8> {
    let img = image::RgbaImage::from_fn(w, h, |x, y| {
        image::Rgba([200, 220, 255, if (x + y) % 5 == 0 { 0 } else { 255 }])
    });
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png)
        .expect("encoding a PNG in memory");
    out.into_inner()
}

/// A PNG whose header claims 100000×100000 pixels (a few dozen bytes).
fn bomb_png() -> Vec<u8> {
    let mut png = small_png(1, 1);
    png[16..20].copy_from_slice(&100_000u32.to_be_bytes());
    png[20..24].copy_from_slice(&100_000u32.to_be_bytes());
    png
}

#[test]
fn out_of_range_numbers_name_the_flag() {
    let e = usage_error(&["--particles", "10000000000"]);
    assert!(
        e.contains("--particles 10000000000: must be at most 4000000"),
        "{e}"
    );
    let e = usage_error(&["--width", "0"]);
    assert!(e.contains("--width 0: must be at least 1"), "{e}");
    let e = usage_error(&["--height", "16385"]);
    assert!(e.contains("--height 16385: must be at most 16384"), "{e}");
    let e = usage_error(&["--width", "16384", "--height", "16384"]);
    assert!(e.contains("--width/--height 16384×16384"), "{e}");
    let e = usage_error(&["--ships", "1001"]);
    assert!(e.contains("--ships 1001: must be at most 1000"), "{e}");
}

#[test]
fn sample_interval_must_be_finite_and_in_range() {
    for value in ["nan", "NaN", "inf", "-inf", "1e300", "10001"] {
        let e = usage_error(&["--sample-interval-ms", value]);
        assert!(e.contains("--sample-interval-ms "), "{value}: {e}");
    }
    for args in [
        &["--sample-interval-ms=-1"][..],
        &["--sample-interval-ms", "-1"],
    ] {
        let e = usage_error(args);
        assert!(
            e.contains("--sample-interval-ms -1: must be at least 0"),
            "{e}"
        );
    }
}

#[test]
fn non_numbers_are_refused_by_the_parser() {
    for args in [
        &["--particles", "-5"][..],
        &["--width", "-3"],
        &["--ships", "-1"],
        &["--seed", "-1"],
        &["--particles", "many"],
        &["--width", "1.5"],
        &["--sample-interval-ms", "soon"],
        &["--seed", "18446744073709551616"],
    ] {
        let e = usage_error(args);
        assert!(e.contains(args[0]), "{args:?}: {e}");
    }
}

#[test]
fn bad_ship_files_name_the_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("missing.png").display().to_string();
    let text = write(dir.path(), "text.png", b"not a picture");
    let bomb = write(dir.path(), "bomb.png", &bomb_png());
    let good = small_png(9, 7);
    let truncated = write(dir.path(), "cut.png", &good[..good.len() / 2]);
    let empty = dir.path().join("empty");
    std::fs::create_dir(&empty).expect("folder");
    let empty = empty.display().to_string();
    for (path, reason) in [
        (&missing, "cannot read"),
        (&text, "not a PNG"),
        (&bomb, "100000×100000"),
        (&truncated, "truncated PNG"),
        (&empty, "no .png files"),
    ] {
        let e = usage_error(&["--ship", path]);
        assert!(
            e.contains(&format!("--ship {path}: ")) && e.contains(reason),
            "{path}: {e}"
        );
    }
}

#[test]
fn bad_presets_name_the_file_and_key() {
    let dir = tempfile::tempdir().expect("tempdir");
    let missing = dir.path().join("none.toml").display().to_string();
    let corrupt = write(dir.path(), "corrupt.toml", b"[field\nwidth = 3\n");
    let range = write(dir.path(), "range.toml", b"[ships]\nscale = 0\n");
    let unknown = write(dir.path(), "unknown.toml", b"[ships]\nscael = 2\n");
    let typed = write(dir.path(), "typed.toml", b"[field]\nparticles = \"lots\"\n");
    for (path, expect) in [
        (&missing, "cannot read"),
        (&corrupt, "invalid TOML"),
        (&range, ": ships.scale = 0: must be at least 0.0625"),
        (&unknown, ": ships.scael: unknown key"),
        (&typed, ": field.particles: invalid type"),
    ] {
        let e = usage_error(&["--preset", path]);
        assert!(e.contains(&format!("--preset {path}")), "{path}: {e}");
        assert!(e.contains(expect), "{path}: {e}");
    }
}

#[test]
fn custom_ships_and_preset_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let fleet: PathBuf = dir.path().join("fleet");
    std::fs::create_dir(&fleet).expect("folder");
    write(&fleet, "a.png", &small_png(12, 8));
    write(&fleet, "b.png", &small_png(6, 14));
    let preset = write(
        dir.path(),
        "p.toml",
        b"[field]\nwidth = 64\nheight = 48\nparticles = 500\n[ships]\ncount = 3\n",
    );
    let out = headless(&[
        "--preset",
        &preset,
        "--ship",
        &fleet.display().to_string(),
        "--particles",
        "700",
    ]);
    assert!(
        out.status.success(),
        "exit {:?}: {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("one JSON report on stdout");
    assert_eq!(report["particles"], 700);
    assert_eq!(report["ships"], 3);
    assert_eq!(
        (report["width"].as_u64(), report["height"].as_u64()),
        (Some(64), Some(48))
    );
}

#[test]
fn overlap_refuses_what_the_library_refuses_with_its_message() {
    let dir = tempfile::tempdir().expect("tempdir");
    // 10000 wide: within the 16384 `overlap` once allowed, past the
    // library's 8192.
    let mut wide = small_png(1, 1);
    wide[16..20].copy_from_slice(&10_000u32.to_be_bytes());
    let wide = write(dir.path(), "wide.png", &wide);
    let good = write(dir.path(), "good.png", &small_png(4, 4));
    let library = hitfield::assets::load_png(&wide).expect_err("the library refuses it");
    let out = Command::new(env!("CARGO_BIN_EXE_hitfield"))
        .args(["overlap", &good, &wide, "--b-at", "0,0"])
        .output()
        .expect("run hitfield");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err, format!("hitfield: error: {library}\n"));
}
