//! A game's resident memory over a long run: steps a 1M-particle world on
//! rayon's pool and prints the resident set (Linux `/proc/self/statm`)
//! after 1,000 steps and at the end, with glibc's default allocator
//! settings (no `mallopt`), as a game that uses the library would have.
//!
//! ```sh
//! RAYON_NUM_THREADS=2 cargo run --release --example resident_memory [-- STEPS [PARTICLES]]
//! ```

use hitfield::prelude::*;

mod cli;

fn main() -> std::process::ExitCode {
    cli::exit(run())
}

/// Resident set size in MiB, or `None` where `/proc` is missing.
fn resident_mib() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: f64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    Some(pages * 4096.0 / (1024.0 * 1024.0))
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global()?;
    let steps = cli::arg(1, "STEPS", 12_000u64)?;
    let mut settings = Settings::default();
    settings.field.particles = usize::try_from(cli::arg(2, "PARTICLES", 1_000_000u64)?)?;
    settings.field.seed = 1;
    settings.ships.count = 0;
    let mut world = World::new(settings, Vec::new())?;
    let mut at_1000 = None;
    for step in 1..=steps {
        world.step();
        if step == 1000 {
            at_1000 = resident_mib();
        }
    }
    let end = resident_mib();
    match (at_1000, end) {
        (Some(a), Some(b)) => println!(
            "resident after 1000 steps: {a:.1} MiB; after {steps}: {b:.1} MiB; ratio {:.3}",
            b / a
        ),
        _ => println!("no /proc/self/statm here"),
    }
    Ok(())
}
