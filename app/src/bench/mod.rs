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
pub mod report;
pub mod sustained;
pub mod sweep;

use std::path::{Path, PathBuf};
use std::time::Instant;

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
    /// Which report.
    pub mode: Mode,
}

/// The three reports of `hitfield bench`.
#[derive(Clone, Debug)]
pub enum Mode {
    /// The scaling sweep and the accuracy report.
    Sweep,
    /// A field left running: `steps` steps of each `(particles, threads)`.
    Sustained {
        /// Steps of each run.
        steps: usize,
        /// The configurations, the first one's resident set reported.
        configs: Vec<(usize, usize)>,
        /// The command line the report names.
        command: String,
    },
    /// The field step's cost model.
    Memory,
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
    match &options.mode {
        Mode::Sweep => run_sweep(&options.out, options.quick),
        Mode::Sustained {
            steps,
            configs,
            command,
        } => run_sustained(&options.out, *steps, configs, command),
        Mode::Memory => run_memory(&options.out),
    }
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

/// `hitfield bench --sustained`.
fn run_sustained(
    out: &Path,
    steps: usize,
    configs: &[(usize, usize)],
    command: &str,
) -> Result<(), String> {
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
        let r = sustained::run(spec, || bar.inc(1)).map_err(|e| e.to_string())?;
        if r.peer.is_some() {
            bar.inc((spec.steps / sustained::WINDOW) as u64);
        }
        results.push(r);
    }
    bar.finish_and_clear();
    let report = sustained::report_markdown(command, &results);
    write_report(out, "sustained", &sustained::csv(&results), &report)
}

/// `hitfield bench --memory`.
fn run_memory(out: &Path) -> Result<(), String> {
    let bar = progress_bar(memory::ticks());
    bar.set_message("memory cases and field steps");
    let model = memory::run(|| bar.inc(1)).map_err(|e| e.to_string())?;
    bar.finish_and_clear();
    let report = memory::report_markdown(&model);
    write_report(out, "memory", &memory::csv(&model), &report)
}

/// Writes `STEM.csv` and `STEM.md` (the `report`) to `out`, prints the
/// report and names the files; a file that can't be written is an error
/// naming it.
fn write_report(out: &Path, stem: &str, csv: &str, report: &str) -> Result<(), String> {
    for (ext, text) in [("csv", csv), ("md", report)] {
        write_atomic(&out.join(format!("{stem}.{ext}")), text.as_bytes())?;
    }
    println!("{report}");
    eprintln!(
        "hitfield: wrote {stem}.csv and {stem}.md to {}",
        out.display()
    );
    Ok(())
}

/// Writes through a temporary file in the same folder, then renames it
/// into place; an error names the file.
fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Wall time of `work`, in ms.
pub(crate) fn time_ms(work: impl FnOnce()) -> f64 {
    let t = Instant::now();
    work();
    t.elapsed().as_secs_f64() * 1e3
}
