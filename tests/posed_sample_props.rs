//! Sampling through posed masks equals the plain per-pixel reference bit for
//! bit: the count and the texels hit, and the world pixels hit are exactly
//! the covered pixels (coverage rule) whose canvas pixel passes the field
//! thresholds.
//!
//! 2000 cases per run.

use hitfield::collide::{PosedMask, RasterMethod};
use hitfield::reference;
use hitfield::ships::{sample_posed, HitMap, HitPixels};
use proptest::prelude::*;

mod sampling_inputs;

use sampling_inputs::{canvas, mask, pose_strategy, thresholds_strategy};

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
        let method = if runs { RasterMethod::Edges } else { RasterMethod::Auto };
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
