//! `hitfield bench`: the scaling sweep and the accuracy report, or (with
//! `--sustained`) the sustained field case.
//!
//! Writes `results.csv` (one row per run), `accuracy.csv`, `chart.png`
//! (frame time per stage against particle count) and `report.md` (the
//! tables and the targets) into `--out`; with `--sustained`,
//! `sustained.csv` and `sustained.md` instead; with `--memory`, the field
//! step's cost model (`memory.csv`, `memory.md`).

pub mod accuracy;
pub mod chart;
pub mod memory;
pub mod sustained;
pub mod sweep;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use accuracy::{missed_percent, CollisionRow, SamplingRow};
use hitfield::settings::Settings;
use hitfield::ships::ShipSprite;
use sweep::{RunResult, RunSpec};

/// Flags of `hitfield bench`.
#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// Folder for results.csv, accuracy.csv, chart.png and report.md (created if missing).
    #[arg(long, value_name = "DIR", default_value = "bench-out")]
    pub out: PathBuf,
    /// A short run (under a minute): fewer frames per configuration.
    #[arg(long)]
    pub quick: bool,
    /// The sustained case instead: a field stepped for thousands of steps
    /// (1M and 2M particles, 1 and 2 threads, the Flash port at 1M),
    /// reported per 1,000-step window and over the whole run.
    #[arg(long)]
    pub sustained: bool,
    /// The field step's cost model instead: a plain copy and a streaming
    /// read-modify-write over the field's sizes, next to the field step at
    /// 100k, 1M and 4M particles on 1 and 2 threads.
    #[arg(long, conflicts_with = "sustained")]
    pub memory: bool,
    /// Steps of each sustained run (at least 1,000).
    #[arg(long, value_name = "N", default_value_t = 7000, value_parser = clap::value_parser!(u64).range(1000..))]
    pub steps: u64,
    /// Sustained configurations, as PARTICLES:THREADS separated by commas;
    /// the first one's resident set is reported.
    #[arg(
        long,
        value_name = "LIST",
        default_value = "1000000:2,1000000:1,2000000:2,2000000:1"
    )]
    pub configs: String,
}

/// Particle counts of the sweep.
pub const COUNTS: [usize; 7] = [
    1_000, 10_000, 100_000, 500_000, 1_000_000, 2_000_000, 4_000_000,
];
/// Sample intervals of the sweep (ms).
pub const INTERVALS: [f64; 3] = [0.0, 16.0, 100.0];
/// Thread counts of the sweep.
pub const THREADS: [usize; 2] = [1, 2];
/// Ships in every timed frame.
pub const SHIPS: usize = 100;
/// Fixed seed of every run.
pub const SEED: u64 = 42;

