//! Flags shared by the demo and the headless runner, and turning them into
//! validated [`hitfield::settings::Settings`].

use std::path::PathBuf;

use hitfield::assets;
use hitfield::rgba::RgbaImage;
use hitfield::settings::{Settings, SettingsError};

use super::flags::Given;
use super::setting_flags::SettingFlags;

/// Flags shared by the demo and `hitfield headless`: the setting flags
/// (made from the settings' rows, see [`SettingFlags`]), `--ship` and
/// `--preset`.
#[derive(Debug, Clone, Default)]
pub struct RunArgs {
    /// The setting flags given.
    pub flags: SettingFlags,
    /// `--ship` paths, in order.
    pub ship: Vec<PathBuf>,
    /// `--preset`.
    pub preset: Option<PathBuf>,
}

impl RunArgs {
    /// The flags clap read.
    pub fn from(given: &Given) -> RunArgs {
        RunArgs {
            flags: SettingFlags::from(given.0),
            ship: given.all("ship"),
            preset: given.get("preset"),
        }
    }

    /// Turns a validation error into a one-line message naming the flag
    /// that set the value (or the preset it came from).
    fn explain(&self, err: &SettingsError) -> String {
        if let Some(flags) = self.flags.named_in(err) {
            return format!("{flags} {}: {}", err.value, err.reason);
        }
        match &self.preset {
            Some(path) => format!("--preset {}: {err}", path.display()),
            None => format!("settings: {err}"),
        }
    }

    /// Settings and sprites for a run: the defaults, then `--preset` if
    /// given, then the explicit flags; validated; then the `--ship` sprites
    /// (or the embedded ones).
    ///
    /// Every error is one line naming the flag or the file, for
    /// [`super::usage_error`]. Nothing here opens a window, so callers resolve
    /// first and fail before any display work.
    pub fn resolve(&self) -> Result<(Settings, Vec<(String, RgbaImage)>), String> {
        self.resolve_from(Settings::default())
    }

    /// As [`RunArgs::resolve`], starting from `base` instead of the
    /// defaults when no preset is given (the demo starts from
    /// [`Settings::demo`]).
    pub fn resolve_from(
        &self,
        base: Settings,
    ) -> Result<(Settings, Vec<(String, RgbaImage)>), String> {
        let mut settings = match &self.preset {
            Some(path) => Settings::load_preset(path).map_err(|e| format!("--preset {e}"))?,
            None => base,
        };
        self.flags.apply(&mut settings)?;
        settings.validate().map_err(|e| self.explain(&e))?;
        let sprites = if self.ship.is_empty() {
            let sprites = assets::default_sprites();
            if sprites.is_empty() {
                return Err("the embedded ship sprites failed to decode; pass --ship".to_string());
            }
            sprites
        } else {
            assets::load_ship_paths(&self.ship).map_err(|e| format!("--ship {e}"))?
        };
        Ok((settings, sprites))
    }
}
