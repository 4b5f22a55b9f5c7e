//! The frame of `python/bench.py`'s spinning case on the Rust side: 200
//! spinning 80×80 ship masks at random places in a 1280×720 field, every
//! touching pair found by `collide::Contacts` (no overlaps, as Python's
//! `collide_all` without `detail`). Prints the candidate and touching
//! pairs, the posed pixels the frame needs and the median time a frame;
//! only [`counted_frames`] is worth collecting under callgrind.
//!
//! ```sh
//! cargo build -p hitfield-benches --release --bin spinning
//! target/release/spinning --threads 1           # time a frame, one thread
//! valgrind --tool=callgrind --toggle-collect='*counted_frames*' \
//!   target/release/spinning --threads 1 --frames 10 --repeats 1
//! ```
//!
//! The masks are the bundled ships (alpha ≥ 128, pygame's `from_surface`
//! threshold) scaled to 80×80 by nearest texel; `python/bench.py` scales
//! the images smoothly first, so its shapes differ by a few edge pixels.

use std::process::ExitCode;
use std::time::Instant;

use hitfield::collide::{ContactOptions, Contacts};
use hitfield::prelude::*;

/// The run the command line asks for.
struct Args {
    sprites: usize,
    frames: usize,
    repeats: usize,
    threads: usize,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        sprites: 200,
        frames: 10,
        repeats: 200,
        threads: 1,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let n: usize = value
            .parse()
            .map_err(|_| format!("{flag} {value}: not a count"))?;
        match flag.as_str() {
            "--sprites" => args.sprites = n,
            "--frames" => args.frames = n.max(1),
            "--repeats" => args.repeats = n.max(1),
            "--threads" => args.threads = n,
            _ => {
                return Err(format!(
                    "unknown flag {flag} (--sprites, --frames, --repeats, --threads)"
                ))
            }
        }
    }
    Ok(args)
}

