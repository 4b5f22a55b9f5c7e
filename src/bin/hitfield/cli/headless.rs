//! `hitfield headless`: run with no display and print one JSON report.

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
    let (mut profiler, contacts) = super::report::run(&mut world, args.frames);
    let report = super::report::to_json(&world, args.frames, &mut profiler, &contacts);
    super::print_report(report)
}
