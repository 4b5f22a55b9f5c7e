//! The world's stage timings come from the clock it is given (no system
//! clock needed, as on wasm32), and the demo's settings make hits gather
//! where fresh trails cross a ship instead of speckling it all over.

use std::sync::atomic::{AtomicU64, Ordering};

use hitfield::clock::Clock;
use hitfield::profile::Stage;
use hitfield::settings::Settings;
use hitfield::ships::ShipSprite;
use hitfield::world::World;

fn world(s: &Settings) -> World {
    let sprites = ShipSprite::defaults(s.ships.ship_alpha_min);
    World::new(s.clone(), sprites).expect("valid settings")
}

fn small() -> Settings {
    let mut s = Settings::default();
    (s.field.width, s.field.height, s.field.particles) = (320, 200, 5_000);
    s
}

/// Every reading is 1 ms after the one before.
fn ticking() -> f64 {
    static MS: AtomicU64 = AtomicU64::new(0);
    MS.fetch_add(1, Ordering::Relaxed) as f64 / 1e3
}

#[test]
fn stages_are_timed_with_the_clock_given() {
    let mut w = world(&small());
    w.set_clock(Clock::stopped());
    for _ in 0..3 {
        assert_eq!(w.step().total(), 0.0, "a stopped clock times nothing");
    }
    w.set_clock(Clock::new(ticking));
    let times = *w.step();
    // Every stage a step has is timed (the field fades inside Particles).
    for stage in Stage::ALL {
        assert!(times.get(stage) > 0.999, "{stage:?}: {}", times.get(stage));
    }
}

#[test]
fn the_clock_does_not_change_the_simulation() {
    let (mut a, mut b) = (world(&small()), world(&small()));
    b.set_clock(Clock::stopped());
    for _ in 0..30 {
        a.step();
        b.step();
    }
    assert_eq!(a.field().canvas().hash64(), b.field().canvas().hash64());
}

/// Mean fraction of a ship's solid texels hit per sample, over steps
/// 300..900 of a default-sized world (1280×720, 100k particles).
fn mean_hit_fraction(s: &Settings) -> f64 {
    let mut w = world(s);
    let (mut sum, mut n) = (0.0, 0u32);
    for step in 0..900 {
        w.step();
        if step >= 300 && step % 6 == 0 {
            for ship in w.ships() {
                let solid = w.sprites()[ship.sprite()].mask().solid_count() as f64;
                sum += ship.hits().len() as f64 / solid;
                n += 1;
            }
        }
    }
    sum / f64::from(n)
}

#[test]
fn demo_settings_hit_part_of_a_ship_not_most_of_it() {
    let defaults = mean_hit_fraction(&Settings::default());
    let demo = mean_hit_fraction(&Settings::demo());
    eprintln!("mean hit fraction per sample: defaults {defaults:.3}, demo {demo:.3}");
    assert!(
        demo > 0.02,
        "the demo's ships should still be hit: {demo:.3}"
    );
    assert!(
        demo < 0.25,
        "the demo's hits should cover a part of a ship: {demo:.3}"
    );
    assert!(
        demo < defaults * 0.75,
        "demo {demo:.3} vs defaults {defaults:.3}"
    );
}
