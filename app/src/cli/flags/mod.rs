//! The app's flags as rows ([`rows::FLAGS`]): each with its name, value
//! type, default, help and the commands it applies to. clap's parser,
//! `--help` and docs/cli.md's flag tables are all made from them.
//!
//! Every value is checked by its row's type as clap reads it, so a bad
//! one reads `--flag value: reason` ([`super::clap_message`]); values with
//! a syntax of their own (`X,Y`, `WxH`, paths that must exist) are read
//! as text and checked by their command with the same wording.

mod rows;

use std::path::PathBuf;

use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};

pub use rows::FLAGS;

/// Where a flag applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// The demo window (no subcommand).
    Demo,
    /// `hitfield headless`.
    Headless,
    /// `hitfield overlap`.
    Overlap,
    /// `hitfield bench`.
    Bench,
}

/// What a flag takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// Nothing: given or not.
    Switch,
    /// A path.
    Path { name: &'static str },
    /// A path, repeatable.
    Paths { name: &'static str },
    /// A positional path, required.
    File,
    /// A whole number from `min` to `max`.
    Count {
        name: &'static str,
        min: u64,
        max: u64,
    },
    /// A real number from `min` (or, when `above`, more than `min`) to `max`.
    Real {
        name: &'static str,
        min: f64,
        max: f64,
        above: bool,
        unit: &'static str,
    },
    /// Text with a syntax of its own, read by its command.
    Text { name: &'static str },
}

/// A flag's default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Default {
    /// A value, used when the flag is not given.
    Value(&'static str),
    /// What not giving the flag means, in words.
    Note(&'static str),
}

/// One flag.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flag {
    /// `--name` (a positional's placeholder for [`Value::File`]).
    pub name: &'static str,
    /// What it takes.
    pub value: Value,
    /// Its default.
    pub default: Default,
    /// One line of help.
    pub help: &'static str,
    /// The commands it applies to.
    pub on: &'static [Where],
}

impl Flag {
    /// A row (the table's constructor).
    pub const fn new(
        name: &'static str,
        value: Value,
        default: Default,
        on: &'static [Where],
        help: &'static str,
    ) -> Flag {
        Flag {
            name,
            value,
            default,
            help,
            on,
        }
    }

    /// The default as shown: the value, or the note.
    pub fn default_text(&self) -> &'static str {
        match self.default {
            Default::Value(v) | Default::Note(v) => v,
        }
    }

    /// The value's placeholder and its range in words (`N`, `whole, at
    /// least 1`), empty for a switch.
    pub fn value_text(&self) -> (&'static str, String) {
        match self.value {
            Value::Switch => ("", String::new()),
            Value::Path { name } => (name, "a path".into()),
            Value::Paths { name } => (name, "a path, repeatable".into()),
            Value::File => (self.name, "a PNG file".into()),
            Value::Count { name, min, max } if max == u64::MAX => {
                (name, format!("whole, at least {min}"))
            }
            Value::Count { name, min, max } => (name, format!("whole, {min} to {max}")),
            Value::Real { name, .. } => (name, range_text(&self.value)),
            Value::Text { name } => (name, format!("`{name}`")),
        }
    }

    /// The clap argument of this row.
    fn arg(&'static self) -> Arg {
        let help = match self.default_text() {
            "required" => format!("{} (required)", self.help),
            shown => format!("{} [default: {shown}]", self.help),
        };
        let arg = Arg::new(self.name).help(help);
        let arg = match self.value {
            Value::Switch => return arg.long(self.name).action(ArgAction::SetTrue),
            Value::File => {
                return arg
                    .value_name(self.name)
                    .required(true)
                    .value_parser(clap::value_parser!(PathBuf))
            }
            Value::Paths { .. } => arg
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(PathBuf)),
            Value::Path { .. } => arg.value_parser(clap::value_parser!(PathBuf)),
            Value::Count { min, max, .. } => arg
                .allow_hyphen_values(true)
                .value_parser(move |t: &str| super::number::count(t, min, max)),
            Value::Real { .. } => arg
                .allow_hyphen_values(true)
                .value_parser(move |t: &str| real(t, &self.value)),
            Value::Text { .. } => arg.allow_hyphen_values(true),
        };
        let arg = arg.long(self.name).value_name(self.value_text().0);
        match self.default {
            Default::Value(v) => arg.default_value(v).hide_default_value(true),
            Default::Note(_) => arg,
        }
    }
}

/// A real value's range in words, as its error says it.
fn range_text(value: &Value) -> String {
    match *value {
        Value::Real {
            min,
            max,
            above: true,
            unit,
            ..
        } => {
            format!("more than {min} and at most {max}{unit}")
        }
        Value::Real { min, max, unit, .. } => format!("from {min} to {max}{unit}"),
        _ => String::new(),
    }
}

/// Reads a real flag value and checks it against its row's range.
fn real(text: &str, value: &Value) -> Result<f64, String> {
    let v = super::number::real(text)?;
    let Value::Real {
        min, max, above, ..
    } = *value
    else {
        return Ok(v);
    };
    let low = if above { v > min } else { v >= min };
    if v.is_finite() && low && v <= max {
        Ok(v)
    } else {
        Err(format!("must be {}", range_text(value)))
    }
}

/// The rows that apply to `at`, in order.
pub fn on(at: Where) -> impl Iterator<Item = &'static Flag> {
    FLAGS.iter().filter(move |f| f.on.contains(&at))
}

/// `cmd` with the arguments of every row that applies to `at`.
pub fn add(cmd: Command, at: Where) -> Command {
    on(at).map(Flag::arg).fold(cmd, Command::arg)
}

/// The values clap read, by flag name.
pub struct Given<'a>(pub &'a ArgMatches);

impl Given<'_> {
    /// The value of `name` (its default when not given, if it has one).
    pub fn get<T: Clone + Send + Sync + 'static>(&self, name: &str) -> Option<T> {
        self.0.try_get_one::<T>(name).ok().flatten().cloned()
    }

    /// The value of `name` when typed on the command line (defaults aside).
    pub fn typed<T: Clone + Send + Sync + 'static>(&self, name: &str) -> Option<T> {
        let typed = self.0.value_source(name) == Some(ValueSource::CommandLine);
        typed.then(|| self.get(name)).flatten()
    }

    /// A switch.
    pub fn on(&self, name: &str) -> bool {
        self.get::<bool>(name).unwrap_or(false)
    }

    /// Every value of a repeatable flag.
    pub fn all<T: Clone + Send + Sync + 'static>(&self, name: &str) -> Vec<T> {
        match self.0.try_get_many::<T>(name) {
            Ok(Some(values)) => values.cloned().collect(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
