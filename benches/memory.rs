//! The field step's cost model, measured: `cargo run -p hitfield-benches
//! --release --bin memory [-- --out DIR]` writes `memory.md` and
//! `memory.csv` into DIR (default `bench-out`).
//!
//! What the memory system does on the field's own sizes (a plain copy and
//! a streaming read-modify-write over the particle state's bytes and over
//! the canvas), next to the field step at the same particle counts and
//! thread counts, in the same sitting. The step's bytes are counted from
//! its layout ([`StepBytes`]); the report gives the rate the step moves
//! them at as a fraction of the streaming read-modify-write's.

mod program;

use rayon::prelude::*;

use hitfield::field::Field;
use hitfield::profile::{Stage, StageTimes};
use hitfield::settings::FieldSettings;
use hitfield::stats::percentile;
use hitfield_table::Table;
use program::{pool, time_ms};

fn main() -> std::process::ExitCode {
    program::main(|| {
        let (out, _) = program::flags(&[])?;
        let total = ticks();
        let mut done = 0;
        let model = run(|| {
            done += 1;
            eprintln!("memory cases and field steps: {done}/{total}");
        })?;
        write_report(&out, &model)
    })
}

/// Bytes of particle state a particle has: x, y, own speed and own wander
/// (`f32` each) plus its identity (`u32`), as the bins keep them.
pub const STATE_BYTES: usize = 20;
/// Of those, the bytes the particles stage reads (x, y, speed, wander) and
/// writes (x, y) for every particle every step.
pub const STATE_READ: usize = 16;
/// See [`STATE_READ`].
pub const STATE_WRITTEN: usize = 8;

/// Particle counts the cost model is measured at.
pub const COUNTS: [usize; 3] = [100_000, 1_000_000, 4_000_000];
/// Warm-up steps before the field is timed (the calm start).
pub const WARMUP: usize = 20;
/// Steps timed per configuration.
pub const STEPS: usize = 100;
/// Passes over each buffer per memory case (the median is kept).
pub const PASSES: usize = 15;

/// What a field step reads and writes, by its layout.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepBytes {
    /// Particle state read and written (bytes).
    pub state: usize,
    /// Canvas read and written by the fade (every pixel, once each way).
    pub canvas: usize,
    /// Trail pixels merged (read and written) per particle, on a calm
    /// step: the ends and the middle pixel of a line of at most two steps.
    pub trail_pixels_per_particle: usize,
}

impl StepBytes {
    /// The bytes of a calm step of `particles` on a `width`×`height` canvas.
    pub fn of(particles: usize, width: u32, height: u32) -> StepBytes {
        StepBytes {
            state: particles * (STATE_READ + STATE_WRITTEN),
            canvas: 2 * 4 * width as usize * height as usize,
            trail_pixels_per_particle: 3,
        }
    }

    /// Bytes that stream through the caches each step: the state and the
    /// fade. Trail pixels are merged into a zone of 64 rows (327 kB at
    /// 1280 wide), which the fade has just brought into the core's cache.
    pub fn streamed(&self) -> usize {
        self.state + self.canvas
    }
}

/// One memory case: a kind of pass over a buffer of some size.
#[derive(Clone, Debug, PartialEq)]
pub struct MemoryRow {
    /// `copy` or `rmw`.
    pub kind: &'static str,
    /// What the size stands for.
    pub what: String,
    /// Buffer bytes (each pass reads and writes this many).
    pub bytes: usize,
    /// Threads the pass is split over.
    pub threads: usize,
    /// Median pass time (ms).
    pub ms: f64,
}

impl MemoryRow {
    /// Bytes read plus bytes written per second, in GB/s.
    pub fn gb_per_s(&self) -> f64 {
        2.0 * self.bytes as f64 / (self.ms * 1e-3) / 1e9
    }
}

/// The field step measured at one configuration.
#[derive(Clone, Debug, PartialEq)]
pub struct StepRow {
    pub particles: usize,
    pub threads: usize,
    /// Median whole step, and its particles stage and flow grid (ms).
    pub step_ms: f64,
    pub particles_ms: f64,
    pub flow_ms: f64,
    pub bytes: StepBytes,
}

impl StepRow {
    /// The rate the step moves its streamed bytes at, in GB/s.
    pub fn gb_per_s(&self) -> f64 {
        self.bytes.streamed() as f64 / (self.step_ms * 1e-3) / 1e9
    }

    /// Nanoseconds per particle.
    pub fn ns_per_particle(&self) -> f64 {
        self.step_ms * 1e6 / self.particles.max(1) as f64
    }
}

/// Median of `v` (nearest rank; 0 when empty).
fn median(mut v: Vec<f64>) -> f64 {
    percentile(&mut v, 0.5)
}