fn main() -> ExitCode {
    match parse().and_then(|a| run(&a)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("spinning: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Every frame once through `contacts`: the touching pairs found.
#[inline(never)]
fn counted_frames(
    contacts: &mut Contacts,
    masks: &[&Mask],
    frames: &[Vec<Pose>],
    options: &ContactOptions,
) -> usize {
    let mut touching = 0;
    let mut posed = Vec::new();
    for poses in frames {
        touching += if std::env::var_os("SPIN_WITH").is_some() {
            posed.resize(masks.len(), PosedMask::default());
            contacts.find_with(masks, poses, &mut posed, options)
        } else {
            contacts.find(masks, poses, options)
        }
        .map_or(0, |found| found.len());
    }
    touching
}

fn run(args: &Args) -> Result<(), String> {
    let ships: Vec<Mask> = default_sprites()
        .iter()
        .map(|(_, image)| Mask::from_rgba(image, 128).scaled(80, 80))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let mut rng = fastrand::Rng::with_seed(48);
    let masks: Vec<&Mask> = (0..args.sprites)
        .map(|_| &ships[rng.usize(0..ships.len())])
        .collect();
    let frames: Vec<Vec<Pose>> = (0..args.frames)
        .map(|_| {
            (0..args.sprites)
                .map(|_| {
                    Pose::from_centre([rng.f32() * 1280.0, rng.f32() * 720.0], [80, 80])
                        .rotated(rng.f32() * std::f32::consts::TAU)
                })
                .collect()
        })
        .collect();
    let loaded;
    let (masks, frames) = if let Some(path) = std::env::var_os("SPIN_LOAD") {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let mut lines = text.lines();
        let head: Vec<usize> = lines
            .next()
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        loaded = (0..head[0])
            .map(|_| {
                let l = lines.next().unwrap().as_bytes();
                Mask::from_fn(80, 80, |x, y| l[(y * 80 + x) as usize] == b'1')
            })
            .collect::<Vec<Mask>>();
        let fr: Vec<Vec<Pose>> = (0..head[1])
            .map(|_| {
                (0..head[0])
                    .map(|_| {
                        let v: Vec<f64> = lines
                            .next()
                            .unwrap()
                            .split(' ')
                            .map(|v| v.parse().unwrap())
                            .collect();
                        Pose {
                            x: v[0] as f32,
                            y: v[1] as f32,
                            rotation: v[2] as f32,
                            scale: 1.0,
                        }
                    })
                    .collect()
            })
            .collect();
        (loaded.iter().collect::<Vec<&Mask>>(), fr)
    } else {
        (masks, frames)
    };
    if std::env::var_os("SPIN_METHODS").is_some() {
        use hitfield::collide::RasterMethod;
        let mut posed = PosedMask::default();
        for method in [
            RasterMethod::Auto,
            RasterMethod::Edges,
            RasterMethod::PixelWalk,
            RasterMethod::Auto,
        ] {
            let mut best = f64::MAX;
            for _ in 0..100 {
                let start = Instant::now();
                for poses in &frames {
                    for (m, p) in masks.iter().zip(poses) {
                        posed.rebuild_with(m, p, method);
                    }
                }
                best =
                    best.min(start.elapsed().as_secs_f64() / (frames.len() * masks.len()) as f64);
            }
            println!("{method:?}: min {:.3} µs a sprite", best * 1e6);
        }
    }
    if std::env::var_os("SPIN_WITNESS").is_some() {
        for k in [2i64, 3, 4, 6, 8, 12] {
            let (mut resolved, mut touching, mut area, mut full, mut built, mut tests) =
                (0, 0, 0u64, 0u64, 0, 0);
            for poses in &frames {
                let boxes: Vec<Option<PixelRect>> = masks
                    .iter()
                    .zip(poses)
                    .map(|(m, p)| p.world_bounds(m.width(), m.height()))
                    .collect();
                let posed: Vec<PosedMask> = masks
                    .iter()
                    .zip(poses)
                    .map(|(m, p)| PosedMask::new(m, p))
                    .collect();
                let maps: Vec<_> = masks
                    .iter()
                    .zip(poses)
                    .map(|(m, p)| p.pixel_map(m.width(), m.height()).unwrap())
                    .collect();
                let covers = |i: usize, x: i64, y: i64| {
                    maps[i].texel(x, y).is_some_and(|(u, v)| masks[i].get(u, v))
                };
                let mut bb: Vec<Option<PixelRect>> = vec![None; masks.len()];
                for i in 0..masks.len() {
                    for j in i + 1..masks.len() {
                        let Some(w) = boxes[i].unwrap().intersect(&boxes[j].unwrap()) else {
                            continue;
                        };
                        let touch = posed[i].intersects(&posed[j]);
                        touching += touch as usize;
                        if std::env::var_os("SPIN_EXACT_RECT").is_some()
                            && posed[i]
                                .world_rect()
                                .zip(posed[j].world_rect())
                                .and_then(|(a, b)| a.intersect(&b))
                                .is_none()
                        {
                            continue;
                        }
                        let mut hit = false;
                        'g: for a in 0..k {
                            for b in 0..k {
                                let x = w.x0 + (w.width() * (2 * a + 1)) / (2 * k);
                                let y = w.y0 + (w.height() * (2 * b + 1)) / (2 * k);
                                tests += 1;
                                if covers(i, x, y) && covers(j, x, y) {
                                    hit = true;
                                    break 'g;
                                }
                            }
                        }
                        assert!(!hit || touch);
                        resolved += hit as usize;
                        if !hit {
                            for s in [i, j] {
                                bb[s] = Some(bb[s].map_or(w, |b| PixelRect {
                                    x0: b.x0.min(w.x0),
                                    y0: b.y0.min(w.y0),
                                    x1: b.x1.max(w.x1),
                                    y1: b.y1.max(w.y1),
                                }));
                            }
                        }
                    }
                }
                for (b, r) in bb.iter().zip(&boxes) {
                    full += r.unwrap().height() as u64;
                    if let Some(b) = b {
                        area += b.height() as u64;
                        built += 1;
                    }
                }
            }
            let f = frames.len() as f64;
            println!("witness {k}x{k}: {:.0} of {:.0} touching resolved ({:.0} point tests); unresolved windows' bboxes {:.0} of {:.0} px, {:.0} sprites built",
                resolved as f64 / f, touching as f64 / f, tests as f64 / f, area as f64 / f, full as f64 / f, built as f64 / f);
        }
    }
    let options = ContactOptions {
        overlap: false,
        parallel: args.threads != 1,
        ..ContactOptions::default()
    };
    // The global pool, called from outside it (as Python's `collide_all` is).
    rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build_global()
        .map_err(|e| e.to_string())?;
    if std::env::var_os("SPIN_STATS").is_some() {
        stats(&masks, &frames);
    }
    (|| {
        let mut contacts = Contacts::new();
        let (mut candidates, mut touching) = (0, 0);
        for poses in &frames {
            touching += contacts
                .find(&masks, poses, &options)
                .map_err(|e| e.to_string())?
                .len();
            candidates += contacts.candidate_pairs();
        }
        let per = |n: usize| n as f64 / frames.len() as f64;
        println!(
            "{} sprites, {} frames: {:.1} candidate pairs, {:.1} touching a frame",
            args.sprites,
            frames.len(),
            per(candidates),
            per(touching)
        );
        let mut times = Vec::with_capacity(args.repeats);
        for _ in 0..args.repeats {
            let start = Instant::now();
            std::hint::black_box(counted_frames(&mut contacts, &masks, &frames, &options));
            times.push(start.elapsed().as_secs_f64() / frames.len() as f64);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "a frame ({} threads): median {:.1} µs, min {:.1} µs",
            args.threads,
            times[times.len() / 2] * 1e6,
            times[0] * 1e6
        );
        Ok(())
    })()
}

/// Temporary: statistics of the frame's pairs.
pub fn stats(masks: &[&Mask], frames: &[Vec<Pose>]) {
    let mut t = [0usize; 13];
    for poses in frames {
        let posed: Vec<PosedMask> = masks
            .iter()
            .zip(poses)
            .map(|(m, p)| PosedMask::new(m, p))
            .collect();
        let boxes: Vec<_> = masks
            .iter()
            .zip(poses)
            .map(|(_, p)| p.world_bounds(80, 80).unwrap())
            .collect();
        let obb = |i: usize| {
            let PixelRect { x0, y0, x1, y1 } = masks[i].solid_bounds().unwrap();
            let p = poses[i];
            let (s, c) = (p.rotation as f64).sin_cos();
            let (cx, cy) = (p.x as f64 + 40.0, p.y as f64 + 40.0);
            [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map(|(u, v)| {
                let (du, dv) = (u as f64 - 40.0, v as f64 - 40.0);
                (cx + c * du - s * dv, cy + s * du + c * dv)
            })
        };
        let sep = |a: &[(f64, f64); 4], b: &[(f64, f64); 4]| {
            for poly in [a, b] {
                for k in 0..2 {
                    let (p, q) = (poly[k], poly[k + 1]);
                    let n = (q.1 - p.1, p.0 - q.0);
                    let pr = |v: &[(f64, f64); 4]| {
                        let d: Vec<f64> = v.iter().map(|w| w.0 * n.0 + w.1 * n.1).collect();
                        (
                            d.iter().cloned().fold(f64::MAX, f64::min),
                            d.iter().cloned().fold(f64::MIN, f64::max),
                        )
                    };
                    let ((a0, a1), (b0, b1)) = (pr(a), pr(b));
                    if a1 < b0 || b1 < a0 {
                        return true;
                    }
                }
            }
            false
        };
        let mut rows_needed: Vec<Vec<bool>> = boxes
            .iter()
            .map(|b| vec![false; b.height() as usize])
            .collect();
        for i in 0..masks.len() {
            for j in i + 1..masks.len() {
                let Some(w) = boxes[i].intersect(&boxes[j]) else {
                    continue;
                };
                t[0] += 1;
                let touch = posed[i].intersects(&posed[j]);
                t[1] += touch as usize;
                let tight = posed[i]
                    .world_rect()
                    .zip(posed[j].world_rect())
                    .and_then(|(a, b)| a.intersect(&b));
                t[2] += tight.is_some() as usize;
                let obbs = !sep(&obb(i), &obb(j));
                t[3] += obbs as usize;
                if !obbs {
                    continue;
                }
                t[4] += w.height() as usize;
                // first hit row from top
                let mut last = w.y1;
                if touch {
                    for y in w.y0..w.y1 {
                        if (w.x0..w.x1).any(|x| posed[i].covers(x, y) && posed[j].covers(x, y)) {
                            last = y + 1;
                            break;
                        }
                    }
                }
                t[5] += (last - w.y0) as usize;
                for (k, b) in [(i, boxes[i]), (j, boxes[j])] {
                    for y in w.y0..last {
                        rows_needed[k][(y - b.y0) as usize] = true;
                    }
                }
            }
        }
        // Solid boxes as the broad phase: the bbox of each sprite's windows.
        let sb: Vec<PixelRect> = posed
            .iter()
            .zip(masks.iter().zip(poses))
            .map(|(_, (m, p))| {
                let PixelRect { x0, y0, x1, y1 } = m.solid_bounds().unwrap();
                let (s, c) = (p.rotation as f64).sin_cos();
                let (cx, cy) = (p.x as f64 + 40.0, p.y as f64 + 40.0);
                let pts = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)].map(|(u, v)| {
                    let (du, dv) = (u as f64 - 40.0, v as f64 - 40.0);
                    (cx + c * du - s * dv, cy + s * du + c * dv)
                });
                let lo = |f: fn(&(f64, f64)) -> f64| pts.iter().map(f).fold(f64::MAX, f64::min);
                let hi = |f: fn(&(f64, f64)) -> f64| pts.iter().map(f).fold(f64::MIN, f64::max);
                PixelRect {
                    x0: (lo(|p| p.0) - 0.5).floor() as i64 - 1,
                    y0: (lo(|p| p.1) - 0.5).floor() as i64 - 1,
                    x1: (hi(|p| p.0) - 0.5).ceil() as i64 + 2,
                    y1: (hi(|p| p.1) - 0.5).ceil() as i64 + 2,
                }
            })
            .collect();
        for i in 0..sb.len() {
            let mut bb: Option<PixelRect> = None;
            for j in 0..sb.len() {
                if i == j {
                    continue;
                }
                if let Some(w) = sb[i].intersect(&sb[j]) {
                    if i < j {
                        t[8] += 1;
                    }
                    bb = Some(bb.map_or(w, |b| PixelRect {
                        x0: b.x0.min(w.x0),
                        y0: b.y0.min(w.y0),
                        x1: b.x1.max(w.x1),
                        y1: b.y1.max(w.y1),
                    }));
                }
            }
            t[9] += sb[i].area() as usize;
            t[10] += bb.map_or(0, |b| b.area() as usize);
            t[11] += sb[i].height() as usize;
            t[12] += bb.map_or(0, |b| b.height() as usize);
        }
        t[6] += rows_needed
            .iter()
            .map(|r| r.iter().filter(|&&b| b).count())
            .sum::<usize>();
        t[7] += boxes.iter().map(|b| b.height() as usize).sum::<usize>();
    }
    let f = frames.len() as f64;
    println!("a frame: candidates {:.0}, touching {:.0}, exact-rect pairs {:.0}, obb pairs {:.0}; obb pair window rows {:.0}, rows scanned to first hit {:.0}; sprite rows needed lazily {:.0} of {:.0}",
        t[0] as f64 / f, t[1] as f64 / f, t[2] as f64 / f, t[3] as f64 / f, t[4] as f64 / f, t[5] as f64 / f, t[6] as f64 / f, t[7] as f64 / f);
    println!("solid boxes: candidates {:.0}, area {:.0}, window bbox area {:.0}, rows {:.0}, window bbox rows {:.0}", t[8] as f64 / f, t[9] as f64 / f, t[10] as f64 / f, t[11] as f64 / f, t[12] as f64 / f);
}
