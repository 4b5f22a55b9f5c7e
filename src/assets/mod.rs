//! Loading ship sprites: the embedded defaults and user PNGs, with decoder limits.
//!
//! Every user file goes through the same checks, in this order, and any
//! failure is an [`AssetError`] whose `Display` is one line naming the file
//! and the reason:
//!
//! 1. it must be a regular file (folders are expanded by [`load_ship_paths`])
//!    of at most [`MAX_FILE_BYTES`];
//! 2. it must start with the PNG signature (other formats are refused, whatever
//!    their extension);
//! 3. the IHDR header must give a size from 1×1 up to
//!    [`MAX_IMAGE_SIDE`]×[`MAX_IMAGE_SIDE`], checked before any pixel memory is allocated
//!    (so a header claiming 100000×100000 costs nothing), and every chunk must
//!    be complete up to IEND (a cut file is "truncated", even when the cut
//!    spares the pixels) with a correct CRC;
//! 4. it is decoded by the `image` crate under [`image::io::Limits`] (the same
//!    side limit and [`MAX_ALLOC`] bytes), so damaged or truncated data is an
//!    error, never a panic;
//! 5. [`load_ship_paths`] also keeps the sum of decoded sprites under
//!    [`MAX_TOTAL_BYTES`].
//!
//! Any PNG colour type (grey, palette, RGB, 16-bit, with or without alpha)
//! is converted to RGBA8.
//!
//! The embedded sprites are drawn by `examples/draw_ships.rs`. Their noses
//! point to +x (right) at rotation 0.

mod error;
mod paths;
mod png;

use std::path::Path;

pub use error::{AssetError, AssetErrorKind};
pub use paths::load_ship_paths;

use crate::rgba::RgbaImage;

/// A decoded sprite and a name for messages.
pub type NamedImage = (String, RgbaImage);

/// Largest accepted width or height of a sprite, in pixels: that of an
/// [`RgbaImage`] ([`RgbaImage::MAX_SIDE`]).
pub const MAX_IMAGE_SIDE: u32 = RgbaImage::MAX_SIDE;

/// Most bytes the PNG decoder may allocate for one sprite (256 MiB: one
/// [`MAX_IMAGE_SIDE`]² RGBA8 image).
pub const MAX_ALLOC: u64 = 256 * 1024 * 1024;

/// Largest accepted sprite file, in bytes (64 MiB).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Most bytes all sprites of one [`load_ship_paths`] call may take decoded (512 MiB).
pub const MAX_TOTAL_BYTES: u64 = 512 * 1024 * 1024;

/// The embedded sprites: name and PNG bytes.
const EMBEDDED: [(&str, &[u8]); 3] = [
    ("dart", include_bytes!("../../assets/ship_dart.png")),
    ("manta", include_bytes!("../../assets/ship_manta.png")),
    ("hauler", include_bytes!("../../assets/ship_hauler.png")),
];

/// The ship sprites embedded in the binary: `dart` (64×48), `manta` (48×72)
/// and `hauler` (80×56).
///
/// They are decoded under the same checks as user files; one that failed to
/// decode would be left out (a test makes sure none does, see
/// [`try_default_sprites`]).
pub fn default_sprites() -> Vec<NamedImage> {
    EMBEDDED
        .iter()
        .filter_map(|(name, bytes)| {
            png::decode_bytes(bytes)
                .ok()
                .map(|img| (name.to_string(), img))
        })
        .collect()
}

/// The embedded sprites, or the first one that fails to decode.
pub fn try_default_sprites() -> Result<Vec<NamedImage>, AssetError> {
    EMBEDDED
        .iter()
        .map(|(name, bytes)| {
            png::decode_bytes(bytes)
                .map(|img| (name.to_string(), img))
                .map_err(|kind| AssetError::new(format!("<embedded {name}>"), kind))
        })
        .collect()
}

/// Loads one PNG file into RGBA8, under the checks listed in the [module docs](self).
pub fn load_png(path: impl AsRef<Path>) -> Result<RgbaImage, AssetError> {
    let path = path.as_ref();
    png::PngFile::read(path)?.decode(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_sprites_all_decode_with_their_sizes() {
        let sprites = try_default_sprites().map_err(|e| e.to_string());
        let sizes: Vec<_> = sprites
            .iter()
            .flatten()
            .map(|(name, img)| (name.as_str(), img.width(), img.height()))
            .collect();
        assert_eq!(
            sizes,
            [("dart", 64, 48), ("manta", 48, 72), ("hauler", 80, 56)]
        );
        assert_eq!(default_sprites().len(), 3);
    }

    #[test]
    fn embedded_sprites_have_holes_and_soft_edges() {
        for (name, img) in default_sprites() {
            let alpha: Vec<u8> = img.alpha().collect();
            let partial = alpha.iter().filter(|&&a| a > 0 && a < 255).count();
            let solid = alpha.iter().filter(|&&a| a == 255).count();
            let clear = alpha.iter().filter(|&&a| a == 0).count();
            assert!(partial > 20, "{name}: {partial} soft edge pixels");
            assert!(solid > alpha.len() / 4, "{name}: {solid} solid pixels");
            assert!(clear > alpha.len() / 5, "{name}: {clear} clear pixels");
            // A hole: a clear pixel with solid pixels both left and right of it
            // and above and below it, in its row and column.
            let w = img.width();
            let h = img.height();
            let a = |x: u32, y: u32| img.get(x, y).map_or(0, |p| p[3]);
            let enclosed = (0..h).any(|y| {
                (0..w).any(|x| {
                    a(x, y) == 0
                        && (0..x).any(|l| a(l, y) == 255)
                        && (x + 1..w).any(|r| a(r, y) == 255)
                        && (0..y).any(|t| a(x, t) == 255)
                        && (y + 1..h).any(|b| a(x, b) == 255)
                })
            });
            assert!(enclosed, "{name} has no hole or notch");
        }
    }

    #[test]
    fn embedded_bytes_are_pngs() {
        for (name, bytes) in EMBEDDED {
            assert!(png::check_structure(bytes).is_ok(), "{name}");
        }
    }
}
