//! The sweep's files: `results.csv`, `accuracy.csv` and `report.md` (the
//! tables and the targets).

use hitfield::profile::Stage;
use hitfield::settings::Settings;

use super::accuracy::{missed_percent, CollisionRow, SamplingRow};
use super::sweep::RunResult;
use super::{SEED, SHIPS};
use hitfield_table::Table;

/// `results.csv`: one row per run, every stage's p50 and p95, the frame's
/// p50, p95 and p99, and the field's time per particle.
pub fn results_csv(results: &[RunResult]) -> String {
    let stages = Stage::ALL.iter().flat_map(|s| {
        let name = s.name();
        [format!("{name}_p50_ms"), format!("{name}_p95_ms")]
    });
    let head = "particles,sample_interval_ms,threads,frames"
        .split(',')
        .map(String::from);
    let tail =
        "field_p50_ms,field_p95_ms,total_p50_ms,total_p95_ms,total_p99_ms,field_ns_per_particle";
    let mut table = Table::new(head.chain(stages).chain(tail.split(',').map(String::from)));
    for r in results {
        let spec = [
            r.spec.particles.to_string(),
            r.spec.sample_interval_ms.to_string(),
            r.spec.threads.to_string(),
            r.frames.to_string(),
        ];
        let stages = r.stages.iter().flat_map(|(_, s)| [s.p50_ms, s.p95_ms]);
        let (f, t) = (&r.field, &r.total);
        let times = stages.chain([f.p50_ms, f.p95_ms, t.p50_ms, t.p95_ms, t.p99_ms]);
        table.push(
            spec.into_iter()
                .chain(times.map(|v| format!("{v:.4}")))
                .chain([format!("{:.3}", r.field_ns_per_particle())]),
        );
    }
    table.csv()
}

