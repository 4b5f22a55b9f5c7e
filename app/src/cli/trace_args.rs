//! Trace flags shared by the demo and `hitfield headless`: the size cap of
//! every trace file, and capture on spike (their rows are in
//! `flags/rows.rs`).

use std::path::PathBuf;

use super::flags::Given;
use crate::trace::spike::{SpikeOptions, TraceOptions};
use crate::trace::{DEFAULT_CAP_BYTES, MIN_CAP_BYTES};

/// `--trace-max-mb`, `--spike-ms` and `--trace-dir` as options;
/// `--trace-dir` must be a folder.
pub fn traces(given: &Given) -> Result<TraceOptions, String> {
    let dir = match given.get::<PathBuf>("trace-dir") {
        Some(dir) if !dir.is_dir() => {
            let why = if dir.exists() {
                "not a folder"
            } else {
                "no such folder"
            };
            return Err(format!("--trace-dir {}: {why}", dir.display()));
        }
        Some(dir) => dir,
        None => PathBuf::from("."),
    };
    let cap_bytes = given
        .get::<f64>("trace-max-mb")
        .map_or(DEFAULT_CAP_BYTES, |mb| (mb * (1u64 << 20) as f64) as u64)
        .max(MIN_CAP_BYTES);
    let spike = given.get("spike-ms").map(|threshold_ms| SpikeOptions {
        threshold_ms,
        dir: dir.clone(),
        cap_bytes,
    });
    Ok(TraceOptions {
        cap_bytes,
        dir,
        spike,
    })
}
