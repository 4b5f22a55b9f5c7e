//! The field step's instruction count: steps the default world's field (no
//! ships) on one thread with a forced instruction set, for counting under
//! `valgrind --tool=callgrind`. Only [`counted_steps`] is collected (the
//! setup is not), so the marginal cost a particle and step is
//! `(Ir(N particles) − Ir(0 particles)) / (N · steps)`.
//!
//! ```sh
//! cargo build -p hitfield-benches --release --bin step_count
//! for n in 300000 0; do
//!   valgrind --tool=callgrind --toggle-collect='*counted_steps*' \
//!     --callgrind-out-file=target/step_count.$n.out \
//!     target/release/step_count --isa avx2 --particles $n --steps 30
//! done
//! callgrind_annotate --inclusive=yes target/step_count.300000.out | head -40
//! ```
//!
//! Callgrind runs no AVX-512, so the count is taken on AVX2 (`--isa
//! avx2`) and on the portable code (`--isa scalar`).

use std::process::ExitCode;

use hitfield::cpu::Isa;
use hitfield::field::Field;
use hitfield::profile::StageTimes;
use hitfield::settings::FieldSettings;

/// The run the command line asks for.
struct Args {
    isa: Isa,
    particles: usize,
    steps: usize,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        isa: Isa::Avx2,
        particles: 300_000,
        steps: 30,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |what: &str| format!("{flag} {value}: {what}");
        match flag.as_str() {
            "--isa" => {
                args.isa = match value.as_str() {
                    "scalar" => Isa::Scalar,
                    "simd128" => Isa::Simd128,
                    "avx2" => Isa::Avx2,
                    "avx512" => Isa::Avx512,
                    _ => return Err(bad("expected scalar, simd128, avx2 or avx512")),
                }
            }
            "--particles" => args.particles = value.parse().map_err(|_| bad("not a count"))?,
            "--steps" => args.steps = value.parse().map_err(|_| bad("not a count"))?,
            _ => return Err(format!("unknown flag {flag} (--isa, --particles, --steps)")),
        }
    }
    Ok(args)
}

/// The steps callgrind collects (`--toggle-collect='*counted_steps*'`).
#[inline(never)]
fn counted_steps(field: &mut Field, steps: usize) {
    let mut times = StageTimes::default();
    for _ in 0..steps {
        field.step(1.0 / 60.0, &mut times);
    }
}

fn main() -> ExitCode {
    let args = match parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("step_count: {e}");
            return ExitCode::FAILURE;
        }
    };
    let settings = FieldSettings {
        particles: args.particles,
        ..FieldSettings::default()
    };
    let mut field = match Field::new(&settings) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("step_count: {e}");
            return ExitCode::FAILURE;
        }
    };
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(1).build() {
        Ok(p) => p,
        Err(e) => {
            eprintln!("step_count: thread pool: {e}");
            return ExitCode::FAILURE;
        }
    };
    let hash = pool.install(|| {
        // `Isa::force` is per thread: forced on the pool's thread, where
        // the step reads it.
        let _forced = match args.isa.force() {
            Ok(f) => f,
            Err(e) => return Err(format!("{e}")),
        };
        counted_steps(&mut field, args.steps);
        Ok(field.canvas().hash64())
    });
    match hash {
        Ok(h) => {
            println!(
                "{:?}, {} particles, {} steps: canvas {h:016x}",
                args.isa, args.particles, args.steps
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("step_count: {e}");
            ExitCode::FAILURE
        }
    }
}
