//! The shared RGBA buffer that particles draw trails into.

use crate::settings::{check_canvas_size, SettingsError};

/// A `width`×`height` RGBA8 buffer, rows top-down. Never cleared; faded each step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canvas {
    width: u32,
    height: u32,
    pixels: Vec<[u8; 4]>,
}

impl Canvas {
    /// A fully transparent canvas. The size follows the rules of
    /// `field.width` and `field.height` (each side in range, at most
    /// [`crate::settings::MAX_CANVAS_PIXELS`] in all); anything
    /// else is an error naming the key.
    pub fn new(width: u32, height: u32) -> Result<Canvas, SettingsError> {
        check_canvas_size(width, height)?;
        Ok(Canvas {
            width,
            height,
            pixels: vec![[0; 4]; width as usize * height as usize],
        })
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

    /// Pixels, row-major, for writing.
    pub fn pixels_mut(&mut self) -> &mut [[u8; 4]] {
        &mut self.pixels
    }

    /// Row `y` (panics if `y ≥ height`).
    #[inline]
    pub fn row(&self, y: u32) -> &[[u8; 4]] {
        let w = self.width as usize;
        &self.pixels[y as usize * w..(y as usize + 1) * w]
    }

    /// Pixel `(x, y)`, or `None` outside the canvas.
    pub fn get(&self, x: i64, y: i64) -> Option<[u8; 4]> {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return None;
        }
        Some(self.pixels[y as usize * self.width as usize + x as usize])
    }

    /// The same pixels as flat RGBA bytes (for texture upload).
    pub fn rgba_bytes(&self) -> &[u8] {
        self.pixels.as_flattened()
    }

    /// Lowers every pixel's alpha by `amount` (saturating at 0). Colours stay.
    pub fn fade(&mut self, amount: u8, parallel: bool) {
        const CHUNK: usize = 1 << 16;
        if parallel {
            use rayon::prelude::*;
            self.pixels
                .par_chunks_mut(CHUNK)
                .for_each(|p| fade_pixels(p, amount));
        } else {
            fade_pixels(&mut self.pixels, amount);
        }
    }

    /// This canvas's [`canvas_hash`]: equal on two machines exactly when
    /// their canvases are (up to hash collisions).
    pub fn hash64(&self) -> u64 {
        canvas_hash(self.width, self.height, self.rgba_bytes())
    }
}

/// The 64-bit hash hitfield prints and tests for a canvas (`canvas_hash` in
/// `hitfield headless`'s report, as 16 lowercase hex digits), so a game can
/// compare two machines' worlds, e.g. in lockstep or replays.
///
/// The algorithm is FNV-1a, 64-bit (offset basis `0xcbf29ce484222325`,
/// prime `0x100000001b3`; for each byte: `h ^= byte; h = h * prime`
/// wrapping) over `width` as 4 little-endian bytes, `height` as 4
/// little-endian bytes, then `rgba`: the pixels row-major, rows top-down,
/// four bytes (R, G, B, A) each, as [`Canvas::rgba_bytes`] gives them. It
/// does not check that `rgba` holds `width × height × 4` bytes. It is no
/// cryptographic hash; it stays the same across versions of this crate.
pub fn canvas_hash(width: u32, height: u32, rgba: &[u8]) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let header = [width.to_le_bytes(), height.to_le_bytes()];
    for byte in header.iter().flatten().chain(rgba) {
        h ^= u64::from(*byte);
        h = h.wrapping_mul(PRIME);
    }
    h
}

/// Lowers the alpha of every pixel in `pixels` by `amount` (saturating).
pub(crate) fn fade_pixels(pixels: &mut [[u8; 4]], amount: u8) {
    if amount == 0 {
        return;
    }
    // Subtract `amount` from every fourth byte (alpha) with a lane mask,
    // which compiles to packed saturating subtractions.
    let mut lanes = [0u8; 64];
    for lane in lanes.iter_mut().skip(3).step_by(4) {
        *lane = amount;
    }
    let mut blocks = pixels.as_flattened_mut().chunks_exact_mut(64);
    for block in &mut blocks {
        for (b, l) in block.iter_mut().zip(&lanes) {
            *b = b.saturating_sub(*l);
        }
    }
    for (b, l) in blocks.into_remainder().iter_mut().zip(&lanes) {
        *b = b.saturating_sub(*l);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canvas(width: u32, height: u32) -> Canvas {
        Canvas::new(width, height).expect("a valid test size")
    }

    #[test]
    fn fade_saturates_and_keeps_colour() {
        let mut c = canvas(3, 1);
        c.pixels_mut()[0] = [10, 20, 30, 3];
        c.pixels_mut()[1] = [1, 2, 3, 255];
        c.fade(4, false);
        assert_eq!(c.pixels()[0], [10, 20, 30, 0]);
        assert_eq!(c.pixels()[1], [1, 2, 3, 251]);
        let mut p = c.clone();
        p.fade(200, true);
        c.fade(200, false);
        assert_eq!(p, c);
    }

    #[test]
    fn hash_sees_size_and_pixels() {
        let a = canvas(2, 3);
        let b = canvas(3, 2);
        assert_ne!(a.hash64(), b.hash64());
        let mut c = a.clone();
        c.pixels_mut()[5][3] = 1;
        assert_ne!(a.hash64(), c.hash64());
        assert_eq!(a.hash64(), canvas(2, 3).hash64());
    }

    /// The stated algorithm, by hand: FNV-1a over two little-endian `u32`s
    /// and the bytes (the empty input gives the offset basis).
    #[test]
    fn hash_is_fnv1a_over_size_then_bytes() {
        let mut c = canvas(1, 1);
        c.pixels_mut()[0] = [1, 2, 3, 4];
        let bytes = [1u8, 0, 0, 0, 1, 0, 0, 0, 1, 2, 3, 4];
        let fnv = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(*b)).wrapping_mul(0x100_0000_01b3)
        });
        assert_eq!(c.hash64(), fnv);
        assert_eq!(canvas_hash(1, 1, &[1, 2, 3, 4]), fnv);
        // Known value of 64-bit FNV-1a for the ASCII bytes "a".
        let a = 0xcbf2_9ce4_8422_2325u64;
        assert_eq!(
            (a ^ 0x61).wrapping_mul(0x100_0000_01b3),
            0xaf63_dc4c_8601_ec8c
        );
    }

    #[test]
    fn sizes_out_of_range_are_refused_by_key() {
        let key = |w, h| Canvas::new(w, h).err().map(|e| e.key);
        assert_eq!(key(0, 10), Some("field.width"));
        assert_eq!(key(10, 0), Some("field.height"));
        assert_eq!(key(100_000, 100_000), Some("field.width"));
        assert_eq!(key(1, 16_385), Some("field.height"));
        assert_eq!(key(8192, 8193), Some("field.width × field.height"));
        assert_eq!(key(1, 1), None);
    }
}
