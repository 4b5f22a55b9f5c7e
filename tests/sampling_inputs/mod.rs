//! Inputs shared by the two sampling property tests (`sample_props.rs` and
//! `posed_sample_props.rs`): canvases whose levels sit on the thresholds,
//! random masks, poses and thresholds.

use hitfield::field::Canvas;
use hitfield::mask::Mask;
use hitfield::pose::Pose;
use hitfield::settings::Channel;
use hitfield::ships::Thresholds;
use proptest::prelude::*;
/// A canvas whose pixels take few distinct values, so thresholds land exactly on them.
pub fn canvas(w: u32, h: u32, seed: u64) -> Canvas {
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

pub fn mask(w: u32, h: u32, density: f64, seed: u64) -> Mask {
    let mut rng = fastrand::Rng::with_seed(seed);
    Mask::from_fn(w, h, |_, _| rng.f64() < density)
}

pub fn pose_strategy() -> impl Strategy<Value = Pose> {
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

pub fn thresholds_strategy() -> impl Strategy<Value = Thresholds> {
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
