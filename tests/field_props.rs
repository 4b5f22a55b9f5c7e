//! The fast field step equals the plain reference bit for bit, serial or
//! parallel, on 1, 2 or 3 threads (many orders of the bin tasks), on every
//! instruction set this CPU has; also across resizes and live changes of
//! the particle count.

use hitfield::cpu::Isa;
use hitfield::field::Field;
use hitfield::profile::StageTimes;
use hitfield::reference;
use hitfield::settings::FieldSettings;
use proptest::prelude::*;

/// The canvas and count, then the flow and motion values a strategy drew.
type Drawn = ((u32, u32, usize, u64, u32), (f64, f64, f32, f32, f32, u8));

/// Parallel field settings from what a strategy drew.
fn field_settings(
    ((width, height, particles, seed, cell_size), (freq, evo, base, scale, wander, fade)): Drawn,
) -> FieldSettings {
    FieldSettings {
        width,
        height,
        particles,
        seed,
        cell_size,
        noise_frequency: freq,
        evolution_speed: evo,
        base_speed: base,
        speed_scale: scale,
        wander,
        fade,
        parallel: true,
    }
}

fn settings() -> impl Strategy<Value = FieldSettings> {
    (
        (1u32..200, 1u32..300, 0usize..600, any::<u64>(), 1u32..12),
        (
            0.0f64..0.2,
            0.0f64..2.0,
            0.0f32..3.0,
            0.0f32..40.0,
            0.0f32..3.0,
            any::<u8>(),
        ),
    )
        .prop_map(field_settings)
}

/// The instruction sets this CPU can run.
fn supported() -> Vec<Isa> {
    Isa::ALL
        .into_iter()
        .filter(|isa| isa.is_supported())
        .collect()
}

/// One step of `f` with `isa` forced (on the thread that steps: inside a
/// pool's `install`, the pool's).
fn step_with(isa: Isa, f: &mut Field, times: &mut StageTimes) {
    let _isa = isa.force().expect("supported");
    f.step(1.0 / 60.0, times);
}

fn assert_same(a: &Field, b: &Field) {
    assert_eq!(a.canvas(), b.canvas(), "canvas differs");
    let (pa, pb) = (a.particles(), b.particles());
    assert_eq!(pa, pb, "particles differ");
}

/// A pool of `threads` threads; where threads cannot be spawned (wasm32
/// under WASI) work runs on the calling thread, as rayon's global pool
/// does there.
struct Pool(Option<rayon::ThreadPool>);

impl Pool {
    fn install<R: Send>(&self, work: impl FnOnce() -> R + Send) -> R {
        match &self.0 {
            Some(pool) => pool.install(work),
            None => work(),
        }
    }
}

fn pool(threads: usize) -> Pool {
    let built = rayon::ThreadPoolBuilder::new().num_threads(threads).build();
    if cfg!(target_os = "wasi") {
        return Pool(built.ok());
    }
    Pool(Some(built.expect("thread pool")))
}

/// A change to apply to a running field between two steps.
#[derive(Clone, Debug)]
enum Change {
    None,
    Resize(u32, u32),
    Count(usize),
}

fn change() -> impl Strategy<Value = Change> {
    prop_oneof![
        4 => Just(Change::None),
        1 => (1u32..200, 1u32..300).prop_map(|(w, h)| Change::Resize(w, h)),
        1 => (0usize..900).prop_map(Change::Count),
    ]
}

fn apply(f: &mut Field, c: &Change) {
    let mut s = f.settings().clone();
    match *c {
        Change::None => return,
        Change::Resize(w, h) => (s.width, s.height) = (w, h),
        Change::Count(n) => s.particles = n,
    }
    f.apply_settings(&s).expect("valid settings");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases(300)))]

    #[test]
    fn fast_step_equals_reference(
        s in settings(),
        changes in prop::collection::vec(change(), 1..6),
        serial in any::<bool>(),
        threads in 1usize..=3,
        isa_pick in any::<prop::sample::Index>(),
    ) {
        let mut s = s;
        s.parallel = !serial;
        let isas = supported();
        let isa = isas[isa_pick.index(isas.len())];
        let mut fast = Field::new(&s).expect("valid settings");
        let mut plain = fast.clone();
        let mut times = StageTimes::default();
        let pool = pool(threads);
        for c in &changes {
            pool.install(|| step_with(isa, &mut fast, &mut times));
            reference::field::step(&mut plain, 1.0 / 60.0);
            assert_same(&fast, &plain);
            apply(&mut fast, c);
            apply(&mut plain, c);
            assert_same(&fast, &plain);
        }
    }

    /// Particles faster than half a band (and than the canvas) per step.
    #[test]
    fn fast_particles_equal_reference(
        s in settings(),
        base in 10.0f32..100.0,
        scale in 0.0f32..100.0,
        isa_pick in any::<prop::sample::Index>(),
    ) {
        let s = FieldSettings { base_speed: base, speed_scale: scale, ..s };
        let isas = supported();
        let isa = isas[isa_pick.index(isas.len())];
        let mut fast = Field::new(&s).expect("valid settings");
        let mut plain = fast.clone();
        let mut times = StageTimes::default();
        for _ in 0..3 {
            pool(2).install(|| step_with(isa, &mut fast, &mut times));
            reference::field::step(&mut plain, 1.0 / 60.0);
            assert_same(&fast, &plain);
        }
    }
}

