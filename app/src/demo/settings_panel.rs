//! The live settings panel: a row for every setting whose [`Row`] has a
//! panel entry (a slider with a typed value, a checkbox or a choice), run
//! controls, the reset seed and presets, and the message line. The panel
//! reads the settings in force and returns the changes asked for; the
//! session applies them to the world.

use hitfield::settings::{rows, Channel, Kind, Row, Settings, Value};
use macroquad::math::Rect;
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};

use super::keys::Action;
use super::value_entry::{Change, ValueEntry};
use crate::ui::text::{small, text};
use crate::ui::theme;
use crate::ui::widgets::Ui;

/// A message for the user, shown in the panel and the status bar.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// What happened.
    pub text: String,
    /// True for errors (drawn red).
    pub error: bool,
    /// When it was posted (seconds since start).
    pub at: f64,
}

/// Panel state that is not a setting: text being typed.
#[derive(Debug)]
pub struct PanelState {
    /// The seed field.
    pub seed: String,
    /// The preset path field.
    pub preset_path: String,
    /// Capture on spike's threshold in milliseconds; 0 is off.
    pub spike_ms: f64,
    /// The value being typed into a setting's row, if any.
    pub entry: ValueEntry,
}

impl PanelState {
    /// Fields pre-filled from the settings in force.
    pub fn new(settings: &Settings) -> Self {
        Self {
            seed: settings.field.seed.to_string(),
            preset_path: "hitfield-preset.toml".to_string(),
            spike_ms: 0.0,
            entry: ValueEntry::default(),
        }
    }
}

/// Facts the panel shows but does not edit.
pub struct PanelInfo<'a> {
    /// The simulation is paused.
    pub paused: bool,
    /// Files can be read and written (presets, CSV, screenshots).
    pub files: bool,
    /// The latest message, if any.
    pub message: Option<&'a Message>,
}

const HEADER_H: f32 = 46.0;
const PAD: f32 = 14.0;

/// The panel's height for `content_h` of content (its body's height in
/// the last frame); 0 before the first frame, meaning as tall as it may be
/// (see [`super::layout`], which places it).
pub fn wanted_height(content_h: f32) -> f32 {
    if content_h > 0.0 {
        HEADER_H + 4.0 + content_h + PAD
    } else {
        0.0
    }
}

/// A change to one setting the panel asked for.
#[derive(Clone, Debug)]
pub struct Edit {
    /// The setting's row.
    pub row: &'static Row,
    /// The new value, or text to check by the row.
    pub change: Change,
}

/// Draws the panel over the settings in force. Returns the actions its
/// buttons asked for and the settings' changes, in that order.
pub fn panel(
    ui: &mut Ui,
    rect: Rect,
    settings: &Settings,
    state: &mut PanelState,
    info: &PanelInfo<'_>,
) -> (Vec<Action>, Vec<Edit>) {
    let mut actions = Vec::new();
    draw_rectangle(rect.x, rect.y, rect.w, rect.h, theme::PANEL_BG);
    draw_rectangle(rect.x, rect.y, rect.w, HEADER_H, theme::PANEL_HEADER);
    draw_rectangle(rect.x, rect.y, rect.w, 3.0, theme::ACCENT);
    draw_rectangle_lines(rect.x, rect.y, rect.w, rect.h, 1.0, theme::BORDER);
    text(
        "hitfield",
        rect.x + PAD,
        rect.y + 27.0,
        theme::FONT_TITLE,
        theme::TEXT,
    );
    small(
        "pixel-perfect collision demo",
        rect.x + PAD + 96.0,
        rect.y + 26.0,
        theme::TEXT_DIM,
    );

    let body = Rect::new(
        rect.x + PAD,
        rect.y + HEADER_H + 4.0,
        rect.w - 2.0 * PAD,
        rect.h - HEADER_H - 8.0,
    );
    super::render::set_clip(Some(body));
    ui.begin_area(body);

    let edits = setting_rows(ui, settings, &mut state.entry);
    run_section(ui, settings, state, info, &mut actions);

    ui.end_area();
    super::render::set_clip(None);
    if let Some(thumb) = ui.scroll_thumb() {
        // A panel cut off by a short window says so; the wheel scrolls it.
        draw_rectangle(thumb.x, thumb.y, thumb.w, thumb.h, theme::ACCENT);
    }
    (actions, edits)
}

