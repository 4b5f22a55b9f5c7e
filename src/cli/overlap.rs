//! `hitfield overlap A.png B.png`: pixel-perfect overlap of two sprites as JSON.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

/// Flags of `hitfield overlap`.
#[derive(Args, Debug, Clone)]
pub struct OverlapArgs {
    /// Sprite A (PNG).
    pub a: PathBuf,
    /// Sprite B (PNG).
    pub b: PathBuf,
}

/// Runs the overlap query.
pub fn run(args: OverlapArgs) -> ExitCode {
    let _ = args;
    super::usage_error("overlap: not built yet")
}
