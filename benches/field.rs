//! Field step on 1280×720 at 100k, 1M, 2M and 4M particles, on 1 and 2
//! threads: hitfield (`hitfield/{1t,2t}`), the straightforward port of the
//! original Flash demo (`flash_port/{1t,2t}`, see `peer/flash_port.rs`),
//! each of hitfield's instruction sets at 1M (`hitfield_{scalar,avx2,avx512}`)
//! and the plain reference at 100k; and sampling 100 ships of 80×80 (one
//! thread, and spread over two as the world does), fast and reference.
//!
//! Those all step a calm field (30 steps in). `field_step_busy` steps the
//! documented busy state instead: 1M particles, library defaults, seed 1,
//! after [`BUSY_STEPS`] steps, when about 12% of the particles wrap across
//! the top and bottom edges every step (and change band with it) and one
//! band holds a fifth of them; at 1 and 2 threads, beside the same seed's
//! calm start (30 steps in). Each timed step is one step after the state
//! (see `field_step_busy`).
//!
//! `cargo bench -p hitfield-benches --bench field -- --warm-up-time 1 --measurement-time 4`
//! (`-- field_step` for the field alone, `-- field_step_busy` for the busy state).

#[path = "peer/flash_port.rs"]
mod flash_port;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use flash_port::FlashPort;
use hitfield::cpu::Isa;
use hitfield::field::{Canvas, Field};
use hitfield::mask::Mask;
use hitfield::pose::Pose;
use hitfield::profile::StageTimes;
use hitfield::reference;
use hitfield::settings::{Channel, FieldSettings};
use hitfield::ships::{sample, HitMap, Thresholds};
use rayon::prelude::*;

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool")
}

/// A field that has run long enough for trails to build up.
fn warm_field(particles: usize) -> Field {
    let settings = FieldSettings {
        particles,
        ..FieldSettings::default()
    };
    let mut field = Field::new(&settings).expect("bench settings are valid");
    let mut times = StageTimes::default();
    for _ in 0..30 {
        field.step(1.0 / 60.0, &mut times);
    }
    field
}

/// Steps into seed 1's busiest phase at 1M particles (see the module docs).
const BUSY_STEPS: usize = 2000;

/// Seed 1 at 1M particles: calm (30 steps in) and busy ([`BUSY_STEPS`] in).
fn field_step_busy(c: &mut Criterion) {
    let mut group = c.benchmark_group("field_step_busy");
    group.sample_size(20);
    let dt = 1.0 / 60.0;
    let settings = FieldSettings {
        particles: 1_000_000,
        seed: 1,
        ..FieldSettings::default()
    };
    let mut field = Field::new(&settings).expect("bench settings are valid");
    let mut times = StageTimes::default();
    let mut states = Vec::new();
    pool(2).install(|| {
        for step in 1..=BUSY_STEPS {
            field.step(dt, &mut times);
            if step == 30 {
                states.push(("calm", field.clone()));
            }
        }
    });
    states.push(("busy", field));
    // Every iteration times one step of a fresh copy of the state, so
    // hundreds of iterations time that state, not the phases after it. The
    // copy (untimed) is stepped once first: a clone's lists and bins have
    // no spare room, and the first step would time their growth.
    for (name, field) in states {
        for threads in [1usize, 2] {
            let pool = pool(threads);
            let mut setup_times = StageTimes::default();
            group.bench_function(format!("{name}/{threads}t"), |b| {
                b.iter_batched_ref(
                    || {
                        let mut f = field.clone();
                        pool.install(|| f.step(dt, &mut setup_times));
                        f
                    },
                    |f| pool.install(|| f.step(dt, &mut times)),
                    BatchSize::LargeInput,
                )
            });
        }
    }
    group.finish();
}

