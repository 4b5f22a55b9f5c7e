//! The demo window's flags and entry point.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hitfield::settings::Settings;

use super::flags::Given;
use super::run_args::RunArgs;
use super::trace_args::TraceArgs;
use super::usage_error;

use crate::demo::{Capture, DemoOptions, FitToWindow, WindowSize};

/// Flags of the demo window (no subcommand); their rows are in
/// `flags/rows.rs`.
#[derive(Debug, Clone, Default)]
pub struct DemoArgs {
    pub run: RunArgs,
    pub frames: Option<u64>,
    pub screenshot: Option<PathBuf>,
    pub window_size: Option<WindowSize>,
    pub no_vsync: bool,
    pub profile_csv: Option<PathBuf>,
    pub trace: Option<PathBuf>,
    pub traces: TraceArgs,
}

impl DemoArgs {
    /// The flags clap read; `--window-size` is read here.
    pub fn from(given: &Given) -> Result<DemoArgs, String> {
        let window_size = match given.typed::<String>("window-size") {
            Some(text) => Some(
                text.parse::<WindowSize>()
                    .map_err(|e| format!("--window-size {text}: {e}"))?,
            ),
            None => None,
        };
        Ok(DemoArgs {
            run: RunArgs::from(given),
            frames: given.get("frames"),
            screenshot: given.get("screenshot"),
            window_size,
            no_vsync: given.on("no-vsync"),
            profile_csv: given.get("profile-csv"),
            trace: given.get("trace"),
            traces: TraceArgs::from(given)?,
        })
    }
}

/// Validates the flags, then opens the demo window.
pub fn run(given: &Given) -> ExitCode {
    match DemoArgs::from(given).and_then(options) {
        Ok(options) => crate::demo::run(options),
        Err(message) => usage_error(message),
    }
}

/// The demo's options from its flags: settings and sprites resolved and
/// validated, output paths checked, so nothing fails after the window opens.
pub fn options(args: DemoArgs) -> Result<DemoOptions, String> {
    let DemoArgs {
        run,
        frames,
        screenshot,
        window_size,
        no_vsync,
        profile_csv,
        trace,
        traces,
    } = args;
    // What the user did not set is sized to the window when it opens.
    let fit = FitToWindow {
        canvas: !run.flags.given("field.width")
            && !run.flags.given("field.height")
            && run.preset.is_none(),
        particles: !run.flags.given("field.particles") && run.preset.is_none(),
    };
    let (settings, images) = run.resolve_from(Settings::demo())?;
    if screenshot.is_some() && frames.is_none() {
        return Err("--screenshot: needs --frames N".to_string());
    }
    let outputs = [
        ("screenshot", &screenshot),
        ("profile-csv", &profile_csv),
        ("trace", &trace),
    ];
    for (flag, path) in outputs {
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
        capture: frames.map(|frames| Capture { frames, screenshot }),
        window_size: window_size.unwrap_or_default(),
        vsync: !no_vsync,
        profile_csv,
        trace,
        traces: crate::demo::TraceOptions {
            cap_bytes: traces.cap_bytes(),
            dir: traces.dir(),
            spike: traces.spike(),
        },
        fit,
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
    fn output_paths_need_an_existing_directory() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert!(check_output_path(&dir.path().join("shot.png")).is_ok());
        assert!(check_output_path(Path::new("shot.png")).is_ok());
        assert!(check_output_path(dir.path()).is_err());
        assert!(check_output_path(&dir.path().join("missing/shot.png")).is_err());
        assert!(check_output_path(Path::new("")).is_err());
    }

    #[test]
    fn screenshots_must_be_png_files() {
        let args = |path: &str| DemoArgs {
            frames: Some(1),
            screenshot: Some(PathBuf::from(path)),
            ..DemoArgs::default()
        };
        assert!(options(args("shot.png")).is_ok());
        assert!(options(args("shot.PNG")).is_ok());
        let err = options(args("shot.jpg")).err();
        assert_eq!(
            err.as_deref(),
            Some("--screenshot shot.jpg: must end in .png (screenshots are PNG files)")
        );
        assert!(options(args("shot")).is_err());
    }

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
