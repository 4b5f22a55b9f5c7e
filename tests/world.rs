//! The world: determinism across thread counts, staggered sampling, live
//! settings and extreme values.

use hitfield::assets::default_sprites;
use hitfield::settings::Settings;
use hitfield::ships::ShipSprite;
use hitfield::world::World;

fn sprites(alpha_min: u8) -> Vec<ShipSprite> {
    default_sprites()
        .into_iter()
        .map(|(name, image)| ShipSprite::new(name, image, alpha_min))
        .collect()
}

fn small_settings() -> Settings {
    let mut s = Settings::default();
    s.field.width = 320;
    s.field.height = 200;
    s.field.particles = 20_000;
    s.ships.count = 12;
    s
}

fn world(s: &Settings) -> World {
    World::new(s.clone(), sprites(s.ships.ship_alpha_min)).expect("valid settings")
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool")
}

/// Canvas hash, per-ship hit figures and contacts.
type Fingerprint = (u64, Vec<(u64, u32, u64)>, Vec<(usize, usize, u64)>);

/// Everything observable about a world, for equality checks.
fn fingerprint(w: &World) -> Fingerprint {
    (
        w.field().canvas().hash64(),
        w.ships()
            .iter()
            .map(|s| (s.hits_total(), s.last_hit_count(), s.hit_samples()))
            .collect(),
        w.contacts()
            .iter()
            .map(|c| (c.a, c.b, c.overlap.count))
            .collect(),
    )
}

#[test]
fn same_results_on_one_and_two_threads() {
    let s = small_settings();
    let mut one = world(&s);
    let mut two = world(&s);
    pool(1).install(|| {
        (0..120).for_each(|_| {
            one.step();
        })
    });
    pool(2).install(|| {
        (0..120).for_each(|_| {
            two.step();
        })
    });
    assert_eq!(fingerprint(&one), fingerprint(&two));
    assert!(
        one.ships().iter().map(|s| s.hits_total()).sum::<u64>() > 0,
        "ships should be hit"
    );
}

#[test]
fn samples_are_staggered_and_follow_the_interval() {
    let mut s = small_settings();
    s.ships.count = 6;
    s.ships.sample_interval_ms = 100.0;
    let mut w = world(&s);
    let mut sampled_per_step = Vec::new();
    let mut before: Vec<u64> = w
        .ships()
        .iter()
        .map(|s| s.next_sample_ms() as u64)
        .collect();
    for _ in 0..60 {
        w.step();
        // next_sample_ms moves forward exactly when a ship samples.
        let now: Vec<u64> = w
            .ships()
            .iter()
            .map(|s| s.next_sample_ms() as u64)
            .collect();
        sampled_per_step.push(now.iter().zip(&before).filter(|(a, b)| a != b).count());
        before = now;
    }
    // 60 steps of 16.7 ms = 1 s: each ship samples about 10 times.
    let total: usize = sampled_per_step.iter().sum();
    assert!((54..=66).contains(&total), "{total} samples");
    // Staggered: never all six in one step.
    assert!(
        sampled_per_step.iter().all(|&n| n < 6),
        "{sampled_per_step:?}"
    );
}

#[test]
fn interval_zero_samples_every_step() {
    let mut s = small_settings();
    s.ships.sample_interval_ms = 0.0;
    s.ships.field_alpha_min = 0;
    s.ships.colour_min = 0;
    let mut w = world(&s);
    for _ in 0..10 {
        w.step();
    }
    // With thresholds of 0 every covered pixel is a hit, every step.
    for ship in w.ships() {
        assert_eq!(ship.hit_samples(), 10);
        assert!(ship.last_hit_count() > 0);
    }
}

#[test]
fn live_settings_keep_what_stays() {
    let s = small_settings();
    let mut w = world(&s);
    for _ in 0..10 {
        w.step();
    }
    let first_pose = w.ships()[0].pose();
    let mut t = s.clone();
    t.ships.count = 30;
    t.field.particles = 5_000;
    w.apply_settings(&t).expect("valid settings");
    assert_eq!(w.ships().len(), 30);
    assert_eq!(w.ships()[0].pose(), first_pose);
    assert_eq!(w.field().particle_count(), 5_000);
    t.ships.count = 3;
    t.ships.ship_alpha_min = 255;
    w.apply_settings(&t).expect("valid settings");
    assert_eq!(w.ships().len(), 3);
    w.step();
}

#[test]
fn extreme_settings_never_panic_or_produce_nan() {
    let mut s = small_settings();
    type Change = Box<dyn Fn(&mut Settings)>;
    let cases: Vec<Change> = vec![
        Box::new(|s| s.field.particles = 0),
        Box::new(|s| s.ships.count = 0),
        Box::new(|s| s.ships.sample_interval_ms = 0.0),
        Box::new(|s| {
            s.ships.field_alpha_min = 255;
            s.ships.colour_min = 255;
            s.ships.ship_alpha_min = 255;
        }),
        Box::new(|s| {
            s.ships.field_alpha_min = 0;
            s.ships.colour_min = 0;
            s.ships.ship_alpha_min = 0;
        }),
        Box::new(|s| s.field.fade = 0),
        Box::new(|s| s.field.fade = 255),
        Box::new(|s| {
            s.field.width = 1;
            s.field.height = 1;
        }),
        Box::new(|s| s.ships.count = 200),
        Box::new(|s| s.field.parallel = false),
        // The largest count settings allow (on the 1×1 canvas set above).
        Box::new(|s| {
            s.field.parallel = true;
            s.field.particles = 4_000_000;
        }),
        Box::new(|s| s.field.particles = 0),
    ];
    let mut w = world(&s);
    for change in &cases {
        change(&mut s);
        w.apply_settings(&s).expect("valid settings");
        for _ in 0..5 {
            w.step();
        }
        let p = w.field().particles();
        assert!(p.x.iter().chain(&p.y).all(|v| v.is_finite()));
        assert!(w
            .ships()
            .iter()
            .all(|ship| ship.pose().x.is_finite() && ship.pose().y.is_finite()));
    }
}