fn field_step(c: &mut Criterion) {
    let mut group = c.benchmark_group("field_step");
    group.sample_size(20);
    let dt = 1.0 / 60.0;
    for particles in [100_000usize, 1_000_000, 2_000_000, 4_000_000] {
        let field = warm_field(particles);
        let mut port = FlashPort::new(field.settings());
        for _ in 0..30 {
            port.step(dt);
        }
        for threads in [1usize, 2] {
            let pool = pool(threads);
            let mut f = field.clone();
            let mut times = StageTimes::default();
            group.bench_with_input(
                BenchmarkId::new(format!("hitfield/{threads}t"), particles),
                &particles,
                |b, _| b.iter(|| pool.install(|| f.step(dt, &mut times))),
            );
            group.bench_with_input(
                BenchmarkId::new(format!("flash_port/{threads}t"), particles),
                &particles,
                |b, _| b.iter(|| pool.install(|| port.step(dt))),
            );
        }
        assert!(port.lit() > 0);
        if particles == 1_000_000 {
            for isa in Isa::ALL.into_iter().filter(|i| i.is_supported()) {
                let name = format!("{isa:?}").to_lowercase();
                for threads in [1usize, 2] {
                    let pool = pool(threads);
                    let mut f = field.clone();
                    let mut times = StageTimes::default();
                    // Forced on the pool's thread, where each step runs.
                    let step = |f: &mut Field, times: &mut StageTimes| {
                        let _isa = isa.force().expect("supported");
                        f.step(dt, times)
                    };
                    group.bench_with_input(
                        BenchmarkId::new(format!("hitfield_{name}/{threads}t"), particles),
                        &particles,
                        |b, _| b.iter(|| pool.install(|| step(&mut f, &mut times))),
                    );
                }
            }
        }
        if particles <= 100_000 {
            let mut f = field.clone();
            group.bench_with_input(
                BenchmarkId::new("reference/1t", particles),
                &particles,
                |b, _| b.iter(|| reference::field::step(&mut f, dt)),
            );
        }
    }
    group.finish();
}

/// 100 ships of 80×80 on a warm 100k-particle canvas.
fn ships_sample(c: &mut Criterion) {
    let field = warm_field(100_000);
    let canvas: &Canvas = field.canvas();
    let mut rng = fastrand::Rng::with_seed(5);
    let mask = Mask::from_fn(80, 80, |x, y| {
        let (dx, dy) = (x as i32 - 40, y as i32 - 40);
        dx * dx + dy * dy < 1500 && (x / 8 + y / 8) % 5 != 0
    });
    let t = Thresholds {
        field_alpha_min: 100,
        colour_min: 100,
        colour_channel: Channel::Red,
        ship_alpha_min: 100,
    };
    let straight: Vec<Pose> = (0..100)
        .map(|_| Pose::at(rng.i32(-40..1240) as f32, rng.i32(-40..680) as f32))
        .collect();
    let turned: Vec<Pose> = straight
        .iter()
        .map(|p| Pose {
            rotation: rng.f32() * std::f32::consts::TAU,
            x: p.x + 0.3,
            ..*p
        })
        .collect();
    let mut hits: Vec<HitMap> = vec![HitMap::default(); 100];
    let mut group = c.benchmark_group("sample_100_ships_80x80");
    for (name, poses) in [("translated", &straight), ("rotated", &turned)] {
        group.bench_function(format!("fast/{name}"), |b| {
            b.iter(|| {
                let mut total = 0u32;
                for (p, h) in poses.iter().zip(&mut hits) {
                    total += sample(canvas, &mask, p, &t, h);
                }
                total
            })
        });
        // As the world does it: ships spread over the 2-thread pool.
        let two = pool(2);
        group.bench_function(format!("fast_2t/{name}"), |b| {
            b.iter(|| {
                two.install(|| {
                    poses
                        .par_iter()
                        .zip(hits.par_iter_mut())
                        .map(|(p, h)| sample(canvas, &mask, p, &t, h))
                        .sum::<u32>()
                })
            })
        });
        group.bench_function(format!("reference/{name}"), |b| {
            b.iter(|| {
                let mut total = 0u32;
                for (p, h) in poses.iter().zip(&mut hits) {
                    total += reference::sample::sample(canvas, &mask, p, &t, h);
                }
                total
            })
        });
    }
    group.finish();
}

criterion_group!(benches, field_step, field_step_busy, ships_sample);
criterion_main!(benches);
