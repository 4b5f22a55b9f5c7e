//! Fast ship sampling equals the plain per-pixel reference, bit for bit.

use hitfield::field::Canvas;
use hitfield::mask::Mask;
use hitfield::pose::Pose;
use hitfield::reference;
use hitfield::settings::Channel;
use hitfield::ships::{sample, HitMap, Thresholds};
use proptest::prelude::*;

mod sampling_inputs;

use sampling_inputs::{canvas, mask, pose_strategy, thresholds_strategy};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases(1000)))]

    #[test]
    fn fast_sample_equals_reference(
        (cw, ch) in (1u32..120, 1u32..120),
        (mw, mh) in prop_oneof![(1u32..3, 1u32..3), (1u32..140, 1u32..90)],
        density in prop::sample::select(vec![0.0, 0.3, 0.9, 1.0]),
        pose in pose_strategy(),
        t in thresholds_strategy(),
        seed in any::<u64>(),
    ) {
        let c = canvas(cw, ch, seed);
        let m = mask(mw, mh, density, seed ^ 1);
        let (mut fast, mut plain) = (HitMap::default(), HitMap::default());
        let n_fast = sample(&c, &m, &pose, &t, &mut fast);
        let n_plain = reference::sample::sample(&c, &m, &pose, &t, &mut plain);
        prop_assert_eq!(n_fast, n_plain);
        prop_assert_eq!(fast, plain);
    }
}

/// Thresholds on the red channel, every one at `min`.
fn red_at(min: u8) -> Thresholds {
    Thresholds {
        field_alpha_min: min,
        colour_min: min,
        colour_channel: Channel::Red,
        ship_alpha_min: min,
    }
}

#[test]
fn hit_needs_all_three_thresholds_at_their_boundaries() {
    let mut c = Canvas::new(4, 1).expect("valid canvas size");
    c.pixels_mut()[0] = [100, 0, 0, 100]; // exactly at both: hit
    c.pixels_mut()[1] = [99, 0, 0, 255]; // red one below: miss
    c.pixels_mut()[2] = [255, 0, 0, 99]; // alpha one below: miss
    c.pixels_mut()[3] = [255, 0, 0, 255]; // ship texel not solid: miss
    let m = Mask::from_fn(4, 1, |x, _| x != 3);
    let t = red_at(100);
    let mut hits = HitMap::default();
    assert_eq!(sample(&c, &m, &Pose::at(0.0, 0.0), &t, &mut hits), 1);
    assert!(hits.contains(0, 0) && hits.len() == 1);
}

#[test]
fn non_square_sprites_index_rows_by_width() {
    // A known `i / h` slip of row-major indexing: a 5×2 sprite must map texel (4, 1) to pixel (4, 1).
    let mut c = Canvas::new(10, 10).expect("valid canvas size");
    c.pixels_mut()[10 + 4] = [255, 255, 255, 255];
    let m = Mask::from_fn(5, 2, |_, _| true);
    let t = red_at(1);
    let mut hits = HitMap::default();
    assert_eq!(sample(&c, &m, &Pose::at(0.0, 0.0), &t, &mut hits), 1);
    assert!(hits.contains(4, 1));
}

#[test]
fn windows_outside_the_canvas_are_clipped() {
    let mut c = Canvas::new(8, 8).expect("valid canvas size");
    for p in c.pixels_mut() {
        *p = [255; 4];
    }
    let m = Mask::from_fn(4, 4, |_, _| true);
    let t = red_at(1);
    let mut hits = HitMap::default();
    assert_eq!(sample(&c, &m, &Pose::at(-2.0, -2.0), &t, &mut hits), 4);
    assert!(hits.contains(2, 2) && !hits.contains(0, 0));
    assert_eq!(sample(&c, &m, &Pose::at(100.0, 0.0), &t, &mut hits), 0);
    assert_eq!(sample(&c, &m, &Pose::at(f32::NAN, 0.0), &t, &mut hits), 0);
    assert!(hits.is_empty());
}
