//! Sprite-against-sprite collision: the fast queries next to the per-pixel
//! reference, on seeded, pre-built inputs.
//!
//! Run: `cargo bench -p hitfield-benches --bench collide` (about two minutes; short runs of
//! 0.3 s warm-up and 0.7 s measurement per case), or with a filter, e.g.
//! `cargo bench -p hitfield-benches --bench collide -- posed/`.
//! Groups: `translate/<size>` (integer offsets; also `overlap_count`, the
//! count alone), `rotated/<size>` (33°),
//! `posed/128` (posed masks: built inside the query or in advance, and the
//! build alone), `entry/ships_80` (each public entry point beside the best path that
//! gives the same answer), `posed/sample_100_ships_80x80` (sampling a warm canvas
//! through posed masks, as the world does), `broadphase/500` (500 moving sprites, every pair found and
//! tested); these two world-like groups are in `collide_world.rs`. `benches/pygame_peer.py` times pygame-ce on the same cases and
//! prints the same ids. `_2t` cases run on 2 threads as the `hitfield`
//! binary does: the bench's thread and one more worker.
//! "worst" cases share no pixel although the boxes overlap fully
//! (checkerboard against inverse checkerboard), so nothing exits early.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hitfield::collide::{self, PairQuery, PosedMask, RasterMethod};
use hitfield::mask::Mask;
use hitfield::pose::Pose;
use hitfield::reference::collide as reference;

mod cases;
mod collide_world;
use cases::{build_poses, checker, entry_pair, full, ship_80, ship_pair, translate_cases, Case};
use collide_world::{broadphase, posed_sampling};

fn run_cases(c: &mut Criterion, group: &str, cases: &[Case], with_overlap: bool) {
    let mut g = c.benchmark_group(group);
    for case in cases {
        let Case { a, pa, b, pb, .. } = case;
        g.bench_function(BenchmarkId::new("intersects", case.name), |bench| {
            bench.iter(|| collide::intersects(black_box(a), black_box(pa), b, pb))
        });
        g.bench_function(
            BenchmarkId::new("reference_intersects", case.name),
            |bench| bench.iter(|| reference::intersects(black_box(a), black_box(pa), b, pb)),
        );
        if with_overlap {
            g.bench_function(BenchmarkId::new("overlap", case.name), |bench| {
                bench.iter(|| collide::overlap(black_box(a), black_box(pa), b, pb))
            });
            g.bench_function(BenchmarkId::new("reference_overlap", case.name), |bench| {
                bench.iter(|| reference::overlap(black_box(a), black_box(pa), b, pb))
            });
        }
    }
    g.finish();
}

fn translate(c: &mut Criterion) {
    for size in [32u32, 128, 512] {
        let cases = translate_cases(size);
        run_cases(c, &format!("translate/{size}"), &cases, true);
        // The count alone, the peer of pygame's `overlap_area`.
        let mut g = c.benchmark_group(format!("translate/{size}"));
        for Case { name, a, pa, b, pb } in &cases {
            g.bench_function(BenchmarkId::new("overlap_count", name), |bench| {
                bench.iter(|| collide::overlap_count(black_box(a), black_box(pa), b, pb))
            });
        }
        g.finish();
    }
}

/// A checkerboard turned by `turn`, against an axis-aligned mask of every
/// pixel of its bounds it does not cover.
fn complement_case(size: u32, turn: f32) -> Case {
    let a = checker(size, 0);
    let pa = Pose::at(0.0, 0.0).rotated(turn);
    let map = pa.pixel_map(size, size).expect("valid pose");
    let r = map.bounds;
    let b = Mask::from_fn(r.width() as u32, r.height() as u32, |i, j| {
        let (x, y) = (r.x0 + i64::from(i), r.y0 + i64::from(j));
        !map.texel(x, y).is_some_and(|(u, v)| a.get(u, v))
    });
    Case {
        name: "worst_vs_aligned",
        a,
        pa,
        b,
        pb: Pose::at(r.x0 as f32, r.y0 as f32),
    }
}

