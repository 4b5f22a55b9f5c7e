//! The whole simulation without graphics: field, ships, sampling timers and
//! ship-ship contacts, advanced by a fixed step.
//!
//! Each [`World::step`] advances the field, moves the ships (they wander and
//! wrap as a whole when their centre leaves the canvas), lets every ship
//! whose sample is due read the canvas under it, and finds ship-ship
//! contacts (sweep-and-prune, then exact pixel overlap). A ship that samples
//! or sits in a candidate pair gets its posed mask (its exact world
//! coverage) built once for the step, and only when its pose changed;
//! sampling and exact contacts both read it.
//!
//! Sampling is staggered: with `n` ships and an interval `I`, ship `i`
//! first samples at `i·I/n`, then every `I`; only simulated time counts, so
//! results do not depend on the frame rate.
//!
//! # Steering ships, and what the world owns
//!
//! Read ships through [`World::ships`]; change them only through the
//! checked setters, which refuse a missing index or a NaN, infinite or
//! out-of-range number with a [`WorldError`] naming it and change nothing:
//! [`World::set_pose`], [`World::set_sprite`], [`World::set_player`],
//! [`World::place_player`], [`World::steer_player`]. The world owns a
//! computer ship's position, velocity, heading and rotation (it wanders;
//! rotation follows the heading, or stays 0 without `ships.rotate`) and every
//! ship's hits and sampling schedule. The scale is the game's once set with
//! [`World::set_pose`], until `ships.scale` changes. A player's ship
//! ([`Ship::is_player`]) moves only when the game moves it.

use std::f32::consts::TAU;

use crate::clock::Clock;
use crate::collide::{Contacts, PosedMask};
use crate::field::Field;
use crate::pose::Pose;
use crate::profile::{Stage, StageTimes};
use crate::settings::{Settings, SettingsError, ShipSettings, Value};
use crate::ships::schedule::staggered_start;
use crate::ships::{Contact, HitMap, HitPixels, Ship, ShipSprite, Thresholds};

mod control;
mod error;
mod stages;

pub use error::WorldError;

/// Field, ships and timers. Advance it with [`World::step`].
///
/// ```
/// use hitfield::prelude::*;
///
/// let mut settings = Settings::default();
/// (settings.field.width, settings.field.height) = (320, 200);
/// settings.field.particles = 5_000;
/// settings.ships.count = 3;
/// let sprites = default_sprites()
///     .into_iter()
///     .map(|(name, image)| ShipSprite::new(name, image, settings.ships.ship_alpha_min))
///     .collect();
/// let mut world = World::new(settings, sprites)?;
/// world.place_player(0, [160.0, 100.0])?; // ship 0 is the player's now
/// for _ in 0..10 {
///     let times = world.step();
///     assert!(times.total() >= 0.0);
/// }
/// assert_eq!(world.ships().len(), 3);
/// assert_eq!(world.field().canvas().rgba_bytes().len(), 320 * 200 * 4);
/// // A refused call names the value and changes nothing.
/// let err = world.place_player(0, [f32::NAN, 0.0]).unwrap_err();
/// assert!(err.to_string().contains("at[0]"));
/// # Ok::<(), WorldError>(())
/// ```
pub struct World {
    /// The ships' settings and the step; the field holds its own (each
    /// setting is kept once, and [`World::settings`] puts them together).
    settings: OwnSettings,
    field: Field,
    sprites: Vec<ShipSprite>,
    ships: Vec<Ship>,
    contacts: Vec<Contact>,
    times: StageTimes,
    rng: fastrand::Rng,
    sim_ms: f64,
    steps: u64,
    /// The contact pipeline's buffers, and the ships' poses and posed
    /// masks moved into it for a step's contacts.
    finder: Contacts,
    poses: Vec<Pose>,
    posed: Vec<PosedMask>,
}

/// The settings the world keeps itself (the field keeps the rest).
struct OwnSettings {
    ships: ShipSettings,
    step_ms: f64,
}