/// Runs the sweep and the accuracy report.
pub fn run(args: BenchArgs) -> ExitCode {
    if let Err(e) = std::fs::create_dir_all(&args.out) {
        return crate::cli::usage_error(format!("--out {}: {e}", args.out.display()));
    }
    if args.sustained {
        return run_sustained(&args);
    }
    if args.memory {
        return run_memory(&args);
    }
    let (warmup, frames, accuracy_steps) = if args.quick {
        (3, 12, 240)
    } else {
        (20, 120, 1800)
    };
    let mut base = Settings::default();
    base.field.seed = SEED;
    base.ships.count = SHIPS;
    let sprites: Vec<ShipSprite> = hitfield::assets::default_sprites()
        .into_iter()
        .map(|(name, image)| ShipSprite::new(name, image, base.ships.ship_alpha_min))
        .collect();

    let specs: Vec<RunSpec> = COUNTS
        .iter()
        .flat_map(|&particles| {
            INTERVALS.iter().flat_map(move |&sample_interval_ms| {
                THREADS.iter().map(move |&threads| RunSpec {
                    particles,
                    sample_interval_ms,
                    threads,
                })
            })
        })
        .collect();
    let bar = progress_bar(specs.len() as u64 + accuracy_steps as u64);
    let mut results = Vec::with_capacity(specs.len());
    for spec in &specs {
        bar.set_message(format!(
            "{} particles, {} ms, {} thread(s)",
            spec.particles, spec.sample_interval_ms, spec.threads
        ));
        match sweep::run(&base, &sprites, spec, warmup, frames) {
            Ok(result) => results.push(result),
            Err(e) => return crate::cli::usage_error(e),
        }
        bar.inc(1);
    }

    bar.set_message("accuracy: sampling intervals and collision strides");
    let mut acc_settings = base.clone();
    acc_settings.field.particles = 100_000;
    acc_settings.ships.count = 60;
    let measured = accuracy::measure(
        &acc_settings,
        &sprites,
        accuracy_steps,
        &[16.0, 50.0, 100.0, 250.0],
        &[1, 2, 4],
        || bar.inc(1),
    );
    let (sampling, collision) = match measured {
        Ok(rows) => rows,
        Err(e) => return crate::cli::usage_error(e),
    };
    bar.finish_and_clear();

    let command = if args.quick {
        "hitfield bench --quick"
    } else {
        "hitfield bench"
    };
    let report = report_markdown(
        command,
        &results,
        &sampling,
        &collision,
        accuracy_steps,
        &acc_settings,
    );
    let writes = [
        ("results.csv", results_csv(&results)),
        ("accuracy.csv", accuracy_csv(&sampling, &collision)),
        ("report.md", report.clone()),
    ];
    for (name, text) in writes {
        let path = args.out.join(name);
        if let Err(e) = write_atomic(&path, text.as_bytes()) {
            return crate::cli::usage_error(format!("{}: {e}", path.display()));
        }
    }
    let chart_path = args.out.join("chart.png");
    if let Err(e) = chart::draw(&chart_path, &results) {
        return crate::cli::usage_error(format!("{}: {e}", chart_path.display()));
    }
    println!("{report}");
    eprintln!(
        "hitfield: wrote results.csv, accuracy.csv, chart.png and report.md to {}",
        args.out.display()
    );
    ExitCode::SUCCESS
}

/// The runner's progress bar for `len` units of work.
fn progress_bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    bar
}

/// Parses `--configs`: `PARTICLES:THREADS` pairs separated by commas.
fn parse_configs(text: &str) -> Result<Vec<(usize, usize)>, String> {
    text.split(',')
        .map(|pair| {
            let (p, t) = pair
                .trim()
                .split_once(':')
                .ok_or_else(|| format!("--configs: {pair:?} is not PARTICLES:THREADS"))?;
            let p: usize = p
                .parse()
                .map_err(|_| format!("--configs: {p:?} is not a count"))?;
            let t: usize = t
                .parse()
                .map_err(|_| format!("--configs: {t:?} is not a count"))?;
            if t == 0 {
                return Err("--configs: threads must be at least 1".into());
            }
            Ok((p, t))
        })
        .collect()
}

/// `hitfield bench --sustained`.
fn run_sustained(args: &BenchArgs) -> ExitCode {
    let configs = match parse_configs(&args.configs) {
        Ok(c) => c,
        Err(e) => return crate::cli::usage_error(e),
    };
    let steps = args.steps as usize;
    let specs: Vec<sustained::SustainedSpec> = configs
        .iter()
        .map(|&(particles, threads)| sustained::SustainedSpec {
            particles,
            threads,
            steps,
            peer: particles == 1_000_000,
        })
        .collect();
    let windows: usize = specs
        .iter()
        .map(|s| s.steps / sustained::WINDOW * if s.peer { 2 } else { 1 })
        .sum();
    let bar = progress_bar(windows as u64);
    let mut results = Vec::with_capacity(specs.len());
    for spec in &specs {
        bar.set_message(format!(
            "{} particles, {} thread(s)",
            spec.particles, spec.threads
        ));
        match sustained::run(spec, || bar.inc(1)) {
            Ok(r) => {
                if r.peer.is_some() {
                    bar.inc((spec.steps / sustained::WINDOW) as u64);
                }
                results.push(r);
            }
            Err(e) => return crate::cli::usage_error(e),
        }
    }
    bar.finish_and_clear();
    let command = format!(
        "hitfield bench --sustained --steps {} --configs {}",
        args.steps, args.configs
    );
    let report = sustained::report_markdown(&command, &results);
    write_report(&args.out, "sustained", &sustained::csv(&results), &report)
}

