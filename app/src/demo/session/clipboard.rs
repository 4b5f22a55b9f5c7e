//! Ctrl+C / Ctrl+V: the settings in force as preset TOML on the clipboard,
//! and back. A bad paste is reported as a bad preset is, and changes
//! nothing. Desktop only (the page answers with the no-files note).

use super::Session;

impl Session {
    /// Copies the settings in force to the clipboard as preset TOML.
    pub(super) fn copy_settings(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        match super::super::settings_text::to_text(&self.stepping.world.settings()) {
            Ok(text) => {
                macroquad::miniquad::window::clipboard_set(&text);
                self.status
                    .post("copied the settings as preset TOML".to_string(), false);
            }
            Err(e) => self.status.post(e, true),
        }
    }

    /// Applies preset TOML from the clipboard to the running world.
    pub(super) fn paste_settings(&mut self) {
        #[cfg(not(target_arch = "wasm32"))]
        {
            let Some(text) = macroquad::miniquad::window::clipboard_get() else {
                self.status
                    .post("clipboard: no text to paste".to_string(), true);
                return;
            };
            let loaded = super::super::settings_text::from_text(&text);
            self.apply_loaded(loaded, "pasted settings");
        }
    }
}
