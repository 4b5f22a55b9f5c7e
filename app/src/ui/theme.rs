//! Colours and sizes shared by every part of the window.

use crate::stats::frame::Part;
use macroquad::color::Color;

/// A colour from `0xRRGGBB` and an alpha in 0..=1.
pub const fn rgb(hex: u32, alpha: f32) -> Color {
    Color::new(
        ((hex >> 16) & 0xFF) as f32 / 255.0,
        ((hex >> 8) & 0xFF) as f32 / 255.0,
        (hex & 0xFF) as f32 / 255.0,
        alpha,
    )
}

/// Window background (around the letterboxed field).
pub const WINDOW_BG: Color = rgb(0x07090D, 1.0);
/// Behind the field canvas (trails blend over this).
pub const FIELD_BG: Color = rgb(0x000000, 1.0);
/// Thin frame around the field.
pub const FIELD_FRAME: Color = rgb(0x1C2430, 1.0);
/// Panel body.
pub const PANEL_BG: Color = rgb(0x121822, 0.94);
/// Panel header strip and section rules.
pub const PANEL_HEADER: Color = rgb(0x18202D, 1.0);
/// Panel and overlay borders.
pub const BORDER: Color = rgb(0x2A3546, 1.0);
/// Main text.
pub const TEXT: Color = rgb(0xD8E0EC, 1.0);
/// Secondary text.
pub const TEXT_DIM: Color = rgb(0x7D889B, 1.0);
/// Accent: slider fills, active toggles. The same cold blue as hit texels.
pub const ACCENT: Color = rgb(0x4E88C9, 1.0);
/// Accent when hovered.
pub const ACCENT_HOT: Color = rgb(0x6FA8E6, 1.0);
/// Slider tracks, button and field backgrounds.
pub const WIDGET_BG: Color = rgb(0x222C3B, 1.0);
/// Widget background when hovered.
pub const WIDGET_HOT: Color = rgb(0x2C394C, 1.0);
/// Error messages.
pub const ERROR: Color = rgb(0xFF6B6B, 1.0);
/// Good news (file written).
pub const OK: Color = rgb(0x7BD88F, 1.0);
/// Contact flash, markers and arrows.
pub const CONTACT: Color = rgb(0xFFC23D, 1.0);
/// The player's marker.
pub const PLAYER: Color = rgb(0x5CF2D6, 1.0);
/// Status bar.
pub const STATUS_BG: Color = rgb(0x0E131B, 1.0);
/// Overlay boxes (profiler, help).
pub const OVERLAY_BG: Color = rgb(0x0C1118, 0.88);

/// The cold blue painted on hit texels, as RGBA bytes (0xFF4E88C9 in ARGB).
pub const HIT_RGBA: [u8; 4] = [0x4E, 0x88, 0xC9, 0xFF];

/// Text size of normal UI text.
pub const FONT: u16 = 16;
/// Text size of titles.
pub const FONT_TITLE: u16 = 24;
/// Text size of small print.
pub const FONT_SMALL: u16 = 14;
/// Height of the status bar at the bottom.
pub const STATUS_H: f32 = 24.0;
/// Width of the settings panel.
pub const PANEL_W: f32 = 340.0;

/// Colour of one part of a frame in the profiler's graph and legend.
pub fn part_color(part: Part) -> Color {
    rgb(part.rgb(), 1.0)
}

/// `c` with its alpha multiplied by `a` (clamped to 0..=1).
pub fn with_alpha(c: Color, a: f32) -> Color {
    Color::new(c.r, c.g, c.b, c.a * a.clamp(0.0, 1.0))
}
