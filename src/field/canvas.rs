//! The shared RGBA buffer that particles draw trails into.

/// A `width`×`height` RGBA8 buffer, rows top-down. Never cleared; faded each step.
#[derive(Clone, Debug)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 4]>,
}

impl Canvas {
    /// A fully transparent canvas.
    pub fn new(width: u32, height: u32) -> Canvas {
        Canvas {
            width,
            height,
            pixels: vec![[0; 4]; width as usize * height as usize],
        }
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// Pixels, row-major.
    pub fn pixels(&self) -> &[[u8; 4]] {
        &self.pixels
    }

    /// The same pixels as flat RGBA bytes (for texture upload).
    pub fn rgba_bytes(&self) -> &[u8] {
        self.pixels.as_flattened()
    }

    /// A 64-bit hash of size and pixels (FNV-1a), stable across runs and platforms.
    pub fn hash64(&self) -> u64 {
        todo!("field helper")
    }
}
