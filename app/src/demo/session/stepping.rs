//! Stepping: the world (which owns the settings in force), and how many
//! fixed steps a frame runs (pause, single step, catch-up with a time budget).

use crate::stats::per_second::PerSecond;
use hitfield::assets::NamedImage;
use hitfield::clock::Stepper;
use hitfield::profile::StageTimes;
use hitfield::settings::{Settings, Value};
use hitfield::ships::ShipSprite;
use hitfield::world::World;
use hitfield::world::WorldError;

use super::FRAME_CLOCK;

/// Most real time spent catching up with steps in one frame (after the
/// first step), in milliseconds.
const CATCH_UP_BUDGET_MS: f64 = 50.0;

/// The running simulation and its clock.
pub struct Stepping {
    /// The world being shown; it owns the settings in force.
    pub world: World,
    /// The sprites' images, to rebuild the world on reset.
    images: Vec<NamedImage>,
    stepper: Stepper,
    /// Paused: only single steps run.
    pub paused: bool,
    pending_steps: u32,
    /// Simulated milliseconds run in the last frame.
    pub last_sim_ms: f64,
    /// Step time per simulated second, the last ten minutes.
    pub seconds: PerSecond,
}

/// A world from `settings`, with sprite masks built at its ship alpha threshold.
fn new_world(settings: &Settings, images: &[NamedImage]) -> Result<World, WorldError> {
    let sprites = images
        .iter()
        .map(|(name, img)| {
            ShipSprite::new(name.clone(), img.clone(), settings.ships.ship_alpha_min)
        })
        .collect();
    let mut world = World::new(settings.clone(), sprites)?;
    world.set_clock(FRAME_CLOCK);
    Ok(world)
}

impl Stepping {
    /// A new world from `settings`; settings out of range are an error naming the key.
    pub fn new(settings: Settings, images: Vec<NamedImage>) -> Result<Stepping, WorldError> {
        Ok(Stepping {
            world: new_world(&settings, &images)?,
            images,
            stepper: Stepper::default(),
            paused: false,
            pending_steps: 0,
            last_sim_ms: 0.0,
            seconds: PerSecond::default(),
        })
    }

    /// Runs the steps due after `dt` seconds of real time (exactly one when
    /// `one_per_frame`, for reproducible captures), plus any single steps
    /// asked for, adding their stage times to `times`. A slow step stops the
    /// catch-up early rather than stalling the window. Returns the steps run.
    pub fn advance(&mut self, dt: f64, one_per_frame: bool, times: &mut StageTimes) -> u32 {
        let step_ms = self.world.settings().step_ms;
        let due = if one_per_frame {
            1
        } else {
            self.stepper.due(dt * 1e3, step_ms, self.paused)
        };
        let steps = due + std::mem::take(&mut self.pending_steps);
        let start = FRAME_CLOCK.now();
        let mut ran = 0;
        while ran < steps && (ran == 0 || FRAME_CLOCK.ms_since(start) < CATCH_UP_BUDGET_MS) {
            let sim_start = self.world.sim_ms();
            let step = self.world.step();
            self.seconds.record(sim_start, step.total());
            times.accumulate(step);
            ran += 1;
        }
        self.last_sim_ms = f64::from(ran) * step_ms;
        ran
    }

    /// Pauses or resumes.
    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.stepper.reset();
    }

    /// Pauses and runs one step next frame.
    pub fn step_once(&mut self) {
        self.paused = true;
        self.pending_steps += 1;
    }

    /// Applies loaded settings to the running world. Returns true when they
    /// changed; settings the world refuses leave everything as it was.
    pub fn apply(&mut self, loaded: Settings) -> bool {
        if loaded == self.world.settings() {
            return false;
        }
        if let Err(e) = self.world.apply_settings(&loaded) {
            eprintln!("hitfield: settings not applied: {e}");
            return false;
        }
        true
    }

    /// Changes one setting of the running world (checked once, by its row).
    /// Returns true when it changed; the error names the key and the reason.
    pub fn set(&mut self, key: &str, value: Value) -> Result<bool, String> {
        if self.world.setting(key).is_ok_and(|v| v == value) {
            return Ok(false);
        }
        self.world
            .set_setting(key, value)
            .map_err(|e| e.to_string())?;
        Ok(true)
    }

    /// A new world from the settings in force with `seed`.
    pub fn reset(&mut self, seed: u64) {
        let mut settings = self.world.settings();
        settings.field.seed = seed;
        match new_world(&settings, &self.images) {
            Ok(world) => {
                self.world = world;
                self.seconds.clear();
            }
            Err(e) => eprintln!("hitfield: reset refused: {e}"),
        }
        self.stepper.reset();
    }
}
