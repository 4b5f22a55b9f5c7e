//! Hundreds of sprites that move and turn every frame, every touching pair
//! found and tested pixel-perfectly, through the library's contact pipeline
//! (`collide::Contacts`): sweep and prune over the poses' boxes finds the
//! pairs whose boxes touch, each sprite in such a pair whose pose changed
//! rebuilds its posed mask (kept here between frames, reusing the storage;
//! on every core when the frame is large enough), and each pair is tested
//! exactly at word speed. The last frame is checked against
//! `collide::intersects` over every pair, which maps every pixel through
//! both poses.
//!
//! ```sh
//! cargo run --release --example many_sprites [-- SPRITES FRAMES]
//! ```

use std::time::{Duration, Instant};

use hitfield::collide::{ContactOptions, Contacts};
use hitfield::prelude::*;

/// The field the sprites bounce around in, in pixels.
const FIELD: (f32, f32) = (1920.0, 1080.0);

/// A sprite: its mask and motion (x, y, turn per frame).
struct Sprite {
    mask: usize,
    motion: [f32; 3],
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
    let mut poses: Vec<Pose> = Vec::with_capacity(n);
    let sprites: Vec<Sprite> = (0..n)
        .map(|k| {
            poses.push(Pose::at(rng.f32() * FIELD.0, rng.f32() * FIELD.1).scaled(0.5));
            Sprite {
                mask: k % masks.len(),
                motion: [
                    rng.f32() * 4.0 - 2.0,
                    rng.f32() * 4.0 - 2.0,
                    rng.f32() * 0.1 - 0.05,
                ],
            }
        })
        .collect();
    let mut motion: Vec<[f32; 3]> = sprites.iter().map(|s| s.motion).collect();
    let sprite_masks: Vec<&Mask> = sprites.iter().map(|s| &masks[s.mask]).collect();
    // The pipeline's buffers and each sprite's posed mask, kept between frames.
    let (mut contacts, mut posed) = (Contacts::new(), vec![PosedMask::default(); n]);
    let options = ContactOptions {
        overlap: false,
        ..ContactOptions::default()
    };
    let (mut box_pairs, mut touching, mut spent) = (0, 0, Duration::ZERO);
    let mut last: Vec<(usize, usize)> = Vec::new();
    for _ in 0..frames {
        for (p, [dx, dy, turn]) in poses.iter_mut().zip(&mut motion) {
            (p.x, p.y, p.rotation) = (p.x + *dx, p.y + *dy, p.rotation + *turn);
            if !(0.0..FIELD.0).contains(&p.x) {
                (*dx, p.x) = (-*dx, p.x.clamp(0.0, FIELD.0));
            }
            if !(0.0..FIELD.1).contains(&p.y) {
                (*dy, p.y) = (-*dy, p.y.clamp(0.0, FIELD.1));
            }
        }
        let start = Instant::now();
        let found = contacts.find_with(&sprite_masks, &poses, &mut posed, &options)?;
        spent += start.elapsed();
        touching += found.len();
        last.clear();
        last.extend(found.iter().map(|t| (t.a, t.b)));
        box_pairs += contacts.candidate_pairs();
    }
    let frame_ms = spent.as_secs_f64() * 1e3 / frames as f64;
    println!("{n} sprites, {frames} frames");
    println!("pairs with touching boxes: {box_pairs}; touching pixel-perfectly: {touching}");
    println!("a frame: posed masks (rebuilt when turned), sweep and prune and exact tests in {frame_ms:.3} ms");
    // The contact of one touching pair: what a game bounces the two apart by.
    if let Some(&(i, j)) = last.first() {
        if let Some(o) = posed[i].overlap(&posed[j]) {
            let [nx, ny] = o.normal;
            println!("sprites {i} and {j} share {} pixels; normal from {i} towards {j}: ({nx:.3}, {ny:.3})", o.count);
        }
    }
    // Every pair of the last frame, one by one, through the free function.
    let mut expected = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if collide::intersects(sprite_masks[i], &poses[i], sprite_masks[j], &poses[j]) {
                expected.push((i, j));
            }
        }
    }
    if expected != last {
        return Err(format!(
            "the last frame's {} touching pairs differ from collide::intersects' {}",
            last.len(),
            expected.len()
        )
        .into());
    }
    println!(
        "last frame's {} touching pairs agree with collide::intersects over all {} pairs",
        last.len(),
        n * (n - 1) / 2
    );
    Ok(())
}
