//! Every tunable of a run: the field, the ships and the simulation step.
//!
//! These are the values the demo's sliders write and a preset file stores.
//! Defaults follow the flow-field collision demo this crate grew from:
//! 100 ms sampling and thresholds of 100.
//!
//! Each setting is one [`Row`] of a table (see [`rows`]): its key, label,
//! doc line, unit, range, default, command-line flag, link name, panel entry
//! and how it is read and written. [`Settings::default`] and
//! [`Settings::validate`] iterate over the rows, and so do the app's panel,
//! flags and link. [`Settings::set_by_name`], [`Settings::set_text`] and
//! [`Settings::get_by_name`] reach any setting by its key with the row's
//! checks. Presets (TOML files of these settings) are read and written by
//! [`Settings::load_preset`] and [`Settings::save_preset`] (see [`preset`]).
//!
//! ```
//! use hitfield::settings::{Settings, Value};
//!
//! let mut s = Settings::default();
//! s.set_by_name("field.particles", 2e5)?;
//! assert_eq!(s.get_by_name("field.particles")?, Value::Whole(200_000));
//! let err = s.set_by_name("ships.sample_interval_ms", f64::NAN).unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "ships.sample_interval_ms = NaN: must be a finite number from 0 to 10000 milliseconds"
//! );
//! # Ok::<(), hitfield::settings::SettingsError>(())
//! ```

use serde::{Deserialize, Serialize};

mod format;
pub mod preset;
mod row;
mod table;
mod validate;

pub use row::{compact, Flag, Kind, Panel, Row, Scale, Value};
pub use table::{FieldSettings, Settings, ShipSettings};
pub(crate) use validate::check_canvas_size;
pub use validate::SettingsError;

/// Largest canvas area, in pixels (8192 × 8192: a 256 MiB RGBA canvas).
/// This rule spans two settings (`field.width` and `field.height`).
pub const MAX_CANVAS_PIXELS: u64 = 8192 * 8192;

/// Every setting's row, in the order of validation, the docs, `--help`
/// and the demo's panel.
pub fn rows() -> &'static [Row] {
    &table::ROWS
}

/// The row of the setting with dotted key `key` (such as `field.particles`).
pub fn row(key: &str) -> Option<&'static Row> {
    table::ROWS.iter().find(|r| r.key == key)
}

/// Which colour channel of a field pixel the colour threshold tests.
///
/// With the default palette only red carries speed linearly (40 to 255):
/// green (16 to 216) and blue (70 to 160) pass the default `colour_min` of
/// 100 only on the fastest trails (shade ≥ 191 of 255 for green, ≥ 194 for
/// blue), so they give few or no hits. Measured with default settings over
/// 600 steps: red 506 498 hits, green 10 107, blue 7 815 (the first seconds
/// of a run often give none). Lower `colour_min` (≤ 16 for green, ≤ 70 for
/// blue) to count every trail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    /// Red (the default: trails carry speed in red).
    #[default]
    Red,
    /// Green.
    Green,
    /// Blue.
    Blue,
}

impl Channel {
    /// The three channels, in byte order.
    pub const ALL: [Channel; 3] = [Channel::Red, Channel::Green, Channel::Blue];

    /// Byte offset of this channel inside an RGBA pixel.
    pub fn index(self) -> usize {
        match self {
            Channel::Red => 0,
            Channel::Green => 1,
            Channel::Blue => 2,
        }
    }

    /// The name a preset writes: `red`, `green` or `blue`.
    pub fn name(self) -> &'static str {
        match self {
            Channel::Red => "red",
            Channel::Green => "green",
            Channel::Blue => "blue",
        }
    }
}

impl Default for Settings {
    /// Every row's default.
    fn default() -> Self {
        let mut s = Settings::blank();
        for row in rows() {
            // Defaults are in range (checked by a test).
            let _ = row.set(&mut s, row.default_value());
        }
        s
    }
}

impl Default for FieldSettings {
    fn default() -> Self {
        Settings::default().field
    }
}

impl Default for ShipSettings {
    fn default() -> Self {
        Settings::default().ships
    }
}

impl Settings {
    /// The value of the setting with dotted key `key`.
    pub fn get_by_name(&self, key: &str) -> Result<Value, SettingsError> {
        Ok(known(key)?.get(self))
    }

    /// Sets the setting `key` to `value`, checked by its row: whole
    /// settings take an integral value, switches 0 or 1, the channel 0 to 2.
    /// Out of range, or a canvas over [`MAX_CANVAS_PIXELS`], is an error
    /// naming the key, and the settings are left as they were.
    pub fn set_by_name(&mut self, key: &str, value: f64) -> Result<(), SettingsError> {
        let value = known(key)?.value_from_f64(value)?;
        self.set_value(key, value)
    }

    /// As [`Settings::set_by_name`], from text in [`Row::parse`]'s syntax
    /// (`2e5`, `0.5`, `true`, `green`; the seed exactly up to `u64::MAX`).
    pub fn set_text(&mut self, key: &str, text: &str) -> Result<(), SettingsError> {
        let value = known(key)?.parse(text)?;
        self.set_value(key, value)
    }

    /// Sets the setting `key` to `value`, checked by its row and against the
    /// rules that span settings (the canvas area); on error nothing changes.
    pub fn set_value(&mut self, key: &str, value: Value) -> Result<(), SettingsError> {
        let row = known(key)?;
        let old = row.get(self);
        row.set(self, value)?;
        if matches!(key, "field.width" | "field.height") {
            if let Err(e) = check_canvas_size(self.field.width, self.field.height) {
                let _ = row.set(self, old);
                return Err(e);
            }
        }
        Ok(())
    }
}

/// Checks `value` against the row of `key` (for types that take one
/// setting on their own, such as the flow grid's cell size).
pub(crate) fn check(key: &str, value: Value) -> Result<(), SettingsError> {
    known(key)?.check(value)
}

/// The row of `key`, or an error saying there is none.
fn known(key: &str) -> Result<&'static Row, SettingsError> {
    row(key).ok_or_else(|| SettingsError {
        key: "key",
        value: key.to_string(),
        reason: "not a setting".to_string(),
    })
}
