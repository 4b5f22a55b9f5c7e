//! Presets: [`Settings`] stored as TOML files.
//!
//! A preset holds any subset of the keys of [`Settings`], in the same
//! tables (`[field]`, `[ships]`, top-level `step_ms`); missing keys take
//! their defaults:
//!
//! ```toml
//! step_ms = 20.0
//!
//! [field]
//! particles = 250000
//!
//! [ships]
//! sample_interval_ms = 50.0
//! colour_channel = "red" # "green" or "blue": few or no hits with the default palette
//! ```
//!
//! [`Settings::load_preset`] reads, parses and validates; every failure is a
//! [`PresetError`] that displays as one line naming the file and, where
//! there is one, the key: an unknown key, a value of the wrong type, a value
//! out of range, or broken TOML (with line and column). Loading only returns a
//! new value, so a failed load leaves the caller's settings as they were, and
//! it never writes anything.
//!
//! [`Settings::save_preset`] validates first, then writes a temporary file in
//! the target's folder, flushes it to disk and renames it over the target:
//! the target is either the old file or the complete new one, never a mix.

mod error;

use std::io::{Read, Write};
use std::path::Path;

pub use error::{PresetError, PresetErrorKind};

use crate::settings::Settings;

/// Largest preset file read, in bytes (1 MiB; real presets are under 2 KiB).
pub const MAX_PRESET_BYTES: u64 = 1024 * 1024;

/// 1-based line and column (in characters) of byte `offset` in `text`.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, column)
}

/// Serde's wording, in a preset's terms.
fn key_message(message: &str) -> String {
    message.replace("unknown field", "unknown key")
}

/// Deserialises `table` alone into settings: the first error, if any.
fn check_alone(table: toml::Table) -> Result<(), String> {
    toml::Value::Table(table)
        .try_into::<Settings>()
        .map(drop)
        .map_err(|e| key_message(e.message()))
}

/// Parses preset text into settings, naming the key of any error.
fn parse(text: &str) -> Result<Settings, PresetErrorKind> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let (line, column) = line_column(text, e.span().map_or(0, |s| s.start));
        PresetErrorKind::Syntax {
            line,
            column,
            message: e.message().to_string(),
        }
    })?;
    // Check each key on its own (the others take defaults), so an error is
    // pinned to the key that caused it.
    for (name, value) in &table {
        let inner = match value {
            toml::Value::Table(inner) if !inner.is_empty() => {
                // The table's own name first: `[sheep]` is unknown as a whole.
                let mut top = toml::Table::new();
                top.insert(name.clone(), toml::Value::Table(toml::Table::new()));
                check_alone(top).map_err(|message| PresetErrorKind::Key {
                    key: name.clone(),
                    message,
                })?;
                Some(inner)
            }
            _ => None,
        };
        let singles: Vec<(String, toml::Table)> = match inner {
            Some(inner) => inner
                .iter()
                .map(|(k, v)| {
                    let mut sub = toml::Table::new();
                    sub.insert(k.clone(), v.clone());
                    let mut top = toml::Table::new();
                    top.insert(name.clone(), toml::Value::Table(sub));
                    (format!("{name}.{k}"), top)
                })
                .collect(),
            None => {
                let mut top = toml::Table::new();
                top.insert(name.clone(), value.clone());
                vec![(name.clone(), top)]
            }
        };
        for (key, single) in singles {
            check_alone(single).map_err(|message| PresetErrorKind::Key { key, message })?;
        }
    }
    toml::Value::Table(table)
        .try_into::<Settings>()
        .map_err(|e| PresetErrorKind::Key {
            key: "(preset)".to_string(),
            message: key_message(e.message()),
        })
}

