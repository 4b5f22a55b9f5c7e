//! The flags of `hitfield bench`, checked and handed to `crate::bench`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::usage_error;
use crate::bench::{Mode, Options};

/// Flags of `hitfield bench`.
#[derive(Args, Debug, Clone)]
pub struct BenchArgs {
    /// Folder for results.csv, accuracy.csv, chart.png and report.md (created if missing).
    #[arg(long, value_name = "DIR", default_value = "bench-out")]
    pub out: PathBuf,
    /// A short run (under a minute): fewer frames per configuration.
    #[arg(long)]
    pub quick: bool,
    /// The sustained case instead: a field stepped for thousands of steps
    /// (1M and 2M particles, 1 and 2 threads, the Flash port at 1M),
    /// reported per 1,000-step window and over the whole run.
    #[arg(long)]
    pub sustained: bool,
    /// The field step's cost model instead: a plain copy and a streaming
    /// read-modify-write over the field's sizes, next to the field step at
    /// 100k, 1M and 4M particles on 1 and 2 threads.
    #[arg(long, conflicts_with = "sustained")]
    pub memory: bool,
    /// Steps of each sustained run (at least 1,000).
    #[arg(long, value_name = "N", default_value_t = 7000, value_parser = clap::value_parser!(u64).range(1000..))]
    pub steps: u64,
    /// Sustained configurations, as PARTICLES:THREADS separated by commas;
    /// the first one's resident set is reported.
    #[arg(
        long,
        value_name = "LIST",
        default_value = "1000000:2,1000000:1,2000000:2,2000000:1"
    )]
    pub configs: String,
}

impl BenchArgs {
    /// The bench's options, or a message naming the bad flag.
    fn options(&self) -> Result<Options, String> {
        let mode = if self.sustained {
            Mode::Sustained {
                steps: self.steps as usize,
                configs: parse_configs(&self.configs)?,
                command: format!(
                    "hitfield bench --sustained --steps {} --configs {}",
                    self.steps, self.configs
                ),
            }
        } else if self.memory {
            Mode::Memory
        } else {
            Mode::Sweep
        };
        Ok(Options {
            out: self.out.clone(),
            quick: self.quick,
            mode,
        })
    }
}

/// Runs `hitfield bench`; every failure is one line and exit status 2.
pub fn run(args: BenchArgs) -> ExitCode {
    match args
        .options()
        .and_then(|options| crate::bench::run(&options))
    {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => usage_error(message),
    }
}

/// Parses `--configs`: `PARTICLES:THREADS` pairs separated by commas.
fn parse_configs(text: &str) -> Result<Vec<(usize, usize)>, String> {
    text.split(',')
        .map(|pair| {
            let (p, t) = pair
                .trim()
                .split_once(':')
                .ok_or_else(|| format!("--configs: {pair:?} is not PARTICLES:THREADS"))?;
            let p: usize = p
                .parse()
                .map_err(|_| format!("--configs: {p:?} is not a count"))?;
            let t: usize = t
                .parse()
                .map_err(|_| format!("--configs: {t:?} is not a count"))?;
            if t == 0 {
                return Err("--configs: threads must be at least 1".into());
            }
            Ok((p, t))
        })
        .collect()
}