/// Settings for a busy field: uniform or slowly varying flows (frequency
/// 0 makes every cell the same brightness, so all particles move the same
/// way: some cases straight up or down), moves of up to about 4 pixels a
/// step, short canvases where most moves change band or wrap, and wrapping
/// flows that pile particles against an edge.
fn busy_settings() -> impl Strategy<Value = FieldSettings> {
    (
        (8u32..300, 1u32..200, 200usize..3000, any::<u64>(), 1u32..40),
        (
            prop_oneof![Just(0.0f64), 0.0f64..0.05],
            0.0f64..2.0,
            0.0f32..1.5,
            0.0f32..4.0,
            0.0f32..3.0,
            any::<u8>(),
        ),
    )
        .prop_map(field_settings)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases(64)))]

    /// Busy flows, stepped long enough for particles to cross bands, wrap
    /// back and forth and crowd: every instruction set this CPU has, on 1
    /// and 2 threads, equals the reference after every step. With `tall`,
    /// the particles start in the top rows of a canvas grown to `tall`
    /// rows, so they crowd into one or two bands.
    #[test]
    fn busy_flows_equal_reference_on_every_isa(
        s in busy_settings(),
        tall in prop::option::of(64u32..400),
        steps in 10usize..40,
    ) {
        let mut plain = Field::new(&s).expect("valid settings");
        if let Some(h) = tall {
            let grown = FieldSettings { height: h.max(s.height), ..s.clone() };
            plain.apply_settings(&grown).expect("valid settings");
        }
        let mut fields: Vec<(Isa, usize, Field)> = supported()
            .into_iter()
            .flat_map(|isa| {
                [1, 2].map(|t| (isa, t, plain.clone()))
            })
            .collect();
        let pools = [pool(1), pool(2)];
        let mut times = StageTimes::default();
        for step in 0..steps {
            reference::field::step(&mut plain, 1.0 / 60.0);
            for (isa, threads, f) in &mut fields {
                pools[*threads - 1].install(|| step_with(*isa, f, &mut times));
                prop_assert!(f.canvas() == plain.canvas(), "canvas: {:?} on {} threads, step {}", isa, threads, step);
                prop_assert!(f.particles() == plain.particles(), "particles: {:?} on {} threads, step {}", isa, threads, step);
            }
        }
    }
}

#[test]
fn every_instruction_set_equals_reference_at_scale() {
    let s = FieldSettings {
        width: 640,
        height: 360,
        particles: 50_000,
        seed: 11,
        ..FieldSettings::default()
    };
    let mut plain = Field::new(&s).expect("valid settings");
    let mut fields: Vec<(Isa, usize, Field)> = supported()
        .into_iter()
        .flat_map(|isa| [1, 2].map(|t| (isa, t, Field::new(&s).expect("valid settings"))))
        .collect();
    assert!(fields.len() >= 2);
    let mut times = StageTimes::default();
    for step in 0..15 {
        if step == 8 {
            // A live count change mid-run.
            let more = FieldSettings {
                particles: 70_000,
                ..s.clone()
            };
            plain.apply_settings(&more).expect("valid settings");
            for (_, _, f) in &mut fields {
                f.apply_settings(&more).expect("valid settings");
            }
        }
        reference::field::step(&mut plain, 1.0 / 60.0);
        for (isa, threads, f) in &mut fields {
            pool(*threads).install(|| step_with(*isa, f, &mut times));
            assert_eq!(
                f.canvas(),
                plain.canvas(),
                "{isa:?} on {threads} threads, step {step}"
            );
            assert_eq!(
                f.particles(),
                plain.particles(),
                "{isa:?} on {threads} threads"
            );
        }
    }
}

