//! Calls that once killed a game's process (an allocation of gigabytes,
//! or minutes of work) now return errors. Each probe runs in a child
//! process, so an abort or a hang fails this test instead of killing it:
//! the child must exit 0 within its time limit, not die by a signal.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hitfield::prelude::*;

/// Set in the child: which probe to run.
const PROBE_VAR: &str = "HITFIELD_PROBE";

/// A probe's work, run in the child: `Err` says what went wrong.
type Probe = fn() -> Result<(), String>;

/// A world with one `side`×`side` opaque sprite and one ship.
fn world_with_sprite(side: u32) -> Result<World, String> {
    let mut settings = Settings::default();
    settings.field.width = 64;
    settings.field.height = 48;
    settings.field.particles = 100;
    settings.ships.count = 1;
    let mut image = RgbaImage::new(side, side);
    image.as_bytes_mut().fill(255);
    World::new(settings, vec![ShipSprite::new("square", image, 1)]).map_err(|e| e.to_string())
}

fn refused<T>(what: &str, result: Result<T, impl std::fmt::Display>) -> Result<(), String> {
    match result {
        Ok(_) => Err(format!("{what} was accepted")),
        Err(e) if e.to_string().is_empty() => Err(format!("{what}: an empty error")),
        Err(e) => {
            eprintln!("{what}: {e}");
            Ok(())
        }
    }
}

/// The unchecked constructor panics (a game can catch it) instead of
/// aborting or running for minutes.
fn panics(what: &str, f: impl FnOnce() + std::panic::UnwindSafe) -> Result<(), String> {
    match std::panic::catch_unwind(f) {
        Err(_) => Ok(()),
        Ok(()) => Err(format!("{what} returned")),
    }
}

const PROBES: &[(&str, Probe)] = &[
    (
        "set_pose scale 64 on a 4096×4096 sprite, then step",
        || {
            let mut world = world_with_sprite(4096)?;
            let pose = Pose {
                x: 0.0,
                y: 0.0,
                rotation: 0.3,
                scale: 64.0,
            };
            refused("set_pose", world.set_pose(0, pose))?;
            world.step();
            Ok(())
        },
    ),
    ("ships.scale 8 with an 8192×8192 sprite", || {
        let mut world = world_with_sprite(8192)?;
        let mut settings = world.settings();
        settings.ships.scale = 8.0;
        refused("apply_settings", world.apply_settings(&settings))?;
        world.step();
        Ok(())
    }),
    ("Mask::try_from_fn(u32::MAX, u32::MAX)", || {
        refused(
            "try_from_fn",
            Mask::try_from_fn(u32::MAX, u32::MAX, |_, _| true),
        )?;
        panics("from_fn", || {
            Mask::from_fn(u32::MAX, u32::MAX, |_, _| true);
        })
    }),
    ("Mask::try_from_fn(u32::MAX, 1)", || {
        refused("try_from_fn", Mask::try_from_fn(u32::MAX, 1, |_, _| true))?;
        panics("from_fn", || {
            Mask::from_fn(u32::MAX, 1, |_, _| true);
        })
    }),
    ("HitMap::try_new(2^20, 2^20) and larger", || {
        for shift in [20, 24, 31] {
            refused("try_new", HitMap::try_new(1 << shift, 1 << shift))?;
        }
        refused("try_new", HitMap::try_new(u32::MAX, u32::MAX))?;
        panics("new", || {
            HitMap::new(1 << 20, 1 << 20);
        })
    }),
    ("place_player far off the canvas", || {
        let mut world = world_with_sprite(8)?;
        refused("place_player", world.place_player(0, [1e9, -1e9]))?;
        world
            .place_player(0, [10.0, 10.0])
            .map_err(|e| e.to_string())
    }),
];

/// Runs probe `name` in a child process (this test binary, filtered to
/// [`child`]) and fails on a signal, a non-zero exit or a hang.
fn run_in_child(name: &str) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let mut child = Command::new(exe)
        .args(["--exact", "child", "--nocapture", "--test-threads", "1"])
        .env(PROBE_VAR, name)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("spawn: {e}"))?;
    let start = Instant::now();
    let limit = Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("still running after {limit:?}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut stderr = String::new();
    if let Some(mut pipe) = child.stderr.take() {
        use std::io::Read;
        let _ = pipe.read_to_string(&mut stderr);
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return Err(format!("killed by signal {signal}: {stderr}"));
        }
    }
    if !status.success() {
        return Err(format!("exit {status}: {stderr}"));
    }
    Ok(())
}

#[test]
fn every_probe_returns_an_error_in_a_child_process() {
    let failed: Vec<String> = PROBES
        .iter()
        .filter_map(|(name, _)| run_in_child(name).err().map(|e| format!("{name}: {e}")))
        .collect();
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// The child's side: runs the probe named in the environment (nothing
/// when run as an ordinary test).
#[test]
fn child() {
    let Ok(name) = std::env::var(PROBE_VAR) else {
        return;
    };
    let (_, probe) = PROBES
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no probe named {name}"));
    if let Err(e) = probe() {
        panic!("{name}: {e}");
    }
}
