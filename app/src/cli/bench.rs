//! The flags of `hitfield bench` (rows in `flags/rows.rs`), handed to
//! `crate::bench`.

use std::path::PathBuf;
use std::process::ExitCode;

use super::flags::Given;
use super::usage_error;
use crate::bench::Options;

/// Runs `hitfield bench`; every failure is one line and exit status 2.
pub fn run(given: &Given) -> ExitCode {
    let options = Options {
        out: given.get::<PathBuf>("out").unwrap_or_default(),
        quick: given.on("quick"),
    };
    match crate::bench::run(&options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => usage_error(message),
    }
}
