//! `hitfield bench`: the scaling sweep and the accuracy report.
//!
//! Writes `results.csv` (one row per run), `accuracy.csv`, `chart.png`
//! (frame time per stage against particle count) and `report.md` (the
//! tables and the targets) into `--out`. The developers' runs (the field
//! step's cost model, the sustained case) are programs of the benches
//! package (`cargo run -p hitfield-benches --release --bin memory`).

pub mod accuracy;
pub mod chart;
pub mod report;
pub mod sweep;

use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressStyle};

use hitfield::settings::Settings;
use hitfield::ships::ShipSprite;
use sweep::RunSpec;

/// What `hitfield bench` runs (the command line's flags, checked).
#[derive(Clone, Debug)]
pub struct Options {
    /// Folder the files go to (created if missing).
    pub out: PathBuf,
    /// A short sweep: fewer frames per configuration.
    pub quick: bool,
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

/// Runs the report `options` name and writes its files. An error names
/// what failed (a file, a setting) and why.
pub fn run(options: &Options) -> Result<(), String> {
    std::fs::create_dir_all(&options.out)
        .map_err(|e| format!("--out {}: {e}", options.out.display()))?;
    run_sweep(&options.out, options.quick)
}

/// `hitfield bench`: the sweep and the accuracy report.
fn run_sweep(out: &Path, quick: bool) -> Result<(), String> {
    let (warmup, frames, accuracy_steps) = if quick { (3, 12, 240) } else { (20, 120, 1800) };
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
        results.push(sweep::run(&base, &sprites, spec, warmup, frames).map_err(|e| e.to_string())?);
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
    let (sampling, collision) = measured.map_err(|e| e.to_string())?;
    bar.finish_and_clear();

    let command = if quick {
        "hitfield bench --quick"
    } else {
        "hitfield bench"
    };
    let report = report::markdown(
        command,
        &results,
        &sampling,
        &collision,
        accuracy_steps,
        &acc_settings,
    );
    let writes = [
        ("results.csv", report::results_csv(&results)),
        ("accuracy.csv", report::accuracy_csv(&sampling, &collision)),
        ("report.md", report.clone()),
    ];
    for (name, text) in writes {
        write_atomic(&out.join(name), text.as_bytes())?;
    }
    let chart_path = out.join("chart.png");
    chart::draw(&chart_path, &results).map_err(|e| format!("{}: {e}", chart_path.display()))?;
    println!("{report}");
    eprintln!(
        "hitfield: wrote results.csv, accuracy.csv, chart.png and report.md to {}",
        out.display()
    );
    Ok(())
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

/// Writes through a temporary file in the same folder, then renames it
/// into place; an error names the file.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}
