//! Wild settings through the public constructors and setters: NaN,
//! infinities, zero, huge values, for every key. Nothing panics, nothing
//! aborts, every refusal names the key `Settings::validate` names, and no
//! single allocation grows past what the small valid values here need.

mod largest_alloc;

use proptest::prelude::*;

use hitfield::assets::default_sprites;
use hitfield::field::flow::FlowGrid;
use hitfield::field::{Canvas, Field};
use hitfield::settings::{Channel, FieldSettings, Settings, ShipSettings};

/// The largest canvas side, particle count and ship count a setting allows.
const MAX_SIDE: u32 = 16_384;
const MAX_PARTICLES: usize = 4_000_000;
const MAX_SHIPS: usize = 1000;
use hitfield::ships::ShipSprite;
use hitfield::world::{World, WorldError};

#[global_allocator]
static ALLOCATOR: largest_alloc::Largest = largest_alloc::Largest;

/// The valid values below need far less than this in one allocation (a
/// 64×64 canvas, 500 particles); a refused value that was allocated anyway
/// (20 million particles, a 100000-pixel side) needs far more.
const SMALL_ALLOCATION: usize = 16 << 20;

fn assert_small_allocations() {
    let largest = largest_alloc::largest();
    assert!(
        largest <= SMALL_ALLOCATION,
        "an allocation of {largest} bytes"
    );
}

/// Odds of a valid value against a wild one, per key: with about 20 keys,
/// roughly a third of the cases are valid throughout and build a world.
const COMMON: u32 = 40;

fn wild_f64(valid: std::ops::RangeInclusive<f64>) -> BoxedStrategy<f64> {
    let wild = prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(0.0),
        Just(-1.0),
        Just(1e300),
        Just(f64::MAX),
    ];
    prop_oneof![COMMON => valid, 1 => wild].boxed()
}

fn wild_f32(valid: std::ops::RangeInclusive<f32>) -> BoxedStrategy<f32> {
    let wild = prop_oneof![
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(0.0),
        Just(-1.0),
        Just(1e30),
        Just(f32::MAX),
    ];
    prop_oneof![COMMON => valid, 1 => wild].boxed()
}

fn wild_u32(valid: std::ops::RangeInclusive<u32>) -> BoxedStrategy<u32> {
    prop_oneof![COMMON => valid, 1 => prop_oneof![Just(0), Just(100_000), Just(u32::MAX)]].boxed()
}

fn wild_usize(valid: std::ops::RangeInclusive<usize>, over: usize) -> BoxedStrategy<usize> {
    let wild = prop_oneof![Just(over), Just(20_000_000), Just(usize::MAX)];
    prop_oneof![COMMON => valid, 1 => wild].boxed()
}

fn channel() -> impl Strategy<Value = Channel> {
    prop_oneof![
        Just(Channel::Red),
        Just(Channel::Green),
        Just(Channel::Blue)
    ]
}

prop_compose! {
    fn field_settings()(
        width in wild_u32(1..=64),
        height in wild_u32(1..=64),
        particles in wild_usize(0..=500, MAX_PARTICLES + 1),
        seed in any::<u64>(),
        cell_size in wild_u32(1..=256),
        noise_frequency in wild_f64(0.0..=1.0),
        evolution_speed in wild_f64(0.0..=100.0),
        base_speed in wild_f32(0.0..=100.0),
        speed_scale in wild_f32(0.0..=100.0),
        wander in wild_f32(0.0..=1000.0),
        fade in any::<u8>(),
        parallel in any::<bool>(),
    ) -> FieldSettings {
        FieldSettings {
            width, height, particles, seed, cell_size, noise_frequency,
            evolution_speed, base_speed, speed_scale, wander, fade, parallel,
        }
    }
}

prop_compose! {
    fn ship_settings()(
        count in wild_usize(0..=6, MAX_SHIPS + 1),
        sample_interval_ms in wild_f64(0.0..=10_000.0),
        field_alpha_min in any::<u8>(),
        colour_min in any::<u8>(),
        colour_channel in channel(),
        ship_alpha_min in any::<u8>(),
        speed in wild_f32(0.0..=10_000.0),
        rotate in any::<bool>(),
        scale in wild_f32(1.0 / 16.0..=8.0),
        collision_stride in wild_u32(1..=64),
        collision_accuracy in wild_f32(0.01..=1.0),
    ) -> ShipSettings {
        ShipSettings {
            count, sample_interval_ms, field_alpha_min, colour_min, colour_channel,
            ship_alpha_min, speed, rotate, scale, collision_stride, collision_accuracy,
        }
    }
}

