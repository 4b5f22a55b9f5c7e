//! The fast field step equals the plain reference bit for bit, serial or
//! parallel, on 1 or 2 threads.

use hitfield::field::Field;
use hitfield::profile::StageTimes;
use hitfield::reference;
use hitfield::settings::FieldSettings;
use proptest::prelude::*;

fn settings() -> impl Strategy<Value = FieldSettings> {
    (
        (1u32..70, 1u32..70, 0usize..400, any::<u64>(), 1u32..12),
        (
            0.0f64..0.2,
            0.0f64..2.0,
            0.0f32..3.0,
            0.0f32..40.0,
            0.0f32..3.0,
            any::<u8>(),
        ),
    )
        .prop_map(
            |(
                (width, height, particles, seed, cell_size),
                (freq, evo, base, scale, wander, fade),
            )| {
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
            },
        )
}

fn assert_same(a: &Field, b: &Field) {
    assert_eq!(a.canvas(), b.canvas(), "canvas differs");
    let (pa, pb) = (a.particles(), b.particles());
    assert_eq!(pa, pb, "particles differ");
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn fast_step_equals_reference(s in settings(), steps in 1usize..6, serial in any::<bool>()) {
        let mut s = s;
        s.parallel = !serial;
        let mut fast = Field::new(&s).expect("valid settings");
        let mut plain = fast.clone();
        let mut times = StageTimes::default();
        for _ in 0..steps {
            pool(2).install(|| fast.step(1.0 / 60.0, &mut times));
            reference::field::step(&mut plain, 1.0 / 60.0);
            assert_same(&fast, &plain);
        }
    }
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