/// `accuracy.csv`: one row per sample interval, then per collision stride.
pub fn accuracy_csv(sampling: &[SamplingRow], collision: &[CollisionRow]) -> String {
    let mut table = Table::new(
        "kind,setting,checks,pixels_seen,pixels_exact,events_seen,events_exact".split(','),
    );
    for r in sampling {
        let (seen, exact) = (r.events_seen, r.events_exact);
        let counts = [r.samples, r.pixels_seen, r.pixels_exact, seen, exact];
        let kind = ["sample_interval_ms".to_string(), r.interval_ms.to_string()];
        table.push(kind.into_iter().chain(counts.map(|c| c.to_string())));
    }
    for r in collision {
        let (seen, exact) = (r.events_seen, r.events_exact);
        let counts = [
            r.contacts_seen,
            r.pixels_estimated,
            r.pixels_exact,
            seen,
            exact,
        ];
        let kind = ["collision_stride".to_string(), r.stride.to_string()];
        table.push(kind.into_iter().chain(counts.map(|c| c.to_string())));
    }
    table.csv()
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

/// The field step's time per particle above its fixed cost (the 1k run's
/// step stands for it), at 100k and at 4M, 2 threads, in ns; `None` when a
/// run is missing or a figure is not positive.
fn marginal_ns(results: &[RunResult]) -> Option<(f64, f64)> {
    let field_ms = |n| find(results, n, 0.0, 2).map(|r| r.field.p50_ms);
    let base = field_ms(1_000)?;
    let per_particle = |n: usize| {
        let ns = (field_ms(n)? - base) * 1e6 / (n - 1_000) as f64;
        (ns > 0.0).then_some(ns)
    };
    Some((per_particle(100_000)?, per_particle(4_000_000)?))
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
    let mut scaling = Table::new(
        "particles,interval ms,threads,frame p50,frame p95,field p50,\
         sample p50,collide p50,field ns/particle"
            .split(','),
    );
    for r in results {
        let stage = |s: Stage| {
            r.stages
                .iter()
                .find(|(k, _)| *k == s)
                .map_or(0.0, |(_, v)| v.p50_ms)
        };
        scaling.push([
            r.spec.particles.to_string(),
            r.spec.sample_interval_ms.to_string(),
            r.spec.threads.to_string(),
            format!("{:.2}", r.total.p50_ms),
            format!("{:.2}", r.total.p95_ms),
            format!("{:.2}", r.field.p50_ms),
            format!("{:.3}", stage(Stage::Sample)),
            format!("{:.3}", stage(Stage::Collide)),
            format!("{:.1}", r.field_ns_per_particle()),
        ]);
    }
    let mut md = format!(
        "## Scaling ({command})\n\n1280×720, {SHIPS} ships, seed {SEED}. Medians (p50) and p95 of the whole frame \
         (field step + ship sampling + ship collisions) and of the field step alone, in ms.\n\n{}",
        scaling.markdown()
    );
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
    if let Some((at_100k, at_4m)) = marginal_ns(results) {
        let ratio = at_100k / at_4m;
        md.push_str(&format!(
            "- Marginal field time per particle (over the 1k run's step), 100k against 4M (2 threads): {at_100k:.2} against {at_4m:.2} ns, {ratio:.2}× (target ≤ 1.3×): {}\n",
            verdict(ratio <= 1.3)
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

    let mut sampled = Table::new(
        "sample interval ms,samples,hit pixels seen,of exact,missed,\
         hit events seen,of exact,missed"
            .split(','),
    );
    for r in sampling {
        sampled.push([
            r.interval_ms.to_string(),
            r.samples.to_string(),
            r.pixels_seen.to_string(),
            r.pixels_exact.to_string(),
            format!("{:.1}%", missed_percent(r.pixels_seen, r.pixels_exact)),
            r.events_seen.to_string(),
            r.events_exact.to_string(),
            format!("{:.1}%", missed_percent(r.events_seen, r.events_exact)),
        ]);
    }
    let mut strided = Table::new(
        "collision stride,contact steps found,of exact,missed,\
         overlap pixels estimated,exact,error,contact events found,of exact,\
         missed"
            .split(','),
    );
    for r in collision {
        let error = if r.pixels_exact == 0 {
            0.0
        } else {
            100.0 * (r.pixels_estimated as f64 - r.pixels_exact as f64) / r.pixels_exact as f64
        };
        strided.push([
            r.stride.to_string(),
            r.contacts_seen.to_string(),
            r.contacts_exact.to_string(),
            format!("{:.1}%", missed_percent(r.contacts_seen, r.contacts_exact)),
            r.pixels_estimated.to_string(),
            r.pixels_exact.to_string(),
            format!("{error:+.1}%"),
            r.events_seen.to_string(),
            r.events_exact.to_string(),
            format!("{:.1}%", missed_percent(r.events_seen, r.events_exact)),
        ]);
    }
    md.push_str(&format!(
        "\n## Accuracy of the speed tricks\n\n{accuracy_steps} steps ({:.0} s simulated), {} particles, {} ships, \
         against exact sampling and exact collision every step of the same run.\n\n{}\n{}",
        accuracy_steps as f64 * acc.step_ms / 1000.0,
        acc.field.particles,
        acc.ships.count,
        sampled.markdown(),
        strided.markdown()
    ));
    md
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::sweep::RunSpec;
    use crate::stats::profile::Summary;

    #[test]
    fn every_row_fills_its_tables_header() {
        let summary = Summary::default();
        let run = RunResult {
            spec: RunSpec {
                particles: 1000,
                sample_interval_ms: 16.0,
                threads: 2,
            },
            frames: 12,
            stages: Stage::ALL.iter().map(|&s| (s, summary)).collect(),
            field: summary,
            total: summary,
        };
        let csv = results_csv(std::slice::from_ref(&run));
        let widths: Vec<usize> = csv.lines().map(|l| l.split(',').count()).collect();
        assert_eq!(widths, vec![4 + 2 * Stage::ALL.len() + 6; 2]);
        let md = markdown("hitfield bench", &[run], &[], &[], 10, &Settings::default());
        assert!(md.contains("| 1000 | 16 | 2 | 0.00 |"), "{md}");
    }

    #[test]
    fn marginal_cost_subtracts_the_1k_step() {
        let run = |particles, field_ms| {
            let field = Summary {
                p50_ms: field_ms,
                ..Summary::default()
            };
            RunResult {
                spec: RunSpec {
                    particles,
                    sample_interval_ms: 0.0,
                    threads: 2,
                },
                frames: 1,
                stages: Vec::new(),
                field,
                total: field,
            }
        };
        // A 0.3 ms fixed cost, then 2.5 ns a particle at 100k and 2 at 4M.
        let runs = [run(1_000, 0.3), run(100_000, 0.5475), run(4_000_000, 8.298)];
        let (at_100k, at_4m) = marginal_ns(&runs).expect("all three runs");
        assert!((at_100k - 2.5).abs() < 1e-9 && (at_4m - 2.0).abs() < 1e-9);
        let md = markdown("hitfield bench", &runs, &[], &[], 10, &Settings::default());
        assert!(
            md.contains("2.50 against 2.00 ns, 1.25× (target ≤ 1.3×): met"),
            "{md}"
        );
        assert_eq!(marginal_ns(&runs[..2]), None, "no 4M run");
    }
}
