//! Command-line plumbing shared by the headless examples (not part of what
//! they show): an error ends the run with one line on stderr and status 1,
//! and numeric arguments are read with a message naming the bad one.

use std::process::ExitCode;
use std::str::FromStr;

/// The exit status for `result`, printing its error first.
pub fn exit(result: Result<(), Box<dyn std::error::Error>>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Command-line argument `n` (1 is the first) parsed as a `T`, or `default`
/// when it is absent; `name` names it in the error.
#[allow(dead_code)] // not every example takes arguments
pub fn arg<T: FromStr>(n: usize, name: &str, default: T) -> Result<T, String>
where
    T::Err: std::fmt::Display,
{
    match std::env::args().nth(n) {
        Some(text) => text
            .parse()
            .map_err(|e| format!("{name} must be a whole number, got {text:?}: {e}")),
        None => Ok(default),
    }
}
