//! Text in the window: drawing, measuring and wrapping it in macroquad's
//! default font, and filling its glyph atlas before the first frame.

use macroquad::color::Color;
use macroquad::text::{draw_text, measure_text};

use super::theme;

/// Puts every printable ASCII glyph, at every text size the demo uses, in
/// macroquad's glyph atlas before anything is drawn. The atlas replaces
/// its texture when it grows; if that happened in the middle of a frame,
/// draw calls batched before would bind the deleted texture, which WebGL
/// reports as an error (and some mobile browsers treat as fatal).
pub fn warm_font_cache() {
    let ascii: Vec<char> = (' '..='~').collect();
    let font = macroquad::text::get_default_font();
    for size in [theme::FONT_SMALL, theme::FONT, theme::FONT_TITLE] {
        font.populate_font_cache(&ascii, size);
    }
}

/// Draws `s` with its baseline at `y`.
pub fn text(s: &str, x: f32, y: f32, size: u16, color: Color) {
    draw_text(s, x.round(), y.round(), f32::from(size), color);
}

/// Draws `s` small ([`theme::FONT_SMALL`]) in `color`, baseline at `y`.
pub fn small(s: &str, x: f32, y: f32, color: Color) {
    text(s, x, y, theme::FONT_SMALL, color);
}

/// Draws `s` small in `color`, ending at `right`.
pub fn small_right(s: &str, right: f32, y: f32, color: Color) {
    small(s, right - measure(s, theme::FONT_SMALL), y, color);
}

/// Draws `s` as small print (small and dim), baseline at `y`.
pub fn note(s: &str, x: f32, y: f32) {
    small(s, x, y, theme::TEXT_DIM);
}

/// Draws `s` as small print ending at `right`.
pub fn note_right(s: &str, right: f32, y: f32) {
    small_right(s, right, y, theme::TEXT_DIM);
}

/// Width of `s` in pixels.
pub fn measure(s: &str, size: u16) -> f32 {
    measure_text(s, None, size, 1.0).width
}

/// Splits `s` into lines no wider than `width` (at word boundaries where possible).
pub fn wrap(s: &str, width: f32, size: u16) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in s.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if measure(&candidate, size) <= width || line.is_empty() {
            line = candidate;
        } else {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
