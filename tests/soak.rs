//! Soak: many steps with the settings changing every 1,000 steps. Peak memory
//! (RSS) must stay flat after the first cycle of settings, and positions
//! never turn NaN.
//!
//! CI runs 10,000 steps. The full soak is
//! `HITFIELD_SOAK_STEPS=100000 cargo test --release --test soak -- --nocapture`.

use hitfield::assets::default_sprites;
use hitfield::settings::Settings;
use hitfield::ships::ShipSprite;
use hitfield::world::World;

/// A `/proc/self/status` field in KiB (Linux), or `None` elsewhere.
fn status_kib(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// The settings of phase `k` of a cycle of five.
fn phase(k: usize) -> Settings {
    let mut s = Settings::default();
    s.field.width = 256;
    s.field.height = 160;
    s.ships.count = 10;
    match k % 5 {
        0 => s.field.particles = 20_000,
        1 => {
            s.field.particles = 0;
            s.ships.count = 40;
            s.ships.sample_interval_ms = 0.0;
        }
        2 => {
            s.field.particles = 50_000;
            s.field.width = 320;
            s.field.height = 200;
            s.field.fade = 255;
            s.ships.field_alpha_min = 0;
            s.ships.colour_min = 0;
        }
        3 => {
            s.field.particles = 5_000;
            s.ships.count = 0;
            s.field.fade = 0;
            s.field.parallel = false;
        }
        _ => {
            s.field.particles = 30_000;
            s.ships.sample_interval_ms = 250.0;
            s.ships.ship_alpha_min = 255;
            s.ships.collision_stride = 2;
            s.field.evolution_speed = 0.0;
        }
    }
    s
}

#[test]
fn memory_stays_flat_while_settings_change() {
    let steps: usize = std::env::var("HITFIELD_SOAK_STEPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    let first = phase(0);
    let sprites = default_sprites()
        .into_iter()
        .map(|(n, i)| ShipSprite::new(n, i, first.ships.ship_alpha_min))
        .collect();
    let mut world = World::new(first, sprites).expect("valid settings");
    let warm_up = 5_000;
    let mut peak_after_warm_up = 0u64;
    let mut at_warm_up = None;
    let started = std::time::Instant::now();
    for step in 0..steps {
        if step % 1000 == 0 {
            world
                .apply_settings(&phase(step / 1000))
                .expect("valid settings");
        }
        world.step();
        if step % 1000 == 999 {
            let p = world.field().particles();
            assert!(
                p.x.iter().chain(&p.y).all(|v| v.is_finite()),
                "NaN at step {step}"
            );
            // VmHWM is the peak RSS so far.
            if let (Some(rss), Some(peak)) = (status_kib("VmRSS:"), status_kib("VmHWM:")) {
                if step + 1 == warm_up {
                    at_warm_up = Some(peak);
                }
                if step + 1 > warm_up {
                    peak_after_warm_up = peak_after_warm_up.max(peak);
                }
                eprintln!(
                    "soak: step {:>6}  rss {rss:>7} KiB  peak {peak:>7} KiB",
                    step + 1
                );
            }
        }
    }
    eprintln!(
        "soak: {steps} steps in {:.1} s; peak RSS at warm-up {:?} KiB, at the end {} KiB",
        started.elapsed().as_secs_f64(),
        at_warm_up,
        peak_after_warm_up
    );
    if let Some(base) = at_warm_up {
        // Flat: no more than 4 MiB above what the first cycle needed.
        assert!(
            peak_after_warm_up <= base + 4096,
            "peak RSS grew from {base} KiB to {peak_after_warm_up} KiB"
        );
    }
}
