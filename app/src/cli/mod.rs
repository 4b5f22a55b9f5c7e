//! Command-line parsing and dispatch. Every usage error is one line on
//! stderr and exit status 2; `--help` and `--version` exit 0.

pub mod bench;
pub mod demo;
pub mod headless;
pub mod number;
pub mod overlap;
pub mod record_args;
pub mod report;
pub mod run_args;
pub mod setting_flags;
pub mod trace_args;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Pixel-perfect collision against a dense, fading particle field.
#[derive(Parser, Debug)]
#[command(
    name = "hitfield",
    version,
    about,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    /// With no subcommand: the demo window.
    #[command(flatten)]
    pub demo: demo::DemoArgs,
    /// What to run.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Run the simulation with no display and print a JSON report.
    Headless(headless::HeadlessArgs),
    /// Test two PNG sprites for pixel-perfect overlap and print JSON.
    Overlap(overlap::OverlapArgs),
    /// Sweep particle counts, intervals and threads; write CSV, a chart and an accuracy table.
    Bench(bench::BenchArgs),
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
fn clap_message(err: &clap::Error) -> String {
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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
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
    match cli.command {
        None => demo::run(cli.demo),
        Some(Command::Headless(args)) => headless::run(args),
        Some(Command::Overlap(args)) => overlap::run(args),
        Some(Command::Bench(args)) => bench::run(args),
    }
}