prop_compose! {
    fn settings()(
        field in field_settings(),
        ships in ship_settings(),
        step_ms in wild_f64(0.5..=1000.0),
    ) -> Settings {
        Settings { field, ships, step_ms }
    }
}

fn sprites(alpha_min: u8) -> Vec<ShipSprite> {
    default_sprites()
        .into_iter()
        .map(|(name, image)| ShipSprite::new(name, image, alpha_min))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn world_new_refuses_what_validate_refuses(s in settings()) {
        let expected = s.validate().err();
        match World::new(s.clone(), sprites(s.ships.ship_alpha_min)) {
            Ok(mut world) => {
                prop_assert_eq!(expected, None);
                for _ in 0..3 {
                    world.step();
                }
            }
            Err(e) => {
                prop_assert!(!e.to_string().is_empty());
                prop_assert_eq!(Some(e), expected.map(WorldError::Settings));
            }
        }
        assert_small_allocations();
    }

    #[test]
    fn apply_settings_refuses_and_keeps_the_world(s in settings()) {
        let start = Settings {
            field: FieldSettings { width: 48, height: 32, particles: 200, ..FieldSettings::default() },
            ships: ShipSettings { count: 3, ..ShipSettings::default() },
            ..Settings::default()
        };
        let mut world = World::new(start.clone(), sprites(start.ships.ship_alpha_min))
            .expect("valid start settings");
        world.step();
        let expected = s.validate().err();
        match world.apply_settings(&s) {
            Ok(()) => {
                prop_assert_eq!(expected, None);
                prop_assert_eq!(world.settings(), s);
            }
            Err(e) => {
                prop_assert_eq!(Some(e), expected.map(WorldError::Settings));
                prop_assert_eq!(world.settings(), start.clone());
                prop_assert_eq!(world.field().settings(), &start.field);
                prop_assert_eq!(world.field().particle_count(), 200);
                prop_assert_eq!(world.ships().len(), 3);
            }
        }
        world.step();
        assert_small_allocations();
    }

    #[test]
    fn field_new_and_apply_refuse_what_validate_refuses(f in field_settings()) {
        let expected = f.validate().err();
        prop_assert_eq!(Field::new(&f).err(), expected.clone());
        let mut field = Field::new(&FieldSettings { width: 16, height: 16, particles: 10, ..FieldSettings::default() })
            .expect("valid field");
        prop_assert_eq!(field.apply_settings(&f).err(), expected);
        assert_small_allocations();
    }

    #[test]
    fn canvas_and_flow_grid_sizes_are_checked(
        width in wild_u32(1..=64),
        height in wild_u32(1..=64),
        cell_size in wild_u32(1..=256),
    ) {
        let size_ok = width <= MAX_SIDE && height <= MAX_SIDE
            && width > 0 && height > 0;
        let canvas = Canvas::new(width, height);
        prop_assert_eq!(canvas.is_ok(), size_ok);
        if let Ok(c) = canvas {
            prop_assert_eq!(c.pixels().len(), width as usize * height as usize);
        }
        let grid_ok = size_ok && (1..=256).contains(&cell_size);
        prop_assert_eq!(FlowGrid::new(width, height, cell_size, 7).is_ok(), grid_ok);
        assert_small_allocations();
    }
}

#[test]
fn refusals_name_the_key_and_the_reason() {
    let s = Settings {
        step_ms: f64::NAN,
        ..Settings::default()
    };
    let err = World::new(s, sprites(100)).err().map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some("step_ms = NaN: must be a finite number more than 0 and at most 1000 milliseconds")
    );
    let err = Canvas::new(100_000, 100_000).err().map(|e| e.to_string());
    assert_eq!(
        err.as_deref(),
        Some("field.width = 100000: must be at most 16384 pixels")
    );
    let mut s = Settings::default();
    s.field.particles = 20_000_000;
    let err = match World::new(s, sprites(100)) {
        Err(WorldError::Settings(e)) => Some(e.key),
        _ => None,
    };
    assert_eq!(err, Some("field.particles"));
    assert_small_allocations();
}
