//! The flags of `hitfield bench`, checked and handed to `crate::bench`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::usage_error;
use crate::bench::Options;

/// Flags of `hitfield bench`.
#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// Folder for results.csv, accuracy.csv, chart.png and report.md (created if missing).
    #[arg(long, value_name = "DIR", default_value = "bench-out")]
    pub out: PathBuf,
    /// A short run (under a minute): fewer frames per configuration.
    #[arg(long)]
    pub quick: bool,
}

/// Runs `hitfield bench`; every failure is one line and exit status 2.
pub fn run(args: BenchArgs) -> ExitCode {
    let options = Options {
        out: args.out,
        quick: args.quick,
    };
    match crate::bench::run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => usage_error(message),
    }
}
