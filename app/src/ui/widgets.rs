//! A small immediate-mode widget set for the settings panel: one widget per
//! row, drawn as it is declared. Sliders show their value in the unit it is
//! set in, buttons and text fields behave as on a desktop.

use macroquad::color::Color;
use macroquad::input::{
    get_char_pressed, is_key_pressed, is_mouse_button_down, is_mouse_button_pressed,
    mouse_position, mouse_wheel, KeyCode, MouseButton,
};
use macroquad::math::{vec2, Rect, Vec2};
use macroquad::shapes::{draw_circle, draw_rectangle, draw_rectangle_lines};

use super::keyboard::Edit;
use super::text::{measure, text, wrap};
use super::theme;

/// Widget identity across frames.
pub type Id = &'static str;

/// Height of one widget row.
pub const ROW_H: f32 = 26.0;
/// Width of the label column of sliders and text fields.
pub(super) const LABEL_W: f32 = 124.0;
/// Width of the value column of sliders.
const VALUE_W: f32 = 70.0;

/// Input state, layout cursor and focus of the widget set.
#[derive(Debug, Default)]
pub struct Ui {
    mouse: Vec2,
    pressed: bool,
    down: bool,
    wheel: f32,
    pub(super) edits: Vec<Edit>,
    pub(super) escape: bool,
    /// Slider being dragged.
    active: Option<Id>,
    /// Text field with keyboard focus.
    pub(super) focus: Option<Id>,
    /// Text field to unfocus at the end of this frame (clicked elsewhere).
    pub(super) click_outside_focus: bool,
    area: Rect,
    cursor: f32,
    scroll: f32,
    scrollable: bool,
    content_h: f32,
    pub(super) time: f64,
    /// The last row laid out.
    last_row: Rect,
}

impl Ui {
    /// Reads this frame's input. Call once per frame before any widget.
    pub fn begin_frame(&mut self, time: f64) {
        let (mx, my) = mouse_position();
        self.mouse = vec2(mx, my);
        self.pressed = is_mouse_button_pressed(MouseButton::Left);
        self.down = is_mouse_button_down(MouseButton::Left);
        self.wheel = mouse_wheel().1;
        self.edits.clear();
        let typing = self.focus.is_some();
        while let Some(c) = get_char_pressed() {
            if typing {
                self.edits.extend(Edit::from_char(c));
            }
        }
        // Platforms that do not send Backspace and Enter as characters.
        if typing && !self.edits.contains(&Edit::Backspace) && is_key_pressed(KeyCode::Backspace) {
            self.edits.push(Edit::Backspace);
        }
        let enter = is_key_pressed(KeyCode::Enter) || is_key_pressed(KeyCode::KpEnter);
        if typing && !self.edits.contains(&Edit::Enter) && enter {
            self.edits.push(Edit::Enter);
        }
        self.escape = typing && is_key_pressed(KeyCode::Escape);
        if !self.down {
            self.active = None;
        }
        self.click_outside_focus = self.pressed && self.focus.is_some();
        self.time = time;
    }

    /// True while a text field has the keyboard: shortcuts must wait.
    pub fn wants_keyboard(&self) -> bool {
        self.focus.is_some()
    }

    /// Height of everything laid out in the last area (0 before the first).
    pub fn content_height(&self) -> f32 {
        self.content_h
    }

    /// Drops keyboard focus.
    pub fn unfocus(&mut self) {
        self.focus = None;
    }

    /// Starts laying out widgets top-down in `area`. Returns true when the
    /// mouse is over it.
    pub fn begin_area(&mut self, area: Rect) -> bool {
        self.area = area;
        let hovered = area.contains(self.mouse);
        let max_scroll = (self.content_h - area.h).max(0.0);
        self.scrollable = max_scroll > 0.0;
        if hovered && self.wheel != 0.0 && self.active.is_none() && self.scrollable {
            self.scroll -= self.wheel.signum() * 40.0;
        }
        self.scroll = self.scroll.clamp(0.0, max_scroll);
        self.cursor = area.y - self.scroll;
        hovered
    }

    /// Ends the area and finishes the frame's focus handling.
    pub fn end_area(&mut self) {
        self.content_h = self.cursor + self.scroll - self.area.y;
        if self.click_outside_focus {
            self.focus = None;
        }
    }

    /// Where the last area's scroll thumb goes (a bar just right of the
    /// area, as tall as the visible share of its content), or `None` when
    /// everything fits. Call after [`Ui::end_area`].
    pub fn scroll_thumb(&self) -> Option<Rect> {
        scroll_thumb(self.area, self.content_h, self.scroll)
    }

    /// Leaves `h` pixels of vertical space.
    pub fn space(&mut self, h: f32) {
        self.cursor += h;
    }

    pub(super) fn row(&mut self, h: f32) -> Rect {
        let r = Rect::new(self.area.x, self.cursor, self.area.w, h);
        self.cursor += h + 4.0;
        self.last_row = r;
        r
    }

