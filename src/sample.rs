//! Ships testing the particle canvas under them, pixel by pixel.
//!
//! A world pixel is a **hit** for a ship when all three hold: the canvas
//! pixel's alpha ≥ `field_alpha_min`, its `colour_channel` ≥ `colour_min`,
//! and the pixel belongs to the ship (crate-level coverage rule) at a texel
//! whose alpha ≥ `ship_alpha_min`.

use crate::settings::Channel;

/// The three thresholds of a sample.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// Minimum canvas alpha.
    pub field_alpha_min: u8,
    /// Minimum value of `colour_channel` on the canvas.
    pub colour_min: u8,
    /// Which canvas channel `colour_min` tests.
    pub colour_channel: Channel,
    /// Minimum ship texel alpha.
    pub ship_alpha_min: u8,
}

/// The ship texels hit by the last sample, one bit per texel of the sprite.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HitMap {
    width: u32,
    height: u32,
    bits: Vec<u64>,
}

impl HitMap {
    /// An empty map for a `width`×`height` sprite.
    pub fn new(width: u32, height: u32) -> HitMap {
        let words = (width as usize * height as usize).div_ceil(64);
        HitMap {
            width,
            height,
            bits: vec![0; words],
        }
    }

    /// Width in texels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in texels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// True when texel `(x, y)` was hit.
    pub fn contains(&self, x: u32, y: u32) -> bool {
        if x >= self.width || y >= self.height {
            return false;
        }
        let i = y as usize * self.width as usize + x as usize;
        self.bits[i / 64] >> (i % 64) & 1 == 1
    }
}
