//! Trace flags shared by the demo and `hitfield headless`: the size cap of
//! every trace file, and capture on spike.

use std::path::PathBuf;

use clap::Args;

use crate::trace::spike::SpikeOptions;
use crate::trace::{DEFAULT_CAP_BYTES, MIN_CAP_BYTES};

/// Largest `--trace-max-mb` (1 TiB).
const MAX_MB: f64 = 1_048_576.0;
/// Largest `--spike-ms` (a minute).
const MAX_SPIKE_MS: f64 = 60_000.0;

/// `--trace-max-mb`, `--spike-ms` and `--trace-dir`.
#[derive(Args, Debug, Clone, Default)]
pub struct TraceArgs {
    /// Size cap of each trace file (--trace, T, spike captures) in MiB, 0.01 to 1048576; at the cap writing stops and the file ends with a note of what was left out [default: 64]
    #[arg(long, value_name = "MB", allow_hyphen_values = true, value_parser = max_mb)]
    pub trace_max_mb: Option<f64>,
    /// Capture on spike: when a step's (in the demo, a frame's) work passes MS milliseconds, write a trace of the 120 frames before it and 60 after into --trace-dir [default: off]
    #[arg(long, value_name = "MS", allow_hyphen_values = true, value_parser = spike_ms)]
    pub spike_ms: Option<f64>,
    /// Folder for spike captures (and the demo's T traces); it must exist [default: the current directory]
    #[arg(long, value_name = "DIR", value_parser = dir)]
    pub trace_dir: Option<PathBuf>,
}

impl TraceArgs {
    /// The cap in bytes.
    pub fn cap_bytes(&self) -> u64 {
        self.trace_max_mb
            .map_or(DEFAULT_CAP_BYTES, |mb| (mb * (1u64 << 20) as f64) as u64)
            .max(MIN_CAP_BYTES)
    }

    /// The folder for spike captures and T traces.
    pub fn dir(&self) -> PathBuf {
        self.trace_dir.clone().unwrap_or_else(|| PathBuf::from("."))
    }

    /// Capture on spike, if `--spike-ms` was given.
    pub fn spike(&self) -> Option<SpikeOptions> {
        self.spike_ms.map(|threshold_ms| SpikeOptions {
            threshold_ms,
            dir: self.dir(),
            cap_bytes: self.cap_bytes(),
        })
    }
}

/// Parses `--trace-max-mb`: a number of MiB from 0.01 to 1048576.
fn max_mb(text: &str) -> Result<f64, String> {
    let mb = super::number::real(text)?;
    if mb.is_finite() && (0.01..=MAX_MB).contains(&mb) {
        Ok(mb)
    } else {
        Err(format!("must be from 0.01 to {MAX_MB} MiB"))
    }
}

/// Parses `--spike-ms`: milliseconds above 0, at most a minute.
fn spike_ms(text: &str) -> Result<f64, String> {
    let ms = super::number::real(text)?;
    if ms.is_finite() && ms > 0.0 && ms <= MAX_SPIKE_MS {
        Ok(ms)
    } else {
        Err(format!(
            "must be more than 0 and at most {MAX_SPIKE_MS} milliseconds"
        ))
    }
}

/// Parses `--trace-dir`: an existing folder.
fn dir(text: &str) -> Result<PathBuf, String> {
    let path = PathBuf::from(text);
    if path.is_dir() {
        Ok(path)
    } else if path.exists() {
        Err("not a folder".to_string())
    } else {
        Err("no such folder".to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_range_checked() {
        assert_eq!(max_mb("64"), Ok(64.0));
        assert_eq!(max_mb("0.5"), Ok(0.5));
        for bad in ["0", "-1", "nan", "inf", "0.001", "2e6", "big"] {
            assert!(max_mb(bad).is_err(), "{bad}");
        }
        assert_eq!(spike_ms("0.001"), Ok(0.001));
        for bad in ["0", "-3", "nan", "inf", "1e9", "soon"] {
            assert!(spike_ms(bad).is_err(), "{bad}");
        }
        assert!(dir(".").is_ok());
        assert!(dir("/no/such/folder").is_err());
        assert!(dir("Cargo.toml").is_err());
        let args = TraceArgs {
            trace_max_mb: Some(0.01),
            ..TraceArgs::default()
        };
        assert_eq!(args.cap_bytes(), MIN_CAP_BYTES.max(10_485));
        assert_eq!(TraceArgs::default().cap_bytes(), 64 << 20);
    }
}