fn rotated(c: &mut Criterion) {
    let turn = 33f32.to_radians();
    for size in [32u32, 128, 512] {
        let cases = [
            // Same pose: every pixel maps to the same texel of both, and the
            // two checkerboards never agree.
            Case {
                name: "worst",
                a: checker(size, 0),
                pa: Pose::at(0.0, 0.0).rotated(turn),
                b: checker(size, 1),
                pb: Pose::at(0.0, 0.0).rotated(turn),
            },
            // A rotated, B axis-aligned: B is exactly the pixels A leaves
            // empty in its bounds, so the boxes coincide and nothing is shared.
            complement_case(size, turn),
            Case {
                name: "early_hit",
                a: full(size),
                pa: Pose::at(0.0, 0.0).rotated(turn),
                b: full(size),
                pb: Pose::at(3.0, 2.0),
            },
        ];
        // The 512² per-pixel reference takes tens of milliseconds per call.
        run_cases(c, &format!("rotated/{size}"), &cases, size <= 128);
    }
}

fn posed(c: &mut Criterion) {
    let mut g = c.benchmark_group("posed/128");
    let turn = 33f32.to_radians();
    let (ca, cb) = (checker(128, 0), checker(128, 1));
    let pc = Pose::at(0.0, 0.0).rotated(turn);
    let (sa, spa, sb, spb) = ship_pair();
    let (mut qa, mut qb) = (PosedMask::default(), PosedMask::default());
    for (name, a, pa, b, pb) in [
        ("worst", &ca, &pc, &cb, &pc),
        ("ships", &sa, &spa, &sb, &spb),
    ] {
        // As a game without cached masks would: both built inside the
        // query, each only over the boxes' overlap (`PairQuery`)...
        let mut pair = PairQuery::new();
        g.bench_function(BenchmarkId::new("built_in_query", name), |bench| {
            bench.iter(|| pair.intersects(black_box(a), black_box(pa), b, pb))
        });
        // ... or both built whole, then tested.
        g.bench_function(BenchmarkId::new("built_whole_in_query", name), |bench| {
            bench.iter(|| {
                qa.rebuild(black_box(a), black_box(pa));
                qb.rebuild(b, pb);
                qa.intersects(&qb)
            })
        });
        let (ready_a, ready_b) = (PosedMask::new(a, pa), PosedMask::new(b, pb));
        g.bench_function(BenchmarkId::new("prebuilt", name), |bench| {
            bench.iter(|| black_box(&ready_a).intersects(black_box(&ready_b)))
        });
    }
    let ship = ship_80();
    let poses = build_poses();
    // Auto, and each rasteriser forced (all give the same bits).
    for (name, method) in [
        ("", RasterMethod::Auto),
        ("/edges", RasterMethod::Edges),
        ("/pixel_walk", RasterMethod::PixelWalk),
    ] {
        let mut k = 0;
        g.bench_function(format!("build/ship_80x80{name}"), |bench| {
            bench.iter(|| {
                k = (k + 1) % poses.len();
                qa.rebuild_with(black_box(&ship), &poses[k], method);
                qa.pixel_count()
            })
        });
    }
    for (name, method) in [
        ("/edges", RasterMethod::Edges),
        ("/pixel_walk", RasterMethod::PixelWalk),
    ] {
        g.bench_function(format!("build/dart_128{name}"), |bench| {
            bench.iter(|| {
                qa.rebuild_with(black_box(&sa), &spa, method);
                qa.pixel_count()
            })
        });
        g.bench_function(format!("build/checker_128{name}"), |bench| {
            bench.iter(|| {
                qa.rebuild_with(black_box(&ca), &pc, method);
                qa.pixel_count()
            })
        });
    }
    g.finish();
}

