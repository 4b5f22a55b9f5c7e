//! Random sequences of the world's public calls (ship edits through the
//! checked setters, player placing and steering, sprite swaps, live
//! settings, steps) with wild numbers: nothing panics, nothing aborts, no
//! single allocation grows past a bound, a refused call names the value
//! and changes nothing, and every ship keeps a pose that can cover pixels.

mod largest_alloc;

use proptest::prelude::*;

use hitfield::prelude::*;

#[global_allocator]
static ALLOCATOR: largest_alloc::Largest = largest_alloc::Largest;

/// The largest valid work here is a sprite posed up to
/// `World::MAX_POSED_SIDE` (16384 pixels square: 32 MiB of coverage bits);
/// a pose or size that slipped past the checks (the 1024-pixel sprite at
/// scale 64, 2^30 pixels, a 2^31-pixel image) would need far more.
const BOUND: usize = (World::MAX_POSED_SIDE as usize).pow(2) / 8 + (1 << 20);

/// Finite values in a range, mixed with NaN, infinities and huge values.
fn wild(range: std::ops::RangeInclusive<f32>) -> impl Strategy<Value = f32> {
    prop_oneof![
        8 => range,
        1 => Just(f32::NAN),
        1 => Just(f32::INFINITY),
        1 => Just(f32::NEG_INFINITY),
        1 => Just(1e30f32),
        1 => Just(-3e9f32),
        1 => Just(0.0f32),
    ]
}

#[derive(Clone, Debug)]
enum Call {
    SetPose(usize, Pose),
    SetSprite(usize, usize),
    SetPlayer(usize, bool),
    Place(usize, [f32; 2]),
    Steer(usize, Steer, f32),
    Apply {
        count: usize,
        scale: f32,
        alpha: u8,
        rotate: bool,
        interval: f64,
    },
    Step,
}

fn call() -> impl Strategy<Value = Call> {
    let index = || 0usize..8;
    let pose = (
        wild(-400.0..=400.0),
        wild(-400.0..=400.0),
        wild(-10.0..=10.0),
        prop_oneof![
            4 => wild(0.01..=8.0),
            1 => 8.0f32..=Pose::MAX_SCALE,
            1 => Just(Pose::MAX_SCALE),
        ],
    )
        .prop_map(|(x, y, rotation, scale)| Pose {
            x,
            y,
            rotation,
            scale,
        });
    let steer = (
        wild(-1.0..=1.0),
        wild(-1.0..=1.0),
        wild(-1.0..=1.0),
        any::<bool>(),
    )
        .prop_map(|(dx, dy, turn, boost)| Steer {
            dir: [dx, dy],
            turn,
            boost,
        });
    let interval = prop_oneof![Just(0.0), Just(50.0), Just(f64::NAN)];
    let apply = (
        0usize..8,
        wild(0.0..=4.0),
        any::<u8>(),
        any::<bool>(),
        interval,
    )
        .prop_map(|(count, scale, alpha, rotate, interval)| Call::Apply {
            count,
            scale,
            alpha,
            rotate,
            interval,
        });
    prop_oneof![
        2 => (index(), pose).prop_map(|(i, p)| Call::SetPose(i, p)),
        1 => (index(), 0usize..7).prop_map(|(i, s)| Call::SetSprite(i, s)),
        1 => (index(), any::<bool>()).prop_map(|(i, p)| Call::SetPlayer(i, p)),
        1 => (index(), wild(-50.0..=400.0), wild(-50.0..=300.0))
            .prop_map(|(i, x, y)| Call::Place(i, [x, y])),
        1 => (index(), steer, wild(-0.1..=0.5)).prop_map(|(i, s, dt)| Call::Steer(i, s, dt)),
        1 => apply,
        3 => Just(Call::Step),
    ]
}

fn start() -> Settings {
    let mut s = Settings::default();
    s.field.width = 96;
    s.field.height = 64;
    s.field.particles = 300;
    s.ships.count = 4;
    s.ships.sample_interval_ms = 0.0;
    s
}

