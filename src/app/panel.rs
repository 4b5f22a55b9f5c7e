//! The live settings panel: sliders that edit the running [`Settings`],
//! run controls, the reset seed and presets, and the message line.

use hitfield::settings::{Channel, Settings};
use macroquad::math::Rect;
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};

use super::input::Action;
use super::scales::{self, compact};
use super::theme;
use super::widgets::{text, Ui};

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
}

impl PanelState {
    /// Fields pre-filled from the settings in force.
    pub fn new(settings: &Settings) -> Self {
        Self {
            seed: settings.field.seed.to_string(),
            preset_path: "hitfield-preset.toml".to_string(),
        }
    }
}

/// Facts the panel shows but does not edit.
pub struct PanelInfo<'a> {
    /// The simulation is paused.
    pub paused: bool,
    /// Preset buttons are available.
    pub presets: bool,
    /// The latest message, if any.
    pub message: Option<&'a Message>,
}

const HEADER_H: f32 = 46.0;
const PAD: f32 = 14.0;

/// Narrowest panel worth drawing.
const MIN_W: f32 = 240.0;

/// Where the panel goes in a window of the given size: top right, as tall
/// as its content (`content_h`, from the last frame) or the window allows,
/// narrower in a narrow window. `None` when the window is too small for it.
pub fn panel_rect(screen_w: f32, screen_h: f32, content_h: f32) -> Option<Rect> {
    let room = screen_h - theme::STATUS_H - 20.0;
    let w = theme::PANEL_W.min(screen_w - 20.0);
    if !(screen_w.is_finite() && w >= MIN_W && room >= HEADER_H + 40.0) {
        return None;
    }
    let want = if content_h > 0.0 {
        HEADER_H + 4.0 + content_h + PAD
    } else {
        room
    };
    Some(Rect::new(screen_w - w - 10.0, 10.0, w, want.min(room)))
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
    text("hitfield", rect.x + PAD, rect.y + 27.0, 24, theme::TEXT);
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
    actions
}

fn u8_slider(ui: &mut Ui, id: &'static str, label: &str, v: &mut u8) {
    let t = f32::from(*v) / 255.0;
    if let Some(t) = ui.slider(id, label, t, &v.to_string(), 1.0 / 255.0) {
        *v = (t * 255.0).round() as u8;
    }
}

fn field_section(ui: &mut Ui, s: &mut Settings) {
    ui.section("PARTICLE FIELD");
    let f = &mut s.field;
    let t = scales::particles_to_t(f.particles);
    if let Some(t) = ui.slider("particles", "Particles", t, &compact(f.particles), 0.02) {
        f.particles = scales::t_to_particles(t);
    }
    u8_slider(ui, "fade", "Fade / step", &mut f.fade);
    let (lo, hi) = (0.0005, 0.05);
    let t = scales::log_to_t(f.noise_frequency, lo, hi);
    let shown = format!("{:.4}", f.noise_frequency);
    if let Some(t) = ui.slider("noise", "Noise scale", t, &shown, 0.02) {
        f.noise_frequency = scales::t_to_log(t, lo, hi);
    }
    // Quadratic: fine control near the slow end.
    let max_evo = 1.0;
    let t = (f.evolution_speed.max(0.0) / max_evo).sqrt() as f32;
    let shown = format!("{:.3}", f.evolution_speed);
    if let Some(t) = ui.slider("evolution", "Evolution", t, &shown, 0.02) {
        f.evolution_speed = max_evo * f64::from(t * t);
    }
    ui.checkbox("Parallel (rayon)", &mut f.parallel);
}

