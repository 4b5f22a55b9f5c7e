//! `hitfield overlap`: JSON for good input, one-line usage errors (exit 2)
//! for bad files and bad numbers. Runs the real binary on temporary PNGs.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// Writes a `w`×`h` PNG whose pixel is opaque where `solid(x, y)`.
fn png(dir: &Path, name: &str, w: u32, h: u32, solid: impl Fn(u32, u32) -> bool) -> PathBuf {
    let img = image::RgbaImage::from_fn(w, h, |x, y| {
        image::Rgba(if solid(x, y) {
            [255, 255, 255, 255]
        } else {
            [0, 0, 0, 0]
        })
    });
    let path = dir.join(name);
    img.save(&path).expect("write test PNG");
    path
}

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hitfield"))
        .arg("overlap")
        .args(args)
        .output()
        .expect("run hitfield")
}

fn json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "status {:?}, stderr {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object on stdout")
}

/// Exit status 2, nothing on stdout, one stderr line naming `what`.
fn usage_error(out: &Output, what: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "stderr: {err}");
    assert!(
        out.stdout.is_empty(),
        "stdout: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("hitfield: error: "), "{err}");
    assert!(err.contains(what), "{err:?} should name {what}");
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 temp path")
}

#[test]
fn overlapping_squares_report_everything() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = png(dir.path(), "a.png", 4, 4, |_, _| true);
    let b = png(dir.path(), "b.png", 4, 4, |_, _| true);
    let v = json(&run(&[s(&a), s(&b), "--b-at", "2,2"]));
    assert_eq!(v["colliding"], true);
    assert_eq!(v["count"], 4);
    assert_eq!(v["rect"], serde_json::json!([2, 2, 2, 2]));
    assert_eq!(v["point"], serde_json::json!([3.0, 3.0]));
    assert_eq!(v["centroid"], serde_json::json!([3.0, 3.0]));
    // Gradient: B moved back one pixel shares 6, moved on shares 2, both axes.
    let n = &v["normal"];
    let h = std::f64::consts::FRAC_1_SQRT_2;
    assert!((n[0].as_f64().unwrap() - h).abs() < 1e-12, "{n}");
    assert!((n[1].as_f64().unwrap() - h).abs() < 1e-12, "{n}");
    // Negative positions (hyphen values) and an explicit --a-at.
    let v = json(&run(&[
        s(&a),
        s(&b),
        "--a-at",
        "-10,-10",
        "--b-at",
        "-8,-11",
    ]));
    assert_eq!(v["count"], 6);
    assert_eq!(v["rect"], serde_json::json!([-8, -10, 2, 3]));
}

#[test]
fn apart_or_transparent_is_not_colliding() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = png(dir.path(), "a.png", 4, 4, |_, _| true);
    let clear = png(dir.path(), "clear.png", 4, 4, |_, _| false);
    for args in [
        vec![s(&a), s(&a), "--b-at", "4,0"],
        vec![s(&a), s(&clear), "--b-at", "0,0"],
    ] {
        let v = json(&run(&args));
        assert_eq!(v["colliding"], false);
        assert_eq!(v["count"], 0);
        for key in ["rect", "point", "centroid", "normal"] {
            assert!(v[key].is_null(), "{key}: {v}");
        }
    }
    // --alpha-min 0 makes transparent texels solid.
    let v = json(&run(&[
        s(&a),
        s(&clear),
        "--b-at",
        "1,1",
        "--alpha-min",
        "0",
    ]));
    assert_eq!(v["count"], 9);
}

#[test]
fn rotation_and_scale_flags_apply() {
    let dir = tempfile::tempdir().expect("temp dir");
    // An L: the bar along the top and down the left side.
    let l = png(dir.path(), "l.png", 6, 6, |x, y| y == 0 || x == 0);
    let dot = png(dir.path(), "dot.png", 1, 1, |_, _| true);
    // Unrotated, the L's far end (5, 0) is solid and (5, 5) is not.
    assert_eq!(json(&run(&[s(&l), s(&dot), "--b-at", "5,0"]))["count"], 1);
    assert_eq!(json(&run(&[s(&l), s(&dot), "--b-at", "5,5"]))["count"], 0);
    // Turned 180° about its centre, the L's corner moves to (5, 5).
    let v = json(&run(&[
        s(&l),
        s(&dot),
        "--a-rotate",
        "180",
        "--b-at",
        "5,5",
    ]));
    assert_eq!(v["count"], 1);
    // Scaled 2× about its centre (3, 3): covers [-3, 9); the top bar is rows -3 and -2.
    let v = json(&run(&[s(&l), s(&dot), "--a-scale", "2", "--b-at", "8,-3"]));
    assert_eq!(v["count"], 1);
    let v = json(&run(&[s(&l), s(&dot), "--a-scale", "2", "--b-at", "8,-1"]));
    assert_eq!(v["count"], 0);
}

#[test]
fn bad_files_are_usage_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = png(dir.path(), "good.png", 2, 2, |_, _| true);
    let missing = dir.path().join("missing.png");
    let text = dir.path().join("text.png");
    std::fs::write(&text, "this is not an image").expect("write");
    let corrupt = dir.path().join("corrupt.png");
    let mut bytes = std::fs::read(&good).expect("read");
    bytes.truncate(30);
    std::fs::write(&corrupt, bytes).expect("write");
    let huge = png(dir.path(), "huge.png", 20_000, 1, |_, _| false);
    let subdir = dir.path().join("folder.png");
    std::fs::create_dir(&subdir).expect("mkdir");
    for bad in [&missing, &text, &corrupt, &huge, &subdir] {
        usage_error(&run(&[s(bad), s(&good), "--b-at", "0,0"]), s(bad));
        usage_error(&run(&[s(&good), s(bad), "--b-at", "0,0"]), s(bad));
    }
}

#[test]
fn bad_numbers_are_usage_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let p = png(dir.path(), "p.png", 2, 2, |_, _| true);
    let cases: &[(&[&str], &str)] = &[
        (&["--b-at", "abc"], "--b-at"),
        (&["--b-at", "1,2,3"], "--b-at"),
        (&["--b-at", "nan,0"], "--b-at"),
        (&["--b-at", "0,inf"], "--b-at"),
        (&["--b-at", "1e12,0"], "--b-at"),
        (&["--b-at", "0,0", "--a-at", "x,1"], "--a-at"),
        (&["--b-at", "0,0", "--a-scale", "0"], "--a-scale"),
        (&["--b-at", "0,0", "--b-scale", "-2"], "--b-scale"),
        (&["--b-at", "0,0", "--b-scale", "NaN"], "--b-scale"),
        (&["--b-at", "0,0", "--a-scale", "1000"], "--a-scale"),
        (&["--b-at", "0,0", "--a-rotate", "inf"], "--a-rotate"),
        (&["--b-at", "0,0", "--b-rotate", "ten"], "--b-rotate"),
        (&["--b-at", "0,0", "--alpha-min", "300"], "--alpha-min"),
        (&["--b-at", "0,0", "--alpha-min", "-1"], "--alpha-min"),
        (&[], "--b-at"),
    ];
    for (extra, flag) in cases {
        let mut args = vec![s(&p), s(&p)];
        args.extend_from_slice(extra);
        usage_error(&run(&args), flag);
    }
}
