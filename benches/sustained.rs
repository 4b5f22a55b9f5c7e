//! The sustained case: a field left running,
//! as a user who leaves the demo open would. The flow's phase changes the
//! work per step (fast, vertical or wrapping flows cost more than calm
//! ones), so a few hundred timed steps of one state say little; this steps
//! thousands and reports per window of steps and over the whole run.
//!
//! Each configuration builds a fresh field (library defaults, 1280×720,
//! seed [`SEED`], no ships) and times every [`Field::step`]. The
//! straightforward port of the Flash demo (`benches/peer/flash_port.rs`)
//! runs the same steps in turns of [`TURN`] with hitfield's, so the ratio
//! compares the two on the same machine state.
//!
//! `cargo run -p hitfield-benches --release --bin sustained [-- --steps N
//! --configs LIST --out DIR]` writes `sustained.md` and `sustained.csv`
//! into DIR (default `bench-out`).

#[path = "peer/flash_port.rs"]
#[allow(dead_code)]
mod flash_port;
mod program;

use hitfield::field::Field;
use hitfield::profile::StageTimes;
use hitfield::settings::FieldSettings;
use hitfield::stats::percentile;
use hitfield_table::Table;

use flash_port::FlashPort;
use program::{pool, time_ms};

/// Steps of each run unless `--steps` says otherwise (at least [`WINDOW`]).
const STEPS: usize = 7000;
/// The configurations unless `--configs` says otherwise.
const CONFIGS: &str = "1000000:2,1000000:1,2000000:2,2000000:1";

fn main() -> std::process::ExitCode {
    program::main(|| {
        let (out, given) = program::flags(&["steps", "configs"])?;
        let mut steps = STEPS.to_string();
        let mut configs = CONFIGS.to_string();
        for (name, value) in given {
            match name.as_str() {
                "steps" => steps = value,
                _ => configs = value,
            }
        }
        let n: usize = steps.parse().ok().filter(|&n| n >= WINDOW).ok_or(format!(
            "--steps {steps}: must be a whole number, at least {WINDOW}"
        ))?;
        let command = format!("--bin sustained -- --steps {steps} --configs {configs}");
        let mut results = Vec::new();
        for (particles, threads) in parse_configs(&configs)? {
            let spec = SustainedSpec {
                particles,
                threads,
                steps: n,
                peer: particles == 1_000_000,
            };
            eprintln!("{particles} particles, {threads} thread(s)");
            results.push(run(&spec, || eprint!("."))?);
            eprintln!();
        }
        let (csv, md) = report(&command, &results);
        program::write_report(&out, "sustained", &csv, &md)
    })
}

/// Parses `--configs`: `PARTICLES:THREADS` pairs separated by commas.
fn parse_configs(text: &str) -> Result<Vec<(usize, usize)>, String> {
    text.split(',')
        .map(|pair| {
            let bad = || {
                format!("--configs: {pair:?} is not PARTICLES:THREADS (counts, threads at least 1)")
            };
            let (p, t) = pair.trim().split_once(':').ok_or_else(bad)?;
            match (p.parse(), t.parse()) {
                (Ok(p), Ok(t)) if t > 0 => Ok((p, t)),
                _ => Err(bad()),
            }
        })
        .collect()
}

/// Seed of the sustained runs (its busy phases: steps 1,000–3,000 and
/// 5,000–6,000; calm: 3,000–4,000 and 6,000–7,000).
pub const SEED: u64 = 1;
/// Steps per window.
pub const WINDOW: usize = 1000;
/// Steps of the calm start.
pub const CALM: usize = 200;
/// Steps hitfield and the Flash port each run in turn when both run: short
/// enough that both see the same machine (a shared machine's speed drifts
/// by a fifth over seconds to minutes), long enough that the cold first
/// step of a turn counts little.
pub const TURN: usize = 50;

/// One configuration of the sustained case.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SustainedSpec {
    /// Particle count.
    pub particles: usize,
    /// Rayon threads.
    pub threads: usize,
    /// Steps timed.
    pub steps: usize,
    /// Whether the Flash port runs the same steps too.
    pub peer: bool,
}

/// Whole-run and per-window figures of one step time series (ms).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Series {
    /// Mean step of each whole window, in order.
    pub windows: Vec<f64>,
    /// Mean over the whole run.
    pub mean: f64,
    /// Median step of the whole run.
    pub p50: f64,
    /// 95th percentile step of the whole run.
    pub p95: f64,
    /// Mean of the first [`CALM`] steps.
    pub calm: f64,
}

impl Series {
    /// The figures of `steps` (ms each).
    pub fn of(steps: &[f64]) -> Series {
        let mean = |v: &[f64]| {
            if v.is_empty() {
                0.0
            } else {
                v.iter().sum::<f64>() / v.len() as f64
            }
        };
        let mut sorted = steps.to_vec();
        Series {
            windows: steps.chunks_exact(WINDOW).map(mean).collect(),
            mean: mean(steps),
            p50: percentile(&mut sorted, 0.5),
            p95: percentile(&mut sorted, 0.95),
            calm: mean(&steps[..steps.len().min(CALM)]),
        }
    }