/// `hitfield bench --memory`.
fn run_memory(args: &BenchArgs) -> ExitCode {
    let bar = progress_bar(memory::ticks());
    bar.set_message("memory cases and field steps");
    let model = match memory::run(|| bar.inc(1)) {
        Ok(m) => m,
        Err(e) => return crate::cli::usage_error(e),
    };
    bar.finish_and_clear();
    let report = memory::report_markdown(&model);
    write_report(&args.out, "memory", &memory::csv(&model), &report)
}

/// Writes `STEM.csv` and `STEM.md` (the `report`) to `out`, prints the
/// report and names the files; a file that can't be written is a usage
/// error naming it.
fn write_report(out: &Path, stem: &str, csv: &str, report: &str) -> ExitCode {
    for (ext, text) in [("csv", csv), ("md", report)] {
        let path = out.join(format!("{stem}.{ext}"));
        if let Err(e) = write_atomic(&path, text.as_bytes()) {
            return crate::cli::usage_error(format!("{}: {e}", path.display()));
        }
    }
    println!("{report}");
    eprintln!(
        "hitfield: wrote {stem}.csv and {stem}.md to {}",
        out.display()
    );
    ExitCode::SUCCESS
}

/// Writes through a temporary file in the same folder, then renames it into place.
fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path)
}

fn results_csv(results: &[RunResult]) -> String {
    let mut csv = sweep::csv_header();
    csv.push('\n');
    for r in results {
        csv.push_str(&sweep::csv_row(r));
        csv.push('\n');
    }
    csv
}

fn accuracy_csv(sampling: &[SamplingRow], collision: &[CollisionRow]) -> String {
    let mut csv =
        String::from("kind,setting,checks,pixels_seen,pixels_exact,events_seen,events_exact\n");
    for r in sampling {
        csv.push_str(&format!(
            "sample_interval_ms,{},{},{},{},{},{}\n",
            r.interval_ms, r.samples, r.pixels_seen, r.pixels_exact, r.events_seen, r.events_exact
        ));
    }
    for r in collision {
        csv.push_str(&format!(
            "collision_stride,{},{},{},{},{},{}\n",
            r.stride,
            r.contacts_seen,
            r.pixels_estimated,
            r.pixels_exact,
            r.events_seen,
            r.events_exact
        ));
    }
    csv
}

fn find(
    results: &[RunResult],
    particles: usize,
    interval: f64,
    threads: usize,
) -> Option<&RunResult> {
    results.iter().find(|r| {
        r.spec.particles == particles
            && r.spec.sample_interval_ms == interval
            && r.spec.threads == threads
    })
}

fn verdict(ok: bool) -> &'static str {
    if ok {
        "met"
    } else {
        "**missed**"
    }
}

