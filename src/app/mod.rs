//! The desktop demo window (macroquad): the live field, ships and contacts,
//! a settings panel that edits the running world, a profiler overlay, and
//! a capture mode (`--frames N --screenshot PATH`) for tests and docs.

mod input;
mod letterbox;
mod overlay;
mod panel;
mod render;
mod scales;
mod screenshot;
mod session;
mod stepper;
mod theme;
mod widgets;

use std::cell::Cell;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;

use macroquad::miniquad;
use macroquad::texture::FilterMode;

use crate::cli::demo::{DemoArgs, WindowSize};
use crate::cli::usage_error;

/// Exit status when the window cannot be opened or the capture not written.
const EXIT_FAILURE: u8 = 1;

/// Capture mode: run this many frames, then save the window (optional) and exit.
#[derive(Clone, Debug)]
pub struct Capture {
    /// Frames to render.
    pub frames: u64,
    /// Where to save the last frame.
    pub screenshot: Option<PathBuf>,
}

/// Validates the flags, opens the window and runs until it closes.
pub fn run(args: DemoArgs) -> ExitCode {
    let DemoArgs {
        run,
        frames,
        screenshot,
        window_size,
        no_vsync,
        profile_csv,
    } = args;
    let (settings, images) = match run.resolve() {
        Ok(v) => v,
        Err(e) => return usage_error(e),
    };
    if let Some(path) = &screenshot {
        if let Err(e) = check_output_path(path) {
            return usage_error(format!("--screenshot: {e}"));
        }
    }
    if let Some(path) = &profile_csv {
        if let Err(e) = check_output_path(path) {
            return usage_error(format!("--profile-csv: {e}"));
        }
    }
    #[cfg(target_os = "linux")]
    if std::env::var_os("DISPLAY").is_none() {
        eprintln!(
            "hitfield: error: no display (DISPLAY is not set); run it on a desktop, under \
             `xvfb-run -a hitfield`, or use `hitfield headless`"
        );
        return ExitCode::from(EXIT_FAILURE);
    }
    let capture = frames.map(|frames| Capture { frames, screenshot });
    let status = Rc::new(Cell::new(0u8));
    let status_in = Rc::clone(&status);
    let conf = window_conf(window_size.unwrap_or_default(), !no_vsync);
    let options = session::Options {
        capture,
        profile_csv,
    };
    macroquad::Window::from_config(conf, async move {
        let code = session::Session::new(settings, images, options).run().await;
        status_in.set(code);
        // Where the platform's event loop never returns, leave from here;
        // every file was written and closed before the session returned.
        #[cfg(not(target_os = "linux"))]
        std::process::exit(i32::from(code));
    });
    ExitCode::from(status.get())
}

/// A path we may write: it names a file, in a directory that exists.
fn check_output_path(path: &std::path::Path) -> Result<(), String> {
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

fn window_conf(size: WindowSize, vsync: bool) -> macroquad::conf::Conf {
    let mut mq = miniquad::conf::Conf {
        window_title: "hitfield: pixel-perfect collision".to_string(),
        window_width: size.width as i32,
        window_height: size.height as i32,
        window_resizable: true,
        high_dpi: false,
        ..Default::default()
    };
    mq.platform.swap_interval = Some(if vsync { 1 } else { 0 });
    macroquad::conf::Conf {
        miniquad_conf: mq,
        default_filter_mode: FilterMode::Nearest,
        ..Default::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_paths_need_an_existing_directory() {
        let dir = tempfile::tempdir().expect("tempdir");
        assert!(check_output_path(&dir.path().join("shot.png")).is_ok());
        assert!(check_output_path(std::path::Path::new("shot.png")).is_ok());
        assert!(check_output_path(dir.path()).is_err());
        assert!(check_output_path(&dir.path().join("missing/shot.png")).is_err());
        assert!(check_output_path(std::path::Path::new("")).is_err());
    }
}
