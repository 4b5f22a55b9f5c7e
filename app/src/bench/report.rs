//! The sweep's files: `results.csv`, `accuracy.csv` and `report.md` (the
//! tables and the targets).

use hitfield::profile::Stage;
use hitfield::settings::Settings;

use super::accuracy::{missed_percent, CollisionRow, SamplingRow};
use super::sweep::{self, RunResult};
use super::{SEED, SHIPS};

/// `results.csv`: a header and one row per run.
pub fn results_csv(results: &[RunResult]) -> String {
    let mut csv = sweep::csv_header();
    csv.push('\n');
    for r in results {
        csv.push_str(&sweep::csv_row(r));
        csv.push('\n');
    }
    csv
}

/// `accuracy.csv`: one row per sample interval, then per collision stride.
pub fn accuracy_csv(sampling: &[SamplingRow], collision: &[CollisionRow]) -> String {
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

/// `report.md`: the scaling table, the targets and the accuracy tables.
pub fn markdown(
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
        let stage = |s: Stage| {
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
            stage(Stage::Sample),
            stage(Stage::Collide),
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
