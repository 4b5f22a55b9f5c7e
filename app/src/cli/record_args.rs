//! Clip flags of `hitfield headless`: `--record PATH` and how the clip is
//! written (`--record-scale`, `--record-max-mb`, `--record-every`).

use std::path::PathBuf;

use clap::Args;

use crate::clip::{ClipOptions, DEFAULT_MAX_MB, DEFAULT_SCALE};

/// Largest `--record-max-mb` (1 GiB).
const MAX_MB: f64 = 1024.0;
/// Smallest `--record-max-mb` (64 KiB).
const MIN_MB: f64 = 0.0625;
/// Smallest `--record-scale`.
const MIN_SCALE: f64 = 0.05;

/// `--record`, `--record-scale`, `--record-max-mb` and `--record-every`.
#[derive(Args, Debug, Clone, Default)]
pub struct RecordArgs {
    /// Write the field canvas as an animated GIF to PATH (it must end in .gif and its folder must exist) [default: off]
    #[arg(long, value_name = "PATH", value_parser = gif_path)]
    pub record: Option<PathBuf>,
    /// Clip size over canvas size, 0.05 to 1 [default: 0.25]
    #[arg(long, value_name = "S", allow_hyphen_values = true, value_parser = scale)]
    pub record_scale: Option<f64>,
    /// Size limit of the clip in MiB, 0.0625 to 1024; at the limit no more frames are added and stderr says so [default: 8]
    #[arg(long, value_name = "MB", allow_hyphen_values = true, value_parser = max_mb)]
    pub record_max_mb: Option<f64>,
    /// One clip frame every K steps, 1 or more [default: 1]
    #[arg(long, value_name = "K", allow_hyphen_values = true, value_parser = every)]
    pub record_every: Option<u64>,
}

impl RecordArgs {
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

/// Parses `--record`: a path ending in `.gif` whose folder exists.
fn gif_path(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
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
    Ok(path)
}

/// Parses `--record-scale`: above 0.05 and at most 1.
fn scale(text: &str) -> Result<f64, String> {
    let s = super::number::real(text)?;
    if s.is_finite() && (MIN_SCALE..=1.0).contains(&s) {
        Ok(s)
    } else {
        Err(format!("must be from {MIN_SCALE} to 1"))
    }
}

/// Parses `--record-max-mb`.
fn max_mb(text: &str) -> Result<f64, String> {
    let mb = super::number::real(text)?;
    if mb.is_finite() && (MIN_MB..=MAX_MB).contains(&mb) {
        Ok(mb)
    } else {
        Err(format!("must be from {MIN_MB} to {MAX_MB} MiB"))
    }
}

/// Parses `--record-every`: 1 or more steps.
fn every(text: &str) -> Result<u64, String> {
    super::number::count(text, 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_checked() {
        assert!(gif_path("clip.gif").is_ok() && gif_path("./CLIP.GIF").is_ok());
        for bad in ["clip.png", "clip", "/no/such/folder/c.gif", ""] {
            assert!(gif_path(bad).is_err(), "{bad}");
        }
        assert_eq!(scale("0.25"), Ok(0.25));
        for bad in ["0", "-1", "1.5", "nan", "inf", "half"] {
            assert!(scale(bad).is_err(), "{bad}");
        }
        assert_eq!(max_mb("8"), Ok(8.0));
        for bad in ["0", "0.01", "-8", "2000", "nan"] {
            assert!(max_mb(bad).is_err(), "{bad}");
        }
        assert_eq!(every("2"), Ok(2));
        assert!(every("0").is_err() && every("1.5").is_err());
        let args = RecordArgs {
            record_every: Some(3),
            ..RecordArgs::default()
        };
        assert_eq!(args.stray(), Some("--record-every"));
        let o = args.options(20.0);
        assert_eq!((o.scale, o.max_bytes, o.frame_ms), (0.25, 8 << 20, 60.0));
    }
}
