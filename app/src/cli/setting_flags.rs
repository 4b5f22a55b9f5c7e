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

    /// These flags with `key`'s set to `value`, as if typed (for tests).
    /// Keys without a flag are ignored.
    #[cfg(test)]
    pub fn with(mut self, key: &str, value: Typed) -> SettingFlags {
        if let Some(row) = flagged().find(|r| r.key == key) {
            self.given.retain(|(r, _)| r.key != key);
            self.given.push((row, value));
        }
        self
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
            value
                .and_then(|v| row.set(settings, v))
                .map_err(|e| format!("{} {}: {}", flag_of(row), e.value, e.reason))?;
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
            .map(|(r, _)| flag_of(r))
            .collect();
        (!flags.is_empty()).then(|| flags.join("/"))
    }
}

/// `--long` of a row that has a flag.
fn flag_of(row: &Row) -> String {
    row.flag_text().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<SettingFlags, clap::Error> {
        let m = SettingFlags::add(Command::new("x")).try_get_matches_from(args)?;
        Ok(SettingFlags::from(&m))
    }

    #[test]
    fn every_row_with_a_flag_gets_one_with_its_help() {
        let cmd = SettingFlags::add(Command::new("x"));
        for row in flagged() {
            let long = row.flag.map(|f| f.long).unwrap_or_default();
            let arg = cmd.get_arguments().find(|a| a.get_long() == Some(long));
            let help = arg.and_then(|a| a.get_help()).map(|h| h.to_string());
            assert_eq!(
                help,
                Some(format!("{} [default: {}]", row.help(), row.default_value()))
            );
        }
        assert_eq!(cmd.get_arguments().count(), flagged().count());
    }

    #[test]
    fn flags_parse_and_apply_through_their_rows() {
        let flags =
            parse(&["x", "--particles", "2e4", "--sample-interval-ms", "-1"]).expect("parses");
        assert!(flags.given("field.particles") && !flags.given("field.seed"));
        let mut s = Settings::default();
        let err = flags.apply(&mut s).expect_err("negative interval");
        assert_eq!(
            err,
            "--sample-interval-ms -1: must be at least 0 milliseconds"
        );
        let bad = parse(&["x", "--ships", "many"]).expect_err("not a number");
        assert_eq!(bad.kind(), clap::error::ErrorKind::ValueValidation);
        let seed = SettingFlags::default().with("field.seed", Typed::Whole(u64::MAX.into()));
        seed.apply(&mut s).expect("the largest seed");
        assert_eq!(s.field.seed, u64::MAX);
        let beyond =
            SettingFlags::default().with("field.seed", Typed::Whole(i128::from(u64::MAX) + 1));
        assert!(beyond.apply(&mut s).is_err());
        let below = SettingFlags::default().with("field.width", Typed::Whole(-3));
        assert_eq!(
            below.apply(&mut s),
            Err("--width -3: must be at least 1 pixel".to_string())
        );
    }
}
