//! The demo (macroquad), in a desktop window or a web page: the live field,
//! ships and contacts, a settings panel that edits the running world, a
//! profiler, and a capture mode (`--frames N --screenshot PATH`) for tests
//! and docs. What differs in the browser is in `platform`.

mod fit;
mod hover;
mod keys;
mod layout;
mod letterbox;
mod markers;
mod overlay;
mod page;
mod platform;
mod render;
mod scales;
mod screenshot;
mod session;
mod settings_panel;
#[cfg(not(target_arch = "wasm32"))]
mod settings_text;
mod value_entry;

use std::cell::Cell;
use std::fmt;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::str::FromStr;

use macroquad::miniquad;
use macroquad::texture::FilterMode;

use hitfield::assets::{self, NamedImage};
use hitfield::settings::Settings;

pub use fit::FitToWindow;

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

/// Everything the demo needs to start, already validated.
#[derive(Clone, Debug)]
pub struct DemoOptions {
    /// The settings of the first world.
    pub settings: Settings,
    /// The ship sprites' images.
    pub images: Vec<NamedImage>,
    /// Capture mode, if any.
    pub capture: Option<Capture>,
    /// The window's size on opening.
    pub window_size: WindowSize,
    /// Wait for vertical sync.
    pub vsync: bool,
    /// Where C writes the profiler CSV.
    pub profile_csv: Option<PathBuf>,
    /// Record a trace of the first frames here (`--trace`).
    pub trace: Option<PathBuf>,
    /// Trace files' cap and folder, and capture on spike.
    pub traces: TraceOptions,
    /// What the first world sizes from the window (what the user did not set).
    pub fit: FitToWindow,
}

impl DemoOptions {
    /// The demo's settings ([`Settings::demo`], sized to the window) and the
    /// embedded sprites, as when run with no flags.
    #[cfg_attr(feature = "cli", allow(dead_code))]
    pub fn with_defaults() -> DemoOptions {
        DemoOptions {
            settings: Settings::demo(),
            images: assets::default_sprites(),
            capture: None,
            window_size: WindowSize::default(),
            vsync: true,
            profile_csv: None,
            trace: None,
            traces: TraceOptions::default(),
            fit: FitToWindow::ALL,
        }
    }
}

/// Where trace files go and how big they get, and capture on spike.
#[derive(Clone, Debug)]
pub struct TraceOptions {
    /// Each trace file's size cap in bytes (`--trace-max-mb`).
    pub cap_bytes: u64,
    /// The folder for T's traces and spike captures (`--trace-dir`).
    pub dir: PathBuf,
    /// Capture on spike (`--spike-ms`), if on from the start.
    pub spike: Option<crate::trace::spike::SpikeOptions>,
}

impl Default for TraceOptions {
    fn default() -> Self {
        TraceOptions {
            cap_bytes: crate::trace::DEFAULT_CAP_BYTES,
            dir: PathBuf::from("."),
            spike: None,
        }
    }
}

/// Opens the window and runs until it closes.
pub fn run(options: DemoOptions) -> ExitCode {
    let DemoOptions {
        settings,
        images,
        capture,
        window_size,
        vsync,
        profile_csv,
        trace,
        traces,
        fit,
    } = options;
    if images.is_empty() {
        eprintln!("hitfield: error: no ship sprites to show");
        return ExitCode::from(EXIT_FAILURE);
    }
    #[cfg(target_os = "linux")]
    if std::env::var_os("DISPLAY").is_none() {
        eprintln!(
            "hitfield: error: no display (DISPLAY is not set); run it on a desktop, under \
             `xvfb-run -a hitfield`, or use `hitfield headless`"
        );
        return ExitCode::from(EXIT_FAILURE);
    }
    if let Err(e) = settings.validate() {
        eprintln!("hitfield: error: {e}");
        return ExitCode::from(EXIT_FAILURE);
    }
    let status = Rc::new(Cell::new(0u8));
    let status_in = Rc::clone(&status);
    let conf = window_conf(window_size, vsync);
    let mut settings = settings;
    platform::adapt(&mut settings);
    let options = session::Options {
        capture,
        profile_csv,
        trace,
        traces,
        fit,
    };
    macroquad::Window::from_config(conf, async move {
        platform::report_panics();
        let code = match session::Session::new(settings, images, options) {
            Ok(session) => session.run().await,
            Err(e) => {
                eprintln!("hitfield: error: {e}");
                EXIT_FAILURE
            }
        };
        status_in.set(code);
        // Where the platform's event loop never returns, leave from here;
        // every file was written and closed before the session returned.
        #[cfg(not(target_os = "linux"))]
        std::process::exit(i32::from(code));
    });
    ExitCode::from(status.get())
}

/// A window size given as `WxH`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WindowSize {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

impl WindowSize {
    /// Smallest accepted side.
    pub const MIN: u32 = 64;
    /// Largest accepted side.
    pub const MAX: u32 = 16384;
}

impl Default for WindowSize {
    fn default() -> Self {
        Self {
            width: 1280,
            height: 800,
        }
    }
}

impl fmt::Display for WindowSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for WindowSize {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || format!("expected WxH such as 1280x800, got `{s}`");
        let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
        let width: u32 = w.trim().parse().map_err(|_| bad())?;
        let height: u32 = h.trim().parse().map_err(|_| bad())?;
        let range = Self::MIN..=Self::MAX;
        if !range.contains(&width) || !range.contains(&height) {
            return Err(format!(
                "each side must be in {}..={}, got `{s}`",
                Self::MIN,
                Self::MAX
            ));
        }
        Ok(Self { width, height })
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