/// Times [`PASSES`] passes of `pass` over `bytes`-byte buffers, split in
/// `threads` equal parts on a pool of that many threads.
fn time_pass(
    kind: &'static str,
    what: String,
    bytes: usize,
    threads: usize,
) -> Result<MemoryRow, String> {
    let pool = pool(threads)?;
    let words = bytes / 8;
    let chunk = words.div_ceil(threads).max(1);
    // Filled with a pattern, so every page is really there before timing.
    let src: Vec<u64> = (0..words as u64).collect();
    let mut dst = vec![0u64; words];
    let mut times = Vec::with_capacity(PASSES);
    pool.install(|| {
        for pass in 0..PASSES + 1 {
            let ms = time_ms(|| match kind {
                "copy" => dst
                    .par_chunks_mut(chunk)
                    .zip(src.par_chunks(chunk))
                    .for_each(|(d, s)| d.copy_from_slice(s)),
                _ => dst.par_chunks_mut(chunk).for_each(|d| {
                    d.iter_mut().for_each(|v| *v = v.wrapping_add(1));
                }),
            });
            // The first pass only warms the buffers.
            if pass > 0 {
                times.push(ms);
            }
        }
    });
    std::hint::black_box(&dst);
    Ok(MemoryRow {
        kind,
        what,
        bytes: words * 8,
        threads,
        ms: median(times),
    })
}

/// Times the field step of `particles` on `threads` threads: library
/// defaults (1280×720), seed 1, [`WARMUP`] steps, then [`STEPS`] timed.
fn time_step(particles: usize, threads: usize) -> Result<StepRow, String> {
    let settings = FieldSettings {
        particles,
        seed: 1,
        ..FieldSettings::default()
    };
    pool(threads)?.install(|| {
        let mut field = Field::new(&settings).map_err(|e| e.to_string())?;
        let mut times = StageTimes::default();
        for _ in 0..WARMUP {
            field.step(1.0 / 60.0, &mut times);
        }
        let (mut step, mut parts, mut flow) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..STEPS {
            let mut times = StageTimes::default();
            step.push(time_ms(|| field.step(1.0 / 60.0, &mut times)));
            parts.push(times.get(Stage::Particles));
            flow.push(times.get(Stage::Flow));
        }
        Ok(StepRow {
            particles,
            threads,
            step_ms: median(step),
            particles_ms: median(parts),
            flow_ms: median(flow),
            bytes: StepBytes::of(particles, settings.width, settings.height),
        })
    })
}

/// Everything the program measured.
#[derive(Clone, Debug, PartialEq)]
pub struct CostModel {
    pub memory: Vec<MemoryRow>,
    pub steps: Vec<StepRow>,
}

/// Measures the memory cases and the field step, interleaved by size.
pub fn run(mut tick: impl FnMut()) -> Result<CostModel, String> {
    let settings = FieldSettings::default();
    let canvas = 4 * settings.width as usize * settings.height as usize;
    let mut model = CostModel {
        memory: Vec::new(),
        steps: Vec::new(),
    };
    for threads in [1, 2] {
        for kind in ["copy", "rmw"] {
            model
                .memory
                .push(time_pass(kind, "canvas".into(), canvas, threads)?);
        }
        tick();
    }
    for &particles in &COUNTS {
        for threads in [1, 2] {
            let what = format!("state of {particles}");
            for kind in ["copy", "rmw"] {
                let bytes = particles * STATE_BYTES;
                model
                    .memory
                    .push(time_pass(kind, what.clone(), bytes, threads)?);
            }
            model.steps.push(time_step(particles, threads)?);
            tick();
        }
    }
    Ok(model)
}

/// Units of work [`run`] ticks for.
pub fn ticks() -> u64 {
    2 + 2 * COUNTS.len() as u64
}

/// The streaming read-modify-write row matching a step's state size and threads.
fn rmw_for<'a>(model: &'a CostModel, step: &StepRow) -> Option<&'a MemoryRow> {
    model.memory.iter().find(|m| {
        m.kind == "rmw"
            && m.threads == step.threads
            && m.bytes / 8 == step.particles * STATE_BYTES / 8
    })
}

