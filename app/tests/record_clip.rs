//! `hitfield headless --record`: the clip has one frame per step (or per K
//! steps), keeps to its size limit, and bad clip flags exit 2 naming the
//! flag.

use std::path::Path;
use std::process::{Command, Output};

fn headless(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hitfield"))
        .arg("headless")
        .args([
            "--particles",
            "20000",
            "--ships",
            "4",
            "--width",
            "320",
            "--height",
            "200",
        ])
        .args(args)
        .env("RAYON_NUM_THREADS", "2")
        .output()
        .expect("run hitfield")
}

/// Frames and size of a GIF, decoded with the crate that wrote it.
fn frames(path: &Path) -> (u64, (u16, u16)) {
    let file = std::fs::File::open(path).expect("open the clip");
    let mut decoder = gif::DecodeOptions::new().read_info(file).expect("a GIF");
    let size = (decoder.width(), decoder.height());
    let mut n = 0;
    while decoder.read_next_frame().expect("a frame").is_some() {
        n += 1;
    }
    (n, size)
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_clip_has_n_frames() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("clip.gif");
    let p = path.to_str().expect("utf-8 path");
    let out = headless(&["--frames", "12", "--record", p]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(frames(&path), (12, (80, 50)));
    assert!(stderr(&out).contains("wrote clip"), "{}", stderr(&out));

    let out = headless(&[
        "--frames",
        "12",
        "--record",
        p,
        "--record-every",
        "5",
        "--record-scale",
        "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    // Steps 1, 6 and 11.
    assert_eq!(frames(&path), (3, (320, 200)));
}

#[test]
fn the_size_limit_holds() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("clip.gif");
    let p = path.to_str().expect("utf-8 path");
    let out = headless(&[
        "--frames",
        "200",
        "--record",
        p,
        "--record-scale",
        "1",
        "--record-max-mb",
        "0.0625",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let bytes = std::fs::metadata(&path).expect("clip").len();
    assert!(bytes <= 65_536, "{bytes} bytes");
    let (n, _) = frames(&path);
    assert!((1..200).contains(&n), "{n} frames");
    assert!(
        stderr(&out).contains("size limit reached"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_clip_flags_exit_2_naming_the_flag() {
    let dir = tempfile::tempdir().expect("tempdir");
    let gif = dir.path().join("c.gif");
    let gif = gif.to_str().expect("utf-8 path");
    let cases: &[(&[&str], &str)] = &[
        (
            &["--record", "clip.png"],
            "--record clip.png: must end in .gif",
        ),
        (
            &["--record", "/no/such/folder/c.gif"],
            "--record /no/such/folder/c.gif: no such folder",
        ),
        (
            &["--record", gif, "--record-scale", "0"],
            "--record-scale 0: must be from",
        ),
        (
            &["--record", gif, "--record-scale", "-1"],
            "--record-scale -1: must be from",
        ),
        (
            &["--record", gif, "--record-max-mb", "1e9"],
            "--record-max-mb 1e9: must be from",
        ),
        (
            &["--record", gif, "--record-every", "0"],
            "--record-every 0: must be at least 1",
        ),
        (
            &["--record-every", "2"],
            "--record-every: needs --record PATH",
        ),
        (
            &["--record", gif, "--frames", "0"],
            "--frames 0: --record needs",
        ),
    ];
    for (args, want) in cases {
        let out = headless(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(want), "{args:?}: {}", stderr(&out));
        assert_eq!(
            stderr(&out).lines().count(),
            1,
            "{args:?}: {}",
            stderr(&out)
        );
    }
    assert!(!Path::new(gif).exists());
}
