//! [`Spec`]: what one setting allows, and the check that enforces it.
//!
//! Each setting has exactly one `Spec` (see [`super::specs`]): its preset
//! key, command-line flag, doc line, unit, range, default and slider scale.
//! Validation, `--help`, preset errors and the demo's sliders all read it.

use std::fmt;

use super::SettingsError;

/// How a slider spreads a setting's range over its track.
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

/// A number a setting can hold.
pub trait SettingValue: Copy + PartialOrd + fmt::Display {
    /// True for integer types (checked and shown without decimals).
    const WHOLE: bool;
    /// The value as `f64` (exact for every bound in [`super::specs`]).
    fn to_f64(self) -> f64;
    /// The nearest value of this type to `v` (saturating; integers round).
    fn from_f64(v: f64) -> Self;
}

macro_rules! setting_value {
    ($($t:ty => $whole:expr),*) => {$(
        impl SettingValue for $t {
            const WHOLE: bool = $whole;
            fn to_f64(self) -> f64 {
                self as f64
            }
            fn from_f64(v: f64) -> Self {
                if $whole { v.round() as $t } else { v as $t }
            }
        }
    )*};
}
setting_value!(u8 => true, u32 => true, u64 => true, usize => true, f32 => false, f64 => false);

/// One setting described in text: what generated documentation lists.
#[derive(Clone, Debug, PartialEq)]
pub struct SpecSummary {
    /// Dotted preset key.
    pub key: &'static str,
    /// The command-line flag with its `--`, if any.
    pub flag: Option<String>,
    /// The demo panel's label.
    pub label: &'static str,
    /// The doc line.
    pub doc: &'static str,
    /// Plural unit, or empty.
    pub unit: &'static str,
    /// The allowed range in words ([`Spec::range_text`]).
    pub range: String,
    /// The default as the messages print it.
    pub default: String,
}

/// One setting: its names, its documentation and its range.
#[derive(Clone, Copy, Debug)]
pub struct Spec<T> {
    /// Dotted key as in a preset file, e.g. `field.particles`.
    pub key: &'static str,
    /// Long name of the command-line flag that sets it, if any, without
    /// the leading `--` (e.g. `particles`).
    pub long: Option<&'static str>,
    /// Short label for the demo's panel.
    pub label: &'static str,
    /// One line of documentation (also the flag's `--help`).
    pub doc: &'static str,
    /// Plural unit of the value (`pixels`), or empty.
    pub unit: &'static str,
    /// Why the range is what it is (shown in range errors), or empty.
    pub note: &'static str,
    /// Smallest allowed value (or the open lower bound, see `min_exclusive`).
    pub min: T,
    /// True when `min` itself is not allowed.
    pub min_exclusive: bool,
    /// Largest allowed value.
    pub max: T,
    /// The default.
    pub default: T,
    /// How the demo's slider spreads the range.
    pub scale: Scale,
}

impl<T: SettingValue> Spec<T> {
    /// Checks `value` against the range; the error names the key and the limit.
    pub fn check(&self, value: T) -> Result<(), SettingsError> {
        let reason = if T::WHOLE {
            self.whole_reason(value)
        } else {
            self.real_reason(value.to_f64())
        };
        match reason {
            None => Ok(()),
            Some(reason) => Err(SettingsError {
                key: self.key,
                value: if T::WHOLE {
                    value.to_string()
                } else {
                    value.to_f64().to_string()
                },
                reason,
            }),
        }
    }

    /// Why a number as typed (any size or sign) is out of range, in the
    /// words of [`Spec::check`]; `None` when it is in range. For whole-number
    /// settings it compares the value only (callers check it is whole).
    pub fn reason_for(&self, value: f64) -> Option<String> {
        if !T::WHOLE {
            return self.real_reason(value);
        }
        let (lo, hi) = (self.min.to_string(), self.max.to_string());
        let min = self.min.to_f64();
        if value.is_nan() || value < min || (self.min_exclusive && value == min) {
            // The note explains the maximum; below the minimum only the unit helps.
            let suffix = self.suffix(&lo);
            let note = format!(" ({})", self.note);
            let unit = suffix.strip_suffix(note.as_str()).unwrap_or(&suffix);
            Some(format!("must be at least {lo}{unit}"))
        } else if value > self.max.to_f64() {
            Some(format!("must be at most {hi}{}", self.suffix(&hi)))
        } else {
            None
        }
    }

    /// The flag as typed, e.g. `--particles`, if the setting has one.
    pub fn flag(&self) -> Option<String> {
        self.long.map(|long| format!("--{long}"))
    }

    /// True when `value` is in range.
    pub fn allows(&self, value: T) -> bool {
        self.check(value).is_ok()
    }

    /// The allowed range in words, e.g. `0 to 4000000` or `more than 0 and at most 1`.
    pub fn range_text(&self) -> String {
        let (lo, hi) = (self.shown(self.min), self.shown(self.max));
        if self.min_exclusive {
            format!("more than {lo} and at most {hi}")
        } else {
            format!("{lo} to {hi}")
        }
    }

    /// This spec as text, for generated documentation.
    pub fn summary(&self) -> SpecSummary {
        SpecSummary {
            key: self.key,
            flag: self.flag(),
            label: self.label,
            doc: self.doc,
            unit: self.unit,
            range: self.range_text(),
            default: self.default.to_string(),
        }
    }

    /// The flag's help: the doc line and the range with its unit.
    pub fn help(&self) -> String {
        let unit = if self.unit.is_empty() {
            String::new()
        } else {
            format!(" {}", self.unit)
        };
        format!("{} ({}{unit})", self.doc, self.range_text())
    }

    /// `value` as the messages print it (reals as `f64`).
    fn shown(&self, value: T) -> String {
        if T::WHOLE {
            value.to_string()
        } else {
            value.to_f64().to_string()
        }
    }

    /// ` unit (note)`, with a plural unit made singular after a bound of 1.
    fn suffix(&self, bound: &str) -> String {
        let mut out = String::new();
        if !self.unit.is_empty() {
            let unit = if T::WHOLE && bound == "1" {
                self.unit.strip_suffix('s').unwrap_or(self.unit)
            } else {
                self.unit
            };
            out.push(' ');
            out.push_str(unit);
        }
        if !self.note.is_empty() {
            out.push_str(&format!(" ({})", self.note));
        }
        out
    }

    fn whole_reason(&self, value: T) -> Option<String> {
        let (lo, hi) = (self.min.to_string(), self.max.to_string());
        if value < self.min || (self.min_exclusive && value == self.min) {
            Some(format!("must be at least {lo}{}", self.suffix(&lo)))
        } else if value > self.max {
            Some(format!("must be at most {hi}{}", self.suffix(&hi)))
        } else {
            None
        }
    }

    fn real_reason(&self, value: f64) -> Option<String> {
        let (lo, hi) = (self.min.to_f64(), self.max.to_f64());
        let suffix = self.suffix("");
        if !value.is_finite() {
            Some(format!(
                "must be a finite number {}{suffix}",
                if self.min_exclusive {
                    format!("more than {lo} and at most {hi}")
                } else {
                    format!("from {lo} to {hi}")
                }
            ))
        } else if value < lo || (self.min_exclusive && value == lo) {
            if self.min_exclusive {
                Some(format!("must be more than {lo}{suffix}"))
            } else {
                Some(format!("must be at least {lo}{suffix}"))
            }
        } else if value > hi {
            Some(format!("must be at most {hi}{suffix}"))
        } else {
            None
        }
    }
}
