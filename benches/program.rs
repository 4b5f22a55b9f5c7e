//! What the benches' programs (`--bin memory`, `--bin sustained`, `--bin paced`) share:
//! their command line, timing, thread pools and writing their report.

use std::path::{Path, PathBuf};
use std::time::Instant;

use hitfield_table::Table;

/// Wall time of `work`, in ms.
pub fn time_ms(work: impl FnOnce()) -> f64 {
    let t = Instant::now();
    work();
    t.elapsed().as_secs_f64() * 1e3
}

/// A rayon pool of `threads` threads; the error names the pool.
pub fn pool(threads: usize) -> Result<rayon::ThreadPool, String> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| format!("thread pool of {threads}: {e}"))
}

/// The program's flags: `--out DIR` (default `bench-out`) and the ones
/// `extra` names, each `--name VALUE`. An unknown flag or one without a
/// value is an error naming it.
pub fn flags(extra: &[&str]) -> Result<(PathBuf, Vec<(String, String)>), String> {
    let mut out = PathBuf::from("bench-out");
    let mut given = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let name = flag.trim_start_matches("--");
        if !flag.starts_with("--") || (name != "out" && !extra.contains(&name)) {
            let known: Vec<String> = std::iter::once("out")
                .chain(extra.iter().copied())
                .map(|f| format!("--{f}"))
                .collect();
            return Err(format!(
                "{flag}: unknown flag (known: {})",
                known.join(", ")
            ));
        }
        let value = args.next().ok_or(format!("{flag}: needs a value"))?;
        match name {
            "out" => out = PathBuf::from(value),
            _ => given.push((name.to_string(), value)),
        }
    }
    Ok((out, given))
}

/// Writes `STEM.csv` (the `csv` table) and `STEM.md` (the report) into
/// `out`, created if missing, prints the report and names the files.
pub fn write_report(out: &Path, stem: &str, csv: &Table, report: &str) -> Result<(), String> {
    std::fs::create_dir_all(out).map_err(|e| format!("--out {}: {e}", out.display()))?;
    for (ext, text) in [("csv", csv.csv()), ("md", report.to_string())] {
        let path = out.join(format!("{stem}.{ext}"));
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    println!("{report}");
    eprintln!("wrote {stem}.csv and {stem}.md to {}", out.display());
    Ok(())
}

/// Runs a program's body; an error is one line on stderr and exit status 2.
pub fn main(body: impl FnOnce() -> Result<(), String>) -> std::process::ExitCode {
    match body() {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            std::process::ExitCode::from(2)
        }
    }
}
