//! Keyboard shortcuts and the player's movement keys.

use hitfield::ships::Steer;
use macroquad::input::{is_key_down, is_key_pressed, is_key_released, KeyCode};
use macroquad::math::vec2;

/// Something the user asked for, by key or by button.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Pause or resume the simulation.
    TogglePause,
    /// Advance exactly one step (pauses first).
    Step,
    /// A new world from the settings in force and the panel's seed.
    Reset,
    /// Save the settings in force as a preset.
    SavePreset,
    /// Load a preset and apply it live.
    LoadPreset,
    /// Write the profiler's frames as CSV.
    WriteCsv,
    /// Save the window as a PNG.
    Screenshot,
    /// Record a trace of the next [`TRACE_FRAMES`] frames.
    RecordTrace,
    /// Record a GIF clip of the next few seconds of the field.
    RecordClip,
    /// Copy the settings in force to the clipboard as preset TOML.
    CopySettings,
    /// Apply preset TOML from the clipboard, checked as a preset file is.
    PasteSettings,
    /// Show or hide the help overlay.
    ToggleHelp,
    /// Show or hide the settings panel.
    TogglePanel,
    /// Show or hide the profiler overlay.
    ToggleProfiler,
    /// Freeze the profiler's frame graph, or let it run again.
    ToggleFreeze,
    /// Close the help overlay, or quit when it is closed.
    Back,
}

/// Frames the T key records (Chrome trace-event JSON).
pub const TRACE_FRAMES: u64 = 120;

/// Every shortcut, for the help overlay: keys, then what they do.
pub const SHORTCUTS: &[(&str, &str)] = &[
    ("Arrows / WASD", "fly your ship (ship 0); Shift = faster"),
    ("Q / E", "turn your ship"),
    ("Mouse click/drag", "place your ship on the field"),
    ("Mouse hover", "a ship's hit counts"),
    ("Space", "pause / resume"),
    ("N or .", "single step (pauses)"),
    ("R", "reset with the panel's seed"),
    ("Tab", "hide / show the settings panel"),
    ("P", "hide / show the profiler"),
    ("C", "write the profiler CSV"),
    (
        "Ctrl+C / Ctrl+V",
        "copy / paste the settings as preset TOML",
    ),
    ("F12", "save a screenshot PNG"),
    ("T", "record a trace of the next 120 frames"),
    ("G", "record a 4 s GIF clip of the field"),
    ("F", "freeze / resume the profiler graph"),
    ("H or F1", "this help"),
    ("Esc", "close help / quit"),
];

/// The status bar's reminder of the main keys.
pub fn status_hint() -> &'static str {
    if super::platform::CAN_QUIT {
        "H help   Tab panel   P profiler   Esc quit"
    } else {
        "H help   Tab panel   P profiler"
    }
}

/// The shortcuts pressed this frame, in a fixed order. With Ctrl (or
/// Cmd) held only the clipboard keys count, so Ctrl+C is not also C. Ctrl
/// counts as held when it went down or up this frame too: a quick chord
/// (or one typed by a tool) can press and release it within one frame.
pub fn shortcuts() -> Vec<Action> {
    let ctrl = [
        KeyCode::LeftControl,
        KeyCode::RightControl,
        KeyCode::LeftSuper,
        KeyCode::RightSuper,
    ];
    if ctrl
        .iter()
        .any(|&k| is_key_down(k) || is_key_pressed(k) || is_key_released(k))
    {
        let clipboard = [
            (KeyCode::C, Action::CopySettings),
            (KeyCode::V, Action::PasteSettings),
        ];
        return clipboard
            .iter()
            .filter(|(key, _)| is_key_pressed(*key))
            .map(|&(_, a)| a)
            .collect();
    }
    let table: [(&[KeyCode], Action); 12] = [
        (&[KeyCode::Space], Action::TogglePause),
        (&[KeyCode::N, KeyCode::Period], Action::Step),
        (&[KeyCode::R], Action::Reset),
        (&[KeyCode::Tab], Action::TogglePanel),
        (&[KeyCode::P], Action::ToggleProfiler),
        (&[KeyCode::C], Action::WriteCsv),
        (&[KeyCode::F12], Action::Screenshot),
        (&[KeyCode::T], Action::RecordTrace),
        (&[KeyCode::G], Action::RecordClip),
        (&[KeyCode::F], Action::ToggleFreeze),
        (&[KeyCode::H, KeyCode::F1], Action::ToggleHelp),
        (&[KeyCode::Escape], Action::Back),
    ];
    table
        .iter()
        .filter(|(keys, _)| keys.iter().any(|&k| is_key_pressed(k)))
        .map(|&(_, a)| a)
        .collect()
}

/// Reads the movement keys into the library's steering input.
pub fn steer() -> Steer {
    let down = |keys: &[KeyCode]| keys.iter().any(|&k| is_key_down(k));
    let axis = |neg: &[KeyCode], pos: &[KeyCode]| {
        f32::from(u8::from(down(pos))) - f32::from(u8::from(down(neg)))
    };
    let dir = vec2(
        axis(&[KeyCode::Left, KeyCode::A], &[KeyCode::Right, KeyCode::D]),
        axis(&[KeyCode::Up, KeyCode::W], &[KeyCode::Down, KeyCode::S]),
    );
    let dir = dir.normalize_or_zero();
    Steer {
        dir: [dir.x, dir.y],
        turn: axis(&[KeyCode::Q], &[KeyCode::E]),
        boost: down(&[KeyCode::LeftShift, KeyCode::RightShift]),
    }
}