/// Reads at most [`MAX_PRESET_BYTES`] of `path` as UTF-8 text.
fn read_text(path: &Path) -> Result<String, PresetErrorKind> {
    let file = std::fs::File::open(path).map_err(PresetErrorKind::Read)?;
    let mut bytes = Vec::new();
    file.take(MAX_PRESET_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(PresetErrorKind::Read)?;
    if bytes.len() as u64 > MAX_PRESET_BYTES {
        return Err(PresetErrorKind::TooLarge);
    }
    String::from_utf8(bytes).map_err(|_| PresetErrorKind::NotText)
}

/// Writes `text` to a temporary file beside `path`, syncs it and renames it over `path`.
fn write_atomically(path: &Path, text: &str) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    // Dropping `tmp` on any error below deletes the temporary file.
    let mut tmp = tempfile::Builder::new()
        .prefix(".hitfield-preset-")
        .suffix(".tmp")
        .tempfile_in(dir)?;
    tmp.write_all(text.as_bytes())?;
    tmp.flush()?;
    // Keep an existing preset's permissions; new ones get the usual 0644 on Unix.
    if let Ok(meta) = std::fs::metadata(path) {
        tmp.as_file().set_permissions(meta.permissions())?;
    } else {
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            tmp.as_file()
                .set_permissions(std::fs::Permissions::from_mode(0o644))?;
        }
    }
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    // Make the rename itself durable (best effort: not every platform can
    // open a folder for syncing).
    if let Ok(folder) = std::fs::File::open(dir) {
        let _ = folder.sync_all();
    }
    Ok(())
}

impl Settings {
    /// Reads a TOML preset: missing keys take their defaults, then the result
    /// is validated. On any error nothing is returned (the caller's settings
    /// stay as they were) and nothing is written.
    pub fn load_preset(path: impl AsRef<Path>) -> Result<Settings, PresetError> {
        let path = path.as_ref();
        let fail = |kind| PresetError::new(path, kind);
        let text = read_text(path).map_err(fail)?;
        let settings = parse(&text).map_err(fail)?;
        settings
            .validate()
            .map_err(|e| fail(PresetErrorKind::Invalid(e)))?;
        Ok(settings)
    }

    /// Parses and validates preset text as [`Settings::load_preset`] does a
    /// file's, for presets that are not files (e.g. built by the Python
    /// package); errors name `origin` where they would name the file.
    ///
    /// ```
    /// use hitfield::Settings;
    ///
    /// let s = Settings::from_preset_text("[field]\nparticles = 5000\n", "text")?;
    /// assert_eq!(s.field.particles, 5000);
    /// let e = Settings::from_preset_text("[field]\nparticles = -1\n", "text").unwrap_err();
    /// assert!(e.to_string().starts_with("text: field.particles: "));
    /// # Ok::<(), hitfield::settings::preset::PresetError>(())
    /// ```
    pub fn from_preset_text(text: &str, origin: &str) -> Result<Settings, PresetError> {
        let fail = |kind| PresetError::new(Path::new(origin), kind);
        let settings = parse(text).map_err(fail)?;
        settings
            .validate()
            .map_err(|e| fail(PresetErrorKind::Invalid(e)))?;
        Ok(settings)
    }

    /// Writes these settings as a TOML preset, atomically: validated first,
    /// then written to a temporary file in the same folder, synced to disk and
    /// renamed over `path`. On error `path` keeps its old content and no
    /// temporary file is left behind.
    pub fn save_preset(&self, path: impl AsRef<Path>) -> Result<(), PresetError> {
        let path = path.as_ref();
        let fail = |kind| PresetError::new(path, kind);
        self.validate()
            .map_err(|e| fail(PresetErrorKind::Invalid(e)))?;
        let text = toml::to_string_pretty(self)
            .map_err(|e| fail(PresetErrorKind::Serialize(e.to_string())))?;
        write_atomically(path, &text).map_err(|e| fail(PresetErrorKind::Write(e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_count_from_one() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab", 99), (1, 3));
    }

    #[test]
    fn parse_pins_errors_to_keys() {
        let key = |text: &str| match parse(text) {
            Err(PresetErrorKind::Key { key, .. }) => key,
            other => format!("{other:?}"),
        };
        assert_eq!(key("[field]\nwidth = \"wide\""), "field.width");
        assert_eq!(key("[ships]\ncount = 1\nspeeed = 3"), "ships.speeed");
        assert_eq!(key("colour = 1"), "colour");
        assert_eq!(key("field = 3"), "field");
        assert_eq!(key("[field]\nfade = 300"), "field.fade");
        assert_eq!(
            key("[ships]\ncolour_channel = \"purple\""),
            "ships.colour_channel"
        );
        assert!(matches!(
            parse("[field\nwidth = 1"),
            Err(PresetErrorKind::Syntax { line: 1, .. })
        ));
    }

    #[test]
    fn integers_are_accepted_for_real_keys() {
        let s =
            parse("step_ms = 20\n[ships]\nsample_interval_ms = 0").map_err(|e| format!("{e:?}"));
        assert_eq!(s.as_ref().map(|s| s.step_ms), Ok(20.0));
    }
}
