//! The frame of `python/bench.py`'s spinning case on the Rust side: 200
//! spinning 80×80 ship masks at random places in a 1280×720 field, every
//! touching pair found by `collide::Contacts::find` without overlaps (what
//! Python's `collide_all` does without `detail`). Prints the candidate and
//! touching pairs and the median and least time a frame; only
//! `counted_frames` is worth collecting under callgrind.
//!
//! ```sh
//! cargo build -p hitfield-benches --release --bin spinning
//! target/release/spinning --threads 1
//! # Python's own masks and poses (its ships are scaled smoothly, so their
//! # outlines differ from the ones made here):
//! python python/bench.py --dump-spinning target/spinning.txt
//! target/release/spinning --load target/spinning.txt --threads 2
//! valgrind --tool=callgrind --toggle-collect='*counted_frames*' \
//!   target/release/spinning --load target/spinning.txt --repeats 1
//! ```
//!
//! Without `--load` the masks are the bundled ships (alpha ≥ 128, pygame's
//! `from_surface` threshold) scaled to 80×80 by nearest texel. `--find-with`
//! keeps a posed mask per sprite ([`Contacts::find_with`]: whole posed masks,
//! every candidate pair tested through them) instead. `--gap-us N` pauses
//! N µs before each frame and times the frames alone (a game's own work
//! between frames, while the pool's threads fall asleep); with it,
//! `--evict-mb N` writes N MiB in each pause (the game's drawing, which
//! leaves the frame's data out of cache).

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
    load: Option<String>,
    find_with: bool,
    gap_us: u64,
    evict_mb: usize,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        sprites: 200,
        frames: 10,
        repeats: 200,
        threads: 1,
        load: None,
        find_with: false,
        gap_us: 0,
        evict_mb: 0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "--find-with" {
            args.find_with = true;
            continue;
        }
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let count = || -> Result<usize, String> {
            value
                .parse()
                .map_err(|_| format!("{flag} {value}: not a count"))
        };
        match flag.as_str() {
            "--sprites" => args.sprites = count()?,
            "--frames" => args.frames = count()?.max(1),
            "--repeats" => args.repeats = count()?.max(1),
            "--threads" => args.threads = count()?,
            "--load" => args.load = Some(value),
            "--gap-us" => args.gap_us = count()? as u64,
            "--evict-mb" => args.evict_mb = count()?,
            _ => {
                return Err(format!(
                    "unknown flag {flag} (--sprites, --frames, --repeats, --threads, --load, --find-with, --gap-us, --evict-mb)"
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
    posed: Option<&mut Vec<PosedMask>>,
    options: &ContactOptions,
) -> usize {
    let mut touching = 0;
    let mut posed = posed;
    for poses in frames {
        let found = match posed.as_deref_mut() {
            Some(posed) => {
                posed.resize(masks.len(), PosedMask::default());
                contacts.find_with(masks, poses, posed, options)
            }
            None => contacts.find(masks, poses, options),
        };
        touching += found.map_or(0, |found| found.len());
    }
    touching
}

/// Distinct masks, each sprite's index among them, and frames of poses.
type Scene = (Vec<Mask>, Vec<usize>, Vec<Vec<Pose>>);

/// The scene asked for.
fn scene(args: &Args) -> Result<Scene, String> {
    if let Some(path) = &args.load {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        return parse_scene(&text).map_err(|e| format!("{path}: {e}"));
    }
    let ships: Vec<Mask> = default_sprites()
        .iter()
        .map(|(_, image)| Mask::from_rgba(image, 128).scaled(80, 80))
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let mut rng = fastrand::Rng::with_seed(48);
    let sprites = (0..args.sprites)
        .map(|_| rng.usize(0..ships.len()))
        .collect();
    let frames = (0..args.frames)
        .map(|_| {
            (0..args.sprites)
                .map(|_| {
                    Pose::from_centre([rng.f32() * 1280.0, rng.f32() * 720.0], [80, 80])
                        .rotated(rng.f32() * std::f32::consts::TAU)
                })
                .collect()
        })
        .collect();
    Ok((ships, sprites, frames))
}

/// `python/bench.py --dump-spinning`'s text: a line `n frames w h`, `n`
/// lines of `w·h` `0`/`1` texels (row by row), then `frames · n` lines
/// `x y rotation` (the poses' fields). Gives the distinct masks, each
/// sprite's mask among them, and the frames.
fn parse_scene(text: &str) -> Result<Scene, String> {
    let mut lines = text.lines();
    let head: Vec<usize> = lines
        .next()
        .ok_or("empty file")?
        .split(' ')
        .map(|v| v.parse().map_err(|_| format!("bad header field {v:?}")))
        .collect::<Result<_, _>>()?;
    let [n, frames, w, h] = head[..] else {
        return Err("the header is `n frames w h`".into());
    };
    let masks = (0..n)
        .map(|k| {
            let bits = lines.next().ok_or("too few mask lines")?.as_bytes();
            if bits.len() != w * h {
                return Err(format!("mask {k}: {} texels, not {w}×{h}", bits.len()));
            }
            Ok(Mask::from_fn(w as u32, h as u32, |x, y| {
                bits[y as usize * w + x as usize] == b'1'
            }))
        })
        .collect::<Result<Vec<_>, String>>()?;
    // Sprites of one kind share a mask in Python (one `Mask` object): the
    // same here, so the masks' bits stay as few and as cached.
    let mut kinds: Vec<Mask> = Vec::new();
    let sprites = masks
        .into_iter()
        .map(|m| match kinds.iter().position(|k| *k == m) {
            Some(k) => k,
            None => {
                kinds.push(m);
                kinds.len() - 1
            }
        })
        .collect();
    let frames = (0..frames)
        .map(|_| {
            (0..n)
                .map(|_| {
                    let line = lines.next().ok_or("too few pose lines")?;
                    let v: Vec<f32> = line
                        .split(' ')
                        .map(|v| v.parse().map_err(|_| format!("bad pose field {v:?}")))
                        .collect::<Result<_, _>>()?;
                    let [x, y, rotation] = v[..] else {
                        return Err(format!("a pose line is `x y rotation`, got {line:?}"));
                    };
                    Ok(Pose::at(x, y).rotated(rotation))
                })
                .collect()
        })
        .collect::<Result<_, String>>()?;
    Ok((kinds, sprites, frames))
}

fn run(args: &Args) -> Result<(), String> {
    let (kinds, sprites, frames) = scene(args)?;
    let masks: Vec<&Mask> = sprites.iter().map(|&k| &kinds[k]).collect();
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
    let mut contacts = Contacts::new();
    let mut posed = args.find_with.then(Vec::new);
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
        masks.len(),
        frames.len(),
        per(candidates),
        per(touching)
    );
    let mut evict = vec![0u8; args.evict_mb << 20];
    let mut times = Vec::with_capacity(args.repeats);
    for _ in 0..args.repeats {
        let start = Instant::now();
        let found = if args.gap_us > 0 {
            // Each frame timed alone, after a pause (a game's own work
            // between frames, during which the pool's threads fall asleep).
            let mut spent = 0.0;
            let mut found = 0;
            for frame in frames.chunks(1) {
                std::thread::sleep(std::time::Duration::from_micros(args.gap_us));
                // As a game's drawing between frames: caches refilled.
                evict.iter_mut().for_each(|b| *b = b.wrapping_add(1));
                std::hint::black_box(&evict);
                let start = Instant::now();
                found += counted_frames(&mut contacts, &masks, frame, posed.as_mut(), &options);
                spent += start.elapsed().as_secs_f64();
            }
            times.push(spent / frames.len() as f64);
            found
        } else {
            let found = counted_frames(&mut contacts, &masks, &frames, posed.as_mut(), &options);
            times.push(start.elapsed().as_secs_f64() / frames.len() as f64);
            found
        };
        if found != touching {
            return Err(format!("{found} touching pairs, then {touching}"));
        }
    }
    times.sort_by(f64::total_cmp);
    println!(
        "a frame ({} threads{}): median {:.1} µs, least {:.1} µs",
        args.threads,
        if args.find_with { ", find_with" } else { "" },
        times[times.len() / 2] * 1e6,
        times[0] * 1e6
    );
    Ok(())
}
