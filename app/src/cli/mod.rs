//! Command-line parsing and dispatch. Every usage error is one line on
//! stderr and exit status 2; `--help` and `--version` exit 0.

pub mod bench;
pub mod demo;
pub mod flags;
pub mod headless;
pub mod number;
pub mod overlap;
pub mod record_args;
pub mod report;
pub mod run_args;
pub mod setting_flags;
pub mod trace_args;

use std::process::ExitCode;

use clap::Command;

use flags::{Given, Where};
use setting_flags::SettingFlags;

/// The command line, made from the flags' rows ([`flags::FLAGS`]) and
/// the settings' rows (the setting flags of the demo and `headless`).
pub fn command() -> Command {
    let with_settings = |cmd: Command, at| SettingFlags::add(flags::add(cmd, at));
    let root = Command::new("hitfield")
        .version(env!("CARGO_PKG_VERSION"))
        .about(env!("CARGO_PKG_DESCRIPTION"))
        .args_conflicts_with_subcommands(true);
    with_settings(root, Where::Demo)
        .subcommand(with_settings(
            Command::new("headless")
                .about("Run the simulation with no display and print a JSON report"),
            Where::Headless,
        ))
        .subcommand(flags::add(
            Command::new("overlap")
                .about("Test two PNG sprites for pixel-perfect overlap and print JSON"),
            Where::Overlap,
        ))
        .subcommand(flags::add(
            Command::new("bench").about(
                "Sweep particle counts, intervals and threads; write CSV, a chart and an accuracy table",
            ),
            Where::Bench,
        ))
}

/// Exit status for bad input (usage errors, unreadable files, bad values).
pub const EXIT_USAGE: u8 = 2;

/// Prints a report on standard output. A reader that went away (`hitfield
/// headless … | head`) is not an error: the report is simply not wanted
/// any more. Any other write failure is reported and exits 1.
pub fn print_report(report: impl std::fmt::Display) -> ExitCode {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{report}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hitfield: error: writing the report to standard output: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints a one-line error for `what` and returns exit status 2.
pub fn usage_error(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("hitfield: error: {message}");
    ExitCode::from(EXIT_USAGE)
}

/// clap's error in our words. A bad value reads `--flag value: reason`, as
/// range errors do; anything else keeps clap's lines (the missing
/// arguments' names, the did-you-mean tip, the usage line), without blank
/// lines and the `--help` hint.
pub(crate) fn clap_message(err: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let text = |kind| match err.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    if err.kind() == ErrorKind::ValueValidation {
        if let (Some(arg), Some(value)) = (
            text(ContextKind::InvalidArg),
            text(ContextKind::InvalidValue),
        ) {
            let flag = arg.split_whitespace().next().unwrap_or(&arg);
            let reason = std::error::Error::source(err)
                .map(|e| e.to_string())
                .unwrap_or_else(|| "invalid value".to_string());
            return format!("{flag} {value}: {reason}");
        }
    }
    let rendered = err.render().to_string();
    let lines: Vec<&str> = rendered
        .lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with("For more information"))
        .collect();
    let joined = lines.join("\n");
    joined
        .strip_prefix("error: ")
        .unwrap_or(&joined)
        .to_string()
}

/// Parses the command line and runs what it names.
pub fn main() -> ExitCode {
    let matches = match command().try_get_matches() {
        Ok(matches) => matches,
        Err(err) => {
            use clap::error::ErrorKind;
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) {
                let _ = err.print();
                return ExitCode::SUCCESS;
            }
            return usage_error(clap_message(&err));
        }
    };
    match matches.subcommand() {
        Some(("headless", m)) => headless::run(&Given(m)),
        Some(("overlap", m)) => overlap::run(&Given(m)),
        Some(("bench", m)) => bench::run(&Given(m)),
        _ => demo::run(&Given(&matches)),
    }
}
