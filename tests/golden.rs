//! One canvas on every target: fixed runs whose canvas hash, hits and
//! contacts are committed here. Every instruction set this CPU has is
//! forced in turn (on every thread of the pool), on 1 and 2 threads; CI
//! runs this on x86-64 Linux, aarch64 (qemu), wasm32-wasip1 scalar and
//! simd128 (Wasmtime) and x86-64 Windows (wine), so a kernel or platform
//! that drifts by one bit fails here.

use hitfield::cpu::Isa;
use hitfield::settings::Settings;
use hitfield::ships::ShipSprite;
use hitfield::world::World;

/// What a run must give.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Golden {
    /// [`World::canvas_hash`] after the last step.
    canvas_hash: u64,
    /// Sum of every ship's hits.
    hits_total: u64,
    /// Steps in which at least one pair of ships touched.
    steps_with_contact: u64,
    /// Sum over steps of the touching pairs.
    pair_steps: u64,
    /// Sum over steps of the pixels two ships share.
    overlap_pixels: u64,
}

/// A fixed run: settings and steps.
struct Run {
    name: &'static str,
    settings: Settings,
    steps: u64,
    golden: Golden,
}

/// The README's sample (`hitfield headless --frames 120 --particles 20000
/// --ships 3 --seed 7 --sample-interval-ms 100 --width 640 --height 360`).
fn readme_sample() -> Run {
    let mut s = Settings::default();
    s.field.width = 640;
    s.field.height = 360;
    s.field.particles = 20_000;
    s.field.seed = 7;
    s.ships.count = 3;
    s.ships.sample_interval_ms = 100.0;
    Run {
        name: "README sample",
        settings: s,
        steps: 120,
        golden: Golden {
            canvas_hash: 0x006f_a36a_cb4a_2bb2,
            hits_total: 63_017,
            steps_with_contact: 0,
            pair_steps: 0,
            overlap_pixels: 0,
        },
    }
}

/// Every bin of a 1280×720 canvas (23 bands of 32 rows, the last sharing
/// the edge bin), enough particles for full vector blocks in each, past
/// two bin trims and memory releases (every 64 steps) and several sorts
/// (every 16); 16 rotating ships at 1.5× scale that sample and touch each
/// other every step. Small enough for qemu and Wasmtime.
fn crowded() -> Run {
    let mut s = Settings::default();
    s.field.particles = 60_000;
    s.field.seed = 3;
    s.ships.count = 16;
    s.ships.scale = 1.5;
    s.ships.sample_interval_ms = 50.0;
    Run {
        name: "crowded",
        settings: s,
        steps: 130,
        golden: Golden {
            canvas_hash: 0x0af7_542d_efb7_e3da,
            hits_total: 1_372_098,
            steps_with_contact: 130,
            pair_steps: 217,
            overlap_pixels: 88_019,
        },
    }
}

impl std::fmt::Display for Golden {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "canvas_hash {:016x}, hits_total {}, steps_with_contact {}, pair_steps {}, overlap_pixels {}",
            self.canvas_hash,
            self.hits_total,
            self.steps_with_contact,
            self.pair_steps,
            self.overlap_pixels
        )
    }
}

fn world(s: &Settings) -> World {
    let sprites = ShipSprite::defaults(s.ships.ship_alpha_min);
    World::new(s.clone(), sprites).expect("valid settings")
}

/// Steps `run` on the calling thread and returns what it gave.
fn play(run: &Run) -> Golden {
    let mut w = world(&run.settings);
    let mut got = Golden {
        canvas_hash: 0,
        hits_total: 0,
        steps_with_contact: 0,
        pair_steps: 0,
        overlap_pixels: 0,
    };
    for _ in 0..run.steps {
        w.step();
        let contacts = w.contacts();
        got.steps_with_contact += u64::from(!contacts.is_empty());
        got.pair_steps += contacts.len() as u64;
        got.overlap_pixels += contacts.iter().map(|c| c.overlap.count).sum::<u64>();
    }
    got.canvas_hash = w.canvas_hash();
    got.hits_total = w.ships().iter().map(|s| s.hits_total()).sum();
    got
}

/// `run` with `isa` forced on `threads` threads (every thread of the pool
/// forces it), or `None` when this target cannot start threads and
/// `threads > 1` (wasm32-wasip1).
fn play_on(run: &Run, isa: Isa, threads: usize) -> Option<Golden> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .start_handler(move |_| std::mem::forget(isa.force().expect("supported")))
        .build();
    match pool {
        Ok(pool) => Some(pool.install(|| play(run))),
        Err(e) if cfg!(target_family = "wasm") => {
            if threads > 1 {
                return None;
            }
            eprintln!("no thread pool here ({e}): {isa:?} on the calling thread");
            let _isa = isa.force().expect("supported");
            Some(play(run))
        }
        Err(e) => panic!("thread pool of {threads}: {e}"),
    }
}

/// With `HITFIELD_REQUIRE_ISA=NAME` (CI sets it on the emulated targets),
/// that set must be among those checked.
fn check_required(checked: &[Isa]) {
    let Ok(name) = std::env::var("HITFIELD_REQUIRE_ISA") else {
        return;
    };
    assert!(
        checked.iter().any(|isa| format!("{isa:?}") == name),
        "HITFIELD_REQUIRE_ISA={name}: only {checked:?} were checked"
    );
}

fn check(run: Run) {
    let isas: Vec<Isa> = Isa::supported().collect();
    check_required(&isas);
    let mut failures = Vec::new();
    for &isa in &isas {
        for threads in [1, 2] {
            let Some(got) = play_on(&run, isa, threads) else {
                continue;
            };
            eprintln!("{}: {isa:?} on {threads} thread(s): {got}", run.name);
            if got != run.golden {
                failures.push(format!("  {isa:?} on {threads} thread(s): {got}"));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{}: expected {}, got\n{}",
        run.name,
        run.golden,
        failures.join("\n")
    );
}

#[test]
fn readme_sample_gives_its_canvas_everywhere() {
    check(readme_sample());
}

#[test]
fn crowded_run_gives_its_canvas_everywhere() {
    let run = crowded();
    let golden = run.golden;
    check(run);
    // The run reaches what it is here for.
    assert!(golden.pair_steps > 0, "no contacts");
    assert!(golden.hits_total > 0, "no hits");
}