impl World {
    /// Largest side, in world pixels, of a ship's coverage (its sprite's
    /// diagonal times its scale): 16,384, so one ship's posed mask holds
    /// at most 32 MiB. A sprite and scale past it are refused by
    /// [`World::new`], [`World::apply_settings`], [`World::set_pose`] and
    /// [`World::set_sprite`]; an 8192×8192 sprite fits at scale 1. The
    /// same bound as [`PosedMask::MAX_SIDE`].
    pub const MAX_POSED_SIDE: u32 = PosedMask::MAX_SIDE;

    /// A world from settings and its sprites. Ship `i` uses sprite
    /// `i % sprites.len()`.
    ///
    /// The settings are checked first ([`Settings::validate`], the same rules
    /// as the command line and presets): a value out of range is an error
    /// naming its key, and nothing is allocated. Refused too: ships asked for
    /// (`ships.count > 0`) with no sprite, and a sprite outside the limits of
    /// [`crate::assets::load_png`] (0 pixels on a side, or more than
    /// [`crate::assets::MAX_IMAGE_SIDE`]) or too large at `ships.scale`
    /// ([`World::MAX_POSED_SIDE`]). Every sprite's mask is rebuilt
    /// with `settings.ships.ship_alpha_min` if it was built with another
    /// threshold: the world has one alpha threshold.
    pub fn new(settings: Settings, sprites: Vec<ShipSprite>) -> Result<World, WorldError> {
        settings.validate()?;
        check_sprites(&sprites, settings.ships.count)?;
        check_sprite_scale(&sprites, settings.ships.scale)?;
        let field = Field::new_checked(&settings.field)?;
        let rng = fastrand::Rng::with_seed(settings.field.seed ^ 0x5eed_5417_u64);
        let alpha_min = settings.ships.ship_alpha_min;
        let sprites = sprites
            .into_iter()
            .map(|sprite| sprite.with_alpha_min(alpha_min))
            .collect();
        let mut world = World {
            field,
            sprites,
            ships: Vec::new(),
            contacts: Vec::new(),
            times: StageTimes::default(),
            rng,
            sim_ms: 0.0,
            steps: 0,
            finder: Contacts::new(),
            poses: Vec::new(),
            posed: Vec::new(),
            settings: OwnSettings {
                ships: settings.ships,
                step_ms: settings.step_ms,
            },
        };
        world.resize_ships();
        world.stagger_samples();
        Ok(world)
    }

    /// The settings in force (the world owns them; this is a copy).
    pub fn settings(&self) -> Settings {
        Settings {
            field: self.field.settings().clone(),
            ships: self.settings.ships.clone(),
            step_ms: self.settings.step_ms,
        }
    }

    /// The value of the setting with dotted key `key` (see [`Settings::get_by_name`]).
    pub fn setting(&self, key: &str) -> Result<Value, SettingsError> {
        self.settings().get_by_name(key)
    }

    /// Changes one setting, checked once by its row (and the canvas area),
    /// then applied as [`World::apply_settings`] applies a change. A value
    /// out of range, or one the sprites refuse, changes nothing.
    pub fn set_setting(&mut self, key: &str, value: Value) -> Result<(), WorldError> {
        let mut next = self.settings();
        next.set_value(key, value)?;
        self.apply_valid(&next)
    }

    /// Applies new settings without restarting: particles and ships that stay
    /// keep their state. A new ship alpha threshold rebuilds the masks; a new
    /// sample interval restarts the staggered schedule from now; a new
    /// `ships.scale` rescales every ship (otherwise a scale set with
    /// [`World::set_pose`] is kept); with `ships.rotate` off every ship is
    /// turned back to rotation 0.
    ///
    /// Invalid settings are refused with an error naming the key, as are
    /// ships asked for when the world has no sprite and a `ships.scale` at
    /// which a sprite would pass [`World::MAX_POSED_SIDE`], and the world
    /// is left as it was.
    pub fn apply_settings(&mut self, settings: &Settings) -> Result<(), WorldError> {
        settings.validate()?;
        self.apply_valid(settings)
    }

