//! Field steps a second on one thread, per instruction set: the figure the
//! 128-bit kernels are measured by, built for wasm32-wasip1 and run under
//! Node or Wasmtime (it builds and runs natively too).
//!
//! ```sh
//! CARGO_TARGET_WASM32_WASIP1_RUSTFLAGS="-C target-feature=+simd128" \
//!   cargo build --release --example field_steps --target wasm32-wasip1 \
//!   --no-default-features --features internals
//! node web/wasi-run.mjs target/wasm32-wasip1/release/examples/field_steps.wasm
//! ```
//!
//! Arguments: `[PARTICLES [ROUNDS [STEPS [ISA]]]]` (100000, 7, 20, all).
//! Every instruction set this build and CPU have (or only the one named,
//! e.g. `Simd128`, for a profile of its kernels alone) runs from the same
//! start, one round each in turn; each line gives the median over the rounds of
//! steps a second and of the particles stage's milliseconds a step, and the
//! canvas hash at the end (the same for every set).

use std::time::Instant;

use hitfield::clock::Clock;
use hitfield::cpu::Isa;
use hitfield::field::Field;
use hitfield::profile::{Stage, StageTimes};
use hitfield::settings::FieldSettings;
use hitfield::stats::percentile;

mod cli;

fn main() -> std::process::ExitCode {
    cli::exit(run())
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let particles = cli::arg(1, "PARTICLES", 100_000usize)?;
    let rounds = cli::arg(2, "ROUNDS", 7usize)?.max(1);
    let steps = cli::arg(3, "STEPS", 20usize)?.max(1);
    let only = std::env::args().nth(4);
    let supported: Vec<Isa> = Isa::ALL.into_iter().filter(|i| i.is_supported()).collect();
    let isas: Vec<Isa> = match &only {
        None => supported,
        Some(name) => match supported.into_iter().find(|i| format!("{i:?}") == *name) {
            Some(isa) => vec![isa],
            None => return Err(format!("ISA {name:?}: not an instruction set this build and CPU have (Scalar, Simd128, Avx2, Avx512)").into()),
        },
    };
    let settings = FieldSettings {
        particles,
        parallel: false,
        ..FieldSettings::default()
    };
    let mut runs = Vec::new();
    for isa in isas {
        let mut field = Field::new(&settings)?;
        let _isa = isa.force()?;
        // Warm up: the first steps fill the canvas and the bins settle.
        let mut times = StageTimes::with_clock(Clock::system());
        for _ in 0..steps {
            field.step(1.0 / 60.0, &mut times);
        }
        runs.push((isa, field, Vec::new(), Vec::new()));
    }
    for _ in 0..rounds {
        for (isa, field, per_second, particles_ms) in &mut runs {
            let _isa = isa.force()?;
            let mut times = StageTimes::with_clock(Clock::system());
            let start = Instant::now();
            for _ in 0..steps {
                field.step(1.0 / 60.0, &mut times);
            }
            per_second.push(steps as f64 / start.elapsed().as_secs_f64());
            particles_ms.push(times.get(Stage::Particles) / steps as f64);
        }
    }
    println!(
        "{particles} particles, {}x{}, one thread, {rounds} rounds of {steps} steps",
        settings.width, settings.height
    );
    for (isa, field, per_second, particles_ms) in &mut runs {
        println!(
            "{:<8} {:>8.1} steps/s  particles stage {:>7.2} ms  canvas {:016x}",
            format!("{isa:?}"),
            percentile(per_second, 0.5),
            percentile(particles_ms, 0.5),
            field.canvas().hash64()
        );
    }
    Ok(())
}
