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

/// Help for the keys that steer and the mouse, before [`KEYS`].
pub const STEERING: [(&str, &str); 4] = [
    ("Arrows / WASD", "fly your ship (ship 0); Shift = faster"),
    ("Q / E", "turn your ship"),
    ("Mouse click/drag", "place your ship on the field"),
    ("Mouse hover", "a ship's hit counts"),
];

/// Every shortcut: its keys as the help overlay names them, the keys,
/// what it asks for and, in words, what that does. Ctrl+C and Ctrl+V,
/// read apart ([`shortcuts`]), have no keys of their own here.
#[rustfmt::skip]
pub const KEYS: [(&str, &[KeyCode], Action, &str); 13] = [
    ("Space", &[KeyCode::Space], Action::TogglePause, "pause / resume"),
    ("N or .", &[KeyCode::N, KeyCode::Period], Action::Step, "single step (pauses)"),
    ("R", &[KeyCode::R], Action::Reset, "reset with the panel's seed"),
    ("Tab", &[KeyCode::Tab], Action::TogglePanel, "hide / show the settings panel"),
    ("P", &[KeyCode::P], Action::ToggleProfiler, "hide / show the profiler"),
    ("C", &[KeyCode::C], Action::WriteCsv, "write the profiler CSV"),
    ("Ctrl+C / Ctrl+V", &[], Action::CopySettings, "copy / paste the settings as preset TOML"),
    ("F12", &[KeyCode::F12], Action::Screenshot, "save a screenshot PNG"),
    ("T", &[KeyCode::T], Action::RecordTrace, "record a trace of the next 120 frames"),
    ("G", &[KeyCode::G], Action::RecordClip, "record a 4 s GIF clip of the field"),
    ("F", &[KeyCode::F], Action::ToggleFreeze, "freeze / resume the profiler graph"),
    ("H or F1", &[KeyCode::H, KeyCode::F1], Action::ToggleHelp, "this help"),
    ("Esc", &[KeyCode::Escape], Action::Back, "close help / quit"),
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
    KEYS.iter()
        .filter(|(_, keys, _, _)| keys.iter().any(|&k| is_key_pressed(k)))
        .map(|&(_, _, action, _)| action)
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
