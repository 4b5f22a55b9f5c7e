//! Overlays drawn over the field: the paused badge, the help card and the
//! status bar. (The profiler card is `crate::profiler`.)

use macroquad::math::Rect;
use macroquad::shapes::{draw_line, draw_rectangle, draw_rectangle_lines};

use super::keys::{KEYS, STEERING};
use crate::ui::text::{measure, note, text};
use crate::ui::theme;

/// A "PAUSED" badge in the field's top-left corner.
pub fn draw_paused_badge(lb: &hitfield::draw::Letterbox) {
    if !lb.is_visible() {
        return;
    }
    let r = lb.screen_rect();
    let label = "PAUSED   Space resumes   N steps";
    let w = measure(label, theme::FONT) + 24.0;
    let (x, y) = (r.x + 12.0, r.y + 12.0);
    draw_rectangle(x, y, w, 28.0, theme::OVERLAY_BG);
    draw_rectangle(x, y, 3.0, 28.0, theme::CONTACT);
    text(label, x + 12.0, y + 19.0, theme::FONT, theme::TEXT);
}

/// The help card, centred in `area`.
pub fn draw_help(area: Rect) {
    let line_h = 22.0;
    let w = 560.0;
    let h = 70.0 + line_h * (STEERING.len() + KEYS.len()) as f32 + 56.0;
    let x = (area.x + (area.w - w) * 0.5).max(area.x);
    let y = (area.y + (area.h - h) * 0.5).max(area.y);
    draw_rectangle(x, y, w, h, theme::rgb(0x0C1118, 0.96));
    draw_rectangle(x, y, w, 3.0, theme::ACCENT);
    draw_rectangle_lines(x, y, w, h, 1.0, theme::BORDER);
    text(
        "Controls",
        x + 20.0,
        y + 34.0,
        theme::FONT_TITLE,
        theme::TEXT,
    );
    let mut ly = y + 66.0;
    let help = KEYS.iter().map(|&(keys, _, _, what)| (keys, what));
    for (keys, what) in STEERING.into_iter().chain(help) {
        text(keys, x + 20.0, ly, theme::FONT, theme::ACCENT_HOT);
        text(what, x + 190.0, ly, theme::FONT, theme::TEXT);
        ly += line_h;
    }
    ly += 8.0;
    for line in [
        "Ships sample the field under them every \"Sample every\" ms; texels that hit",
        "turn cold blue. Ships touching each other flash amber; the dot marks the",
        "contact point, the arrow the normal from the lower-numbered ship.",
    ] {
        note(line, x + 20.0, ly);
        ly += 16.0;
    }
}

/// The status bar along the bottom: run state and counts on the left,
/// the latest message (or a hint) on the right.
pub fn draw_status(
    screen_w: f32,
    screen_h: f32,
    left: &str,
    right: &str,
    right_is_error: Option<bool>,
) {
    let y = screen_h - theme::STATUS_H;
    draw_rectangle(0.0, y, screen_w, theme::STATUS_H, theme::STATUS_BG);
    draw_line(0.0, y, screen_w, y, 1.0, theme::BORDER);
    text(left, 10.0, y + 17.0, theme::FONT, theme::TEXT);
    let color = match right_is_error {
        Some(true) => theme::ERROR,
        Some(false) => theme::OK,
        None => theme::TEXT_DIM,
    };
    // The right-hand text gives way to the counts: a message is cut short
    // (or left out when too little of it would show), the key hint is shown
    // whole or not at all.
    let room = screen_w - 10.0 - (10.0 + measure(left, theme::FONT) + 24.0);
    let shown = match right_is_error {
        Some(_) => fit_text(right, room, |s| measure(s, theme::FONT)),
        None => Some(right.to_string()).filter(|r| measure(r, theme::FONT) <= room),
    };
    if let Some(right) = shown {
        let rx = screen_w - 10.0 - measure(&right, theme::FONT);
        text(&right, rx, y + 17.0, theme::FONT, color);
    }
}

/// `s`, or as much of it as fits in `room` with "..." after it; `None` when
/// fewer than 8 characters would show.
pub fn fit_text(s: &str, room: f32, width: impl Fn(&str) -> f32) -> Option<String> {
    if width(s) <= room {
        return Some(s.to_string());
    }
    let chars: Vec<char> = s.chars().collect();
    (8..chars.len())
        .rev()
        .map(|n| chars[..n].iter().collect::<String>() + "...")
        .find(|cut| width(cut) <= room)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_text_is_cut_to_fit_or_left_out() {
        let w = |s: &str| 10.0 * s.chars().count() as f32;
        assert_eq!(fit_text("H help", 100.0, w).as_deref(), Some("H help"));
        assert_eq!(
            fit_text("saved preset /tmp/x.toml", 120.0, w).as_deref(),
            Some("saved pre...")
        );
        assert_eq!(fit_text("saved preset /tmp/x.toml", 50.0, w), None);
        assert_eq!(fit_text("anything", -5.0, w), None);
    }
}
