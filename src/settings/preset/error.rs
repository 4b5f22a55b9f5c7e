//! The error type of preset loading and saving.

use std::fmt;
use std::path::{Path, PathBuf};

use super::MAX_PRESET_BYTES;
use crate::settings::SettingsError;

/// Why a preset could not be loaded or saved.
#[derive(Debug)]
#[non_exhaustive]
pub enum PresetErrorKind {
    /// The file could not be read.
    Read(std::io::Error),
    /// The file is larger than [`MAX_PRESET_BYTES`].
    TooLarge,
    /// The file is not UTF-8 text.
    NotText,
    /// The file is not valid TOML.
    Syntax {
        /// 1-based line of the error.
        line: usize,
        /// 1-based column (in characters) of the error.
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// A key is unknown or its value has the wrong type or cannot be represented.
    Key {
        /// Dotted key, e.g. `field.particles`.
        key: String,
        /// What is wrong.
        message: String,
    },
    /// A value is out of its documented range.
    Invalid(SettingsError),
    /// The settings could not be turned into TOML.
    Serialize(String),
    /// The file could not be written.
    Write(std::io::Error),
}

/// A preset that could not be loaded or saved: `file: [key: ]reason`, on one line.
#[derive(Debug)]
pub struct PresetError {
    path: PathBuf,
    kind: PresetErrorKind,
}

impl PresetError {
    pub(super) fn new(path: &Path, kind: PresetErrorKind) -> PresetError {
        PresetError {
            path: path.to_path_buf(),
            kind,
        }
    }

    /// The preset file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What went wrong.
    pub fn kind(&self) -> &PresetErrorKind {
        &self.kind
    }

    /// The dotted key the error is about, when it is about one.
    pub fn key(&self) -> Option<&str> {
        match &self.kind {
            PresetErrorKind::Key { key, .. } => Some(key),
            PresetErrorKind::Invalid(err) => Some(err.key),
            _ => None,
        }
    }
}

impl fmt::Display for PresetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let path = self.path.display();
        let text = match &self.kind {
            PresetErrorKind::Read(e) => format!("{path}: cannot read: {e}"),
            PresetErrorKind::TooLarge => {
                format!("{path}: larger than {MAX_PRESET_BYTES} bytes; not a preset")
            }
            PresetErrorKind::NotText => format!("{path}: not UTF-8 text; not a TOML preset"),
            PresetErrorKind::Syntax {
                line,
                column,
                message,
            } => format!("{path}:{line}:{column}: invalid TOML: {message}"),
            PresetErrorKind::Key { key, message } => format!("{path}: {key}: {message}"),
            PresetErrorKind::Invalid(err) => format!("{path}: {err}"),
            PresetErrorKind::Serialize(message) => {
                format!("{path}: cannot write settings as TOML: {message}")
            }
            PresetErrorKind::Write(e) => format!("{path}: cannot save: {e}"),
        };
        f.write_str(&one_line(&text))
    }
}

impl std::error::Error for PresetError {}

/// `text` on one line: line breaks become `; `, other control characters spaces.
fn one_line(text: &str) -> String {
    text.trim_end()
        .replace("\r\n", "; ")
        .replace('\n', "; ")
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}