    /// Applies settings already validated.
    fn apply_valid(&mut self, settings: &Settings) -> Result<(), WorldError> {
        if self.sprites.is_empty() && settings.ships.count > 0 {
            return Err(WorldError::NoSprites {
                count: settings.ships.count,
            });
        }
        check_sprite_scale(&self.sprites, settings.ships.scale)?;
        self.field.apply_checked(&settings.field)?;
        let own = OwnSettings {
            ships: settings.ships.clone(),
            step_ms: settings.step_ms,
        };
        let old = std::mem::replace(&mut self.settings, own);
        if old.ships.ship_alpha_min != settings.ships.ship_alpha_min {
            let alpha_min = settings.ships.ship_alpha_min;
            self.sprites = std::mem::take(&mut self.sprites)
                .into_iter()
                .map(|sprite| sprite.with_alpha_min(alpha_min))
                .collect();
            // The posed masks were built from the old masks.
            for ship in &mut self.ships {
                ship.posed = PosedMask::default();
            }
        }
        if old.ships.count != settings.ships.count {
            self.resize_ships();
        }
        if old.ships.sample_interval_ms != settings.ships.sample_interval_ms {
            self.stagger_samples();
        }
        let (scale, rotate) = (settings.ships.scale, settings.ships.rotate);
        let rescale = old.ships.scale != scale;
        for ship in &mut self.ships {
            if rescale {
                ship.pose.scale = scale;
            }
            if !rotate {
                ship.pose.rotation = 0.0;
            }
        }
        Ok(())
    }

    /// Advances one fixed step (`settings.step_ms`) and returns that step's stage times.
    pub fn step(&mut self) -> &StageTimes {
        crate::trace::span!("world.step", step = self.steps);
        self.times.clear();
        let dt_ms = self.settings.step_ms;
        self.field.step(dt_ms / 1000.0, &mut self.times);
        self.sim_ms += dt_ms;
        self.steps += 1;

        let clock = self.times.clock();
        let start = clock.now();
        self.move_ships((dt_ms / 1000.0) as f32);
        self.times.add(Stage::Ships, clock.ms_since(start));

        let start = clock.now();
        self.sample_due();
        self.times.add(Stage::Sample, clock.ms_since(start));

        let start = clock.now();
        self.find_contacts();
        self.times.add(Stage::Collide, clock.ms_since(start));
        &self.times
    }

    /// The particle field.
    pub fn field(&self) -> &Field {
        &self.field
    }

    /// The canvas's [`crate::field::canvas_hash`]: two worlds built from the
    /// same settings and sprites and stepped alike give the same value on
    /// every OS, instruction set and thread count.
    pub fn canvas_hash(&self) -> u64 {
        self.field.canvas().hash64()
    }

    /// The ship sprites.
    pub fn sprites(&self) -> &[ShipSprite] {
        &self.sprites
    }

