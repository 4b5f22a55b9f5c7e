//! The one error type of sprite loading: which file, and what is wrong with it.

use std::fmt;
use std::path::{Path, PathBuf};

/// Why a sprite could not be loaded. Shown after the file name, on one line.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum AssetErrorKind {
    /// The file or folder could not be opened or read.
    #[error("cannot read: {0}")]
    Io(#[source] std::io::Error),
    /// The path exists but is neither a regular file nor a folder.
    #[error("not a regular file")]
    NotAFile,
    /// The file does not start with the PNG signature.
    #[error("not a PNG file (it does not start with the PNG signature)")]
    NotPng,
    /// The header says the image has no pixels.
    #[error("image is {width}×{height} pixels; a sprite needs at least 1×1")]
    Empty {
        /// Width from the header.
        width: u32,
        /// Height from the header.
        height: u32,
    },
    /// The header claims more pixels than [`super::MAX_IMAGE_SIDE`] allows on a side.
    #[error("image is {width}×{height} pixels; the limit is {max}×{max}", max = super::MAX_IMAGE_SIDE)]
    TooLarge {
        /// Width from the header.
        width: u32,
        /// Height from the header.
        height: u32,
    },
    /// The file is larger than [`super::MAX_FILE_BYTES`].
    #[error("file is {bytes} bytes; a sprite PNG may be at most {} MiB", super::MAX_FILE_BYTES >> 20)]
    FileTooLarge {
        /// Size of the file (or as much as was read of it).
        bytes: u64,
    },
    /// The sprites together would decode to more than [`super::MAX_TOTAL_BYTES`].
    #[error("the ship sprites together exceed {} MiB decoded", super::MAX_TOTAL_BYTES >> 20)]
    TotalTooLarge,
    /// The file ends before its IEND chunk, or before the image data does.
    #[error("truncated PNG (the file ends before its last chunk)")]
    Truncated,
    /// The decoder refused the file for its memory limit.
    #[error("PNG needs more memory to decode than the {} MiB limit", super::MAX_ALLOC >> 20)]
    OverMemoryLimit,
    /// The PNG data is damaged (bad checksum, bad compressed data, bad chunk).
    #[error("corrupt PNG: {0}")]
    Corrupt(String),
    /// A folder given as a ship path holds no `*.png` files.
    #[error("folder has no .png files")]
    NoPngsInFolder,
}

/// A sprite that could not be loaded: `path: reason`, on one line.
#[derive(Debug)]
pub struct AssetError {
    path: PathBuf,
    kind: AssetErrorKind,
}

impl AssetError {
    /// An error about `path`.
    pub fn new(path: impl Into<PathBuf>, kind: AssetErrorKind) -> AssetError {
        AssetError {
            path: path.into(),
            kind,
        }
    }

    /// The file or folder the error is about.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// What is wrong with it.
    pub fn kind(&self) -> &AssetErrorKind {
        &self.kind
    }
}

impl fmt::Display for AssetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = format!("{}: {}", self.path.display(), self.kind);
        f.write_str(&one_line(&text))
    }
}

impl std::error::Error for AssetError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        std::error::Error::source(&self.kind)
    }
}

impl From<AssetError> for String {
    fn from(err: AssetError) -> String {
        err.to_string()
    }
}

/// `text` with every control character (newlines included) turned into a space.
pub(crate) fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_is_one_line_naming_the_file() {
        let err = AssetError::new("a\nb.png", AssetErrorKind::Corrupt("x\ny".into()));
        let text = err.to_string();
        assert_eq!(text, "a b.png: corrupt PNG: x y");
        assert_eq!(String::from(err), text);
    }
}