    /// Fastest, median and slowest window mean.
    pub fn window_range(&self) -> (f64, f64, f64) {
        let mut w = self.windows.clone();
        (
            percentile(&mut w, 0.0),
            percentile(&mut w, 0.5),
            percentile(&mut w, 1.0),
        )
    }

    /// Slowest window over the fastest.
    pub fn swing(&self) -> f64 {
        let (lo, _, hi) = self.window_range();
        if lo > 0.0 {
            hi / lo
        } else {
            f64::INFINITY
        }
    }
}

/// What one configuration measured.
#[derive(Clone, Debug, PartialEq)]
pub struct SustainedResult {
    /// The configuration.
    pub spec: SustainedSpec,
    /// hitfield's field step.
    pub field: Series,
    /// The Flash port's step, when it ran.
    pub peer: Option<Series>,
    /// Resident set (MB) after [`WINDOW`] steps and after the last, where
    /// the OS tells it.
    pub rss_mb: Option<(f64, f64)>,
}

/// The process's resident set in MB (Linux), else `None`.
pub fn rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Runs one configuration; `tick` is called every window.
pub fn run(spec: &SustainedSpec, mut tick: impl FnMut() + Send) -> Result<SustainedResult, String> {
    let settings = FieldSettings {
        particles: spec.particles,
        seed: SEED,
        ..FieldSettings::default()
    };
    let dt = 1.0 / 60.0;
    pool(spec.threads)?.install(|| {
        let mut field = Field::new(&settings).map_err(|e| e.to_string())?;
        // The port's own resident set, measured as it is built, is taken
        // off the process's, so the figures are the field's alone.
        let before_port = rss_mb();
        let mut port = spec.peer.then(|| FlashPort::new(&settings));
        let port_mb = match (before_port, rss_mb()) {
            (Some(a), Some(b)) if port.is_some() => b - a,
            _ => 0.0,
        };
        let field_rss = || rss_mb().map(|r| r - port_mb);
        let mut times = StageTimes::default();
        let mut steps = Vec::with_capacity(spec.steps);
        let mut peer_steps = Vec::with_capacity(if port.is_some() { spec.steps } else { 0 });
        let mut rss_first = None;
        let turn = if port.is_some() {
            TURN
        } else {
            spec.steps.max(1)
        };
        while steps.len() < spec.steps {
            let n = turn.min(spec.steps - steps.len());
            for _ in 0..n {
                steps.push(time_ms(|| field.step(dt, &mut times)));
                if steps.len() % WINDOW == 0 {
                    if steps.len() == WINDOW {
                        rss_first = field_rss();
                    }
                    tick();
                }
            }
            if let Some(port) = &mut port {
                for _ in 0..n {
                    peer_steps.push(time_ms(|| port.step(dt)));
                    if peer_steps.len() % WINDOW == 0 {
                        tick();
                    }
                }
            }
        }
        let rss_last = field_rss();
        Ok(SustainedResult {
            spec: *spec,
            field: Series::of(&steps),
            peer: port.is_some().then(|| Series::of(&peer_steps)),
            rss_mb: rss_first.zip(rss_last),
        })
    })
}

