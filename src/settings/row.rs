//! [`Row`]: one setting, everything about it in one value.
//!
//! A row holds a setting's preset key, its label and doc line, its unit,
//! range and default, the command-line flag and the link's short name (if
//! any), how the demo's panel shows it, and how to read and write it on
//! [`Settings`]. Defaults, validation, the docs, the panel, the flags and
//! the link all iterate over the rows of [`super::rows`].

use std::fmt;

use super::{Channel, Settings, SettingsError};

mod build;
mod reason;
mod slider;

pub(crate) use build::shown;
pub use slider::compact;

/// A setting's value, whatever its type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value {
    /// A whole number (counts, sizes, thresholds, the seed).
    Whole(u64),
    /// A real number.
    Real(f64),
    /// An on/off switch.
    Switch(bool),
    /// A colour channel.
    Channel(Channel),
}

impl Value {
    /// The value as a number (`f64`; switches are 0 or 1, channels their index).
    pub fn as_f64(self) -> f64 {
        match self {
            Value::Whole(v) => v as f64,
            Value::Real(v) => v,
            Value::Switch(b) => f64::from(u8::from(b)),
            Value::Channel(c) => c.index() as f64,
        }
    }

    /// The value as a whole number (reals truncate; what a row's writer takes).
    pub fn as_u64(self) -> u64 {
        match self {
            Value::Whole(v) => v,
            other => other.as_f64() as u64,
        }
    }

    /// The value as a switch (non-zero numbers are on).
    pub fn as_bool(self) -> bool {
        match self {
            Value::Switch(b) => b,
            other => other.as_f64() != 0.0,
        }
    }

    /// The value as a channel (red unless it is one).
    pub fn as_channel(self) -> Channel {
        match self {
            Value::Channel(c) => c,
            _ => Channel::Red,
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Whole(v) => write!(f, "{v}"),
            Value::Real(v) => write!(f, "{v}"),
            Value::Switch(b) => write!(f, "{b}"),
            Value::Channel(c) => f.write_str(c.name()),
        }
    }
}

/// What a setting holds, with its range and default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind {
    /// A whole number from `min` to `max`.
    Whole {
        /// Smallest allowed value.
        min: u64,
        /// Largest allowed value.
        max: u64,
        /// The default.
        default: u64,
    },
    /// A finite real number from `min` (or above it, when `min_exclusive`) to `max`.
    Real {
        /// Smallest allowed value, or the open lower bound.
        min: f64,
        /// True when `min` itself is not allowed.
        min_exclusive: bool,
        /// Largest allowed value.
        max: f64,
        /// The default.
        default: f64,
    },
    /// On or off.
    Switch {
        /// The default.
        default: bool,
    },
    /// A colour channel.
    Channel {
        /// The default.
        default: Channel,
    },
}

/// How a slider spreads a numeric setting's range over its track.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scale {
    /// Evenly spaced from the minimum to the maximum.
    Linear,
    /// Logarithmic from `first` to the maximum; the far left of the track is
    /// the minimum itself (0, or just above an open lower bound). For ranges
    /// that span several orders of magnitude.
    Log {
        /// The smallest value above the minimum the track shows.
        first: f64,
    },
}

/// The command-line flag that sets a setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flag {
    /// Long name without the leading `--`, e.g. `particles`.
    pub long: &'static str,
    /// The value's name in `--help`, e.g. `N`.
    pub value_name: &'static str,
}

/// How the demo's settings panel shows a setting.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Panel {
    /// The panel section it sits in (a heading is drawn where it changes).
    pub group: &'static str,
    /// Keyboard step along a slider's track (a share of the track).
    pub step: f32,
    /// Digits after the point.
    pub decimals: u8,
    /// Text after the number, e.g. ` px/s`.
    pub suffix: &'static str,
    /// Text shown instead at the minimum, or empty.
    pub at_min: &'static str,
    /// Text shown instead at the maximum, or empty.
    pub at_max: &'static str,
    /// Counts shown short (`250k`, `1.00M`).
    pub compact: bool,
}

/// One setting: its names, documentation, range, default, where it is
/// shown and how it is read and written.
#[derive(Clone, Copy)]
pub struct Row {
    /// Dotted key as in a preset file, e.g. `field.particles`.
    pub key: &'static str,
    /// Short label for the demo's panel.
    pub label: &'static str,
    /// One line of documentation (also the flag's `--help`).
    pub doc: &'static str,
    /// Plural unit of the value (`pixels`), or empty.
    pub unit: &'static str,
    /// Why the maximum is what it is (shown in range errors), or empty.
    pub note: &'static str,
    /// Type, range and default.
    pub kind: Kind,
    /// How a slider spreads the range.
    pub scale: Scale,
    /// The command-line flag, if any.
    pub flag: Option<Flag>,
    /// The short name a link (the web page's URL fragment) uses, if any.
    pub link: Option<&'static str>,
    /// How the demo's panel shows it, if it does.
    pub panel: Option<Panel>,
    get: fn(&Settings) -> Value,
    put: fn(&mut Settings, Value),
}

impl fmt::Debug for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Row")
            .field("key", &self.key)
            .field("kind", &self.kind)
            .finish_non_exhaustive()
    }
}