/// A row for every setting with a panel entry, in the table's order, with
/// a section title where its group changes. Returns the changes asked for.
fn setting_rows(ui: &mut Ui, s: &Settings, entry: &mut ValueEntry) -> Vec<Edit> {
    let mut edits = Vec::new();
    let mut group = "";
    for row in rows() {
        let Some(panel) = row.panel else {
            continue;
        };
        if panel.group != group {
            ui.section(panel.group);
            group = panel.group;
        }
        let value = row.get(s);
        let change = match row.kind {
            // The browser build runs on one thread.
            Kind::Switch { .. } if super::platform::WEB && row.key == "field.parallel" => {
                ui.label_value("Threads", "1 (browser)");
                None
            }
            Kind::Switch { .. } => {
                let mut on = value.as_bool();
                ui.checkbox(row.label, &mut on)
                    .then_some(Change::Value(Value::Switch(on)))
            }
            Kind::Channel { .. } => {
                let mut index = value.as_channel().index();
                ui.segmented(row.label, &["R", "G", "B"], &mut index)
                    .then(|| Change::Value(Value::Channel(Channel::ALL[index.min(2)])))
            }
            _ => entry.row(ui, row, &panel, value),
        };
        edits.extend(change.map(|change| Edit { row, change }));
    }
    edits
}

fn run_section(
    ui: &mut Ui,
    s: &Settings,
    state: &mut PanelState,
    info: &PanelInfo<'_>,
    actions: &mut Vec<Action>,
) {
    ui.section("RUN");
    let pause_label = if info.paused { "Resume" } else { "Pause" };
    let run = [Action::TogglePause, Action::Step, Action::Reset];
    let clicked = ui.buttons(&[pause_label, "Step", "Reset"], &[info.paused]);
    actions.extend(clicked.map(|i| run[i]));
    let ev = ui.text_field("seed", "Reset seed", &mut state.seed, |c| {
        c.is_ascii_digit()
    });
    if ev.submitted {
        actions.push(Action::Reset);
    }
    ui.label_value(
        "Step",
        &format!(
            "{:.2} ms ({:.0} Hz)",
            s.step_ms,
            1000.0 / s.step_ms.max(1e-9)
        ),
    );
    if !info.files {
        ui.space(2.0);
        ui.paragraph(
            super::platform::NO_FILES_NOTE,
            theme::FONT_SMALL,
            theme::TEXT_DIM,
        );
    } else {
        ui.section("PRESET");
        let ev = ui.text_field("preset", "File", &mut state.preset_path, |c| {
            !c.is_control()
        });
        if ev.submitted {
            actions.push(Action::LoadPreset);
        }
        let presets = [Action::SavePreset, Action::LoadPreset];
        let clicked = ui.buttons(&["Save preset", "Load preset"], &[]);
        actions.extend(clicked.map(|i| presets[i]));
        let files = [Action::WriteCsv, Action::Screenshot];
        let clicked = ui.buttons(&["Profiler CSV", "Screenshot"], &[]);
        actions.extend(clicked.map(|i| files[i]));
        let t = spike_to_t(state.spike_ms);
        let shown = if state.spike_ms > 0.0 {
            let digits = if state.spike_ms < 1.0 { 3 } else { 1 };
            format!("> {:.*} ms", digits, state.spike_ms)
        } else {
            "off".to_string()
        };
        if let Some(t) = ui.slider("spike", "Spike trace", t, &shown, 0.02) {
            state.spike_ms = spike_from_t(t);
        }
    }
    if let Some(m) = info.message {
        ui.space(2.0);
        let color = if m.error { theme::ERROR } else { theme::OK };
        ui.paragraph(&m.text, theme::FONT_SMALL, color);
    }
    ui.space(4.0);
    ui.paragraph(
        "H help   Tab hides the panel   P profiler",
        theme::FONT_SMALL,
        theme::TEXT_DIM,
    );
}

/// Capture on spike's slider: 0 is off, then 0.1 to 1000 ms on a log scale.
fn spike_from_t(t: f32) -> f64 {
    if t <= 0.0 {
        return 0.0;
    }
    let ms = 10f64.powf(f64::from(t.min(1.0)) * 4.0 - 1.0);
    (ms * 10.0).round() / 10.0
}

/// Where `ms` sits on the spike slider.
fn spike_to_t(ms: f64) -> f32 {
    if ms.is_finite() && ms > 0.0 {
        (((ms.log10() + 1.0) / 4.0).clamp(0.001, 1.0)) as f32
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wanted_height_holds_header_and_content() {
        assert_eq!(wanted_height(0.0), 0.0);
        assert_eq!(wanted_height(f32::NAN), 0.0);
        assert_eq!(wanted_height(100.0), HEADER_H + 4.0 + 100.0 + PAD);
    }

    #[test]
    fn the_spike_slider_is_off_then_log_scaled() {
        assert_eq!(spike_from_t(0.0), 0.0);
        assert_eq!(spike_from_t(1.0), 1000.0);
        assert_eq!(spike_from_t(0.5), 10.0);
        assert_eq!(spike_to_t(0.0), 0.0);
        assert_eq!(spike_to_t(10.0), 0.5);
        assert!(spike_to_t(0.001) > 0.0, "a tiny threshold is still on");
    }
}
