//! The widget set's one-line text field and the keyboard edits it takes.

use macroquad::math::Rect;
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};

use super::keyboard::Edit;
use super::text::{measure, text};
use super::theme;
use super::widgets::{Id, Ui, LABEL_W, ROW_H};

/// What a text field did this frame.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextEvent {
    /// The text changed.
    pub changed: bool,
    /// Enter was pressed in it.
    pub submitted: bool,
}

impl Ui {
    /// A one-line text field with a label. `allow` filters typed characters.
    pub fn text_field(
        &mut self,
        id: Id,
        label: &str,
        value: &mut String,
        allow: fn(char) -> bool,
    ) -> TextEvent {
        let r = self.row(ROW_H - 2.0);
        let b = Rect::new(r.x + LABEL_W, r.y, r.w - LABEL_W, r.h);
        let hot = self.hovered(b);
        if self.clicked(b) {
            self.focus = Some(id);
            self.click_outside_focus = false;
        }
        let mut ev = TextEvent::default();
        let focused = self.focus == Some(id);
        if focused {
            for edit in &self.edits {
                match *edit {
                    Edit::Char(c) if allow(c) && value.chars().count() < 256 => {
                        value.push(c);
                        ev.changed = true;
                    }
                    Edit::Char(_) => {}
                    Edit::Backspace => ev.changed |= value.pop().is_some(),
                    Edit::Enter => {
                        ev.submitted = true;
                        self.focus = None;
                        break;
                    }
                }
            }
            if self.escape {
                self.focus = None;
            }
        }
        text(label, r.x, r.y + 16.0, theme::FONT, theme::TEXT_DIM);
        let fill = match hot || focused {
            true => theme::WIDGET_HOT,
            false => theme::WIDGET_BG,
        };
        draw_rectangle(b.x, b.y, b.w, b.h, fill);
        if focused {
            draw_rectangle_lines(b.x, b.y, b.w, b.h, 1.5, theme::ACCENT_HOT);
        }
        // Show the end of long texts (paths), where the typing happens.
        let inner = b.w - 14.0;
        let mut shown: &str = value;
        while measure(shown, theme::FONT) > inner && !shown.is_empty() {
            let mut it = shown.chars();
            it.next();
            shown = it.as_str();
        }
        text(shown, b.x + 6.0, b.y + 17.0, theme::FONT, theme::TEXT);
        if focused && (self.time * 2.0).fract() < 0.5 {
            let cx = b.x + 7.0 + measure(shown, theme::FONT);
            draw_rectangle(cx, b.y + 5.0, 1.5, b.h - 10.0, theme::TEXT);
        }
        ev
    }
}
