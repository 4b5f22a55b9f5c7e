//! Sampling through posed masks equals the plain per-pixel reference bit for
//! bit: the count and the texels hit, and the world pixels hit are exactly
//! the covered pixels (coverage rule) whose canvas pixel passes the field
//! thresholds.
//!
//! 2000 cases per run.

use hitfield::collide::{PosedMask, RasterMethod};
use hitfield::field::Canvas;
use hitfield::mask::Mask;
use hitfield::pose::Pose;
use hitfield::reference;
use hitfield::settings::Channel;
use hitfield::ships::{sample_posed, HitMap, HitPixels, Thresholds};
use proptest::prelude::*;

/// A canvas whose pixels take few distinct values, so thresholds land exactly on them.
fn canvas(w: u32, h: u32, seed: u64) -> Canvas {
    let mut rng = fastrand::Rng::with_seed(seed);
    let levels = [0u8, 1, 99, 100, 101, 254, 255];
    let mut c = Canvas::new(w, h).expect("valid canvas size");
    for p in c.pixels_mut() {
        *p = [
            levels[rng.usize(..levels.len())],
            levels[rng.usize(..levels.len())],
            levels[rng.usize(..levels.len())],
            levels[rng.usize(..levels.len())],
        ];
    }
    c
}

fn mask(w: u32, h: u32, density: f64, seed: u64) -> Mask {
    let mut rng = fastrand::Rng::with_seed(seed);
    Mask::from_fn(w, h, |_, _| rng.f64() < density)
}

fn pose_strategy() -> impl Strategy<Value = Pose> {
    prop_oneof![
        // Integer translations, including far outside the canvas.
        (-150i32..250, -150i32..250).prop_map(|(x, y)| Pose::at(x as f32, y as f32)),
        // Fractional, rotated, scaled.
        (
            -150.0f32..250.0,
            -150.0f32..250.0,
            -7.0f32..7.0,
            0.2f32..4.0
        )
            .prop_map(|(x, y, r, s)| Pose {
                x,
                y,
                rotation: r,
                scale: s
            }),
        // Quarter turns and exact scales.
        (
            -50i32..120,
            -50i32..120,
            0u8..4,
            prop::sample::select(vec![0.5f32, 1.0, 2.0, 3.0])
        )
            .prop_map(|(x, y, q, s)| Pose {
                x: x as f32,
                y: y as f32,
                rotation: f32::from(q) * std::f32::consts::FRAC_PI_2,
                scale: s
            }),
    ]
}

fn thresholds_strategy() -> impl Strategy<Value = Thresholds> {
    let level = prop::sample::select(vec![0u8, 1, 99, 100, 101, 254, 255]);
    (
        level.clone(),
        level,
        prop::sample::select(vec![Channel::Red, Channel::Green, Channel::Blue]),
    )
        .prop_map(|(a, c, ch)| Thresholds {
            field_alpha_min: a,
            colour_min: c,
            colour_channel: ch,
            ship_alpha_min: 100,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn posed_sampling_equals_reference(
        (cw, ch, cseed) in (1u32..200, 1u32..150, any::<u64>()),
        (mw, mh, density, mseed) in (1u32..90, 1u32..40, 0.0f64..1.0, any::<u64>()),
        pose in pose_strategy(),
        t in thresholds_strategy(),
        runs in any::<bool>(),
    ) {
        let c = canvas(cw, ch, cseed);
        let m = mask(mw, mh, density, mseed);
        let mut want_hits = HitMap::default();
        let want = reference::sample::sample(&c, &m, &pose, &t, &mut want_hits);
        let mut posed = PosedMask::default();
        let method = if runs { RasterMethod::Runs } else { RasterMethod::Auto };
        posed.rebuild_with(&m, &pose, method);
        let (mut hits, mut pixels) = (HitMap::default(), HitPixels::default());
        let got = sample_posed(&c, &m, &posed, &t, &mut hits, &mut pixels);
        prop_assert_eq!(got, want);
        prop_assert_eq!(&hits, &want_hits);
        // World pixels: covered and passing, nothing else, each once.
        let mut expected = Vec::new();
        for y in 0..i64::from(ch) {
            for x in 0..i64::from(cw) {
                let passes = c.get(x, y).is_some_and(|p| t.field_passes(p));
                if passes && reference::collide::covers(&m, &pose, x, y) {
                    expected.push((x, y));
                }
            }
        }
        let listed: Vec<(i64, i64)> = pixels.iter().collect();
        prop_assert_eq!(&listed, &expected);
        prop_assert_eq!(pixels.len(), got as usize);
        prop_assert_eq!(pixels.is_empty(), got == 0);
        for &(x, y) in expected.iter().take(20) {
            prop_assert!(pixels.contains(x, y));
        }
        prop_assert!(!pixels.contains(-1, -1));
    }
}
