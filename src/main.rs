//! The `hitfield` binary: the demo window (default), the headless runner and tools.

mod cli;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main()
}
