//! The field step as a game's frame loop runs it: the rest of the frame
//! (a sleep of `--pause-ms`) between two steps, so the pool's threads go
//! to sleep after each step and the next one wakes them. Back-to-back
//! steps (`criterion-field`, `hitfield bench`) never let them.
//!
//! 1M particles (library defaults, 1280×720, seed 1, no ships), the step
//! called on a pool thread as the `hitfield` binary calls it, on 1 thread,
//! on 2, and on 2 pinned one to a CPU (`sched_setaffinity`, Linux only),
//! the three in turns for `--rounds` rounds of `--steps` timed steps each.
//!
//! `cargo run -p hitfield-benches --release --bin paced [-- --pause-ms MS
//! --steps N --rounds R --out DIR]` writes `paced.md` and `paced.csv`
//! into DIR (default `bench-out`).

mod program;

use std::time::Duration;

use hitfield::field::Field;
use hitfield::profile::StageTimes;
use hitfield::settings::FieldSettings;
use hitfield::stats::percentile;
use hitfield_table::Table;

use program::time_ms;

/// A pool configuration: its threads, and whether each is pinned to a CPU.
const CONFIGS: [(usize, bool); 3] = [(1, false), (2, false), (2, true)];

fn main() -> std::process::ExitCode {
    program::main(|| {
        let (out, given) = program::flags(&["pause-ms", "steps", "rounds"])?;
        let (mut pause_ms, mut steps, mut rounds) = (10.0, 200, 4);
        for (name, value) in &given {
            let bad = || format!("--{name} {value}: must be a whole number, at least 1");
            match name.as_str() {
                "pause-ms" => {
                    pause_ms = value
                        .parse()
                        .ok()
                        .filter(|p: &f64| (0.0..=1e4).contains(p))
                        .ok_or(format!(
                            "--pause-ms {value}: must be a number from 0 to 10000"
                        ))?
                }
                "steps" => steps = value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?,
                _ => rounds = value.parse().ok().filter(|&n| n > 0).ok_or_else(bad)?,
            }
        }
        let settings = FieldSettings {
            particles: 1_000_000,
            seed: 1,
            ..FieldSettings::default()
        };
        let mut warm = Field::new(&settings).map_err(|e| e.to_string())?;
        let mut times = StageTimes::default();
        for _ in 0..30 {
            warm.step(1.0 / 60.0, &mut times);
        }
        let pause = Duration::from_secs_f64(pause_ms / 1e3);
        let pools = CONFIGS
            .iter()
            .map(|&(threads, pinned)| pool(threads, pinned))
            .collect::<Result<Vec<_>, _>>()?;
        let mut runs: Vec<Vec<f64>> = vec![Vec::new(); CONFIGS.len()];
        for _ in 0..rounds {
            for (k, pool) in pools.iter().enumerate() {
                let Some(pool) = pool else {
                    continue;
                };
                let mut field = warm.clone();
                pool.install(|| {
                    for _ in 0..steps {
                        std::thread::sleep(pause);
                        runs[k].push(time_ms(|| field.step(1.0 / 60.0, &mut times)));
                    }
                });
            }
        }
        let command = format!(
            "cargo run -p hitfield-benches --release --bin paced -- --pause-ms {pause_ms} --steps {steps} --rounds {rounds}"
        );
        let (csv, report) = report(&command, &runs);
        program::write_report(&out, "paced", &csv, &report)
    })
}

/// A pool of `threads`, each pinned to its own CPU when `pinned`; `None`
/// for a pinned pool where pinning is not supported.
fn pool(threads: usize, pinned: bool) -> Result<Option<rayon::ThreadPool>, String> {
    if !pinned {
        return program::pool(threads).map(Some);
    }
    if !cfg!(target_os = "linux") {
        return Ok(None);
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .start_handler(pin_to_cpu)
        .build()
        .map(Some)
        .map_err(|e| format!("thread pool of {threads}: {e}"))
}

/// Pins the calling thread, pool thread `index`, to the `index`-th CPU the
/// process may run on (Linux; a refusal leaves the thread free).
fn pin_to_cpu(index: usize) {
    #[cfg(target_os = "linux")]
    // SAFETY: `set` is a plain bit set, of the size both calls are told.
    unsafe {
        let size = std::mem::size_of::<libc::cpu_set_t>();
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, size, &mut set) != 0 {
            return;
        }
        let allowed: Vec<usize> = (0..libc::CPU_SETSIZE as usize)
            .filter(|&cpu| libc::CPU_ISSET(cpu, &set))
            .collect();
        let Some(&cpu) = allowed.get(index % allowed.len().max(1)) else {
            return;
        };
        libc::CPU_ZERO(&mut set);
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, size, &set);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = index;
}

/// The CSV (every timed step) and the report (median and p95 a config).
fn report(command: &str, runs: &[Vec<f64>]) -> (Table, String) {
    let mut csv = Table::new(["threads", "pinned", "step", "ms"]);
    let mut md = Table::new([
        "threads",
        "pinned",
        "steps",
        "step p50 ms",
        "p95 ms",
        "1 thread's p50 over this",
    ]);
    let at = |v: &[f64], p: f64| percentile(&mut v.to_vec(), p);
    let one = at(&runs[0], 0.5);
    for (&(threads, pinned), steps) in CONFIGS.iter().zip(runs) {
        for (i, ms) in steps.iter().enumerate() {
            csv.push([
                threads.to_string(),
                pinned.to_string(),
                i.to_string(),
                format!("{ms:.4}"),
            ]);
        }
        if steps.is_empty() {
            continue;
        }
        let p50 = at(steps, 0.5);
        md.push([
            threads.to_string(),
            if pinned { "one to a CPU" } else { "no" }.to_string(),
            steps.len().to_string(),
            format!("{p50:.2}"),
            format!("{:.2}", at(steps, 0.95)),
            format!("{:.2}×", one / p50),
        ]);
    }
    let report = format!(
        "## Paced field step ({command})\n\n1M particles, 1280×720, seed 1, no ships; a sleep before every step, the step on a pool thread.\n\n{}",
        md.markdown()
    );
    (csv, report)
}
