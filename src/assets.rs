//! Loading ship sprites: the embedded defaults and user PNGs, with decoder limits.

use std::path::PathBuf;

use crate::rgba::RgbaImage;

/// A decoded sprite and a name for messages.
pub type NamedImage = (String, RgbaImage);

/// The ship sprites embedded in the binary.
pub fn default_sprites() -> Vec<NamedImage> {
    // Interim procedural sprites until the drawn art lands.
    let mut a = RgbaImage::new(48, 32);
    let mut b = RgbaImage::new(40, 56);
    for y in 0..32 {
        for x in 0..48 {
            if (x as i32 - 24).abs() * 32 < (y as i32) * 24 && (x + y) % 7 != 0 {
                a.set(x, y, [200, 220, 255, 255]);
            }
        }
    }
    for y in 0..56 {
        for x in 0..40 {
            let (dx, dy) = (x as i32 - 20, y as i32 - 28);
            if dx * dx * 4 + dy * dy < 700 && !(dx.abs() < 4 && dy > 10) {
                b.set(x, y, [120, 255, 160, 255]);
            }
        }
    }
    vec![("dart".into(), a), ("orb".into(), b)]
}

/// Loads every PNG named by `paths` (files, or folders of `*.png`), in order.
pub fn load_ship_paths(paths: &[PathBuf]) -> Result<Vec<NamedImage>, String> {
    let _ = paths;
    todo!("inputs")
}
