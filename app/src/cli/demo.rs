//! The demo window's flags (rows in `flags/rows.rs`) and entry point.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hitfield::settings::Settings;

use super::flags::Given;
use super::run_args::RunArgs;
use super::usage_error;

use crate::demo::{Capture, DemoOptions, FitToWindow, Options, WindowSize};

/// Validates the flags, then opens the demo window.
pub fn run(given: &Given) -> ExitCode {
    match options(given) {
        Ok(options) => crate::demo::run(options),
        Err(message) => usage_error(message),
    }
}

/// The demo's options from its flags: settings and sprites resolved and
/// validated, output paths checked, so nothing fails after the window opens.
fn options(given: &Given) -> Result<DemoOptions, String> {
    let window_size = given.get::<String>("window-size").unwrap_or_default();
    let window_size = window_size
        .parse::<WindowSize>()
        .map_err(|e| format!("--window-size {window_size}: {e}"))?;
    let traces = super::trace_args::traces(given)?;
    let run = RunArgs::from(given);
    // What the user did not set is sized to the window when it opens.
    let fit = FitToWindow {
        canvas: !run.flags.given("field.width")
            && !run.flags.given("field.height")
            && run.preset.is_none(),
        particles: !run.flags.given("field.particles") && run.preset.is_none(),
    };
    let (settings, images) = run.resolve_from(Settings::demo())?;
    let frames: Option<u64> = given.get("frames");
    let screenshot: Option<PathBuf> = given.get("screenshot");
    if screenshot.is_some() && frames.is_none() {
        return Err("--screenshot: needs --frames N".to_string());
    }
    let (profile_csv, trace) = (given.get("profile-csv"), given.get("trace"));
    for (flag, path) in [
        ("screenshot", &screenshot),
        ("profile-csv", &profile_csv),
        ("trace", &trace),
    ] {
        if let Some(path) = path {
            check_output_path(path).map_err(|e| format!("--{flag} {}: {e}", path.display()))?;
        }
    }
    let png = |p: &Path| p.extension().is_some_and(|e| e.eq_ignore_ascii_case("png"));
    if let Some(path) = screenshot.as_deref().filter(|p| !png(p)) {
        return Err(format!(
            "--screenshot {}: must end in .png (screenshots are PNG files)",
            path.display()
        ));
    }
    Ok(DemoOptions {
        settings,
        images,
        window_size,
        vsync: !given.on("no-vsync"),
        session: Options {
            capture: frames.map(|frames| Capture { frames, screenshot }),
            profile_csv,
            trace,
            traces,
            fit,
        },
    })
}

/// A path we may write: it names a file, in a directory that exists.
fn check_output_path(path: &Path) -> Result<(), String> {
    if path.as_os_str().is_empty() || path.is_dir() {
        return Err(format!("`{}` is not a file path", path.display()));
    }
    match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => {
            Err(format!("directory `{}` does not exist", dir.display()))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_size_parses_and_rejects() {
        assert_eq!(
            "1280x800".parse::<WindowSize>(),
            Ok(WindowSize {
                width: 1280,
                height: 800
            })
        );
        assert_eq!(
            "640X480".parse::<WindowSize>().map(|s| s.to_string()),
            Ok("640x480".to_string())
        );
        for bad in [
            "", "1280", "x800", "1280x", "axb", "0x0", "10x800", "1280x-1",
        ] {
            assert!(bad.parse::<WindowSize>().is_err(), "{bad}");
        }
        assert!("99999x800".parse::<WindowSize>().is_err());
    }
}