/// The embedded sprites, a one-pixel sprite and one masked at another
/// threshold than the world's, and a 1024×1024 sprite, which passes
/// `World::MAX_POSED_SIDE` above scale 11.3.
fn sprites() -> Vec<ShipSprite> {
    let mut list: Vec<ShipSprite> = default_sprites()
        .into_iter()
        .map(|(name, image)| ShipSprite::new(name, image, 0))
        .collect();
    let dot = RgbaImage::from_raw(1, 1, vec![255; 4]).expect("1×1");
    list.push(ShipSprite::new("dot", dot, 7));
    let mut big = RgbaImage::new(1024, 1024);
    for (i, px) in big.as_bytes_mut().chunks_exact_mut(4).enumerate() {
        // A ring, so posed builds see edges on every row.
        let (x, y) = ((i % 1024) as f32 - 512.0, (i / 1024) as f32 - 512.0);
        let r = x.hypot(y);
        if (300.0..500.0).contains(&r) {
            px.copy_from_slice(&[200, 200, 200, 255]);
        }
    }
    list.push(ShipSprite::new("big", big, 0));
    list
}

/// Applies one call; a refusal must name something and leave the ships be.
fn apply(world: &mut World, call: &Call) -> Result<(), TestCaseError> {
    let before: Vec<(Pose, usize, bool)> = world
        .ships()
        .iter()
        .map(|s| (s.pose(), s.sprite(), s.is_player()))
        .collect();
    let result = match call {
        Call::SetPose(i, pose) => world.set_pose(*i, *pose),
        Call::SetSprite(i, s) => world.set_sprite(*i, *s),
        Call::SetPlayer(i, p) => world.set_player(*i, *p),
        Call::Place(i, at) => world.place_player(*i, *at),
        Call::Steer(i, steer, dt) => world.steer_player(*i, *steer, *dt),
        Call::Apply {
            count,
            scale,
            alpha,
            rotate,
            interval,
        } => {
            let mut s = world.settings();
            s.ships.count = *count;
            s.ships.scale = *scale;
            s.ships.ship_alpha_min = *alpha;
            s.ships.rotate = *rotate;
            s.ships.sample_interval_ms = *interval;
            let result = world.apply_settings(&s);
            if result.is_ok() {
                prop_assert_eq!(world.ships().len(), *count);
                prop_assert!(world.sprites().iter().all(|sp| sp.alpha_min() == *alpha));
            }
            result
        }
        Call::Step => {
            world.step();
            Ok(())
        }
    };
    match result {
        Ok(()) => {
            if let Call::SetPose(i, pose) = call {
                let now = world.ships()[*i].pose();
                prop_assert_eq!((now.x, now.y, now.scale), (pose.x, pose.y, pose.scale));
            }
        }
        Err(e) => {
            prop_assert!(!e.to_string().is_empty());
            let after: Vec<(Pose, usize, bool)> = world
                .ships()
                .iter()
                .map(|s| (s.pose(), s.sprite(), s.is_player()))
                .collect();
            prop_assert_eq!(after, before, "{} changed the ships", e);
        }
    }
    for ship in world.ships() {
        prop_assert!(ship.pose().is_valid(), "{:?}", ship.pose());
        prop_assert!(ship.sprite() < world.sprites().len());
        let image = world.sprites()[ship.sprite()].image();
        prop_assert_eq!(
            (ship.hits().width(), ship.hits().height()),
            (image.width(), image.height())
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn random_public_calls_never_panic_or_drift(calls in prop::collection::vec(call(), 1..40)) {
        let mut world = World::new(start(), sprites()).expect("valid start");
        for call in &calls {
            apply(&mut world, call)?;
        }
        world.step();
        let largest = largest_alloc::largest();
        prop_assert!(largest <= BOUND, "an allocation of {} bytes", largest);
    }
}
