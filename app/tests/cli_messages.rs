//! Command-line messages a user can act on: clap's own errors keep the
//! missing argument names and the did-you-mean tips, `--help` shows every
//! default, every numeric flag reads numbers the same way, and a bad value
//! reads `--flag value: reason` whichever subcommand it came to.
#![cfg(feature = "cli")]

use std::process::{Command, Output};

fn hitfield(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hitfield"))
        .args(args)
        .env_remove("DISPLAY")
        .env("RAYON_NUM_THREADS", "1")
        .output()
        .expect("run hitfield")
}

/// Exit status 2, nothing on stdout, no panic: stderr.
fn refused(args: &[&str]) -> String {
    let out = hitfield(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(out.stdout.is_empty(), "{args:?}");
    assert!(err.starts_with("hitfield: error: "), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}

#[test]
fn missing_arguments_are_named() {
    let err = refused(&["overlap", "a.png", "--b-at", "20,6"]);
    assert!(
        err.contains("required arguments were not provided"),
        "{err}"
    );
    let named = err
        .lines()
        .skip(1)
        .any(|l| l.trim_start().starts_with('<') || l.trim_start().starts_with("--"));
    assert!(named, "no argument named after the colon: {err}");
}

#[test]
fn did_you_mean_tips_survive() {
    let err = refused(&["headless", "--particle", "5"]);
    assert!(
        err.contains("tip:") && err.contains("'--particles'"),
        "{err}"
    );
    let err = refused(&["headlss"]);
    assert!(err.contains("tip:") && err.contains("'headless'"), "{err}");
}

#[test]
fn help_shows_every_default() {
    // The run flags both commands take, then each command's own.
    let run = [
        "--particles",
        "--ships",
        "--seed",
        "--sample-interval-ms",
        "--width",
        "--height",
        "--ship",
        "--preset",
    ];
    let demo: Vec<&str> = run.iter().copied().chain(["--window-size"]).collect();
    let headless: Vec<&str> = ["--frames"].into_iter().chain(run).collect();
    for (args, flags) in [
        (&["--help"][..], &demo[..]),
        (&["headless", "--help"][..], &headless[..]),
    ] {
        let out = hitfield(args);
        assert!(out.status.success(), "{args:?}");
        let help = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = help.lines().collect();
        for flag in flags {
            // The flag's entry: its line and the lines up to the next flag.
            let first = lines
                .iter()
                .position(|l| l.trim_start().split([' ', ',']).any(|w| w == *flag))
                .unwrap_or_else(|| panic!("{flag} missing from {help}"));
            let rest = lines[first + 1..]
                .iter()
                .take_while(|l| !l.trim_start().starts_with('-'));
            let entry: Vec<&str> = std::iter::once(lines[first]).chain(rest.copied()).collect();
            let entry = entry.join("\n");
            assert!(
                entry.contains("[default: "),
                "{args:?}: {flag} has no default:\n{entry}"
            );
        }
    }
}

#[test]
fn every_numeric_flag_reads_the_same_numbers() {
    let out = hitfield(&[
        "headless",
        "--frames",
        "2e0",
        "--particles",
        "1e3",
        "--ships",
        "2.0",
        "--width",
        "64",
        "--height",
        "4.8e1",
        "--sample-interval-ms",
        "1e2",
        "--seed",
        "7",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(report["particles"], 1000);
    assert_eq!(report["ships"], 2);
    assert_eq!(report["height"], 48);
}

#[test]
fn bad_values_read_flag_value_reason() {
    for (args, want) in [
        (
            &["headless", "--particles", "-5"][..],
            "hitfield: error: --particles -5: must be at least 0\n",
        ),
        (
            &["headless", "--width", "-3"][..],
            "hitfield: error: --width -3: must be at least 1 pixel\n",
        ),
        (
            &["headless", "--ships", "1.5"][..],
            "hitfield: error: --ships 1.5: must be a whole number\n",
        ),
        (
            &["headless", "--particles", "many"][..],
            "hitfield: error: --particles many: must be a number, such as 20000 or 2e4\n",
        ),
        (
            &["headless", "--frames", "-1"][..],
            "hitfield: error: --frames -1: must be at least 0\n",
        ),
        (
            &["--frames", "0"][..],
            "hitfield: error: --frames 0: must be at least 1\n",
        ),
        (
            &["--particles", "-5"][..],
            "hitfield: error: --particles -5: must be at least 0\n",
        ),
    ] {
        assert_eq!(refused(args), want, "{args:?}");
    }
}

#[test]
fn screenshots_must_be_png_before_any_window() {
    let err = refused(&["--frames", "1", "--screenshot", "x.jpg"]);
    assert_eq!(
        err,
        "hitfield: error: --screenshot x.jpg: must end in .png (screenshots are PNG files)\n"
    );
}

#[test]
fn developer_runs_are_not_flags_of_the_users_binary() {
    for flag in ["--memory", "--sustained"] {
        let err = refused(&["bench", flag]);
        assert!(err.contains(flag), "{err}");
    }
}
