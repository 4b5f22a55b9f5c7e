//! Clip flags of `hitfield headless`: `--record PATH` and how the clip is
//! written (`--record-scale`, `--record-max-mb`, `--record-every`; their
//! rows are in `flags/rows.rs`).

use std::path::{Path, PathBuf};

use super::flags::Given;
use crate::clip::ClipOptions;

/// The clip flags other than `--record`.
const CLIP_FLAGS: [&str; 3] = ["record-scale", "record-max-mb", "record-every"];

/// The clip `--record` asks for, for steps of `step_ms`: its path, how it
/// is written and every how many steps it takes a frame. `None` without
/// `--record`, where the other clip flags are an error.
pub fn clip(given: &Given, step_ms: f64) -> Result<Option<(PathBuf, ClipOptions, u64)>, String> {
    let Some(path) = given.get::<PathBuf>("record") else {
        return match CLIP_FLAGS.into_iter().find(|flag| given.is_typed(flag)) {
            Some(flag) => Err(format!("--{flag}: needs --record PATH")),
            None => Ok(None),
        };
    };
    gif_path(&path).map_err(|e| format!("--record {}: {e}", path.display()))?;
    let every = given.get::<u64>("record-every").unwrap_or(1);
    let mut options = ClipOptions::with_defaults(step_ms * every as f64);
    options.scale = given.get("record-scale").unwrap_or(options.scale);
    if let Some(mb) = given.get::<f64>("record-max-mb") {
        options.max_bytes = (mb * f64::from(1u32 << 20)) as u64;
    }
    Ok(Some((path, options, every)))
}

/// Checks `--record`: a path ending in `.gif` whose folder exists.
fn gif_path(path: &Path) -> Result<(), String> {
    let is_gif = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("gif"));
    if !is_gif {
        return Err("must end in .gif".to_string());
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(format!("no such folder {}", folder.display()));
    }
    if path.is_dir() {
        return Err("is a folder".to_string());
    }
    Ok(())
}
