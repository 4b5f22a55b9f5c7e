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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::setting_flags::Typed;

    fn flags(pairs: &[(&str, Typed)]) -> SettingFlags {
        pairs
            .iter()
            .fold(SettingFlags::default(), |f, (key, v)| f.with(key, *v))
    }

    fn err(args: RunArgs) -> String {
        match args.resolve() {
            Ok((s, _)) => panic!("resolved to {s:?}"),
            Err(e) => {
                assert!(!e.contains('\n'), "multi-line: {e:?}");
                e
            }
        }
    }

    #[test]
    fn no_flags_give_defaults_and_embedded_sprites() {
        let (settings, sprites) = RunArgs::default().resolve().expect("defaults");
        assert_eq!(settings, Settings::default());
        assert_eq!(sprites.len(), 3);
    }

    #[test]
    fn flags_override_the_preset() {
        let dir = tempfile::tempdir().expect("tempdir");
        let preset = dir.path().join("p.toml");
        std::fs::write(
            &preset,
            "[field]\nparticles = 7\nwidth = 300\n[ships]\ncount = 2\n",
        )
        .expect("preset");
        let args = RunArgs {
            preset: Some(preset),
            flags: flags(&[
                ("field.particles", Typed::Whole(9)),
                ("field.seed", Typed::Whole(u64::MAX.into())),
                ("ships.sample_interval_ms", Typed::Real(0.0)),
            ]),
            ..RunArgs::default()
        };
        let (s, _) = args.resolve().expect("valid");
        assert_eq!(s.field.particles, 9);
        assert_eq!(s.field.width, 300);
        assert_eq!(s.ships.count, 2);
        assert_eq!(s.field.seed, u64::MAX);
        assert_eq!(s.ships.sample_interval_ms, 0.0);
    }

    #[test]
    fn bad_flags_are_named_with_their_value() {
        let e = err(RunArgs {
            flags: flags(&[("field.particles", Typed::Whole(10_000_000_000))]),
            ..RunArgs::default()
        });
        assert!(
            e.starts_with("--particles 10000000000: must be at most 4000000"),
            "{e}"
        );
        let e = err(RunArgs {
            flags: flags(&[("field.width", Typed::Whole(0))]),
            ..RunArgs::default()
        });
        assert!(e.starts_with("--width 0: must be at least 1"), "{e}");
        for bad in [f64::NAN, f64::INFINITY, -1.0, 1e9] {
            let e = err(RunArgs {
                flags: flags(&[("ships.sample_interval_ms", Typed::Real(bad))]),
                ..RunArgs::default()
            });
            assert!(e.starts_with("--sample-interval-ms "), "{e}");
        }
        let e = err(RunArgs {
            flags: flags(&[("ships.count", Typed::Whole(5000))]),
            ..RunArgs::default()
        });
        assert!(e.starts_with("--ships 5000: must be at most 1000"), "{e}");
        let e = err(RunArgs {
            flags: flags(&[
                ("field.width", Typed::Whole(16384)),
                ("field.height", Typed::Whole(16384)),
            ]),
            ..RunArgs::default()
        });
        assert!(e.starts_with("--width/--height 16384×16384:"), "{e}");
    }

    #[test]
    fn area_from_preset_and_flag_names_the_flag() {
        let dir = tempfile::tempdir().expect("tempdir");
        let preset = dir.path().join("p.toml");
        std::fs::write(&preset, "[field]\nwidth = 16384\n").expect("preset");
        let e = err(RunArgs {
            preset: Some(preset),
            flags: flags(&[("field.height", Typed::Whole(16384))]),
            ..RunArgs::default()
        });
        assert!(e.starts_with("--height 16384×16384:"), "{e}");
    }

    #[test]
    fn bad_preset_and_ship_name_the_flag_and_file() {
        let dir = tempfile::tempdir().expect("tempdir");
        let preset = dir.path().join("p.toml");
        std::fs::write(&preset, "[ships]\nsample_interval_ms = -1\n").expect("preset");
        let e = err(RunArgs {
            preset: Some(preset.clone()),
            ..RunArgs::default()
        });
        assert!(
            e.starts_with(&format!(
                "--preset {}: ships.sample_interval_ms",
                preset.display()
            )),
            "{e}"
        );
        let ship = dir.path().join("s.png");
        std::fs::write(&ship, "text").expect("ship");
        let e = err(RunArgs {
            ship: vec![ship.clone()],
            ..RunArgs::default()
        });
        assert!(
            e.starts_with(&format!("--ship {}: not a PNG", ship.display())),
            "{e}"
        );
    }

    #[test]
    fn settings_are_checked_before_sprites_load() {
        let e = err(RunArgs {
            flags: flags(&[("field.width", Typed::Whole(0))]),
            ship: vec!["/nonexistent/ship.png".into()],
            ..RunArgs::default()
        });
        assert!(e.starts_with("--width"), "{e}");
    }
}
