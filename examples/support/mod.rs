//! Test plumbing shared by the window examples (not part of what they show):
//! `HITFIELD_EXAMPLE_FRAMES=N` quits after N frames, and with
//! `HITFIELD_EXAMPLE_SCREENSHOT=shot.png` the last frame is saved first.

use macroquad::texture::get_screen_data;

/// True when the example should quit after drawing `frame` (counted from 1).
/// Saves the screenshot then, if one was asked for.
pub fn last_frame(frame: u64) -> bool {
    let limit = std::env::var("HITFIELD_EXAMPLE_FRAMES").ok();
    let Some(limit) = limit.and_then(|n| n.parse::<u64>().ok()) else {
        return false;
    };
    if frame < limit {
        return false;
    }
    if let Some(path) = std::env::var_os("HITFIELD_EXAMPLE_SCREENSHOT") {
        // OpenGL hands rows over bottom first; PNG rows go top-down.
        let shot = get_screen_data();
        let stride = usize::from(shot.width) * 4;
        let mut rows: Vec<u8> = shot
            .bytes
            .chunks_exact(stride)
            .rev()
            .flatten()
            .copied()
            .collect();
        rows.chunks_exact_mut(4).for_each(|px| px[3] = 255);
        let (w, h) = (u32::from(shot.width), u32::from(shot.height));
        let saved = image::RgbaImage::from_raw(w, h, rows).map(|img| img.save(&path));
        if !matches!(saved, Some(Ok(()))) {
            eprintln!(
                "could not save the screenshot to {}",
                path.to_string_lossy()
            );
        }
    }
    true
}