/// Writes `memory.md` (the tables with their notes) and `memory.csv`
/// (memory rows, then step rows) into `out`.
fn write_report(out: &std::path::Path, model: &CostModel) -> Result<(), String> {
    let mut memory = Table::new("case,buffer,MB,threads,ms a pass,GB/s".split(','));
    for m in &model.memory {
        memory.push([
            m.kind.to_string(),
            m.what.clone(),
            format!("{:.1}", m.bytes as f64 / 1e6),
            m.threads.to_string(),
            format!("{:.3}", m.ms),
            format!("{:.1}", m.gb_per_s()),
        ]);
    }
    let mut steps = Table::new(
        "particles,threads,step ms,particles stage ms,flow ms,ns/particle,MB streamed,GB/s,of rmw"
            .split(','),
    );
    for s in &model.steps {
        let fraction = rmw_for(model, s).map_or("–".to_string(), |m| {
            format!("{:.0}%", 100.0 * s.gb_per_s() / m.gb_per_s().max(1e-9))
        });
        steps.push([
            s.particles.to_string(),
            s.threads.to_string(),
            format!("{:.2}", s.step_ms),
            format!("{:.2}", s.particles_ms),
            format!("{:.3}", s.flow_ms),
            format!("{:.2}", s.ns_per_particle()),
            format!("{:.1}", s.bytes.streamed() as f64 / 1e6),
            format!("{:.1}", s.gb_per_s()),
            fraction,
        ]);
    }
    let mut md = format!(
        "## Memory system (cargo run -p hitfield-benches --release --bin memory)\n\n\
         Each pass reads and writes every byte of its buffer once (GB/s counts both); \
         median of {PASSES} passes after one warm-up pass. `copy`: one buffer into another; \
         `rmw`: every 64-bit word of one buffer read, incremented and written back. \
         State sizes are {STATE_BYTES} bytes a particle.\n\n{}\n\
         ## Field step against it\n\n\
         Library defaults (1280×720), seed 1, {WARMUP} steps, then the median of {STEPS}. \
         Streamed bytes a step: particle state read ({STATE_READ} B) and written ({STATE_WRITTEN} B) \
         for every particle, and the canvas read and written by the fade; trail pixels \
         (3 a particle on a calm step, read and written) land in the zone the fade has just \
         brought into the cache. The fraction is the step's rate over the streaming \
         read-modify-write's on a buffer the size of the particle state, same threads.\n\n{}",
        memory.markdown(),
        steps.markdown()
    );
    md.push_str(&summary(model));
    let mut csv = Table::new("kind,buffer,bytes,threads,ms,gb_per_s".split(','));
    for m in &model.memory {
        let (ms, rate) = (format!("{:.4}", m.ms), format!("{:.3}", m.gb_per_s()));
        csv.push([
            m.kind.to_string(),
            m.what.clone(),
            m.bytes.to_string(),
            m.threads.to_string(),
            ms,
            rate,
        ]);
    }
    for s in &model.steps {
        let (ms, rate) = (format!("{:.4}", s.step_ms), format!("{:.3}", s.gb_per_s()));
        let what = format!("{} particles", s.particles);
        csv.push([
            "step".to_string(),
            what,
            s.bytes.streamed().to_string(),
            s.threads.to_string(),
            ms,
            rate,
        ]);
    }
    program::write_report(out, "memory", &csv, &md)
}

/// The lines under the tables: the spread of time per particle and the
/// speed-up of 2 threads at 1M.
fn summary(model: &CostModel) -> String {
    let mut md = String::new();
    let per_particle: Vec<f64> = model
        .steps
        .iter()
        .filter(|s| s.threads == 2)
        .map(StepRow::ns_per_particle)
        .collect();
    if let (Some(lo), Some(hi)) = (
        per_particle.iter().copied().reduce(f64::min),
        per_particle.iter().copied().reduce(f64::max),
    ) {
        md.push_str(&format!(
            "\nTime per particle, 2 threads, {}–{}: {lo:.2}–{hi:.2} ns ({:.2}×).\n",
            COUNTS[0],
            COUNTS[COUNTS.len() - 1],
            hi / lo.max(1e-9)
        ));
    }
    let at = |threads| {
        model
            .steps
            .iter()
            .find(|s| s.particles == 1_000_000 && s.threads == threads)
    };
    if let (Some(one), Some(two)) = (at(1), at(2)) {
        md.push_str(&format!(
            "2 threads against 1 at 1M: {:.2}×.\n",
            one.step_ms / two.step_ms.max(1e-9)
        ));
    }
    md
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_bytes_follow_the_layout() {
        let b = StepBytes::of(1_000_000, 1280, 720);
        assert_eq!(b.state, 24_000_000);
        assert_eq!(b.canvas, 2 * 4 * 1280 * 720);
        assert_eq!(b.streamed(), 24_000_000 + 7_372_800);
    }

    #[test]
    fn the_report_fills_every_column() {
        let rmw = MemoryRow {
            kind: "rmw",
            what: "state of 1000".into(),
            bytes: 20_000,
            threads: 1,
            ms: 0.01,
        };
        let step = StepRow {
            particles: 1000,
            threads: 1,
            step_ms: 0.1,
            particles_ms: 0.05,
            flow_ms: 0.01,
            bytes: StepBytes::of(1000, 64, 64),
        };
        let model = CostModel {
            memory: vec![rmw],
            steps: vec![step],
        };
        let out = std::env::temp_dir().join(format!("hitfield-memory-{}", std::process::id()));
        write_report(&out, &model).expect("written");
        let csv = std::fs::read_to_string(out.join("memory.csv")).expect("csv");
        assert!(csv.lines().all(|l| l.split(',').count() == 6), "{csv}");
        let md = std::fs::read_to_string(out.join("memory.md")).expect("md");
        assert!(md.contains("| 1000 | 1 | 0.10 |"), "{md}");
        let _ = std::fs::remove_dir_all(out);
    }

    #[test]
    fn rates_count_both_directions() {
        let m = MemoryRow {
            kind: "rmw",
            what: "x".into(),
            bytes: 1_000_000,
            threads: 1,
            ms: 1.0,
        };
        assert!((m.gb_per_s() - 2.0).abs() < 1e-9);
    }
}
