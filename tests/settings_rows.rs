//! The settings table: every row's range, default and messages, through
//! `Settings::validate` and the by-name setters.

use hitfield::settings::{row, rows, Channel, Settings, Value};

const MAX_CANVAS_SIDE: u32 = 16_384;
const MAX_PARTICLES: usize = 4_000_000;
const MAX_SHIPS: usize = 1000;
const MAX_PARTICLE_SPEED: f32 = 100.0;
const MAX_SHIP_SPEED: f32 = 10_000.0;
const MAX_SAMPLE_INTERVAL_MS: f64 = 10_000.0;

fn key_of(s: &Settings) -> Option<&'static str> {
    s.validate().err().map(|e| e.key)
}

#[test]
fn defaults_are_valid() {
    assert_eq!(Settings::default().validate(), Ok(()));
}

#[test]
fn every_bound_is_checked_and_named() {
    type Edit = fn(&mut Settings);
    let cases: &[(&str, Edit)] = &[
        ("field.width", |s| s.field.width = 0),
        ("field.width", |s| s.field.width = MAX_CANVAS_SIDE + 1),
        ("field.height", |s| s.field.height = 0),
        ("field.width × field.height", |s| {
            s.field.width = MAX_CANVAS_SIDE;
            s.field.height = MAX_CANVAS_SIDE;
        }),
        ("field.particles", |s| s.field.particles = MAX_PARTICLES + 1),
        ("field.cell_size", |s| s.field.cell_size = 0),
        ("field.cell_size", |s| s.field.cell_size = 257),
        ("field.noise_frequency", |s| s.field.noise_frequency = -0.1),
        ("field.noise_frequency", |s| {
            s.field.noise_frequency = f64::NAN
        }),
        ("field.evolution_speed", |s| {
            s.field.evolution_speed = f64::INFINITY
        }),
        ("field.base_speed", |s| s.field.base_speed = -1.0),
        ("field.speed_scale", |s| s.field.speed_scale = 1e6),
        ("field.wander", |s| s.field.wander = f32::NAN),
        ("ships.count", |s| s.ships.count = MAX_SHIPS + 1),
        ("ships.sample_interval_ms", |s| {
            s.ships.sample_interval_ms = f64::NAN
        }),
        ("ships.sample_interval_ms", |s| {
            s.ships.sample_interval_ms = -0.5
        }),
        ("ships.sample_interval_ms", |s| {
            s.ships.sample_interval_ms = 10_000.5
        }),
        ("ships.speed", |s| s.ships.speed = f32::NEG_INFINITY),
        ("ships.scale", |s| s.ships.scale = 0.0),
        ("ships.scale", |s| s.ships.scale = 8.5),
        ("ships.collision_stride", |s| s.ships.collision_stride = 0),
        ("ships.collision_stride", |s| s.ships.collision_stride = 65),
        ("ships.collision_accuracy", |s| {
            s.ships.collision_accuracy = 0.0
        }),
        ("ships.collision_accuracy", |s| {
            s.ships.collision_accuracy = 1.01
        }),
        ("step_ms", |s| s.step_ms = 0.0),
        ("step_ms", |s| s.step_ms = 1000.1),
        ("step_ms", |s| s.step_ms = f64::NAN),
    ];
    for (key, edit) in cases {
        let mut s = Settings::default();
        edit(&mut s);
        assert_eq!(key_of(&s), Some(*key), "{s:?}");
    }
}

#[test]
fn edges_of_every_range_are_allowed() {
    let mut s = Settings::default();
    s.field.width = MAX_CANVAS_SIDE;
    s.field.height = 1;
    s.field.particles = MAX_PARTICLES;
    s.field.cell_size = 256;
    s.field.noise_frequency = 0.0;
    s.field.evolution_speed = 100.0;
    s.field.base_speed = 0.0;
    s.field.speed_scale = MAX_PARTICLE_SPEED;
    s.field.wander = 0.0;
    s.ships.count = MAX_SHIPS;
    s.ships.sample_interval_ms = 0.0;
    s.ships.speed = MAX_SHIP_SPEED;
    s.ships.scale = 1.0 / 16.0;
    s.ships.collision_stride = 64;
    s.ships.collision_accuracy = f32::MIN_POSITIVE;
    s.step_ms = 1000.0;
    assert_eq!(s.validate(), Ok(()));
    s.field.width = 8192;
    s.field.height = 8192;
    s.ships.count = 0;
    s.ships.scale = 8.0;
    s.ships.sample_interval_ms = MAX_SAMPLE_INTERVAL_MS;
    assert_eq!(s.validate(), Ok(()));
}

