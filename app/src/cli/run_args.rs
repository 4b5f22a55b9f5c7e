//! Flags shared by the demo and the headless runner, and turning them into
//! validated [`hitfield::settings::Settings`].

use std::path::PathBuf;

use clap::Args;
use hitfield::assets;
use hitfield::rgba::RgbaImage;
use hitfield::settings::{specs, SettingValue, Settings, SettingsError, Spec};

use super::number::{self, Whole};

/// Flags shared by the demo and `hitfield headless`.
///
/// Each settings flag's name and help come from its [`Spec`] in
/// [`specs`]. Numeric flags accept a leading `-` as part of their value
/// (`--width -3`, `--sample-interval-ms -inf`), so a negative number is
/// reported against its flag rather than as an unknown argument.
#[derive(Args, Debug, Clone, Default)]
pub struct RunArgs {
    // Number of particles.
    #[arg(long = long(&specs::PARTICLES), help = help(&specs::PARTICLES), value_name = "N", allow_hyphen_values = true, value_parser = number::whole)]
    pub particles: Option<Whole>,
    // Number of ships.
    #[arg(long = long(&specs::SHIPS), help = help(&specs::SHIPS), value_name = "N", allow_hyphen_values = true, value_parser = number::whole)]
    pub ships: Option<Whole>,
    // Seed for particles, noise and ships.
    #[arg(long = long(&specs::SEED), help = help(&specs::SEED), value_name = "S", allow_hyphen_values = true, value_parser = number::whole)]
    pub seed: Option<Whole>,
    // Sample interval.
    #[arg(long = long(&specs::SAMPLE_INTERVAL_MS), help = help(&specs::SAMPLE_INTERVAL_MS), value_name = "MS", allow_hyphen_values = true, value_parser = number::real)]
    pub sample_interval_ms: Option<f64>,
    // Canvas width.
    #[arg(long = long(&specs::WIDTH), help = help(&specs::WIDTH), value_name = "W", allow_hyphen_values = true, value_parser = number::whole)]
    pub width: Option<Whole>,
    // Canvas height.
    #[arg(long = long(&specs::HEIGHT), help = help(&specs::HEIGHT), value_name = "H", allow_hyphen_values = true, value_parser = number::whole)]
    pub height: Option<Whole>,
    /// A ship sprite PNG, or a folder of them (repeatable) [default: the three bundled ships]
    #[arg(long = "ship", value_name = "PATH")]
    pub ship: Vec<PathBuf>,
    /// A TOML preset of settings, applied before the other flags [default: none, the settings' defaults]
    #[arg(long, value_name = "PATH")]
    pub preset: Option<PathBuf>,
}

/// A settings flag's help: doc line, range, and its default.
fn help<T: SettingValue>(spec: &Spec<T>) -> String {
    format!("{} [default: {}]", spec.help(), spec.default)
}

/// A whole-number flag's value as its setting, or `--flag value: reason`.
fn whole_setting<T>(spec: &Spec<T>, value: Whole) -> Result<T, String>
where
    T: SettingValue + TryFrom<i128>,
{
    number::setting(spec, value).map_err(|reason| format!("--{} {}: {reason}", long(spec), value.0))
}

/// The long flag name of a setting that has one.
fn long<T>(spec: &Spec<T>) -> &'static str {
    spec.long.unwrap_or_default()
}

impl RunArgs {
    /// The settings flags with whether each was given: (key, flag, given).
    fn given(&self) -> [(&'static str, String, bool); 5] {
        let row =
            |key: &'static str, long: &'static str, set: bool| (key, format!("--{long}"), set);
        [
            row(
                specs::PARTICLES.key,
                long(&specs::PARTICLES),
                self.particles.is_some(),
            ),
            row(specs::SHIPS.key, long(&specs::SHIPS), self.ships.is_some()),
            row(
                specs::SAMPLE_INTERVAL_MS.key,
                long(&specs::SAMPLE_INTERVAL_MS),
                self.sample_interval_ms.is_some(),
            ),
            row(specs::WIDTH.key, long(&specs::WIDTH), self.width.is_some()),
            row(
                specs::HEIGHT.key,
                long(&specs::HEIGHT),
                self.height.is_some(),
            ),
        ]
    }

    /// Turns a validation error into a one-line message naming the flag
    /// that set the value (or the preset it came from).
    fn explain(&self, err: &SettingsError) -> String {
        let given = self.given();
        let area = err.key == "field.width × field.height";
        let flags: Vec<&str> = given
            .iter()
            .filter(|(key, _, set)| {
                *set && (*key == err.key
                    || (area && (*key == specs::WIDTH.key || *key == specs::HEIGHT.key)))
            })
            .map(|(_, flag, _)| flag.as_str())
            .collect();
        if !flags.is_empty() {
            return format!("{} {}: {}", flags.join("/"), err.value, err.reason);
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
        if let Some(n) = self.particles {
            settings.field.particles = whole_setting(&specs::PARTICLES, n)?;
        }
        if let Some(n) = self.ships {
            settings.ships.count = whole_setting(&specs::SHIPS, n)?;
        }
        if let Some(seed) = self.seed {
            settings.field.seed = whole_setting(&specs::SEED, seed)?;
        }
        if let Some(ms) = self.sample_interval_ms {
            settings.ships.sample_interval_ms = ms;
        }
        if let Some(w) = self.width {
            settings.field.width = whole_setting(&specs::WIDTH, w)?;
        }
        if let Some(h) = self.height {
            settings.field.height = whole_setting(&specs::HEIGHT, h)?;
        }
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
            particles: Some(Whole(9)),
            seed: Some(Whole(u64::MAX.into())),
            sample_interval_ms: Some(0.0),
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
            particles: Some(Whole(10_000_000_000)),
            ..RunArgs::default()
        });
        assert!(
            e.starts_with("--particles 10000000000: must be at most 4000000"),
            "{e}"
        );
        let e = err(RunArgs {
            width: Some(Whole(0)),
            ..RunArgs::default()
        });
        assert!(e.starts_with("--width 0: must be at least 1"), "{e}");
        for bad in [f64::NAN, f64::INFINITY, -1.0, 1e9] {
            let e = err(RunArgs {
                sample_interval_ms: Some(bad),
                ..RunArgs::default()
            });
            assert!(e.starts_with("--sample-interval-ms "), "{e}");
        }
        let e = err(RunArgs {
            ships: Some(Whole(5000)),
            ..RunArgs::default()
        });
        assert!(e.starts_with("--ships 5000: must be at most 1000"), "{e}");
        let e = err(RunArgs {
            width: Some(Whole(16384)),
            height: Some(Whole(16384)),
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
            height: Some(Whole(16384)),
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
            width: Some(Whole(0)),
            ship: vec!["/nonexistent/ship.png".into()],
            ..RunArgs::default()
        });
        assert!(e.starts_with("--width"), "{e}");
    }
}
