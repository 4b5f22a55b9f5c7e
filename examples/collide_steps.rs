//! Collision queries a second on one thread, per instruction set: the
//! figures the 128-bit collision kernels are measured by (the peer of
//! `field_steps.rs`), built for wasm32-wasip1 and run under Node or
//! Wasmtime (it builds and runs natively too).
//!
//! ```sh
//! CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="-C target-feature=+simd128" \
//!   cargo build --release --example collide_steps --target wasm32-wasip1 \
//!   --no-default-features --features internals
//! node web/wasi-run.mjs target/wasm32-wasip1/release/examples/collide_steps.wasm
//! ```
//!
//! Arguments: `[ROUNDS] [CASE] [ISA]` (9, every case, every set; `CASE`
//! keeps the cases whose name contains it, `=CASE` the one so named, and
//! `ISA` the instruction sets whose name contains it, for counting one
//! under callgrind). Cases: `translate_128_worst` (128² translated
//! `intersects`, checkerboard against its inverse at (6, 4): nothing
//! shared, nothing exits early), `posed_ship_80` (a posed mask of the
//! 80×80 ship rebuilt for one of 64 turned poses), `posed_walk_ship_80`
//! (the same by the pixel walk, whichever the estimate picks),
//! `posed_new_ship_80`
//! (the same through `PosedMask::new`) and `pair_overlap_ship_80`
//! (`collide::overlap` of two 80×80 ships turned 0.577 and 2.1 rad,
//! overlapping), `intersects_hit_ship_80` (`collide::intersects` of the
//! same pair), `intersects_apart_ship_80` (the second ship moved to (60, 60):
//! boxes overlapping, nothing shared) and `pair_intersects_apart_ship_80`
//! (the same through a `PairQuery`, the best path there),
//! `pair_intersects_checker_128` (a `PairQuery` of the two 128²
//! checkerboards, both turned 33° about the same centre: the `collide`
//! bench's `posed/128/built_in_query/worst`), `sample_posed_ship_80` and
//! `sample_posed_bits_ship_80` (`ships::sample_posed_with` of the 80×80
//! ship, prebuilt in one of 64 turned poses, over a random 1000×600
//! canvas: scratch texel writes, then bit writes). Each line is a case and an instruction set, with the
//! median over the rounds of the time a call (every set gives the same
//! answers; the line ends with a checksum of them).

