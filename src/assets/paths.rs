//! Turning `--ship` paths (files or folders) into sprites.

use std::path::{Path, PathBuf};

use super::error::{AssetError, AssetErrorKind};
use super::{png, NamedImage, MAX_TOTAL_BYTES};

/// Loads every PNG named by `paths`, in order.
///
/// A file is loaded as it is (whatever its extension; it must be a PNG). A
/// folder contributes its `*.png` files (extension in any case, symlinks
/// followed, subfolders not searched), sorted by file name; a folder with
/// none is an error. Each sprite is named by its file name. An empty `paths`
/// gives an empty list: the caller decides whether to fall back to
/// [`super::default_sprites`].
///
/// The first failure stops the load; its message names the file and the reason.
pub fn load_ship_paths(paths: &[PathBuf]) -> Result<Vec<NamedImage>, AssetError> {
    let mut out = Vec::new();
    let mut budget = MAX_TOTAL_BYTES;
    for path in paths {
        let meta =
            std::fs::metadata(path).map_err(|e| AssetError::new(path, AssetErrorKind::Io(e)))?;
        if meta.is_dir() {
            for file in pngs_in(path)? {
                out.push(load_within(&file, &mut budget)?);
            }
        } else {
            out.push(load_within(path, &mut budget)?);
        }
    }
    Ok(out)
}

/// The `*.png` files directly inside `dir`, sorted by name; an error when there are none.
fn pngs_in(dir: &Path) -> Result<Vec<PathBuf>, AssetError> {
    let io = |e| AssetError::new(dir, AssetErrorKind::Io(e));
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        let is_png = path
            .extension()
            .is_some_and(|ext| ext.eq_ignore_ascii_case("png"));
        if is_png && path.is_file() {
            files.push(path);
        }
    }
    if files.is_empty() {
        return Err(AssetError::new(dir, AssetErrorKind::NoPngsInFolder));
    }
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    Ok(files)
}

/// Loads one file, charging its decoded size against `budget` before decoding.
fn load_within(path: &Path, budget: &mut u64) -> Result<NamedImage, AssetError> {
    let file = png::PngFile::read(path)?;
    let bytes = file.header.rgba_bytes();
    if bytes > *budget {
        return Err(AssetError::new(path, AssetErrorKind::TotalTooLarge));
    }
    *budget -= bytes;
    let image = file.decode(path)?;
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    Ok((name, image))
}
