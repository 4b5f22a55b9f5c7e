//! The demo window's flags and entry point.

use std::fmt;
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;

use clap::Args;

use super::run_args::RunArgs;

/// Flags of the demo window (no subcommand).
#[derive(Args, Debug, Clone, Default)]
pub struct DemoArgs {
    /// Shared simulation flags.
    #[command(flatten)]
    pub run: RunArgs,
    /// Render N frames (exactly one simulation step each, so captures are
    /// reproducible), then exit with status 0.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub frames: Option<u64>,
    /// With --frames: save the window as a PNG after the last frame.
    #[arg(long, value_name = "PATH", requires = "frames")]
    pub screenshot: Option<PathBuf>,
    /// Window size in pixels, e.g. 1280x800.
    #[arg(long, value_name = "WxH")]
    pub window_size: Option<WindowSize>,
    /// Do not wait for vertical sync (frame rate is then not capped by the display).
    #[arg(long)]
    pub no_vsync: bool,
    /// Where the C key writes the profiler CSV (default: `hitfield-frames-<unix time>.csv`).
    /// With --frames it is also written when the run ends.
    #[arg(long, value_name = "PATH")]
    pub profile_csv: Option<PathBuf>,
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

/// Opens the demo window.
#[cfg(feature = "app")]
pub fn run(args: DemoArgs) -> ExitCode {
    crate::app::run(args)
}

/// Without the `app` feature there is no window to open.
#[cfg(not(feature = "app"))]
pub fn run(args: DemoArgs) -> ExitCode {
    let _ = args;
    super::usage_error(
        "this hitfield was built without the `app` feature, so it has no demo window; \
         try `hitfield headless`",
    )
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
