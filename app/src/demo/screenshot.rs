//! Saving the window as a PNG. OpenGL hands the framebuffer over bottom row
//! first; PNG rows go top-down, so rows are flipped on the way out.

use std::path::Path;

use macroquad::texture::get_screen_data;

/// Reverses the row order of a `width`×`height` RGBA buffer and makes every
/// pixel opaque (the framebuffer's alpha is whatever blending left there).
/// Returns `None` when the length does not match the size.
pub fn flip_rows_opaque(bytes: &[u8], width: usize, height: usize) -> Option<Vec<u8>> {
    let stride = width.checked_mul(4)?;
    if bytes.len() != stride.checked_mul(height)? {
        return None;
    }
    let mut out = Vec::with_capacity(bytes.len());
    for row in bytes.chunks_exact(stride.max(1)).rev() {
        out.extend_from_slice(row);
    }
    for px in out.chunks_exact_mut(4) {
        px[3] = 255;
    }
    Some(out)
}

/// Grabs what has been drawn so far this frame and writes it to `path` as
/// a PNG. The file is complete and closed when this returns `Ok`.
pub fn save_window_png(path: &Path) -> Result<(), String> {
    let shot = get_screen_data();
    let (w, h) = (usize::from(shot.width), usize::from(shot.height));
    let rows = flip_rows_opaque(&shot.bytes, w, h)
        .ok_or_else(|| format!("the screen grab of {w}x{h} had {} bytes", shot.bytes.len()))?;
    let img = image::RgbaImage::from_raw(u32::from(shot.width), u32::from(shot.height), rows)
        .ok_or_else(|| "the screen grab has the wrong size".to_string())?;
    img.save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| format!("could not write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flips_rows_and_sets_alpha() {
        // 2×3: rows 0, 1, 2 bottom-up.
        let rows: Vec<u8> = (0..3u8).flat_map(|r| [r, r, r, 7, r, r, r, 7]).collect();
        let out = flip_rows_opaque(&rows, 2, 3).expect("size matches");
        assert_eq!(&out[0..8], &[2, 2, 2, 255, 2, 2, 2, 255]);
        assert_eq!(&out[16..24], &[0, 0, 0, 255, 0, 0, 0, 255]);
        assert_eq!(flip_rows_opaque(&rows, 2, 2), None);
        assert_eq!(flip_rows_opaque(&[], 0, 0), Some(vec![]));
    }
}
