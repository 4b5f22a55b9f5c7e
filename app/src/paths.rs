//! Paths in messages and the files the binary writes: shown absolute, named
//! so no earlier file is overwritten, and replaced whole.

use std::path::{Path, PathBuf};

/// `path` made absolute for messages (as given when that fails), so a user
/// finds the file whatever folder the message is read from.
pub fn shown(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Seconds since 1970 (0 on a clock before it), for file names.
pub fn unix_time() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// `dir/<name>.<ext>`, with `-2`, `-3`, … after the name when that file
/// exists (just `<name>.<ext>` when `dir` is `.`).
pub fn fresh(dir: &Path, name: &str, ext: &str) -> PathBuf {
    let at = |file: String| {
        if dir == Path::new(".") {
            PathBuf::from(file)
        } else {
            dir.join(file)
        }
    };
    let mut path = at(format!("{name}.{ext}"));
    let mut n = 2;
    while path.exists() && n < 1000 {
        path = at(format!("{name}-{n}.{ext}"));
        n += 1;
    }
    path
}

/// `dir/<stem>-<unix time>.<ext>`, made [`fresh`].
pub fn stamped(dir: &Path, stem: &str, ext: &str) -> PathBuf {
    fresh(dir, &format!("{stem}-{}", unix_time()), ext)
}

/// Writes `bytes` to `path` through a temporary file beside it, renamed
/// into place: `path` holds its old content or all of the new. The error
/// names the file.
#[cfg(not(target_arch = "wasm32"))]
pub fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".part");
    std::fs::write(&tmp, bytes)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("could not write {}: {e}", path.display())
        })
}
