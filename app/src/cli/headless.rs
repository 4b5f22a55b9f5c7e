//! `hitfield headless`: run with no display and print one JSON report.

use std::process::ExitCode;

use hitfield::ships::ShipSprite;
use hitfield::world::World;

use super::flags::Given;
use super::run_args::RunArgs;
use super::usage_error;
use crate::clip::Clip;
use crate::paths::shown;
use crate::trace::spike::SpikeWatch;
use crate::trace::Tracing;

/// Runs the headless simulation and prints the JSON report on stdout.
pub fn run(given: &Given) -> ExitCode {
    let frames = given.get::<u64>("frames").unwrap_or(600);
    let trace = given.get::<std::path::PathBuf>("trace");
    let traces = match super::trace_args::traces(given) {
        Ok(traces) => traces,
        Err(message) => return usage_error(message),
    };
    let (settings, images) = match RunArgs::from(given).resolve() {
        Ok(resolved) => resolved,
        Err(message) => return usage_error(message),
    };
    let (mut clip, every) = match super::record_args::clip(given, settings.step_ms) {
        Ok(None) => (None, 1),
        Ok(Some(_)) if frames == 0 => {
            return usage_error("--frames 0: --record needs 1 or more frames")
        }
        Ok(Some((path, options, every))) => {
            let (w, h) = (settings.field.width, settings.field.height);
            match Clip::new(&path, w, h, &options) {
                Ok(clip) => (Some(clip), every),
                Err(e) => return usage_error(format!("--record {}: {e}", path.display())),
            }
        }
        Err(message) => return usage_error(message),
    };
    let alpha_min = settings.ships.ship_alpha_min;
    let sprites = images
        .into_iter()
        .map(|(name, image)| ShipSprite::new(name, image, alpha_min))
        .collect();
    let mut world = match World::new(settings, sprites) {
        Ok(world) => world,
        Err(e) => return usage_error(e),
    };
    let tracing = if trace.is_some() || traces.spike.is_some() {
        match crate::trace::install(hitfield::clock::Clock::system()) {
            Some(tracing) => Some(tracing),
            None => return usage_error("--trace: another tracing subscriber is already installed"),
        }
    } else {
        None
    };
    let recording = match (&trace, tracing) {
        (Some(path), Some(tracing)) => match tracing.record(path, traces.cap_bytes) {
            Ok(()) => Some(tracing),
            Err(e) => return usage_error(format!("--trace: {e}")),
        },
        _ => None,
    };
    let mut watch = match (traces.spike, tracing) {
        (Some(options), Some(tracing)) => Some(SpikeWatch::new(tracing, options, "step")),
        _ => None,
    };
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
    let (mut profiler, contacts) = super::report::run(&mut world, frames, watch.as_mut(), record);
    let clipped = clip.map(Clip::finish);
    let traced = recording.map(Tracing::finish);
    let report = super::report::to_json(&world, frames, &mut profiler, &contacts);
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
