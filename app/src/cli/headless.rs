//! `hitfield headless`: run with no display and print one JSON report.

use std::path::PathBuf;
use std::process::ExitCode;

use hitfield::ships::ShipSprite;
use hitfield::world::World;

use super::flags::Given;
use super::record_args::RecordArgs;
use super::run_args::RunArgs;
use super::trace_args::TraceArgs;
use crate::clip::Clip;
use crate::paths::shown;
use crate::trace::spike::SpikeWatch;
use crate::trace::Tracing;

/// Flags of `hitfield headless`; their rows are in `flags/rows.rs`.
#[derive(Debug, Clone)]
pub struct HeadlessArgs {
    pub frames: u64,
    pub trace: Option<PathBuf>,
    pub traces: TraceArgs,
    pub clip: RecordArgs,
    pub run: RunArgs,
}

impl HeadlessArgs {
    /// The flags clap read.
    pub fn from(given: &Given) -> Result<HeadlessArgs, String> {
        Ok(HeadlessArgs {
            frames: given.get("frames").unwrap_or(600),
            trace: given.get("trace"),
            traces: TraceArgs::from(given)?,
            clip: RecordArgs::from(given)?,
            run: RunArgs::from(given),
        })
    }
}

/// Runs the headless simulation and prints the JSON report on stdout.
pub fn run(given: &Given) -> ExitCode {
    let args = match HeadlessArgs::from(given) {
        Ok(args) => args,
        Err(message) => return super::usage_error(message),
    };
    let (settings, images) = match args.run.resolve() {
        Ok(resolved) => resolved,
        Err(message) => return super::usage_error(message),
    };
    if let Some(flag) = args.clip.stray() {
        return super::usage_error(format!("{flag}: needs --record PATH"));
    }
    if args.clip.record.is_some() && args.frames == 0 {
        return super::usage_error("--frames 0: --record needs 1 or more frames");
    }
    let mut clip = match &args.clip.record {
        Some(path) => {
            let options = args.clip.options(settings.step_ms);
            match Clip::new(path, settings.field.width, settings.field.height, &options) {
                Ok(clip) => Some(clip),
                Err(e) => return super::usage_error(format!("--record {}: {e}", path.display())),
            }
        }
        None => None,
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
    let spike = args.traces.spike();
    let tracing = if args.trace.is_some() || spike.is_some() {
        match install() {
            Ok(tracing) => Some(tracing),
            Err(message) => return super::usage_error(message),
        }
    } else {
        None
    };
    let recording = match (&args.trace, tracing) {
        (Some(path), Some(tracing)) => match tracing.record(path, args.traces.cap_bytes()) {
            Ok(()) => Some(tracing),
            Err(e) => return super::usage_error(format!("--trace: {e}")),
        },
        _ => None,
    };
    let mut watch = match (spike, tracing) {
        (Some(options), Some(tracing)) => Some(SpikeWatch::new(tracing, options, "step")),
        _ => None,
    };
    let every = args.clip.every();
    let mut limit_told = false;
    let mut step = 0u64;
    let record = |world: &World| {
        let Some(clip) = clip.as_mut() else { return };
        // Frames after steps 1, K + 1, 2K + 1, …
        step += 1;
        if !(step - 1).is_multiple_of(every) {
            return;
        }
        let canvas = world.field().canvas();
        if !clip.push(canvas.rgba_bytes(), canvas.width(), canvas.height()) && !limit_told {
            limit_told = true;
            eprintln!(
                "hitfield: --record: size limit reached after {} frames; no more frames added",
                clip.frames()
            );
        }
    };
    let (mut profiler, contacts) =
        super::report::run(&mut world, args.frames, watch.as_mut(), record);
    let clipped = clip.map(Clip::finish);
    let traced = recording.map(Tracing::finish);
    let report = super::report::to_json(&world, args.frames, &mut profiler, &contacts);
    let printed = super::print_report(report);
    let clipped = clipped.map(|r| r.map(|c| ("clip", c.path.clone(), c.describe())));
    let traced = traced.map(|r| r.map(|t| ("trace", t.path.clone(), t.summary())));
    [("--record", clipped), ("--trace", traced)]
        .into_iter()
        .fold(printed, |printed, (flag, written)| match written {
            Some(Ok((what, path, summary))) => {
                eprintln!(
                    "hitfield: wrote {what} {} ({summary})",
                    shown(&path).display()
                );
                printed
            }
            Some(Err(message)) => {
                eprintln!("hitfield: error: {flag}: {message}");
                ExitCode::FAILURE
            }
            None => printed,
        })
}

/// Installs the trace writer (for `--trace` or `--spike-ms`).
fn install() -> Result<&'static Tracing, String> {
    crate::trace::install(hitfield::clock::Clock::system())
        .ok_or_else(|| "--trace: another tracing subscriber is already installed".to_string())
}
