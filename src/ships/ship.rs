//! Ship sprites and their per-ship state (pose, velocity, hits).

use super::HitMap;
use crate::collide::Overlap;
use crate::mask::Mask;
use crate::pose::Pose;
use crate::rgba::RgbaImage;

/// A ship's look: its RGBA image and the collision mask built from it.
#[derive(Clone, Debug)]
pub struct ShipSprite {
    /// A name for messages (file name, or the embedded sprite's name).
    pub name: String,
    /// The RGBA pixels.
    pub image: RgbaImage,
    /// Solid texels (alpha ≥ the ships' alpha threshold).
    pub mask: Mask,
}

impl ShipSprite {
    /// A sprite whose mask is solid where alpha ≥ `ship_alpha_min`.
    pub fn new(name: impl Into<String>, image: RgbaImage, ship_alpha_min: u8) -> ShipSprite {
        let mask = Mask::from_rgba(&image, ship_alpha_min);
        ShipSprite {
            name: name.into(),
            image,
            mask,
        }
    }
}

/// One ship in the world.
#[derive(Clone, Debug)]
pub struct Ship {
    /// Index into [`crate::world::World::sprites`].
    pub sprite: usize,
    /// Where it is.
    pub pose: Pose,
    /// Velocity in pixels per second.
    pub velocity: [f32; 2],
    /// Texels hit by the last sample (paint these cold blue).
    pub hits: HitMap,
    /// World pixels hit by the last sample.
    pub last_hit_count: u32,
    /// Sum of hit counts over all samples so far.
    pub hits_total: u64,
    /// Steered by the user: the world does not move it, it only samples and collides.
    pub player: bool,
    /// Heading in radians (direction of travel, screen coordinates). Sprites point
    /// along +x at rotation 0, so a rotating ship's rotation equals its heading.
    pub heading: f32,
    /// Simulated time (ms) of this ship's next sample.
    pub next_sample_ms: f64,
    /// Number of samples that found at least one hit.
    pub hit_samples: u64,
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
