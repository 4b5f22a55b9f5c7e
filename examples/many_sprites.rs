//! Hundreds of sprites that move and turn every frame, every touching pair
//! found and tested pixel-perfectly: the pattern a game uses posed masks
//! for. Each frame, each sprite whose pose changed rebuilds its posed mask
//! (reusing the storage; sprites are independent, so on every core), sweep
//! and prune finds the pairs whose boxes touch, and each pair is tested
//! exactly at word speed. The last frame is
//! checked against `collide::intersects`, which maps every pixel through
//! both poses.
//!
//! ```sh
//! cargo run --release --example many_sprites [-- SPRITES FRAMES]
//! ```

use std::time::{Duration, Instant};

use hitfield::prelude::*;
use rayon::prelude::*;

/// The field the sprites bounce around in, in pixels.
const FIELD: (f32, f32) = (1920.0, 1080.0);

/// A sprite: its mask, pose, motion (x, y, turn per frame) and posed mask.
struct Sprite {
    mask: usize,
    pose: Pose,
    motion: [f32; 3],
    posed: PosedMask,
}

mod cli;

fn main() -> std::process::ExitCode {
    cli::exit(run())
}

/// Command-line argument `name` as a count of at least 1, or `default`.
fn count(arg: Option<String>, name: &str, default: usize) -> Result<usize, String> {
    let Some(text) = arg else { return Ok(default) };
    match text.parse::<usize>() {
        Ok(n) if n > 0 => Ok(n),
        Ok(_) => Err(format!("{name} must be at least 1, got {text:?}")),
        Err(e) => Err(format!("{name} must be a whole number, got {text:?}: {e}")),
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let (n, frames) = (
        count(args.next(), "SPRITES", 300)?,
        count(args.next(), "FRAMES", 120)?,
    );
    // The bundled ships (alpha ≥ 100 is solid), posed at half size.
    let masks: Vec<Mask> = default_sprites()
        .iter()
        .map(|(_, image)| Mask::from_rgba(image, 100))
        .collect();
    let mut rng = fastrand::Rng::with_seed(15);
    let mut sprites: Vec<Sprite> = (0..n)
        .map(|k| Sprite {
            mask: k % masks.len(),
            pose: Pose::at(rng.f32() * FIELD.0, rng.f32() * FIELD.1).scaled(0.5),
            motion: [
                rng.f32() * 4.0 - 2.0,
                rng.f32() * 4.0 - 2.0,
                rng.f32() * 0.1 - 0.05,
            ],
            posed: PosedMask::default(),
        })
        .collect();
    let (mut sweep, mut boxes, mut pairs) = (SweepAndPrune::new(), Vec::new(), Vec::new());
    let (mut box_pairs, mut touching) = (0, 0);
    let mut spent = [Duration::ZERO; 3];
    for _ in 0..frames {
        for s in &mut sprites {
            let (p, [dx, dy, turn]) = (&mut s.pose, &mut s.motion);
            (p.x, p.y, p.rotation) = (p.x + *dx, p.y + *dy, p.rotation + *turn);
            if !(0.0..FIELD.0).contains(&p.x) {
                (*dx, p.x) = (-*dx, p.x.clamp(0.0, FIELD.0));
            }
            if !(0.0..FIELD.1).contains(&p.y) {
                (*dy, p.y) = (-*dy, p.y.clamp(0.0, FIELD.1));
            }
        }
        let start = Instant::now();
        sprites.par_iter_mut().for_each(|s| {
            let m = &masks[s.mask];
            if !s.posed.is_for(m, &s.pose) {
                s.posed.rebuild(m, &s.pose);
            }
        });
        let built = Instant::now();
        boxes.clear();
        boxes.extend(sprites.iter().map(|s| s.posed.world_rect()));
        let candidates = sweep.pairs(&boxes);
        let swept = Instant::now();
        pairs.clear();
        pairs.extend(
            candidates
                .iter()
                .map(|&(i, j)| (i, j, sprites[i].posed.intersects(&sprites[j].posed))),
        );
        spent[0] += built - start;
        spent[1] += swept - built;
        spent[2] += swept.elapsed();
        box_pairs += pairs.len();
        touching += pairs.iter().filter(|p| p.2).count();
    }
    let [build, broad, exact] = spent.map(|d| d.as_secs_f64() * 1e3 / frames as f64);
    println!("{n} sprites, {frames} frames");
    println!("pairs with touching boxes: {box_pairs}; touching pixel-perfectly: {touching}");
    println!("a frame: posed masks {build:.3} ms, sweep and prune {broad:.3} ms, exact tests {exact:.3} ms");
    // The contact of one touching pair: what a game bounces the two apart by.
    if let Some(&(i, j, _)) = pairs.iter().find(|p| p.2) {
        if let Some(o) = sprites[i].posed.overlap(&sprites[j].posed) {
            let [nx, ny] = o.normal;
            println!("sprites {i} and {j} share {} pixels; normal from {i} towards {j}: ({nx:.3}, {ny:.3})", o.count);
        }
    }
    let disagree = pairs
        .iter()
        .filter(|&&(i, j, hit)| {
            let (a, b) = (&sprites[i], &sprites[j]);
            collide::intersects(&masks[a.mask], &a.pose, &masks[b.mask], &b.pose) != hit
        })
        .count();
    if disagree > 0 {
        return Err(format!("{disagree} pairs differ from collide::intersects").into());
    }
    println!(
        "last frame's {} pairs agree with collide::intersects",
        pairs.len()
    );
    Ok(())
}
