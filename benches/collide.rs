//! Sprite-against-sprite collision: the fast queries next to the per-pixel
//! reference, on seeded, pre-built inputs.
//!
//! Short runs: `cargo bench --bench collide -- --warm-up-time 1 --measurement-time 3 <filter>`.
//! Groups: `translate/<size>` (integer offsets), `rotated/<size>` (33°),
//! `broadphase/500` (500 moving sprites, every pair found and tested).
//! "worst" cases share no pixel although the boxes overlap fully
//! (checkerboard against inverse checkerboard), so nothing exits early.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use hitfield::collide;
use hitfield::collide::broadphase::SweepAndPrune;
use hitfield::mask::Mask;
use hitfield::pose::{PixelRect, Pose};
use hitfield::reference::collide as reference;

fn checker(size: u32, parity: u32) -> Mask {
    Mask::from_fn(size, size, |x, y| (x + y) % 2 == parity)
}

fn full(size: u32) -> Mask {
    Mask::from_fn(size, size, |_, _| true)
}

/// One pair of posed masks.
struct Case {
    name: &'static str,
    a: Mask,
    pa: Pose,
    b: Mask,
    pb: Pose,
}

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
        let cases = [
            // Even offsets keep the checkerboards' parities apart.
            Case {
                name: "worst_unaligned",
                a: checker(size, 0),
                pa: Pose::at(0.0, 0.0),
                b: checker(size, 1),
                pb: Pose::at(6.0, 4.0),
            },
            Case {
                name: "worst_aligned",
                a: checker(size, 0),
                pa: Pose::at(0.0, 0.0),
                b: checker(size, 1),
                pb: Pose::at(0.0, 2.0),
            },
            Case {
                name: "early_hit_unaligned",
                a: full(size),
                pa: Pose::at(0.0, 0.0),
                b: full(size),
                pb: Pose::at(5.0, 3.0),
            },
            Case {
                name: "early_hit_aligned",
                a: full(size),
                pa: Pose::at(0.0, 0.0),
                b: full(size),
                pb: Pose::at(0.0, 3.0),
            },
        ];
        run_cases(c, &format!("translate/{size}"), &cases, true);
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

/// 500 ship-like sprites moving and turning in a 1920×1080 world.
struct Scene {
    masks: Vec<Mask>,
    poses: Vec<Pose>,
    velocities: Vec<[f32; 3]>,
}

impl Scene {
    fn new(count: usize) -> Self {
        let mut rng = fastrand::Rng::with_seed(500);
        let shapes: Vec<Mask> = (0..8)
            .map(|k| {
                let (w, h) = (24 + 4 * k, 20 + 3 * k);
                // An arrowhead with a notch: irregular, so boxes often overlap
                // while pixels do not.
                Mask::from_fn(w, h, |x, y| {
                    let (fx, fy) = (x as f32 / w as f32, (y as f32 / h as f32 - 0.5).abs());
                    fy < 0.5 * (1.0 - fx) && !(fx < 0.3 && fy < 0.15)
                })
            })
            .collect();
        let masks = (0..count)
            .map(|_| shapes[rng.usize(0..shapes.len())].clone())
            .collect();
        let poses = (0..count)
            .map(|_| Pose {
                x: rng.f32() * 1920.0,
                y: rng.f32() * 1080.0,
                rotation: rng.f32() * std::f32::consts::TAU,
                scale: 0.8 + rng.f32() * 0.6,
            })
            .collect();
        let velocities = (0..count)
            .map(|_| {
                [
                    rng.f32() * 4.0 - 2.0,
                    rng.f32() * 4.0 - 2.0,
                    rng.f32() * 0.1 - 0.05,
                ]
            })
            .collect();
        Scene {
            masks,
            poses,
            velocities,
        }
    }

    fn step(&mut self) {
        for (p, v) in self.poses.iter_mut().zip(&self.velocities) {
            p.x = (p.x + v[0]).rem_euclid(1920.0);
            p.y = (p.y + v[1]).rem_euclid(1080.0);
            p.rotation = (p.rotation + v[2]).rem_euclid(std::f32::consts::TAU);
        }
    }

    fn boxes(&self, out: &mut Vec<Option<PixelRect>>) {
        out.clear();
        out.extend(
            self.masks
                .iter()
                .zip(&self.poses)
                .map(|(m, p)| p.world_bounds(m.width(), m.height())),
        );
    }
}

fn broadphase(c: &mut Criterion) {
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

criterion_group!(benches, translate, rotated, broadphase);
criterion_main!(benches);
