//! The demo window's flags and entry point.

use std::process::ExitCode;

use clap::Args;

use super::run_args::RunArgs;

/// Flags of the demo window (no subcommand).
#[derive(Args, Debug, Clone, Default)]
pub struct DemoArgs {
    /// Shared simulation flags.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Opens the demo window.
pub fn run(args: DemoArgs) -> ExitCode {
    let _ = args;
    super::usage_error("the demo window is not built yet; try `hitfield headless`")
}
