//! Clip flags of `hitfield headless`: `--record PATH` and how the clip is
//! written (`--record-scale`, `--record-max-mb`, `--record-every`; their
//! rows are in `flags/rows.rs`).

use std::path::PathBuf;

use super::flags::Given;
use crate::clip::{ClipOptions, DEFAULT_MAX_MB, DEFAULT_SCALE};

/// `--record`, `--record-scale`, `--record-max-mb` and `--record-every`:
/// the values typed (`None` when not given).
#[derive(Debug, Clone, Default)]
pub struct RecordArgs {
    pub record: Option<PathBuf>,
    pub record_scale: Option<f64>,
    pub record_max_mb: Option<f64>,
    pub record_every: Option<u64>,
}

impl RecordArgs {
    /// The clip flags clap read; `--record`'s path is checked here.
    pub fn from(given: &Given) -> Result<RecordArgs, String> {
        let record = match given.get::<PathBuf>("record") {
            Some(path) => {
                Some(gif_path(&path).map_err(|e| format!("--record {}: {e}", path.display()))?)
            }
            None => None,
        };
        Ok(RecordArgs {
            record,
            record_scale: given.typed("record-scale"),
            record_max_mb: given.typed("record-max-mb"),
            record_every: given.typed("record-every"),
        })
    }

    /// One frame every this many steps.
    pub fn every(&self) -> u64 {
        self.record_every.unwrap_or(1)
    }

    /// The clip options for steps of `step_ms` milliseconds.
    pub fn options(&self, step_ms: f64) -> ClipOptions {
        ClipOptions {
            scale: self.record_scale.unwrap_or(DEFAULT_SCALE),
            max_bytes: (self.record_max_mb.unwrap_or(DEFAULT_MAX_MB) * f64::from(1u32 << 20))
                as u64,
            frame_ms: step_ms * self.every() as f64,
        }
    }

    /// A clip flag given without `--record`, named for the error message.
    pub fn stray(&self) -> Option<&'static str> {
        if self.record.is_some() {
            return None;
        }
        [
            (self.record_scale.is_some(), "--record-scale"),
            (self.record_max_mb.is_some(), "--record-max-mb"),
            (self.record_every.is_some(), "--record-every"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag))
    }
}

/// Checks `--record`: a path ending in `.gif` whose folder exists.
fn gif_path(path: &std::path::Path) -> Result<PathBuf, String> {
    let is_gif = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| e.eq_ignore_ascii_case("gif"));
    if !is_gif {
        return Err("must end in .gif".to_string());
    }
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !folder.is_dir() {
        return Err(format!("no such folder {}", folder.display()));
    }
    if path.is_dir() {
        return Err("is a folder".to_string());
    }
    Ok(path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_checked_and_defaults_kept() {
        let gif = |p: &str| gif_path(std::path::Path::new(p));
        assert!(gif("clip.gif").is_ok() && gif("./CLIP.GIF").is_ok());
        for bad in ["clip.png", "clip", "/no/such/folder/c.gif", ""] {
            assert!(gif(bad).is_err(), "{bad}");
        }
        let args = RecordArgs {
            record_every: Some(3),
            ..RecordArgs::default()
        };
        assert_eq!(args.stray(), Some("--record-every"));
        let o = args.options(20.0);
        assert_eq!((o.scale, o.max_bytes, o.frame_ms), (0.25, 8 << 20, 60.0));
    }
}
