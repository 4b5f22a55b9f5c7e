//! `hitfield headless`: run with no display and print one JSON report.

use std::process::ExitCode;

use clap::Args;

use super::run_args::RunArgs;

/// Flags of `hitfield headless`.
#[derive(Args, Debug, Clone)]
pub struct HeadlessArgs {
    /// Number of fixed steps to run.
    #[arg(long, value_name = "N", default_value_t = 600)]
    pub frames: u64,
    /// Shared simulation flags.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs the headless simulation.
pub fn run(args: HeadlessArgs) -> ExitCode {
    let _ = args;
    super::usage_error("headless: not built yet")
}
