//! Range checks for every setting, with errors that name the key.

use std::fmt;

use super::{rows, FieldSettings, Settings, ShipSettings, Value, MAX_CANVAS_PIXELS};

/// A setting out of its range: which key, its value, and what is allowed.
///
/// Displays as one line, `key = value: reason`, for example
/// `ships.sample_interval_ms = NaN: must be a finite number from 0 to 10000`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsError {
    /// Dotted key as in a preset file, e.g. `field.particles`. The canvas area
    /// check uses `field.width × field.height`.
    pub key: &'static str,
    /// The offending value as text.
    pub value: String,
    /// What is allowed, e.g. `must be at most 4000000 (about 24 bytes per particle)`.
    pub reason: String,
}

impl fmt::Display for SettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {}: {}", self.key, self.value, self.reason)
    }
}

impl std::error::Error for SettingsError {}

/// Checks a canvas size with the same rules as `field.width` and
/// `field.height`: each side in range and at most [`MAX_CANVAS_PIXELS`] in all.
pub(crate) fn check_canvas_size(width: u32, height: u32) -> Result<(), SettingsError> {
    for (key, side) in [("field.width", width), ("field.height", height)] {
        if let Some(row) = super::row(key) {
            row.check(Value::Whole(side.into()))?;
        }
    }
    let area = u64::from(width) * u64::from(height);
    if area > MAX_CANVAS_PIXELS {
        return Err(SettingsError {
            key: "field.width × field.height",
            value: format!("{width}×{height}"),
            reason: format!(
                "must be at most {MAX_CANVAS_PIXELS} pixels in all (a 256 MiB canvas), got {area}"
            ),
        });
    }
    Ok(())
}

/// Checks every row of `section` (`field`, `ships`, or empty for the
/// top-level keys) against its range, in the table's order.
fn check_section(settings: &Settings, section: &str) -> Result<(), SettingsError> {
    for row in rows().iter().filter(|r| r.section() == section) {
        row.check(row.get(settings))?;
    }
    Ok(())
}

impl FieldSettings {
    /// Checks every field setting against its row, then the canvas area.
    pub fn validate(&self) -> Result<(), SettingsError> {
        let settings = Settings {
            field: self.clone(),
            ..Settings::default()
        };
        check_section(&settings, "field")?;
        check_canvas_size(self.width, self.height)
    }
}

impl ShipSettings {
    /// Checks every ship setting against its row.
    pub fn validate(&self) -> Result<(), SettingsError> {
        let settings = Settings {
            ships: self.clone(),
            ..Settings::default()
        };
        check_section(&settings, "ships")
    }
}

impl Settings {
    /// Checks every setting against its row and returns the first one out
    /// of range (field settings first, with the canvas area after them;
    /// then ships; then the step).
    ///
    /// The seed, the channel and the switches take any value their type holds.
    pub fn validate(&self) -> Result<(), SettingsError> {
        check_section(self, "field")?;
        check_canvas_size(self.field.width, self.field.height)?;
        check_section(self, "ships")?;
        check_section(self, "")
    }
}
