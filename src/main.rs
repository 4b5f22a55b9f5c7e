//! The `hitfield` binary: the demo window (default), the headless runner and tools.

#[cfg(feature = "app")]
mod app;
mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