/// 100 rotated 80×80 ships (the sampling bench's sprite, random angles,
/// fractional x) sampling a canvas after 30 steps of 100k particles through
/// posed masks: built in the sample (the pose changed, as in the world) or
/// in advance; on 1 thread and spread over 2; prebuilt on 1 thread with
/// each sampling instruction set.
/// Every public collision entry point beside the best path that gives the
/// same answer: `<entry>` next to `<entry>/best`, on issue 35's pair
/// (`entry/ships_80`: two 80×80 ships turned 0.577 and 2.1 rad,
/// overlapping) and on `posed/128`'s ships (`entry/ships_128_apart`: boxes
/// overlapping, no pixel shared).
fn entry(c: &mut Criterion) {
    let (sa, spa, sb, spb) = ship_pair();
    let (a80, pa80, b80, pb80) = entry_pair();
    for (group, a, pa, b, pb) in [
        ("entry/ships_80", &a80, &pa80, &b80, &pb80),
        ("entry/ships_128_apart", &sa, &spa, &sb, &spb),
    ] {
        let mut g = c.benchmark_group(group);
        let (mut qa, mut qb) = (PosedMask::default(), PosedMask::default());
        g.bench_function("posed_new", |bench| {
            bench.iter(|| PosedMask::new(black_box(a), black_box(pa)).pixel_count())
        });
        g.bench_function("posed_new/best", |bench| {
            bench.iter(|| {
                qa.rebuild(black_box(a), black_box(pa));
                qa.pixel_count()
            })
        });
        g.bench_function("overlap", |bench| {
            bench.iter(|| collide::overlap(black_box(a), black_box(pa), b, pb))
        });
        g.bench_function("overlap/best", |bench| {
            bench.iter(|| {
                qa.rebuild(black_box(a), black_box(pa));
                qb.rebuild(b, pb);
                qa.overlap(&qb)
            })
        });
        g.bench_function("overlap_count", |bench| {
            bench.iter(|| collide::overlap_count(black_box(a), black_box(pa), b, pb))
        });
        g.bench_function("overlap_count/best", |bench| {
            bench.iter(|| {
                qa.rebuild(black_box(a), black_box(pa));
                qb.rebuild(b, pb);
                qa.overlap(&qb).map_or(0, |o| o.count)
            })
        });
        g.bench_function("overlap_mask", |bench| {
            bench.iter(|| collide::overlap_mask(black_box(a), black_box(pa), b, pb))
        });
        g.bench_function("overlap_mask/best", |bench| {
            bench.iter(|| {
                qa.rebuild(black_box(a), black_box(pa));
                qb.rebuild(b, pb);
                qa.shared_pixels(&qb)
            })
        });
        let ready_a = PosedMask::new(a, pa);
        g.bench_function("posed_overlap_mask", |bench| {
            bench.iter(|| black_box(&ready_a).overlap_mask(black_box(b), black_box(pb)))
        });
        g.bench_function("posed_overlap_mask/best", |bench| {
            bench.iter(|| {
                qb.rebuild(black_box(b), black_box(pb));
                black_box(&ready_a).overlap(&qb)
            })
        });
        g.bench_function("posed_intersects_mask", |bench| {
            bench.iter(|| black_box(&ready_a).intersects_mask(black_box(b), black_box(pb)))
        });
        g.bench_function("posed_intersects_mask/best", |bench| {
            bench.iter(|| {
                qb.rebuild(black_box(b), black_box(pb));
                black_box(&ready_a).intersects(&qb)
            })
        });
        let mut pair = PairQuery::new();
        g.bench_function("intersects", |bench| {
            bench.iter(|| collide::intersects(black_box(a), black_box(pa), b, pb))
        });
        g.bench_function("intersects/best", |bench| {
            bench.iter(|| pair.intersects(black_box(a), black_box(pa), b, pb))
        });
        g.bench_function("intersects/best_whole", |bench| {
            bench.iter(|| {
                qa.rebuild(black_box(a), black_box(pa));
                qb.rebuild(b, pb);
                qa.intersects(&qb)
            })
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    // Short runs, so the whole bench and the pygame-ce peer script take
    // under three minutes together.
    config = Criterion::default()
        .warm_up_time(std::time::Duration::from_millis(300))
        .measurement_time(std::time::Duration::from_millis(700))
        .sample_size(30);
    targets = translate, rotated, posed, entry, posed_sampling, broadphase
}
criterion_main!(benches);