    /// The value column of the last slider, whether it is hovered, and
    /// whether it was clicked this frame (see `value_entry`, which types a
    /// value there).
    pub fn value_cell(&self) -> (Rect, bool, bool) {
        let r = self.last_row;
        let cell = Rect::new(r.x + r.w - VALUE_W, r.y - 2.0, VALUE_W, r.h + 4.0);
        (cell, self.hovered(cell), self.clicked(cell))
    }

    /// True while text field `id` has the keyboard.
    pub fn focused(&self, id: Id) -> bool {
        self.focus == Some(id)
    }

    /// Gives text field `id` the keyboard, as a click on it would.
    pub fn focus(&mut self, id: Id) {
        self.focus = Some(id);
        self.click_outside_focus = false;
    }

    pub(super) fn clicked(&self, r: Rect) -> bool {
        self.pressed && self.visible(r) && r.contains(self.mouse)
    }

    pub(super) fn hovered(&self, r: Rect) -> bool {
        self.visible(r) && r.contains(self.mouse)
    }

    fn visible(&self, r: Rect) -> bool {
        r.y + r.h > self.area.y && r.y < self.area.y + self.area.h
    }

    /// A section title with a rule under it.
    pub fn section(&mut self, title: &str) {
        self.space(6.0);
        let r = self.row(20.0);
        text(title, r.x, r.y + 14.0, theme::FONT_SMALL, theme::ACCENT_HOT);
        let w = measure(title, theme::FONT_SMALL) + 8.0;
        draw_rectangle(r.x + w, r.y + 9.0, r.w - w, 1.0, theme::BORDER);
    }

    /// A line of text, wrapped to the area width.
    pub fn paragraph(&mut self, s: &str, size: u16, color: Color) {
        for line in wrap(s, self.area.w, size) {
            let r = self.row(f32::from(size) + 2.0);
            text(&line, r.x, r.y + f32::from(size) - 3.0, size, color);
            self.cursor -= 2.0;
        }
    }

    /// Two texts on one row: a label on the left, a value on the right.
    pub fn label_value(&mut self, label: &str, value: &str) {
        let r = self.row(18.0);
        text(label, r.x, r.y + 13.0, theme::FONT_SMALL, theme::TEXT_DIM);
        let w = measure(value, theme::FONT_SMALL);
        text(
            value,
            r.x + r.w - w,
            r.y + 13.0,
            theme::FONT_SMALL,
            theme::TEXT,
        );
    }

    /// A slider over `t ∈ [0, 1]` showing `value` on the right. Returns the
    /// new `t` while it is clicked, dragged or scrolled (`wheel_step` per notch).
    pub fn slider(
        &mut self,
        id: Id,
        label: &str,
        t: f32,
        value: &str,
        wheel_step: f32,
    ) -> Option<f32> {
        let r = self.row(ROW_H - 6.0);
        let track = Rect::new(
            r.x + LABEL_W,
            r.y,
            (r.w - LABEL_W - VALUE_W - 10.0).max(10.0),
            r.h,
        );
        let hot = self.hovered(Rect::new(r.x, r.y - 2.0, r.w, r.h + 4.0));
        if self.clicked(Rect::new(
            track.x - 6.0,
            track.y - 2.0,
            track.w + 12.0,
            track.h + 4.0,
        )) {
            self.active = Some(id);
            self.focus = None;
        }
        let mut out = None;
        if self.active == Some(id) && self.down {
            out = Some(((self.mouse.x - track.x) / track.w).clamp(0.0, 1.0));
        } else if hot && self.wheel != 0.0 && self.active.is_none() && !self.scrollable {
            // The wheel nudges sliders only when it is not scrolling the panel.
            out = Some((t + self.wheel.signum() * wheel_step).clamp(0.0, 1.0));
        }
        let shown = out.unwrap_or(t).clamp(0.0, 1.0);
        let label_color = if hot || self.active == Some(id) {
            theme::TEXT
        } else {
            theme::TEXT_DIM
        };
        text(label, r.x, r.y + 15.0, theme::FONT, label_color);
        let cy = track.y + track.h * 0.5;
        draw_rectangle(track.x, cy - 2.0, track.w, 4.0, theme::WIDGET_BG);
        let fill = if hot || self.active == Some(id) {
            theme::ACCENT_HOT
        } else {
            theme::ACCENT
        };
        draw_rectangle(track.x, cy - 2.0, track.w * shown, 4.0, fill);
        let kx = track.x + track.w * shown;
        draw_circle(kx, cy, 6.5, theme::PANEL_HEADER);
        draw_circle(
            kx,
            cy,
            5.0,
            if self.active == Some(id) {
                theme::ACCENT_HOT
            } else {
                theme::TEXT
            },
        );
        let vw = measure(value, theme::FONT);
        text(value, r.x + r.w - vw, r.y + 15.0, theme::FONT, theme::TEXT);
        out
    }

