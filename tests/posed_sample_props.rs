//! Sampling through posed masks equals the plain per-pixel reference bit for
//! bit: the count and the texels hit, and the world pixels hit are exactly
//! the covered pixels (coverage rule) whose canvas pixel passes the field
//! thresholds. Every case runs on every sampling path this CPU has
//! (instruction set × texel writes).
//!
//! 2000 cases per run.

use hitfield::collide::{PosedMask, RasterMethod};
use hitfield::cpu::Isa;
use hitfield::reference;
use hitfield::ships::{sample_posed, sample_posed_with, HitMap, HitPixels, TexelWrites};
use proptest::prelude::*;

mod sampling_inputs;

use sampling_inputs::{canvas, mask, pose_strategy, thresholds_strategy};

/// Every sampling path this CPU has: instruction set (forced with
/// [`Isa::force`]) × texel writes.
fn paths() -> Vec<(Isa, TexelWrites)> {
    Isa::supported()
        .flat_map(|isa| [TexelWrites::Scratch, TexelWrites::Bits].map(|t| (isa, t)))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(2000), ..ProptestConfig::default() })]

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
        let method = if runs { RasterMethod::Edges } else { RasterMethod::Auto };
        posed.rebuild_with(&m, &pose, method);
        let (mut hits, mut pixels) = (HitMap::default(), HitPixels::default());
        let got = sample_posed(&c, &m, &posed, &t, &mut hits, &mut pixels);
        prop_assert_eq!(got, want);
        prop_assert_eq!(&hits, &want_hits);
        for path in paths() {
            let _isa = path.0.force().expect("supported");
            // Maps left over from another sample must not leak into this one.
            let mut h = HitMap::new(70, 3);
            h.insert(66, 2);
            let mut p = pixels.clone();
            let n = sample_posed_with(path.1, &c, &m, &posed, &t, &mut h, &mut p);
            prop_assert_eq!(n, want, "{:?}", path);
            prop_assert_eq!(&h, &want_hits, "{:?}", path);
            prop_assert_eq!(&p, &pixels, "{:?}", path);
        }
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

/// A sprite whose hit map needs more scratch than the limit takes the
/// bit-by-bit path, and a posed mask built for another size hits nothing.
#[test]
fn huge_sprites_and_mismatched_posed_masks() {
    let c = canvas(150, 120, 9);
    let t = hitfield::ships::Thresholds {
        field_alpha_min: 99,
        colour_min: 1,
        colour_channel: hitfield::settings::Channel::Green,
        ship_alpha_min: 100,
    };
    // 2100 × 2100 needs 33 · 64 · 2100 ≈ 4.4 M bytes of scratch (> 4 Mi).
    let m = mask(2100, 2100, 0.5, 3);
    let pose = hitfield::pose::Pose {
        x: -1000.3,
        y: -990.0,
        rotation: 0.7,
        scale: 1.0,
    };
    let mut want_hits = HitMap::default();
    let want = reference::sample::sample(&c, &m, &pose, &t, &mut want_hits);
    assert!(want > 1000, "the sprite covers the canvas: {want}");
    let posed = PosedMask::new(&m, &pose);
    for path in paths() {
        let _isa = path.0.force().expect("supported");
        let (mut hits, mut pixels) = (HitMap::default(), HitPixels::default());
        let got = sample_posed_with(path.1, &c, &m, &posed, &t, &mut hits, &mut pixels);
        assert_eq!(got, want, "{path:?}");
        assert!(hits == want_hits, "{path:?}");
    }
    let other = mask(2100, 2099, 0.5, 3);
    let (mut hits, mut pixels) = (HitMap::default(), HitPixels::default());
    assert_eq!(
        sample_posed(&c, &other, &posed, &t, &mut hits, &mut pixels),
        0
    );
    assert!(hits.is_empty() && pixels.is_empty());
}

/// A canvas where every pixel passes under a solid sprite: every group of
/// pixels is hit in full, at several angles and scales, on every path.
#[test]
fn every_pixel_passing_under_a_solid_sprite() {
    let mut c = hitfield::field::Canvas::new(300, 200).expect("valid canvas size");
    for p in c.pixels_mut() {
        *p = [255; 4];
    }
    let t = hitfield::ships::Thresholds {
        field_alpha_min: 1,
        colour_min: 1,
        colour_channel: hitfield::settings::Channel::Red,
        ship_alpha_min: 100,
    };
    let m = mask(90, 70, 1.0, 1);
    for (k, (rotation, scale)) in [
        (0.3f32, 1.0f32),
        (1.2, 1.0),
        (2.5, 0.7),
        (4.0, 1.6),
        (0.0, 1.0),
    ]
    .into_iter()
    .enumerate()
    {
        let pose = hitfield::pose::Pose {
            x: 60.0 + k as f32 * 0.25,
            y: 50.5,
            rotation,
            scale,
        };
        let mut want_hits = HitMap::default();
        let want = reference::sample::sample(&c, &m, &pose, &t, &mut want_hits);
        let posed = PosedMask::new(&m, &pose);
        for path in paths() {
            let _isa = path.0.force().expect("supported");
            let (mut hits, mut pixels) = (HitMap::default(), HitPixels::default());
            let got = sample_posed_with(path.1, &c, &m, &posed, &t, &mut hits, &mut pixels);
            assert_eq!(got, want, "{path:?} {pose:?}");
            assert!(hits == want_hits, "{path:?} {pose:?}");
        }
    }
}