/// The sustained results: the CSV table, and the Markdown report.
fn report(command: &str, results: &[SustainedResult]) -> (Table, String) {
    let mut table = Table::new(
        "particles,threads,steps,window min,window median,window max,\
         slowest/fastest,mean,p50,p95,calm,port mean,hitfield/port (run),\
         hitfield/port (calm)"
            .split(','),
    );
    let mut csv = Table::new(
        "particles,threads,steps,window_min_ms,window_median_ms,window_max_ms,\
         mean_ms,p50_ms,p95_ms,calm_ms,port_mean_ms,port_calm_ms,windows_ms,\
         port_windows_ms"
            .split(','),
    );
    let windows = |s: &Series| {
        let w: Vec<String> = s.windows.iter().map(|m| format!("{m:.4}")).collect();
        w.join(" ")
    };
    for r in results {
        let f = &r.field;
        let (lo, mid, hi) = f.window_range();
        let (port, ratio, calm_ratio) = match &r.peer {
            Some(p) => (
                format!("{:.2}", p.mean),
                format!("{:.2}×", f.mean / p.mean.max(1e-9)),
                format!("{:.2}×", f.calm / p.calm.max(1e-9)),
            ),
            None => ("–".into(), "–".into(), "–".into()),
        };
        let spec = [r.spec.particles, r.spec.threads, r.spec.steps].map(|n| n.to_string());
        let figures = |digits: usize| [lo, mid, hi].map(|v| format!("{v:.digits$}"));
        let whole = |digits: usize| [f.mean, f.p50, f.p95, f.calm].map(|v| format!("{v:.digits$}"));
        table.push(
            spec.iter()
                .cloned()
                .chain(figures(2))
                .chain([format!("{:.2}×", f.swing())])
                .chain(whole(2))
                .chain([port, ratio, calm_ratio]),
        );
        let (pm, pc) = r.peer.as_ref().map_or((String::new(), String::new()), |p| {
            (format!("{:.4}", p.mean), format!("{:.4}", p.calm))
        });
        let port_windows = r.peer.as_ref().map_or(String::new(), windows);
        csv.push(spec.into_iter().chain(figures(4)).chain(whole(4)).chain([
            pm,
            pc,
            windows(f),
            port_windows,
        ]));
    }
    let mut md = format!(
        "## Sustained field (cargo run -p hitfield-benches --release {command})\n\n1280×720, library defaults, seed {SEED}, no ships; every \
         `Field::step` timed (wall clock, ms). Windows are the mean step of each {WINDOW} steps; \
         calm is the mean of the first {CALM} steps. The Flash port runs the same steps in turns \
         of {TURN} with hitfield's, in the same process, so both see the same machine.\n\n{}",
        table.markdown()
    );
    md.push_str("\nWindow means in order (ms):\n\n");
    for r in results {
        let w: Vec<String> = r.field.windows.iter().map(|m| format!("{m:.2}")).collect();
        md.push_str(&format!(
            "- {} particles, {} thread(s): {}\n",
            r.spec.particles,
            r.spec.threads,
            w.join(", ")
        ));
    }
    let against: Vec<String> = results
        .iter()
        .filter_map(|r| {
            let port = r.peer.as_ref()?;
            let ratios = window_ratios(&r.field, port);
            let (lo, hi) = ratios
                .iter()
                .fold((f64::INFINITY, 0.0f64), |(lo, hi), &q| (lo.min(q), hi.max(q)));
            let p: Vec<String> = port.windows.iter().map(|m| format!("{m:.2}")).collect();
            let q: Vec<String> = ratios.iter().map(|q| format!("{q:.3}")).collect();
            Some(format!(
                "- {} particles, {} thread(s): port {}; hitfield/port {} (slowest/fastest {:.2}×)\n",
                r.spec.particles,
                r.spec.threads,
                p.join(", "),
                q.join(", "),
                hi / lo.max(1e-9)
            ))
        })
        .collect();
    if !against.is_empty() {
        md.push_str(
            "\nThe Flash port's window means (ms), and hitfield's over the port's, window by \
             window (the two ran in turns, so a change in the machine's speed falls on both):\n\n",
        );
        against.iter().for_each(|l| md.push_str(l));
    }
    let rss: Vec<String> = results
        .iter()
        .filter_map(|r| {
            let (a, b) = r.rss_mb?;
            Some(format!(
                "- {} particles, {} thread(s): RSS {a:.0} MB after {WINDOW} steps, {b:.0} MB after {} ({:.2}×)\n",
                r.spec.particles,
                r.spec.threads,
                r.spec.steps,
                b / a.max(1e-9)
            ))
        })
        .collect();
    if !rss.is_empty() {
        md.push_str(
            "\nResident set (the field's: the Flash port's own, measured as it is built, is taken \
             off; the first configuration's figures are the field's alone):\n\n",
        );
        rss.iter().for_each(|l| md.push_str(l));
    }
    (csv, md)
}

/// hitfield's window means over the port's, window by window.
fn window_ratios(field: &Series, port: &Series) -> Vec<f64> {
    field
        .windows
        .iter()
        .zip(&port.windows)
        .map(|(f, p)| f / p.max(1e-9))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windows_and_percentiles() {
        let steps: Vec<f64> = (0..2500)
            .map(|i| if i < 1000 { 1.0 } else { 3.0 })
            .collect();
        let s = Series::of(&steps);
        assert_eq!(s.windows, vec![1.0, 3.0]);
        assert_eq!(s.window_range(), (1.0, 1.0, 3.0));
        assert_eq!(s.swing(), 3.0);
        assert_eq!(s.calm, 1.0);
        assert_eq!(s.p50, 3.0);
        assert!((s.mean - 2.2).abs() < 1e-9);
    }

    #[test]
    fn the_report_fills_every_column() {
        let steps = [vec![1.0; 1000], vec![3.0; 1000]].concat();
        let result = SustainedResult {
            spec: SustainedSpec {
                particles: 1000,
                threads: 1,
                steps: 2000,
                peer: true,
            },
            field: Series::of(&steps),
            peer: Some(Series::of(&steps)),
            rss_mb: Some((10.0, 11.0)),
        };
        let (csv, md) = report("--bin sustained", &[result]);
        assert!(csv.csv().lines().all(|l| l.split(',').count() == 14));
        assert!(md.contains("| 1000 | 1 | 2000 | 1.00 |"), "{md}");
        assert!(md.contains("RSS 10 MB after 1000 steps"), "{md}");
    }

    #[test]
    fn window_ratios_pair_each_window_with_the_ports() {
        let field = Series::of(&[vec![1.0; 1000], vec![3.0; 1000]].concat());
        let port = Series::of(&[vec![4.0; 1000], vec![6.0; 1000]].concat());
        assert_eq!(window_ratios(&field, &port), vec![0.25, 0.5]);
    }
}
