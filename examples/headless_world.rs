//! A world stepped without a window: print each ship's hits and the
//! ship-ship contacts.
//!
//! ```sh
//! cargo run --release --example headless_world [-- STEPS]
//! ```

use hitfield::prelude::*;

mod cli;

fn main() -> std::process::ExitCode {
    cli::exit(run())
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    // The world's parallel stages run on rayon's global pool. With this
    // thread in the pool it works on each stage instead of waiting for the
    // pool's threads to be woken (set up once, before anything uses rayon).
    rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global()?;
    let steps: u64 = match std::env::args().nth(1) {
        Some(text) => text
            .parse()
            .map_err(|e| format!("STEPS must be a whole number, got {text:?}: {e}"))?,
        None => 120,
    };
    let mut settings = Settings::default();
    settings.field.width = 640;
    settings.field.height = 360;
    settings.field.particles = 20_000;
    settings.ships.count = 6;
    settings.field.seed = 7;
    // The ship alpha threshold decides which sprite texels are solid.
    let alpha_min = settings.ships.ship_alpha_min;
    let sprites = ShipSprite::defaults(alpha_min);
    // Settings out of range are refused here, with the key and the reason.
    let mut world = World::new(settings, sprites)?;

    for _ in 0..steps {
        world.step();
    }

    println!("after {steps} steps ({:.0} ms simulated):", world.sim_ms());
    for (i, ship) in world.ships().iter().enumerate() {
        let sprite = &world.sprites()[ship.sprite()];
        println!(
            "ship {i} ({}) at ({:.1}, {:.1}): {} pixels hit in its last sample, \
             {} in all over {} samples with hits; {} texels painted",
            sprite.name(),
            ship.pose().x,
            ship.pose().y,
            ship.last_hit_count(),
            ship.hits_total(),
            ship.hit_samples(),
            ship.hits().len(),
        );
        // The canvas pixels that hit (exact under rotation), not the texels.
        let first: Vec<(i64, i64)> = ship.hit_pixels().iter().take(3).collect();
        if !first.is_empty() {
            println!("  first hit pixels on the canvas: {first:?}");
        }
    }
    if world.contacts().is_empty() {
        println!("no ships touch");
    }
    for c in world.contacts() {
        let o = &c.overlap;
        println!(
            "ships {} and {} touch: {} pixels, rect {:?}, centroid ({:.1}, {:.1}), normal ({:.2}, {:.2})",
            c.a, c.b, o.count, o.rect, o.centroid[0], o.centroid[1], o.normal[0], o.normal[1]
        );
    }
    Ok(())
}
