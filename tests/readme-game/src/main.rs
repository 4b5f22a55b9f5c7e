//! A game written from README.md alone, as a new user would: the README's
//! Cargo snippet (hitfield with default features, rayon for the thread
//! advice), its example, and each error promise it makes, checked here
//! outside the library's own tests. CI builds and runs it, and checks its
//! dependency tree holds no window or command-line crate.

use std::process::ExitCode;

use hitfield::prelude::*;

fn main() -> ExitCode {
    match run() {
        Ok(()) => {
            println!("readme-game: every README promise held");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("readme-game: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `Err` when a call the README says is refused was accepted.
fn refused<T>(what: &str, result: Result<T, impl std::fmt::Display>) -> Result<(), String> {
    match result {
        Ok(_) => Err(format!("{what} was accepted; README says it is an error")),
        Err(e) => {
            println!("refused as promised: {what}: {e}");
            Ok(())
        }
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    // The README's thread advice: this thread is one of rayon's workers.
    rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global()?;

    // The README's example.
    let mut settings = Settings::default();
    settings.field.particles = 20_000;
    settings.ships.count = 8;
    let sprites: Vec<ShipSprite> = default_sprites()
        .into_iter()
        .map(|(name, image)| ShipSprite::new(name, image, settings.ships.ship_alpha_min))
        .collect();
    let mut world = World::new(settings.clone(), sprites.clone())?;
    for _ in 0..30 {
        world.step();
    }
    let rgba: &[u8] = world.field().canvas().rgba_bytes();
    if rgba.len() != 1280 * 720 * 4 {
        return Err(format!("canvas is {} bytes", rgba.len()).into());
    }
    world.place_player(0, [640.0, 360.0])?;

    // "Settings and sprites are checked first: a bad one is an error naming it."
    let mut bad = settings.clone();
    bad.field.particles = usize::MAX;
    refused(
        "field.particles = usize::MAX",
        World::new(bad, sprites.clone()),
    )?;
    let mut bad = settings.clone();
    bad.ships.scale = f32::NAN;
    refused("ships.scale = NaN", world.apply_settings(&bad))?;
    refused(
        "a 0×0 sprite",
        World::new(
            settings.clone(),
            vec![ShipSprite::new("empty", RgbaImage::new(0, 0), 1)],
        ),
    )?;

    // "Steer ship 0 through checked setters: NaN, far-off or missing is an error."
    refused(
        "place_player at NaN",
        world.place_player(0, [f32::NAN, 0.0]),
    )?;
    refused("place_player far off", world.place_player(0, [1e9, -1e9]))?;
    refused(
        "set_pose on ship 99",
        world.set_pose(99, Pose::at(0.0, 0.0)),
    )?;
    let pose = world.ships()[0].pose();
    refused(
        "set_pose with a NaN rotation",
        world.set_pose(
            0,
            Pose {
                rotation: f32::NAN,
                ..pose
            },
        ),
    )?;
    // A pose whose coverage would be too large to build is refused too.
    let mut one = settings.clone();
    (one.ships.count, one.field.particles) = (1, 1000);
    let big = vec![ShipSprite::new("big", RgbaImage::new(1024, 1024), 1)];
    let mut big_world = World::new(one, big)?;
    refused(
        "a 1024-px sprite at scale 64",
        big_world.set_pose(
            0,
            Pose {
                scale: 64.0,
                ..pose
            },
        ),
    )?;
    big_world.step();

    // Sizes from input: checked constructors.
    refused(
        "a 2^32-texel-wide mask",
        Mask::try_from_fn(u32::MAX, 1, |_, _| true),
    )?;
    refused("a 2^20 × 2^20 hit map", HitMap::try_new(1 << 20, 1 << 20))?;
    refused("a 2^31-pixel image", RgbaImage::try_new(1 << 31, 1))?;

    // Sprite against sprite, no world needed.
    let (a, b) = (world.sprites()[0].mask(), world.sprites()[1].mask());
    let pose_b = Pose {
        x: 104.0,
        y: 102.0,
        rotation: 0.6,
        scale: 1.5,
    };
    let overlap = collide::overlap(a, &Pose::at(100.0, 100.0), b, &pose_b);
    if overlap.is_some() != collide::intersects(a, &Pose::at(100.0, 100.0), b, &pose_b) {
        return Err("overlap and intersects disagree".into());
    }
    world.step();
    Ok(())
}