fn report_markdown(
    command: &str,
    results: &[RunResult],
    sampling: &[SamplingRow],
    collision: &[CollisionRow],
    accuracy_steps: usize,
    acc: &Settings,
) -> String {
    let mut md = format!(
        "## Scaling ({command})\n\n1280×720, {SHIPS} ships, seed {SEED}. Medians (p50) and p95 of the whole frame \
         (field step + ship sampling + ship collisions) and of the field step alone, in ms.\n\n\
         | particles | interval ms | threads | frame p50 | frame p95 | field p50 | sample p50 | collide p50 | field ns/particle |\n\
         |---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
    );
    for r in results {
        let stage = |s: hitfield::profile::Stage| {
            r.stages
                .iter()
                .find(|(k, _)| *k == s)
                .map_or(0.0, |(_, v)| v.p50_ms)
        };
        md.push_str(&format!(
            "| {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.3} | {:.3} | {:.1} |\n",
            r.spec.particles,
            r.spec.sample_interval_ms,
            r.spec.threads,
            r.total.p50_ms,
            r.total.p95_ms,
            r.field.p50_ms,
            stage(hitfield::profile::Stage::Sample),
            stage(hitfield::profile::Stage::Collide),
            r.field_ns_per_particle()
        ));
    }

    md.push_str("\n### Targets\n\n");
    if let Some(r) = find(results, 2_000_000, 0.0, 2) {
        md.push_str(&format!(
            "- Full frame at 2M particles, 100 ships sampled every step, 2 threads: p95 {:.2} ms (target ≤ 16.6 ms): {}\n",
            r.total.p95_ms,
            verdict(r.total.p95_ms <= 16.6)
        ));
    }
    let per_particle: Vec<f64> = [100_000, 500_000, 1_000_000, 2_000_000, 4_000_000]
        .iter()
        .filter_map(|&n| find(results, n, 0.0, 2).map(RunResult::field_ns_per_particle))
        .collect();
    if let (Some(lo), Some(hi)) = (
        per_particle.iter().copied().reduce(f64::min),
        per_particle.iter().copied().reduce(f64::max),
    ) {
        let ratio = if lo > 0.0 { hi / lo } else { f64::INFINITY };
        md.push_str(&format!(
            "- Field time per particle from 100k to 4M (2 threads): {lo:.1}–{hi:.1} ns, spread {ratio:.2}× (target ≤ 1.2×): {}\n",
            verdict(ratio <= 1.2)
        ));
    }
    if let (Some(one), Some(two)) = (
        find(results, 1_000_000, 0.0, 1),
        find(results, 1_000_000, 0.0, 2),
    ) {
        let speedup = one.field.p50_ms / two.field.p50_ms.max(1e-9);
        md.push_str(&format!(
            "- Field step at 1M: 1 thread {:.2} ms, 2 threads {:.2} ms, speed-up {speedup:.2}× (target ≥ 1.9×): {}\n",
            one.field.p50_ms,
            two.field.p50_ms,
            verdict(speedup >= 1.9)
        ));
    }

    md.push_str(&format!(
        "\n## Accuracy of the speed tricks\n\n{accuracy_steps} steps ({:.0} s simulated), {} particles, {} ships, \
         against exact sampling and exact collision every step of the same run.\n\n\
         | sample interval ms | samples | hit pixels seen | of exact | missed | hit events seen | of exact | missed |\n\
         |---:|---:|---:|---:|---:|---:|---:|---:|\n",
        accuracy_steps as f64 * acc.step_ms / 1000.0,
        acc.field.particles,
        acc.ships.count
    ));
    for r in sampling {
        md.push_str(&format!(
            "| {} | {} | {} | {} | {:.1}% | {} | {} | {:.1}% |\n",
            r.interval_ms,
            r.samples,
            r.pixels_seen,
            r.pixels_exact,
            missed_percent(r.pixels_seen, r.pixels_exact),
            r.events_seen,
            r.events_exact,
            missed_percent(r.events_seen, r.events_exact)
        ));
    }
    md.push_str(
        "\n| collision stride | contact steps found | of exact | missed | overlap pixels estimated | exact | error | contact events found | of exact | missed |\n\
         |---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
    );
    for r in collision {
        let error = if r.pixels_exact == 0 {
            0.0
        } else {
            100.0 * (r.pixels_estimated as f64 - r.pixels_exact as f64) / r.pixels_exact as f64
        };
        md.push_str(&format!(
            "| {} | {} | {} | {:.1}% | {} | {} | {:+.1}% | {} | {} | {:.1}% |\n",
            r.stride,
            r.contacts_seen,
            r.contacts_exact,
            missed_percent(r.contacts_seen, r.contacts_exact),
            r.pixels_estimated,
            r.pixels_exact,
            error,
            r.events_seen,
            r.events_exact,
            missed_percent(r.events_seen, r.events_exact)
        ));
    }
    md
}

/// Wall time of `work`, in ms.
pub(crate) fn time_ms(work: impl FnOnce()) -> f64 {
    let t = Instant::now();
    work();
    t.elapsed().as_secs_f64() * 1e3
}