#[test]
fn an_unsupported_instruction_set_is_refused_with_its_name() {
    for isa in Isa::ALL {
        match isa.force() {
            Ok(_forced) => assert_eq!(Isa::chosen(), isa),
            Err(e) => {
                assert!(!isa.is_supported());
                assert!(e.to_string().contains(&format!("{isa:?}")), "{e}");
            }
        }
    }
    assert!(Isa::detect().is_supported());
}

#[test]
fn same_bits_on_one_and_two_threads_at_scale() {
    let s = FieldSettings {
        width: 320,
        height: 200,
        particles: 60_000,
        seed: 9,
        ..FieldSettings::default()
    };
    let mut one = Field::new(&s).expect("valid settings");
    let mut two = one.clone();
    let mut plain = one.clone();
    let mut times = StageTimes::default();
    for _ in 0..20 {
        pool(1).install(|| one.step(1.0 / 60.0, &mut times));
        pool(2).install(|| two.step(1.0 / 60.0, &mut times));
        reference::field::step(&mut plain, 1.0 / 60.0);
    }
    assert_same(&one, &two);
    assert_same(&one, &plain);
    let lit = one.canvas().pixels().iter().filter(|p| p[3] > 0).count();
    assert!(lit > 10_000, "trails should cover the canvas, got {lit}");
}

#[test]
fn count_changes_keep_the_particles_that_stay() {
    let s = FieldSettings {
        width: 100,
        height: 80,
        particles: 1000,
        ..FieldSettings::default()
    };
    let mut f = Field::new(&s).expect("valid settings");
    let mut times = StageTimes::default();
    f.step(0.016, &mut times);
    let before: Vec<f32> = f.particles().x[..500].to_vec();
    f.apply_settings(&FieldSettings {
        particles: 500,
        ..s.clone()
    })
    .expect("valid settings");
    assert_eq!(f.particles().x, before);
    f.apply_settings(&FieldSettings {
        particles: 3000,
        ..s.clone()
    })
    .expect("valid settings");
    assert_eq!(f.particle_count(), 3000);
    assert_eq!(&f.particles().x[..500], &before[..]);
    f.step(0.016, &mut times);
    f.apply_settings(&FieldSettings { particles: 0, ..s })
        .expect("valid settings");
    f.step(0.016, &mut times);
    assert_eq!(f.particle_count(), 0);
}

#[test]
fn wrapped_moves_are_not_drawn_across_the_canvas() {
    // One fast particle, fade 255: each step only its newest segment is visible.
    let s = FieldSettings {
        width: 60,
        height: 40,
        particles: 1,
        fade: 255,
        base_speed: 6.0,
        speed_scale: 0.0,
        ..FieldSettings::default()
    };
    let mut f = Field::new(&s).expect("valid settings");
    let mut times = StageTimes::default();
    let mut wraps = 0;
    for _ in 0..300 {
        let (x0, y0) = (f.particles().x[0], f.particles().y[0]);
        f.step(0.016, &mut times);
        let p = f.particles();
        let (dx, dy) = (p.x[0] - x0, p.y[0] - y0);
        if dx.abs() > 7.0 || dy.abs() > 7.0 {
            wraps += 1;
        }
        let lit = f.canvas().pixels().iter().filter(|p| p[3] > 0).count();
        // Two pieces of at most 6 px plus end pixels each; a line across would be ≥ 30.
        assert!(lit <= 2 * 9, "{lit} pixels lit in one step");
        assert!(lit >= 1);
    }
    assert!(wraps > 0, "the particle should have wrapped");
}

/// With `HITFIELD_REQUIRE_ISA=NAME` (CI sets `Simd128` on aarch64 and
/// wasm32), the build must have that instruction set and pick it: a wasm
/// build without simd128 would otherwise test the scalar path alone and
/// pass.
#[test]
fn the_required_instruction_set_is_detected() {
    let Ok(name) = std::env::var("HITFIELD_REQUIRE_ISA") else {
        return;
    };
    let isa = Isa::ALL.into_iter().find(|i| format!("{i:?}") == name);
    let isa = isa.unwrap_or_else(|| panic!("HITFIELD_REQUIRE_ISA={name}: no such Isa"));
    assert!(isa.is_supported(), "{isa:?} is not supported here");
    assert_eq!(Isa::detect(), isa);
    assert!(supported().contains(&isa));
}
