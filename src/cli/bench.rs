//! `hitfield bench`: the scaling sweep and accuracy report.

use std::process::ExitCode;

use clap::Args;

/// Flags of `hitfield bench`.
#[derive(Args, Debug, Clone)]
pub struct BenchArgs {}

/// Runs the benchmark sweep.
pub fn run(args: BenchArgs) -> ExitCode {
    let _ = args;
    super::usage_error("bench: not built yet")
}
