//! `hitfield headless`: run with no display and print one JSON report.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use hitfield::ships::ShipSprite;
use hitfield::world::World;

use super::run_args::RunArgs;

/// Flags of `hitfield headless`.
#[derive(Args, Debug, Clone)]
pub struct HeadlessArgs {
    /// Number of fixed steps to run.
    #[arg(long, value_name = "N", default_value_t = 600, allow_hyphen_values = true, value_parser = super::number::steps)]
    pub frames: u64,
    /// Write a Chrome trace-event JSON file of every step's spans (open it in
    /// Perfetto or chrome://tracing).
    #[arg(long, value_name = "PATH")]
    pub trace: Option<PathBuf>,
    /// Shared simulation flags.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Runs the headless simulation and prints the JSON report on stdout.
pub fn run(args: HeadlessArgs) -> ExitCode {
    let (settings, images) = match args.run.resolve() {
        Ok(resolved) => resolved,
        Err(message) => return super::usage_error(message),
    };
    let alpha_min = settings.ships.ship_alpha_min;
    let sprites = images
        .into_iter()
        .map(|(name, image)| ShipSprite::new(name, image, alpha_min))
        .collect();
    let mut world = match World::new(settings, sprites) {
        Ok(world) => world,
        Err(e) => return super::usage_error(e),
    };
    let tracing = match &args.trace {
        Some(path) => match start_trace(path) {
            Ok(tracing) => Some(tracing),
            Err(message) => return super::usage_error(message),
        },
        None => None,
    };
    let (mut profiler, contacts) = super::report::run(&mut world, args.frames);
    let traced = tracing.map(crate::trace::Tracing::finish);
    let report = super::report::to_json(&world, args.frames, &mut profiler, &contacts);
    let printed = super::print_report(report);
    match traced {
        Some(Ok(recorded)) => {
            eprintln!(
                "hitfield: wrote trace {} ({} events)",
                shown(&recorded.path).display(),
                recorded.events
            );
            printed
        }
        Some(Err(message)) => {
            eprintln!("hitfield: error: --trace: {message}");
            ExitCode::FAILURE
        }
        None => printed,
    }
}

/// Installs the trace writer and starts recording to `path`.
fn start_trace(path: &std::path::Path) -> Result<&'static crate::trace::Tracing, String> {
    let tracing = crate::trace::install(hitfield::clock::Clock::system())
        .ok_or_else(|| "--trace: another tracing subscriber is already installed".to_string())?;
    tracing.record(path).map_err(|e| format!("--trace: {e}"))?;
    Ok(tracing)
}

/// `path` made absolute for messages (as given when that fails).
fn shown(path: &std::path::Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}