#[cfg(feature = "internals")]
fn main() {
    use std::hint::black_box;
    use std::time::Instant;

    use hitfield::collide::{self, PairQuery, PosedMask, RasterMethod};
    use hitfield::cpu::Isa;
    use hitfield::field::Canvas;
    use hitfield::mask::Mask;
    use hitfield::pose::Pose;
    use hitfield::settings::Channel;
    use hitfield::ships::{sample_posed_with, HitMap, HitPixels, TexelWrites, Thresholds};
    use hitfield::stats::percentile;

    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(9)
        .max(1);
    let only = std::env::args().nth(2).unwrap_or_default();
    let only_isa = std::env::args().nth(3).unwrap_or_default();
    let checker = |parity: u32| Mask::from_fn(128, 128, move |x, y| (x + y) % 2 == parity);
    let (ca, cb) = (checker(0), checker(1));
    let (pca, pcb) = (Pose::at(0.0, 0.0), Pose::at(6.0, 4.0));
    let ship = Mask::from_fn(80, 80, |x, y| {
        let (dx, dy) = (x as i32 - 40, y as i32 - 40);
        dx * dx + dy * dy < 1500 && (x / 8 + y / 8) % 5 != 0
    });
    let mut rng = fastrand::Rng::with_seed(80);
    let poses: Vec<Pose> = (0..64)
        .map(|_| {
            Pose::at(rng.f32() * 1000.0, rng.f32() * 600.0)
                .rotated(rng.f32() * std::f32::consts::TAU)
        })
        .collect();
    let (pa, pb) = (
        Pose::at(0.0, 0.0).rotated(0.577),
        Pose::at(23.0, 11.0).rotated(2.1),
    );
    // Boxes overlapping, discs apart: nothing shared.
    let p_apart = Pose::at(60.0, 60.0).rotated(2.1);
    // Complementary checkerboards turned 33° about the same centre.
    let p_checker = Pose::at(0.0, 0.0).rotated(33f32.to_radians());
    let mut pair = PairQuery::new();
    let mut checker_pair = PairQuery::new();
    // (name, calls a round, the call: returns something to check)
    type Case<'a> = (&'static str, usize, Box<dyn FnMut(usize) -> u64 + 'a>);
    let mut posed = PosedMask::default();
    let mut walked = PosedMask::default();
    // A canvas of random pixels (a quarter pass the thresholds) and the
    // ship prebuilt in every pose, for the sampling cases.
    let mut canvas = Canvas::new(1000, 600).expect("valid canvas size");
    for p in canvas.pixels_mut() {
        *p = [rng.u8(..), 0, 0, rng.u8(..)];
    }
    let thresholds = Thresholds {
        field_alpha_min: 128,
        colour_min: 128,
        colour_channel: Channel::Red,
        ship_alpha_min: 1,
    };
    let prebuilt: Vec<PosedMask> = poses.iter().map(|p| PosedMask::new(&ship, p)).collect();
    let (ship_ref, canvas_ref, prebuilt_ref) = (&ship, &canvas, &prebuilt);
    let sample = move |k: usize, writes, hits: &mut HitMap, pixels: &mut HitPixels| {
        let posed = &prebuilt_ref[k % prebuilt_ref.len()];
        let (canvas, t) = (black_box(canvas_ref), &thresholds);
        u64::from(sample_posed_with(
            writes, canvas, ship_ref, posed, t, hits, pixels,
        ))
    };
    let (mut hits, mut pixels) = (HitMap::default(), HitPixels::default());
    let (mut hits_b, mut pixels_b) = (HitMap::default(), HitPixels::default());
    let cases: Vec<Case> = vec![
        (
            "translate_128_worst",
            2000,
            Box::new(|_| u64::from(collide::intersects(black_box(&ca), &pca, &cb, &pcb))),
        ),
        (
            "posed_ship_80",
            640,
            Box::new(|k| {
                posed.rebuild(black_box(&ship), &poses[k % poses.len()]);
                posed.pixel_count()
            }),
        ),
        (
            "posed_walk_ship_80",
            640,
            Box::new(|k| {
                walked.rebuild_with(
                    black_box(&ship),
                    &poses[k % poses.len()],
                    RasterMethod::PixelWalk,
                );
                walked.pixel_count()
            }),
        ),
        (
            "posed_new_ship_80",
            640,
            Box::new(|k| PosedMask::new(black_box(&ship), &poses[k % poses.len()]).pixel_count()),
        ),
        (
            "intersects_hit_ship_80",
            2000,
            Box::new(|_| u64::from(collide::intersects(black_box(&ship), &pa, &ship, &pb))),
        ),
        (
            "intersects_apart_ship_80",
            2000,
            Box::new(|_| u64::from(collide::intersects(black_box(&ship), &pa, &ship, &p_apart))),
        ),
        (
            "pair_intersects_apart_ship_80",
            2000,
            Box::new(|_| u64::from(pair.intersects(black_box(&ship), &pa, &ship, &p_apart))),
        ),
        (
            "pair_intersects_checker_128",
            200,
            Box::new(|_| {
                u64::from(checker_pair.intersects(black_box(&ca), &p_checker, &cb, &p_checker))
            }),
        ),
        (
            "pair_overlap_ship_80",
            640,
            Box::new(|_| {
                collide::overlap(black_box(&ship), &pa, &ship, &pb).map_or(0, |o| o.count)
            }),
        ),
        (
            "sample_posed_ship_80",
            640,
            Box::new(move |k| sample(k, TexelWrites::Scratch, &mut hits, &mut pixels)),
        ),
        (
            "sample_posed_bits_ship_80",
            640,
            Box::new(move |k| sample(k, TexelWrites::Bits, &mut hits_b, &mut pixels_b)),
        ),
    ];
    println!("{rounds} rounds, one thread; median time a call");
    for (name, calls, mut call) in cases {
        let picked = match only.strip_prefix('=') {
            Some(exact) => name == exact,
            None => name.contains(only.as_str()),
        };
        if !picked {
            continue;
        }
        for isa in Isa::supported().filter(|isa| format!("{isa:?}").contains(only_isa.as_str())) {
            let _isa = isa.force().expect("supported");
            let mut sum = 0u64;
            for k in 0..calls {
                sum = sum.wrapping_add(call(k));
            }
            let mut per_call: Vec<f64> = (0..rounds)
                .map(|_| {
                    let start = Instant::now();
                    for k in 0..calls {
                        black_box(call(k));
                    }
                    start.elapsed().as_secs_f64() / calls as f64
                })
                .collect();
            println!(
                "{name:<22} {:<8} {:>10.3} µs  check {sum}",
                format!("{isa:?}"),
                percentile(&mut per_call, 0.5) * 1e6
            );
        }
    }
}

#[cfg(not(feature = "internals"))]
fn main() {
    eprintln!("collide_steps forces instruction sets: build it with --features internals");
}
