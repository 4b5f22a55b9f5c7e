//! The live settings panel: sliders that edit the running [`Settings`],
//! run controls, the reset seed and presets, and the message line.

use hitfield::settings::{specs, Channel, SettingValue, Settings, Spec};
use macroquad::math::Rect;
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};

use super::keys::Action;
use super::scales;
use crate::ui::numbers::compact;
use crate::ui::text::text;
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
}

impl PanelState {
    /// Fields pre-filled from the settings in force.
    pub fn new(settings: &Settings) -> Self {
        Self {
            seed: settings.field.seed.to_string(),
            preset_path: "hitfield-preset.toml".to_string(),
            spike_ms: 0.0,
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

/// Draws the panel and applies its edits to `settings`. Returns the actions
/// its buttons asked for; `settings` changed when it differs afterwards.
pub fn panel(
    ui: &mut Ui,
    rect: Rect,
    settings: &mut Settings,
    state: &mut PanelState,
    info: &PanelInfo<'_>,
) -> Vec<Action> {
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
    text(
        "pixel-perfect collision demo",
        rect.x + PAD + 96.0,
        rect.y + 26.0,
        theme::FONT_SMALL,
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

    field_section(ui, settings);
    ships_section(ui, settings);
    run_section(ui, settings, state, info, &mut actions);

    ui.end_area();
    super::render::set_clip(None);
    if let Some(thumb) = ui.scroll_thumb() {
        // A panel cut off by a short window says so; the wheel scrolls it.
        draw_rectangle(thumb.x, thumb.y, thumb.w, thumb.h, theme::ACCENT);
    }
    actions
}

/// A slider over `spec`'s whole range (scale, label and bounds from the
/// table), showing the value as `shown` formats it. `step` is the keyboard
/// step along the track.
fn spec_slider<T: SettingValue>(
    ui: &mut Ui,
    id: &'static str,
    spec: &Spec<T>,
    value: &mut T,
    shown: impl Fn(T) -> String,
    step: f32,
) {
    let t = scales::to_t(spec, *value);
    if let Some(t) = ui.slider(id, spec.label, t, &shown(*value), step) {
        *value = scales::from_t(spec, t);
    }
}

/// A 0–255 threshold or amount, one step per value.
fn u8_slider(ui: &mut Ui, id: &'static str, spec: &Spec<u8>, v: &mut u8) {
    spec_slider(ui, id, spec, v, |v| v.to_string(), 1.0 / 255.0);
}

fn field_section(ui: &mut Ui, s: &mut Settings) {
    ui.section("PARTICLE FIELD");
    let f = &mut s.field;
    spec_slider(
        ui,
        "particles",
        &specs::PARTICLES,
        &mut f.particles,
        compact,
        0.02,
    );
    u8_slider(ui, "fade", &specs::FADE, &mut f.fade);
    let noise = |v: f64| format!("{v:.4}");
    spec_slider(
        ui,
        "noise",
        &specs::NOISE_FREQUENCY,
        &mut f.noise_frequency,
        noise,
        0.02,
    );
    let evolution = |v: f64| format!("{v:.3}");
    spec_slider(
        ui,
        "evolution",
        &specs::EVOLUTION_SPEED,
        &mut f.evolution_speed,
        evolution,
        0.02,
    );
    if super::platform::WEB {
        ui.label_value("Threads", "1 (browser)");
    } else {
        ui.checkbox("Parallel (rayon)", &mut f.parallel);
    }
}

fn ships_section(ui: &mut Ui, s: &mut Settings) {
    ui.section("SHIPS");
    let sh = &mut s.ships;
    spec_slider(
        ui,
        "ships",
        &specs::SHIPS,
        &mut sh.count,
        |n| n.to_string(),
        0.02,
    );
    let speed = |v: f32| format!("{v:.0} px/s");
    spec_slider(ui, "speed", &specs::SHIP_SPEED, &mut sh.speed, speed, 0.025);
    let scale = |v: f32| format!("{v:.2}x");
    spec_slider(
        ui,
        "scale",
        &specs::SHIP_SCALE,
        &mut sh.scale,
        scale,
        0.0625,
    );
    let interval = |ms: f64| {
        if ms <= 0.0 {
            "every step".to_string()
        } else {
            format!("{ms:.0} ms")
        }
    };
    spec_slider(
        ui,
        "interval",
        &specs::SAMPLE_INTERVAL_MS,
        &mut sh.sample_interval_ms,
        interval,
        0.01,
    );

    ui.section("HIT THRESHOLDS");
    u8_slider(
        ui,
        "field_alpha",
        &specs::FIELD_ALPHA_MIN,
        &mut sh.field_alpha_min,
    );
    u8_slider(ui, "colour", &specs::COLOUR_MIN, &mut sh.colour_min);
    let mut channel = sh.colour_channel.index();
    if ui.segmented("Colour channel", &["R", "G", "B"], &mut channel) {
        sh.colour_channel = match channel {
            0 => Channel::Red,
            1 => Channel::Green,
            _ => Channel::Blue,
        };
    }
    u8_slider(
        ui,
        "ship_alpha",
        &specs::SHIP_ALPHA_MIN,
        &mut sh.ship_alpha_min,
    );

    ui.section("SHIP-SHIP COLLISION");
    let stride = |n: u32| {
        if n <= 1 {
            "1 exact".to_string()
        } else {
            n.to_string()
        }
    };
    spec_slider(
        ui,
        "stride",
        &specs::COLLISION_STRIDE,
        &mut sh.collision_stride,
        stride,
        0.02,
    );
    let accuracy = |v: f32| {
        if v >= 1.0 {
            "1.00 exact".to_string()
        } else {
            format!("{v:.2}")
        }
    };
    spec_slider(
        ui,
        "accuracy",
        &specs::COLLISION_ACCURACY,
        &mut sh.collision_accuracy,
        accuracy,
        0.02,
    );
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
    match ui.buttons(
        &[pause_label, "Step", "Reset"],
        &[info.paused, false, false],
    ) {
        Some(0) => actions.push(Action::TogglePause),
        Some(1) => actions.push(Action::Step),
        Some(2) => actions.push(Action::Reset),
        _ => {}
    }
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
        match ui.buttons(&["Save preset", "Load preset"], &[]) {
            Some(0) => actions.push(Action::SavePreset),
            Some(1) => actions.push(Action::LoadPreset),
            _ => {}
        }
        match ui.buttons(&["Profiler CSV", "Screenshot"], &[]) {
            Some(0) => actions.push(Action::WriteCsv),
            Some(1) => actions.push(Action::Screenshot),
            _ => {}
        }
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
