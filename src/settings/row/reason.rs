//! A row's range in words, and why a value is out of it.

use super::{Kind, Row, SettingsError};

impl Row {
    /// What a value of this row is, in words (`a whole number`, …).
    pub(super) fn expected(&self) -> String {
        match self.kind {
            Kind::Whole { .. } => "a whole number".to_string(),
            Kind::Real { .. } => "a number, such as 100 or 1e2".to_string(),
            Kind::Switch { .. } => "true or false".to_string(),
            Kind::Channel { .. } => "red, green or blue".to_string(),
        }
    }

    pub(super) fn error(&self, value: String, reason: String) -> SettingsError {
        SettingsError {
            key: self.key,
            value,
            reason,
        }
    }

    /// The flag as typed, e.g. `--particles`, if the setting has one.
    pub fn flag_text(&self) -> Option<String> {
        self.flag.map(|f| format!("--{}", f.long))
    }

    /// The allowed range in words, e.g. `0 to 4000000` or `more than 0 and
    /// at most 1`; for switches and the channel, the values allowed.
    pub fn range_text(&self) -> String {
        match self.kind {
            Kind::Whole { min, max, .. } => format!("{min} to {max}"),
            Kind::Real {
                min,
                min_exclusive: true,
                max,
                ..
            } => format!("more than {min} and at most {max}"),
            Kind::Real { min, max, .. } => format!("{min} to {max}"),
            Kind::Switch { .. } => "true or false".to_string(),
            Kind::Channel { .. } => "red, green or blue".to_string(),
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

    /// ` unit`, made singular after a whole bound of 1, then ` (note)` when
    /// `with_note`.
    pub(super) fn suffix(&self, bound: &str, with_note: bool) -> String {
        let mut out = String::new();
        if !self.unit.is_empty() {
            let whole = matches!(self.kind, Kind::Whole { .. });
            let unit = if whole && bound == "1" {
                self.unit.strip_suffix('s').unwrap_or(self.unit)
            } else {
                self.unit
            };
            out.push(' ');
            out.push_str(unit);
        }
        if with_note && !self.note.is_empty() {
            out.push_str(&format!(" ({})", self.note));
        }
        out
    }

    /// Why a whole number is out of range, or `None`. The note explains
    /// the maximum; below the minimum only the unit helps.
    pub(super) fn whole_reason(&self, value: i128) -> Option<String> {
        let Kind::Whole { min, max, .. } = self.kind else {
            return None;
        };
        if value < i128::from(min) {
            Some(format!(
                "must be at least {min}{}",
                self.suffix(&min.to_string(), false)
            ))
        } else if value > i128::from(max) {
            Some(format!(
                "must be at most {max}{}",
                self.suffix(&max.to_string(), true)
            ))
        } else {
            None
        }
    }

    /// Why a real number is out of range or not finite, or `None`.
    pub(super) fn real_reason(&self, value: f64) -> Option<String> {
        let Kind::Real {
            min,
            min_exclusive,
            max,
            ..
        } = self.kind
        else {
            return None;
        };
        let suffix = self.suffix("", true);
        if !value.is_finite() {
            let range = if min_exclusive {
                format!("more than {min} and at most {max}")
            } else {
                format!("from {min} to {max}")
            };
            Some(format!("must be a finite number {range}{suffix}"))
        } else if value < min || (min_exclusive && value == min) {
            let word = if min_exclusive {
                "more than"
            } else {
                "at least"
            };
            Some(format!("must be {word} {min}{}", self.suffix("", false)))
        } else if value > max {
            Some(format!("must be at most {max}{suffix}"))
        } else {
            None
        }
    }
}