    /// A checkbox row. Returns true when it was toggled.
    pub fn checkbox(&mut self, label: &str, value: &mut bool) -> bool {
        let r = self.row(ROW_H - 6.0);
        let hot = self.hovered(r);
        let toggled = self.clicked(r);
        if toggled {
            *value = !*value;
            self.focus = None;
        }
        let b = Rect::new(r.x + 1.0, r.y + 3.0, 14.0, 14.0);
        draw_rectangle(
            b.x,
            b.y,
            b.w,
            b.h,
            if *value {
                theme::ACCENT
            } else {
                theme::WIDGET_BG
            },
        );
        draw_rectangle_lines(
            b.x,
            b.y,
            b.w,
            b.h,
            1.0,
            if hot {
                theme::ACCENT_HOT
            } else {
                theme::BORDER
            },
        );
        if *value {
            draw_rectangle(b.x + 4.0, b.y + 4.0, 6.0, 6.0, theme::TEXT);
        }
        text(
            label,
            r.x + 24.0,
            r.y + 15.0,
            theme::FONT,
            if hot { theme::TEXT } else { theme::TEXT_DIM },
        );
        toggled
    }

    /// A row of equal buttons. `lit[i]` draws button `i` as switched on.
    /// Returns the index of the button clicked this frame.
    pub fn buttons(&mut self, labels: &[&str], lit: &[bool]) -> Option<usize> {
        let r = self.row(ROW_H);
        let n = labels.len().max(1) as f32;
        let gap = 6.0;
        let w = (r.w - gap * (n - 1.0)) / n;
        let mut hit = None;
        for (i, label) in labels.iter().enumerate() {
            let b = Rect::new(r.x + i as f32 * (w + gap), r.y, w, r.h);
            let on = lit.get(i).copied().unwrap_or(false);
            let lit_hot = if on {
                theme::ACCENT_HOT
            } else {
                theme::WIDGET_HOT
            };
            if self.cell(b, label, on, lit_hot, 17.0) {
                hit = Some(i);
            }
        }
        hit
    }

    /// A segmented choice: one of `options` is selected. Returns true when
    /// the selection changed.
    pub fn segmented(&mut self, label: &str, options: &[&str], selected: &mut usize) -> bool {
        let r = self.row(ROW_H - 4.0);
        text(label, r.x, r.y + 16.0, theme::FONT, theme::TEXT_DIM);
        let x0 = r.x + LABEL_W;
        let n = options.len().max(1) as f32;
        let w = (r.w - LABEL_W) / n;
        let mut changed = false;
        for (i, opt) in options.iter().enumerate() {
            let b = Rect::new(x0 + i as f32 * w, r.y, w - 2.0, r.h);
            let on = *selected == i;
            let hot = if on { theme::ACCENT } else { theme::WIDGET_HOT };
            if self.cell(b, opt, on, hot, 16.0) && !on {
                *selected = i;
                changed = true;
            }
        }
        changed
    }

    /// One cell of a button row or a segmented choice at `b`: its
    /// background (`theme::ACCENT` when `on`, `hot` under the mouse) and
    /// its label centred, `text_y` below its top. True when clicked.
    fn cell(&mut self, b: Rect, label: &str, on: bool, hot: Color, text_y: f32) -> bool {
        let clicked = self.clicked(b);
        if clicked {
            self.focus = None;
        }
        let bg = match (self.hovered(b), on) {
            (true, _) => hot,
            (false, true) => theme::ACCENT,
            (false, false) => theme::WIDGET_BG,
        };
        draw_rectangle(b.x, b.y, b.w, b.h, bg);
        let x = b.x + (b.w - measure(label, theme::FONT)) * 0.5;
        text(label, x, b.y + text_y, theme::FONT, theme::TEXT);
        clicked
    }
}

/// The scroll thumb of an `area` showing `content_h` of content scrolled
/// down by `scroll`: a 4 px bar in the 6 px right of the area, `None` when
/// the content fits.
fn scroll_thumb(area: Rect, content_h: f32, scroll: f32) -> Option<Rect> {
    let max_scroll = content_h - area.h;
    if !(max_scroll > 0.5 && area.h > 0.0) {
        return None;
    }
    let h = (area.h * area.h / content_h).max(24.0).min(area.h);
    let at = (scroll / max_scroll).clamp(0.0, 1.0);
    Some(Rect::new(
        area.x + area.w + 5.0,
        area.y + (area.h - h) * at,
        4.0,
        h,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scroll_thumb_shows_the_visible_share_and_position() {
        let area = Rect::new(10.0, 20.0, 300.0, 400.0);
        assert_eq!(scroll_thumb(area, 400.0, 0.0), None, "content fits");
        assert_eq!(scroll_thumb(area, 0.0, 0.0), None, "before the first frame");
        let top = scroll_thumb(area, 800.0, 0.0).expect("content overflows");
        assert_eq!((top.x, top.y, top.h), (315.0, 20.0, 200.0));
        let bottom = scroll_thumb(area, 800.0, 400.0).expect("content overflows");
        assert_eq!(bottom.y + bottom.h, area.y + area.h);
        let tall = scroll_thumb(area, 100_000.0, 0.0).expect("content overflows");
        assert_eq!(tall.h, 24.0, "the thumb stays big enough to see");
    }
}
