//! The setting flags (`--particles`, `--width`, ...): made at run time from
//! the settings' rows with clap's builder API, beside the app's own flags
//! (`flags/`). A row with a flag gets one here; nothing else names it.
//!
//! Each flag's name, value name and help come from its row. Numeric flags
//! accept a leading `-` as part of their value (`--width -3`,
//! `--sample-interval-ms -inf`), so a negative number is reported against
//! its flag rather than as an unknown argument.

use clap::{Arg, ArgAction, ArgMatches, Command};
use hitfield::settings::{rows, Kind, Row, Settings, SettingsError};

use super::number;

/// A setting flag's value as typed, before its range is checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Typed {
    /// A whole number, any size or sign.
    Whole(i128),
    /// A real number.
    Real(f64),
}

/// The setting flags given on the command line, in the rows' order.
#[derive(Clone, Debug, Default)]
pub struct SettingFlags {
    given: Vec<(&'static Row, Typed)>,
}

/// Every row with a flag.
fn flagged() -> impl Iterator<Item = &'static Row> {
    rows().iter().filter(|r| r.flag.is_some())
}

/// The clap argument of `row`'s flag.
fn arg(row: &'static Row) -> Option<Arg> {
    let flag = row.flag?;
    let arg = Arg::new(row.key)
        .long(flag.long)
        .value_name(flag.value_name)
        .help(format!("{} [default: {}]", row.help(), row.default_value()))
        .allow_hyphen_values(true)
        .action(ArgAction::Set);
    Some(match row.kind {
        Kind::Whole { .. } => {
            arg.value_parser(|t: &str| number::whole(t).map(|w| Typed::Whole(w.0)))
        }
        _ => arg.value_parser(|t: &str| number::real(t).map(Typed::Real)),
    })
}

impl SettingFlags {
    /// `cmd` with a flag for every row that has one.
    pub fn add(cmd: Command) -> Command {
        flagged().filter_map(arg).fold(cmd, Command::arg)
    }

    /// The setting flags clap read, in the rows' order.
    pub fn from(matches: &ArgMatches) -> SettingFlags {
        let given = flagged().filter_map(|row| match matches.try_get_one::<Typed>(row.key) {
            Ok(Some(value)) => Some((row, *value)),
            _ => None,
        });
        SettingFlags {
            given: given.collect(),
        }
    }

    /// True when the flag of setting `key` was given.
    pub fn given(&self, key: &str) -> bool {
        self.given.iter().any(|(r, _)| r.key == key)
    }

    /// Writes every given flag's value into `settings`, each checked by its
    /// row: the error is `--flag value: reason`. Rules that span settings
    /// (the canvas area) are left to [`Settings::validate`].
    pub fn apply(&self, settings: &mut Settings) -> Result<(), String> {
        for (row, typed) in &self.given {
            let value = match *typed {
                Typed::Whole(v) => row.value_from_whole(v),
                Typed::Real(v) => row.value_from_f64(v),
            };
            value.and_then(|v| row.set(settings, v)).map_err(|e| {
                format!(
                    "{} {}: {}",
                    row.flag_text().unwrap_or_default(),
                    e.value,
                    e.reason
                )
            })?;
        }
        Ok(())
    }

    /// The given flags an error's key names (both sides for the canvas
    /// area, `field.width × field.height`), joined with `/`; `None` when
    /// no flag set them.
    pub fn named_in(&self, err: &SettingsError) -> Option<String> {
        let keys: Vec<&str> = err.key.split(" × ").collect();
        let flags: Vec<String> = self
            .given
            .iter()
            .filter(|(r, _)| keys.contains(&r.key))
            .map(|(r, _)| r.flag_text().unwrap_or_default())
            .collect();
        (!flags.is_empty()).then(|| flags.join("/"))
    }
}
