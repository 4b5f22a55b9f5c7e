//! 1-bit collision masks packed in `u64` words, built from RGBA and an alpha threshold.

use crate::rgba::RgbaImage;

/// A sprite's solid texels, one bit each, rows packed in `u64` words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mask {
    width: u32,
    height: u32,
}

impl Mask {
    /// Solid where alpha ≥ `alpha_min`.
    pub fn from_rgba(image: &RgbaImage, alpha_min: u8) -> Mask {
        let _ = (image, alpha_min);
        todo!("collision helper")
    }

    /// Width in texels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in texels.
    pub fn height(&self) -> u32 {
        self.height
    }
}