#[test]
fn defaults_come_from_the_rows() {
    let s = Settings::default();
    for row in rows() {
        assert_eq!(row.get(&s), row.default_value(), "{}", row.key);
        assert_eq!(row.check(row.default_value()), Ok(()), "{}", row.key);
    }
    assert_eq!(s.field.particles, 100_000);
    assert_eq!(s.ships.sample_interval_ms, 100.0);
    assert_eq!(s.step_ms, 1000.0 / 60.0);
}

#[test]
fn help_names_doc_range_and_unit() {
    let help = |key: &str| row(key).map(|r| r.help());
    assert_eq!(
        help("field.particles").as_deref(),
        Some("Number of particles (0 to 4000000)")
    );
    assert_eq!(
        help("ships.sample_interval_ms").as_deref(),
        Some("Simulated time between two samples of one ship; 0 samples every step (0 to 10000 milliseconds)")
    );
    assert_eq!(
        row("ships.collision_accuracy")
            .map(|r| r.range_text())
            .as_deref(),
        Some("more than 0 and at most 1")
    );
}

/// Every row, numeric or not: both ends of its range are accepted by name,
/// and a step past either end (or a value of the wrong kind) is refused with
/// the key named and the settings left as they were.
#[test]
fn every_row_checks_its_range_by_name() {
    for r in rows() {
        let mut s = Settings::default();
        let (lo, hi) = r.bounds();
        if !r.min_exclusive() {
            assert_eq!(s.set_by_name(r.key, lo), Ok(()), "{} at {lo}", r.key);
        }
        if r.key != "field.seed" {
            // The seed's maximum is beyond f64's whole numbers.
            let mut t = Settings::default();
            if r.key == "field.width" || r.key == "field.height" {
                t.set_by_name("field.width", 1.0).expect("width 1");
                t.set_by_name("field.height", 1.0).expect("height 1");
            }
            assert_eq!(t.set_by_name(r.key, hi), Ok(()), "{} at {hi}", r.key);
        }
        let before = s.clone();
        for bad in [hi + 1.0, f64::NAN, f64::INFINITY, lo - 1.0] {
            if r.key == "field.seed" && bad == hi + 1.0 {
                continue;
            }
            let err = s.set_by_name(r.key, bad).expect_err(r.key);
            assert_eq!(err.key, r.key, "{bad}");
            assert_eq!(s, before, "{} changed by a refused {bad}", r.key);
        }
        assert_eq!(s.set_text(r.key, "junk").map_err(|e| e.key), Err(r.key));
    }
    let mut s = Settings::default();
    assert_eq!(
        s.set_by_name("field.particles", 1.5).map_err(|e| e.reason),
        Err("must be a whole number".to_string())
    );
    assert_eq!(s.set_text("field.seed", "18446744073709551615"), Ok(()));
    assert_eq!(s.get_by_name("field.seed"), Ok(Value::Whole(u64::MAX)));
    assert_eq!(s.set_text("ships.colour_channel", "green"), Ok(()));
    assert_eq!(s.ships.colour_channel, Channel::Green);
    assert_eq!(s.set_text("ships.rotate", "false"), Ok(()));
    assert!(!s.ships.rotate);
    let err = s.set_by_name("field.nope", 1.0).expect_err("unknown");
    assert_eq!(err.to_string(), "key = field.nope: not a setting");
}

#[test]
fn the_canvas_area_is_checked_when_set_by_name() {
    let mut s = Settings::default();
    s.set_by_name("field.width", 16_384.0).expect("wide, short");
    let err = s.set_by_name("field.height", 16_384.0).expect_err("area");
    assert_eq!(err.key, "field.width × field.height");
    assert_eq!(s.field.height, 720, "left as it was");
}

#[test]
fn messages_name_key_value_and_limit() {
    let mut s = Settings::default();
    s.field.width = 0;
    let err = s.validate().err().map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some("field.width = 0: must be at least 1 pixel")
    );
    let mut s = Settings::default();
    s.field.particles = 1_000_000_000;
    let err = s.validate().err().map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some("field.particles = 1000000000: must be at most 4000000 (about 24 bytes per particle)")
    );
    let mut s = Settings::default();
    s.ships.sample_interval_ms = f64::NAN;
    let err = s.validate().err().map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some(
            "ships.sample_interval_ms = NaN: must be a finite number from 0 to 10000 milliseconds"
        )
    );
}
