//! Ship sprites and their per-ship state (pose, velocity, hits).

use super::{HitMap, HitPixels};
use crate::collide::{Overlap, PosedMask};
use crate::mask::Mask;
use crate::pose::Pose;
use crate::rgba::RgbaImage;

/// A ship's look: its RGBA image and the collision mask built from it.
///
/// In a [`crate::world::World`] every sprite's mask uses the world's one
/// alpha threshold, `settings.ships.ship_alpha_min`: [`World::new`] and
/// [`World::apply_settings`] rebuild any mask built with another.
///
/// [`World::new`]: crate::world::World::new
/// [`World::apply_settings`]: crate::world::World::apply_settings
#[derive(Clone, Debug)]
pub struct ShipSprite {
    name: String,
    image: RgbaImage,
    mask: Mask,
    alpha_min: u8,
}

impl ShipSprite {
    /// A sprite whose mask is solid where alpha ≥ `ship_alpha_min`.
    pub fn new(name: impl Into<String>, image: RgbaImage, ship_alpha_min: u8) -> ShipSprite {
        let mask = Mask::from_rgba(&image, ship_alpha_min);
        ShipSprite {
            name: name.into(),
            image,
            mask,
            alpha_min: ship_alpha_min,
        }
    }

    /// The bundled ship sprites ([`crate::assets::default_sprites`]), each
    /// solid where alpha ≥ `ship_alpha_min`: a world's sprites when a game
    /// brings none of its own.
    ///
    /// ```
    /// use hitfield::prelude::*;
    ///
    /// let settings = Settings::default();
    /// let world = World::new(settings.clone(), ShipSprite::defaults(settings.ships.ship_alpha_min));
    /// assert!(world.is_ok());
    /// ```
    pub fn defaults(ship_alpha_min: u8) -> Vec<ShipSprite> {
        crate::assets::default_sprites()
            .into_iter()
            .map(|(name, image)| ShipSprite::new(name, image, ship_alpha_min))
            .collect()
    }

    /// A name for messages (file name, or the embedded sprite's name).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The RGBA pixels.
    pub fn image(&self) -> &RgbaImage {
        &self.image
    }

    /// Solid texels (alpha ≥ [`ShipSprite::alpha_min`]).
    pub fn mask(&self) -> &Mask {
        &self.mask
    }

    /// The alpha threshold the mask was built with.
    pub fn alpha_min(&self) -> u8 {
        self.alpha_min
    }

    /// This sprite with its mask rebuilt for `ship_alpha_min` (unchanged
    /// when it already uses it).
    pub fn with_alpha_min(self, ship_alpha_min: u8) -> ShipSprite {
        if self.alpha_min == ship_alpha_min {
            self
        } else {
            ShipSprite::new(self.name, self.image, ship_alpha_min)
        }
    }
}

/// One ship in the world. Read it through [`crate::world::World::ships`];
/// steer it through the world's checked setters
/// ([`crate::world::World::set_pose`], [`crate::world::World::set_sprite`],
/// [`crate::world::World::set_player`], [`crate::world::World::place_player`],
/// [`crate::world::World::steer_player`]).
#[derive(Clone, Debug)]
pub struct Ship {
    /// Index into [`crate::world::World::sprites`].
    pub(crate) sprite: usize,
    /// Where it is.
    pub(crate) pose: Pose,
    /// Velocity in pixels per second.
    pub(crate) velocity: [f32; 2],
    /// Texels hit by the last sample.
    pub(crate) hits: HitMap,
    /// World pixels hit by the last sample.
    pub(crate) hit_pixels: HitPixels,
    /// Number of world pixels hit by the last sample.
    pub(crate) last_hit_count: u32,
    /// Sum of hit counts over all samples so far.
    pub(crate) hits_total: u64,
    /// Steered by the user: the world does not move it.
    pub(crate) player: bool,
    /// Heading in radians.
    pub(crate) heading: f32,
    /// Simulated time (ms) of this ship's next sample.
    pub(crate) next_sample_ms: f64,
    /// Number of samples that found at least one hit.
    pub(crate) hit_samples: u64,
    /// The sprite's exact world coverage for `pose` (may lag it).
    pub(crate) posed: PosedMask,
}

impl Ship {
    /// Index of its sprite in [`crate::world::World::sprites`].
    pub fn sprite(&self) -> usize {
        self.sprite
    }

    /// Where it is.
    pub fn pose(&self) -> Pose {
        self.pose
    }

    /// Velocity in pixels per second.
    pub fn velocity(&self) -> [f32; 2] {
        self.velocity
    }

    /// Texels hit by the last sample (paint these cold blue).
    pub fn hits(&self) -> &HitMap {
        &self.hits
    }

    /// World pixels hit by the last sample (canvas coordinates; their number
    /// is [`Ship::last_hit_count`]). Several may fall on one texel of
    /// [`Ship::hits`].
    pub fn hit_pixels(&self) -> &HitPixels {
        &self.hit_pixels
    }

    /// Number of world pixels hit by the last sample.
    pub fn last_hit_count(&self) -> u32 {
        self.last_hit_count
    }

    /// Sum of hit counts over all samples so far.
    pub fn hits_total(&self) -> u64 {
        self.hits_total
    }

    /// Number of samples that found at least one hit.
    pub fn hit_samples(&self) -> u64 {
        self.hit_samples
    }

    /// Steered by the user: the world does not move it, it only samples and
    /// collides.
    pub fn is_player(&self) -> bool {
        self.player
    }

    /// Heading in radians (direction of travel, screen coordinates). Sprites
    /// point along +x at rotation 0, so a rotating ship's rotation equals
    /// its heading.
    pub fn heading(&self) -> f32 {
        self.heading
    }

    /// Simulated time (ms) of this ship's next sample.
    pub fn next_sample_ms(&self) -> f64 {
        self.next_sample_ms
    }

    /// The sprite's exact world coverage, built by the world when the ship
    /// samples or may touch another ship (at most once per step, only when
    /// the pose changed). May lag [`Ship::pose`] between those times:
    /// [`crate::collide::PosedMask::is_for`] tells.
    pub fn posed(&self) -> &PosedMask {
        &self.posed
    }
}

/// Two ships touching in the last step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contact {
    /// Index of the first ship (the lower one).
    pub a: usize,
    /// Index of the second ship.
    pub b: usize,
    /// What they share.
    pub overlap: Overlap,
}
