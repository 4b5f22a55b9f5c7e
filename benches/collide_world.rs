//! The collide bench's world-like groups: `posed/sample_100_ships_80x80`
//! (sampling a warm canvas through posed masks, as the world does) and
//! `broadphase/500` (500 moving sprites, every pair found and tested).

use std::hint::black_box;

use criterion::Criterion;
use hitfield::collide::broadphase::SweepAndPrune;
use hitfield::collide::{self, PosedMask};
use hitfield::cpu::Isa;
use hitfield::pose::Pose;
use hitfield::reference::collide as reference;
use hitfield::ships::{sample_posed, sample_posed_with, HitMap, HitPixels, TexelWrites};
use rayon::prelude::*;

use crate::cases::{mark_paired, two_threads, SampleScene, Scene};

pub fn posed_sampling(c: &mut Criterion) {
    let scene = SampleScene::new();
    let (canvas, mask, t, poses) = (
        scene.field.canvas(),
        &scene.mask,
        &scene.thresholds,
        &scene.poses,
    );
    struct ShipState {
        posed: PosedMask,
        hits: HitMap,
        pixels: HitPixels,
    }
    let mut ships: Vec<ShipState> = poses
        .iter()
        .map(|p| ShipState {
            posed: PosedMask::new(mask, p),
            hits: HitMap::default(),
            pixels: HitPixels::default(),
        })
        .collect();
    let two = two_threads();
    let mut g = c.benchmark_group("posed/sample_100_ships_80x80");
    for build in [true, false] {
        let sample_one = |(s, p): (&mut ShipState, &Pose)| {
            if build {
                s.posed.rebuild(mask, p);
            }
            sample_posed(canvas, mask, &s.posed, t, &mut s.hits, &mut s.pixels)
        };
        let name = if build { "built_in_sample" } else { "prebuilt" };
        g.bench_function(format!("{name}_1t/rotated"), |b| {
            b.iter(|| ships.iter_mut().zip(poses).map(sample_one).sum::<u32>())
        });
        g.bench_function(format!("{name}_2t/rotated"), |b| {
            b.iter(|| {
                two.install(|| {
                    ships
                        .par_iter_mut()
                        .zip(poses.par_iter())
                        .map(sample_one)
                        .sum::<u32>()
                })
            })
        });
    }
    // Prebuilt on 1 thread, each instruction set this CPU has.
    for isa in Isa::supported() {
        let name = format!("prebuilt_1t_isa/{isa:?}");
        g.bench_function(name, |b| {
            let _isa = isa.force().expect("supported");
            b.iter(|| {
                ships
                    .iter_mut()
                    .map(|s| {
                        sample_posed_with(
                            TexelWrites::Scratch,
                            canvas,
                            mask,
                            &s.posed,
                            t,
                            &mut s.hits,
                            &mut s.pixels,
                        )
                    })
                    .sum::<u32>()
            })
        });
    }
    g.finish();
}

pub fn broadphase(c: &mut Criterion) {
    let mut g = c.benchmark_group("broadphase/500");
    let mut scene = Scene::new(500);
    let mut sap = SweepAndPrune::new();
    let mut boxes = Vec::new();
    g.bench_function("sweep_and_prune_then_intersects", |bench| {
        bench.iter(|| {
            scene.step();
            scene.boxes(&mut boxes);
            let mut hits = 0usize;
            for &(i, j) in sap.pairs(&boxes) {
                let (m, p) = (&scene.masks, &scene.poses);
                hits += usize::from(collide::intersects(&m[i], &p[i], &m[j], &p[j]));
            }
            black_box(hits)
        })
    });
    // The same, the candidate pairs tested on 2 threads (the sweep stays on
    // one): queries are independent and read only shared data.
    let two = two_threads();
    g.bench_function("sweep_and_prune_then_intersects_2t", |bench| {
        bench.iter(|| {
            scene.step();
            scene.boxes(&mut boxes);
            let pairs = sap.pairs(&boxes);
            let (m, p) = (&scene.masks, &scene.poses);
            let hits = two.install(|| {
                pairs
                    .par_iter()
                    .with_min_len(32)
                    .filter(|&&(i, j)| collide::intersects(&m[i], &p[i], &m[j], &p[j]))
                    .count()
            });
            black_box(hits)
        })
    });
    // As the world does it: each sprite in a candidate pair gets its posed
    // mask built once per step, then every pair is tested at word speed.
    let mut posed: Vec<PosedMask> = vec![PosedMask::default(); scene.masks.len()];
    let mut needed = vec![false; scene.masks.len()];
    g.bench_function("sweep_and_prune_then_posed", |bench| {
        bench.iter(|| {
            scene.step();
            scene.boxes(&mut boxes);
            let pairs = sap.pairs(&boxes);
            mark_paired(pairs, &mut needed);
            for (k, q) in posed.iter_mut().enumerate() {
                if needed[k] {
                    q.rebuild(&scene.masks[k], &scene.poses[k]);
                }
            }
            let hits = pairs
                .iter()
                .filter(|&&(i, j)| posed[i].intersects(&posed[j]))
                .count();
            black_box(hits)
        })
    });
    // The same on 2 threads: the needed posed masks built in parallel, then
    // the pairs tested in parallel (the sweep stays on one thread).
    g.bench_function("sweep_and_prune_then_posed_2t", |bench| {
        bench.iter(|| {
            scene.step();
            scene.boxes(&mut boxes);
            let pairs = sap.pairs(&boxes);
            mark_paired(pairs, &mut needed);
            let hits = scene.posed_pairs_on(two, &mut posed, &needed, pairs);
            black_box(hits)
        })
    });
    g.bench_function("sweep_and_prune_only", |bench| {
        bench.iter(|| {
            scene.step();
            scene.boxes(&mut boxes);
            black_box(sap.pairs(&boxes).len())
        })
    });
    g.bench_function("brute_force_then_reference", |bench| {
        bench.iter(|| {
            scene.step();
            scene.boxes(&mut boxes);
            let mut hits = 0usize;
            for i in 0..boxes.len() {
                for j in i + 1..boxes.len() {
                    let (Some(a), Some(b)) = (boxes[i], boxes[j]) else {
                        continue;
                    };
                    if a.intersect(&b).is_some() {
                        let (m, p) = (&scene.masks, &scene.poses);
                        hits += usize::from(reference::intersects(&m[i], &p[i], &m[j], &p[j]));
                    }
                }
            }
            black_box(hits)
        })
    });
    g.finish();
    // How busy the scene is, for the report.
    scene.boxes(&mut boxes);
    let pairs = sap.pairs(&boxes).to_vec();
    let (m, p) = (&scene.masks, &scene.poses);
    let hits = pairs
        .iter()
        .filter(|&&(i, j)| collide::intersects(&m[i], &p[i], &m[j], &p[j]))
        .count();
    println!(
        "broadphase/500: {} box pairs, {hits} pixel hits",
        pairs.len()
    );
}