    /// The ships.
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }

    /// Ship-ship contacts found in the last step, sorted by `(a, b)`.
    pub fn contacts(&self) -> &[Contact] {
        &self.contacts
    }

    /// Times the stages of later steps with `clock` (the system clock by
    /// default; give the demo's frame clock, or any clock on
    /// `wasm32-unknown-unknown`, where there is no system clock).
    pub fn set_clock(&mut self, clock: Clock) {
        self.times.set_clock(clock);
    }

    /// Stage times of the last step.
    pub fn last_times(&self) -> &StageTimes {
        &self.times
    }

    /// Simulated time so far, in milliseconds.
    pub fn sim_ms(&self) -> f64 {
        self.sim_ms
    }

    /// Steps taken so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The sampling thresholds in force.
    pub fn thresholds(&self) -> Thresholds {
        let s = &self.settings.ships;
        Thresholds {
            field_alpha_min: s.field_alpha_min,
            colour_min: s.colour_min,
            colour_channel: s.colour_channel,
            ship_alpha_min: s.ship_alpha_min,
        }
    }

    fn resize_ships(&mut self) {
        let target = if self.sprites.is_empty() {
            0
        } else {
            self.settings.ships.count
        };
        self.ships.truncate(target);
        let (w, h) = (
            self.field.settings().width as f32,
            self.field.settings().height as f32,
        );
        while self.ships.len() < target {
            let sprite = self.ships.len() % self.sprites.len();
            let mask = self.sprites[sprite].mask();
            let heading = self.rng.f32() * TAU;
            let (cx, cy) = (self.rng.f32() * w, self.rng.f32() * h);
            let scale = self.settings.ships.scale;
            let rotation = if self.settings.ships.rotate {
                heading
            } else {
                0.0
            };
            let pose = Pose {
                x: cx - mask.width() as f32 / 2.0,
                y: cy - mask.height() as f32 / 2.0,
                rotation,
                scale,
            };
            let speed = self.settings.ships.speed;
            self.ships.push(Ship {
                sprite,
                pose,
                velocity: [heading.cos() * speed, heading.sin() * speed],
                hits: HitMap::new(mask.width(), mask.height()),
                hit_pixels: HitPixels::default(),
                posed: PosedMask::default(),
                last_hit_count: 0,
                hits_total: 0,
                player: false,
                heading,
                next_sample_ms: self.sim_ms,
                hit_samples: 0,
            });
        }
        self.stagger_samples();
    }

    fn stagger_samples(&mut self) {
        let interval = self.settings.ships.sample_interval_ms;
        let n = self.ships.len();
        for (i, ship) in self.ships.iter_mut().enumerate() {
            ship.next_sample_ms = staggered_start(i, n, self.sim_ms, interval);
        }
    }

    /// Refuses `scale` for sprite `index` when its coverage would pass
    /// [`World::MAX_POSED_SIDE`].
    pub(crate) fn check_posed_size(
        &self,
        what: &'static str,
        index: usize,
        scale: f32,
    ) -> Result<(), WorldError> {
        let image = self.sprites[index].image();
        check_posed_side(what, index, [image.width(), image.height()], scale)
    }

    fn canvas_size(&self) -> [f32; 2] {
        [
            self.field.settings().width as f32,
            self.field.settings().height as f32,
        ]
    }
}

/// Refuses a sprite of `size` texels whose coverage at `scale` would pass
/// [`World::MAX_POSED_SIDE`], by the posed masks' own rule
/// ([`PosedMask::check_size`]).
fn check_posed_side(
    what: &'static str,
    index: usize,
    size: [u32; 2],
    scale: f32,
) -> Result<(), WorldError> {
    let [width, height] = size;
    match PosedMask::side_past_limit(width, height, scale) {
        None => Ok(()),
        Some(side) => Err(WorldError::PosedTooLarge {
            what,
            scale,
            index,
            width,
            height,
            side: side as f32,
        }),
    }
}

/// Refuses every sprite whose coverage at the settings' ship scale would
/// pass [`World::MAX_POSED_SIDE`].
fn check_sprite_scale(sprites: &[ShipSprite], scale: f32) -> Result<(), WorldError> {
    for (index, sprite) in sprites.iter().enumerate() {
        let size = [sprite.image().width(), sprite.image().height()];
        check_posed_side("ships.scale", index, size, scale)?;
    }
    Ok(())
}

/// Refuses ships without sprites and sprites outside `load_png`'s limits.
fn check_sprites(sprites: &[ShipSprite], count: usize) -> Result<(), WorldError> {
    if sprites.is_empty() && count > 0 {
        return Err(WorldError::NoSprites { count });
    }
    let max = crate::assets::MAX_IMAGE_SIDE;
    for (index, sprite) in sprites.iter().enumerate() {
        let (width, height) = (sprite.image().width(), sprite.image().height());
        let reason = if width == 0 || height == 0 {
            "a sprite needs at least 1×1"
        } else if width > max || height > max {
            "the limit is 8192×8192"
        } else {
            continue;
        };
        return Err(WorldError::BadSprite {
            index,
            name: sprite.name().to_owned(),
            width,
            height,
            reason,
        });
    }
    Ok(())
}