impl Row {
    /// The table the key names: `field`, `ships`, or empty for a top-level key.
    pub fn section(&self) -> &'static str {
        self.key.split_once('.').map_or("", |(section, _)| section)
    }

    /// The key without its table, e.g. `particles`.
    pub fn name(&self) -> &'static str {
        self.key.split_once('.').map_or(self.key, |(_, name)| name)
    }

    /// True for whole and real numbers.
    pub fn is_numeric(&self) -> bool {
        matches!(self.kind, Kind::Whole { .. } | Kind::Real { .. })
    }

    /// The setting's value in `settings`.
    pub fn get(&self, settings: &Settings) -> Value {
        (self.get)(settings)
    }

    /// The default.
    pub fn default_value(&self) -> Value {
        match self.kind {
            Kind::Whole { default, .. } => Value::Whole(default),
            Kind::Real { default, .. } => Value::Real(default),
            Kind::Switch { default } => Value::Switch(default),
            Kind::Channel { default } => Value::Channel(default),
        }
    }

    /// Smallest and largest allowed value as numbers (switches 0 to 1,
    /// channels 0 to 2); the smallest is an open bound for
    /// [`Row::min_exclusive`] rows.
    pub fn bounds(&self) -> (f64, f64) {
        match self.kind {
            Kind::Whole { min, max, .. } => (min as f64, max as f64),
            Kind::Real { min, max, .. } => (min, max),
            Kind::Switch { .. } => (0.0, 1.0),
            Kind::Channel { .. } => (0.0, 2.0),
        }
    }

    /// True when the lower bound itself is not allowed.
    pub fn min_exclusive(&self) -> bool {
        matches!(
            self.kind,
            Kind::Real {
                min_exclusive: true,
                ..
            }
        )
    }

    /// Checks `value` against the row's type and range; the error names the
    /// key, the value and the limit.
    pub fn check(&self, value: Value) -> Result<(), SettingsError> {
        let reason = match (self.kind, value) {
            (Kind::Whole { .. }, Value::Whole(v)) => self.whole_reason(i128::from(v)),
            (Kind::Real { .. }, Value::Real(v)) => self.real_reason(v),
            (Kind::Switch { .. }, Value::Switch(_)) => None,
            (Kind::Channel { .. }, Value::Channel(_)) => None,
            _ => Some(format!("must be {}", self.expected())),
        };
        match reason {
            None => Ok(()),
            Some(reason) => Err(self.error(value.to_string(), reason)),
        }
    }

    /// `value` as this row's type, checked: a whole number for whole rows
    /// (an integral `f64`), any finite number in range for real rows, 0 or
    /// 1 for switches, 0 to 2 (red, green, blue) for the channel.
    pub fn value_from_f64(&self, value: f64) -> Result<Value, SettingsError> {
        let v = match self.kind {
            Kind::Whole { .. } => {
                // Huge numbers as `1e300`, not three hundred digits.
                let text = if value.abs() < 1e16 {
                    value.to_string()
                } else {
                    format!("{value:e}")
                };
                if !(value.is_finite() && value.fract() == 0.0) {
                    return Err(self.error(text, "must be a whole number".into()));
                }
                if let Some(reason) = self.whole_reason(value as i128) {
                    return Err(self.error(text, reason));
                }
                Value::Whole(value as u64)
            }
            Kind::Real { .. } => Value::Real(value),
            Kind::Switch { .. } if value == 0.0 || value == 1.0 => Value::Switch(value == 1.0),
            Kind::Channel { .. } if value == 0.0 || value == 1.0 || value == 2.0 => {
                Value::Channel(Channel::ALL[value as usize])
            }
            _ => return Err(self.error(value.to_string(), format!("must be {}", self.expected()))),
        };
        self.check(v)?;
        Ok(v)
    }

    /// A whole number as typed (any size or sign) as this row's value,
    /// checked against the range in [`Row::check`]'s words.
    pub fn value_from_whole(&self, value: i128) -> Result<Value, SettingsError> {
        if !matches!(self.kind, Kind::Whole { .. }) {
            return self.value_from_f64(value as f64);
        }
        match self.whole_reason(value) {
            Some(reason) => Err(self.error(value.to_string(), reason)),
            None => Ok(Value::Whole(value as u64)),
        }
    }

    /// Text as this row's value, checked: one number syntax for every
    /// numeric setting (`20000`, `2e4`, `-3`, `0.5`; whole settings take
    /// any form whose value is whole), `true`/`false` for switches, and
    /// `red`/`green`/`blue` for the channel.
    pub fn parse(&self, text: &str) -> Result<Value, SettingsError> {
        let t = text.trim();
        match self.kind {
            Kind::Whole { .. } => match t.parse::<i128>() {
                Ok(v) => self.value_from_whole(v),
                Err(_) => match t.parse::<f64>() {
                    Ok(v) => self.value_from_f64(v),
                    Err(_) => {
                        Err(self.error(t.to_string(), format!("must be {}", self.expected())))
                    }
                },
            },
            Kind::Real { .. } => match t.parse::<f64>() {
                Ok(v) => self.value_from_f64(v),
                Err(_) => Err(self.error(t.to_string(), format!("must be {}", self.expected()))),
            },
            Kind::Switch { .. } => match t {
                "true" | "on" | "1" => Ok(Value::Switch(true)),
                "false" | "off" | "0" => Ok(Value::Switch(false)),
                _ => Err(self.error(t.to_string(), format!("must be {}", self.expected()))),
            },
            Kind::Channel { .. } => Channel::ALL
                .into_iter()
                .find(|c| c.name() == t)
                .map(Value::Channel)
                .ok_or_else(|| self.error(t.to_string(), format!("must be {}", self.expected()))),
        }
    }

    /// Writes `value` into `settings` after checking it against this row
    /// (not against other settings: see [`Settings::set_value`]).
    pub fn set(&self, settings: &mut Settings, value: Value) -> Result<(), SettingsError> {
        self.check(value)?;
        (self.put)(settings, value);
        Ok(())
    }
}
