//! A numeric setting's row in the panel: a slider over its whole range, and
//! its value, which a click turns into a text field. Type a number and
//! Enter applies it (checked by the setting's row, so any value in range
//! can be had, not only the ones the slider's pixels reach); Escape or a
//! click elsewhere cancels.

use hitfield::settings::{Panel, Row, Value};

use macroquad::shapes::draw_rectangle;

use super::scales;
use crate::ui::numbers::compact;
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

/// `value` as the panel shows it: the row's special text at either end,
/// short counts, or the number with its decimals and suffix.
pub fn shown(row: &Row, panel: &Panel, value: Value) -> String {
    let (lo, hi) = row.bounds();
    let v = value.as_f64();
    if !panel.at_min.is_empty() && v <= lo {
        panel.at_min.to_string()
    } else if !panel.at_max.is_empty() && v >= hi {
        panel.at_max.to_string()
    } else if panel.compact {
        compact(value.as_u64() as usize)
    } else {
        format!("{v:.*}{}", usize::from(panel.decimals), panel.suffix)
    }
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
        let t = scales::to_t(row, value);
        let text = shown(row, panel, value);
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
        slid.map(|t| Change::Value(scales::from_t(row, t)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hitfield::settings::{rows, Settings};

    /// How the panel shows `value` in the row labelled `label`.
    fn panel_text(label: &str, value: Value) -> String {
        let row = rows().iter().find(|r| r.label == label).expect("row");
        shown(row, &row.panel.expect("in the panel"), value)
    }

    #[test]
    fn values_show_as_the_panel_always_did() {
        assert_eq!(panel_text("Particles", Value::Whole(250_000)), "250k");
        assert_eq!(panel_text("Noise scale", Value::Real(0.004)), "0.0040");
        assert_eq!(panel_text("Speed", Value::Real(60.0)), "60 px/s");
        assert_eq!(panel_text("Scale", Value::Real(1.0)), "1.00x");
        assert_eq!(panel_text("Sample every", Value::Real(0.0)), "every step");
        assert_eq!(panel_text("Sample every", Value::Real(100.0)), "100 ms");
        assert_eq!(panel_text("Stride", Value::Whole(1)), "1 exact");
        assert_eq!(panel_text("Accuracy", Value::Real(1.0)), "1.00 exact");
        assert_eq!(panel_text("Accuracy", Value::Real(0.5)), "0.50");
    }

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
