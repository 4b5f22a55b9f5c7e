//! A numeric setting's row in the panel: a slider over its whole range, and
//! its value, which a click turns into a text field. Type a number and
//! Enter applies it (checked by the setting's row, so any value in range
//! can be had, not only the ones the slider's pixels reach); Escape or a
//! click elsewhere cancels.

use hitfield::settings::{Panel, Row, Value};

use macroquad::shapes::draw_rectangle;

use crate::ui::text::measure;
use crate::ui::theme;
use crate::ui::widgets::Ui;

/// What a row asked for this frame.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// A value from the slider (in range).
    Value(Value),
    /// Text typed into the value, to be checked by the row.
    Text(String),
}

/// The value being typed, if any.
#[derive(Debug, Default)]
pub struct ValueEntry {
    editing: Option<Editing>,
}

/// Which setting's value is being typed, and the text so far.
#[derive(Debug)]
struct Editing {
    key: &'static str,
    text: String,
    /// The value the field was filled with, until the first key: a typed
    /// character replaces it (as if it were selected), Backspace edits it.
    filled: Option<String>,
}

impl Editing {
    /// Applies the "selected" pre-filled value's rule after a change.
    fn after_change(&mut self) {
        if let Some(filled) = self.filled.take() {
            if let Some(typed) = self.text.strip_prefix(filled.as_str()) {
                if !typed.is_empty() {
                    self.text = typed.to_string();
                }
            }
        }
    }
}

/// Characters a typed number may hold (`2e5`, `-0.5`, `1E+3`).
fn number_char(c: char) -> bool {
    c.is_ascii_digit() || matches!(c, '.' | '-' | '+' | 'e' | 'E')
}

impl ValueEntry {
    /// Draws `row` (holding `value`) as a slider, or as a text field while
    /// its value is being typed. Returns what the user asked for.
    pub fn row(
        &mut self,
        ui: &mut Ui,
        row: &'static Row,
        panel: &Panel,
        value: Value,
    ) -> Option<Change> {
        if let Some(editing) = &mut self.editing {
            if editing.key == row.key {
                let event = ui.text_field(row.key, row.label, &mut editing.text, number_char);
                if event.changed {
                    editing.after_change();
                }
                if event.submitted {
                    return self.editing.take().map(|e| Change::Text(e.text));
                }
                if !ui.focused(row.key) {
                    // Escape, or a click elsewhere.
                    self.editing = None;
                }
                return None;
            }
        }
        let t = row.slider_position(value);
        let text = row.panel_text(value).unwrap_or_default();
        let slid = ui.slider(row.key, row.label, t, &text, panel.step);
        let (cell, hovered, clicked) = ui.value_cell();
        if hovered {
            // The value can be typed: say so where the pointer is.
            let w = measure(&text, theme::FONT);
            let y = cell.y + cell.h - 2.0;
            draw_rectangle(cell.x + cell.w - w, y, w, 1.0, theme::ACCENT_HOT);
        }
        if clicked {
            let text = value.to_string();
            self.editing = Some(Editing {
                key: row.key,
                filled: Some(text.clone()),
                text,
            });
            ui.focus(row.key);
            return None;
        }
        slid.map(|t| Change::Value(row.slider_value(t)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hitfield::settings::{rows, Settings};

    #[test]
    fn the_first_key_replaces_the_filled_value_and_backspace_edits_it() {
        let filled = |text: &str| Editing {
            key: "k",
            text: text.to_string(),
            filled: Some("45521".to_string()),
        };
        let mut typed = filled("455212");
        typed.after_change();
        assert_eq!(typed.text, "2");
        typed.text.push_str(".5e5");
        typed.after_change();
        assert_eq!(typed.text, "2.5e5", "only the first key replaces");
        let mut erased = filled("4552");
        erased.after_change();
        assert_eq!(erased.text, "4552");
        erased.text.push('0');
        erased.after_change();
        assert_eq!(erased.text, "45520");
    }

    #[test]
    fn a_typed_value_reads_back_through_its_row() {
        let s = Settings::default();
        for row in rows()
            .iter()
            .filter(|r| r.panel.is_some() && r.is_numeric())
        {
            // What the field is pre-filled with parses back to the same value.
            let value = row.get(&s);
            assert_eq!(row.parse(&value.to_string()), Ok(value), "{}", row.key);
            assert!(value.to_string().chars().all(number_char), "{}", row.key);
        }
    }
}
