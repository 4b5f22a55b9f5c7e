//! Paths in messages: written absolute, so a user finds the file whatever
//! folder the message is read from.

use std::path::{Path, PathBuf};

/// `path` made absolute for messages (as given when that fails).
pub fn shown(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}