fn ships_section(ui: &mut Ui, s: &mut Settings) {
    ui.section("SHIPS");
    let sh = &mut s.ships;
    let t = scales::lin_to_t(sh.count as f64, 0.0, 64.0);
    if let Some(t) = ui.slider("ships", "Ships", t, &sh.count.to_string(), 1.0 / 64.0) {
        sh.count = scales::t_to_int(t, 0, 64) as usize;
    }
    let t = scales::lin_to_t(f64::from(sh.speed), 0.0, 400.0);
    let shown = format!("{:.0} px/s", sh.speed);
    if let Some(t) = ui.slider("speed", "Speed", t, &shown, 0.025) {
        sh.speed = scales::t_to_lin(t, 0.0, 400.0).round() as f32;
    }
    let t = scales::log_to_t(f64::from(sh.scale), 0.25, 4.0);
    let shown = format!("{:.2}x", sh.scale);
    if let Some(t) = ui.slider("scale", "Scale", t, &shown, 0.0625) {
        let v = scales::t_to_log(t, 0.25, 4.0);
        sh.scale = ((v * 20.0).round() / 20.0) as f32;
    }
    let t = scales::lin_to_t(sh.sample_interval_ms, 0.0, 1000.0);
    let shown = if sh.sample_interval_ms <= 0.0 {
        "every step".to_string()
    } else {
        format!("{:.0} ms", sh.sample_interval_ms)
    };
    if let Some(t) = ui.slider("interval", "Sample every", t, &shown, 0.01) {
        sh.sample_interval_ms = (scales::t_to_lin(t, 0.0, 1000.0) / 5.0).round() * 5.0;
    }

    ui.section("HIT THRESHOLDS");
    u8_slider(ui, "field_alpha", "Field alpha >=", &mut sh.field_alpha_min);
    u8_slider(ui, "colour", "Colour >=", &mut sh.colour_min);
    let mut channel = sh.colour_channel.index();
    if ui.segmented("Colour channel", &["R", "G", "B"], &mut channel) {
        sh.colour_channel = match channel {
            0 => Channel::Red,
            1 => Channel::Green,
            _ => Channel::Blue,
        };
    }
    u8_slider(ui, "ship_alpha", "Ship alpha >=", &mut sh.ship_alpha_min);

    ui.section("SHIP-SHIP COLLISION");
    let t = scales::lin_to_t(f64::from(sh.collision_stride), 1.0, 8.0);
    let shown = if sh.collision_stride <= 1 {
        "1 exact".to_string()
    } else {
        sh.collision_stride.to_string()
    };
    if let Some(t) = ui.slider("stride", "Stride", t, &shown, 1.0 / 7.0) {
        sh.collision_stride = scales::t_to_int(t, 1, 8);
    }
    let t = scales::lin_to_t(f64::from(sh.collision_accuracy), 0.1, 1.0);
    let shown = if sh.collision_accuracy >= 1.0 {
        "1.00 exact".to_string()
    } else {
        format!("{:.2}", sh.collision_accuracy)
    };
    if let Some(t) = ui.slider("accuracy", "Accuracy", t, &shown, 0.05) {
        let v = scales::t_to_lin(t, 0.1, 1.0);
        sh.collision_accuracy = ((v * 20.0).round() / 20.0).clamp(0.1, 1.0) as f32;
    }
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
    if info.presets {
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
    }
    match ui.buttons(&["Profiler CSV", "Screenshot"], &[]) {
        Some(0) => actions.push(Action::WriteCsv),
        Some(1) => actions.push(Action::Screenshot),
        _ => {}
    }
    if let Some(m) = info.message {
        ui.space(2.0);
        let color = if m.error { theme::ERROR } else { theme::OK };
        ui.paragraph(&m.text, theme::FONT_SMALL, color);
    }
    ui.space(4.0);
    ui.paragraph(
        "H help   Tab hide panel   P profiler",
        theme::FONT_SMALL,
        theme::TEXT_DIM,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panel_fits_the_window_or_is_left_out() {
        let r = panel_rect(1280.0, 800.0, 0.0).expect("fits");
        assert_eq!((r.x + r.w, r.w), (1270.0, theme::PANEL_W));
        assert!(r.y + r.h <= 800.0 - theme::STATUS_H);
        let short = panel_rect(1280.0, 800.0, 100.0).expect("fits");
        assert!(short.h < r.h);
        let narrow = panel_rect(300.0, 800.0, 0.0).expect("fits");
        assert_eq!(narrow.w, 280.0);
        assert_eq!(panel_rect(200.0, 800.0, 0.0), None);
        assert_eq!(panel_rect(1280.0, 60.0, 0.0), None);
        assert_eq!(panel_rect(0.0, 0.0, 0.0), None);
        assert_eq!(panel_rect(f32::NAN, 800.0, 0.0), None);
    }
}
