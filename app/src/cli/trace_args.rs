//! Trace flags shared by the demo and `hitfield headless`: the size cap of
//! every trace file, and capture on spike (their rows are in
//! `flags/rows.rs`).

use std::path::PathBuf;

use super::flags::Given;
use crate::trace::spike::SpikeOptions;
use crate::trace::{DEFAULT_CAP_BYTES, MIN_CAP_BYTES};

/// `--trace-max-mb`, `--spike-ms` and `--trace-dir`, as given.
#[derive(Debug, Clone, Default)]
pub struct TraceArgs {
    pub trace_max_mb: Option<f64>,
    pub spike_ms: Option<f64>,
    pub trace_dir: Option<PathBuf>,
}

impl TraceArgs {
    /// The trace flags clap read; `--trace-dir` must be a folder.
    pub fn from(given: &Given) -> Result<TraceArgs, String> {
        let trace_dir = given.get::<PathBuf>("trace-dir");
        if let Some(dir) = &trace_dir {
            if !dir.is_dir() {
                let why = if dir.exists() {
                    "not a folder"
                } else {
                    "no such folder"
                };
                return Err(format!("--trace-dir {}: {why}", dir.display()));
            }
        }
        Ok(TraceArgs {
            trace_max_mb: given.typed("trace-max-mb"),
            spike_ms: given.get("spike-ms"),
            trace_dir,
        })
    }

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_has_a_floor_and_a_default() {
        let args = TraceArgs {
            trace_max_mb: Some(0.01),
            ..TraceArgs::default()
        };
        assert_eq!(args.cap_bytes(), MIN_CAP_BYTES.max(10_485));
        assert_eq!(TraceArgs::default().cap_bytes(), 64 << 20);
    }
}
