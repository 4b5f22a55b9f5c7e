//! Property tests for the broad phase: [`SweepAndPrune::pairs`] equals a
//! brute-force test of every pair over random boxes (empty, `None`,
//! touching edges, huge coordinates), over several calls on one sweep so the
//! order kept from the last call is exercised; and [`Pose::world_bounds`]
//! gives the same rectangles as the plain `ceil`/`floor` formula.
//!
//! Case counts: 2000 scenes of 6 calls each; 20000 poses.

use hitfield::collide::broadphase::SweepAndPrune;
use hitfield::pose::{PixelRect, Pose};
use proptest::prelude::*;

/// Every pair `(i, j)`, `i < j`, of boxes sharing a pixel, in order.
fn brute_force(boxes: &[Option<PixelRect>]) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for i in 0..boxes.len() {
        for j in i + 1..boxes.len() {
            if let (Some(a), Some(b)) = (boxes[i], boxes[j]) {
                if a.intersect(&b).is_some() {
                    pairs.push((i, j));
                }
            }
        }
    }
    pairs
}

/// A coordinate of the given scale: small (many touching and overlapping
/// boxes), screen-sized, beyond `i32`, or at the ends of `i64`.
fn coord(rng: &mut fastrand::Rng, scale: u8) -> i64 {
    match scale {
        0 => rng.i64(-20..20),
        1 => rng.i64(-100..2000),
        2 => rng.i64(-(1 << 40)..(1 << 40)),
        _ => match rng.u8(0..4) {
            0 => i64::MIN + rng.i64(0..10),
            1 => i64::MAX - rng.i64(0..10),
            2 => i64::from(i32::MAX) + rng.i64(-5..5),
            _ => i64::from(i32::MIN) + rng.i64(-5..5),
        },
    }
}

/// A box: mostly a real one, sometimes `None`, empty or of zero width.
fn random_box(rng: &mut fastrand::Rng, scales: &[u8]) -> Option<PixelRect> {
    let scale = scales[rng.usize(0..scales.len())];
    let (x0, y0) = (coord(rng, scale), coord(rng, scale));
    let size = |rng: &mut fastrand::Rng| match scale {
        0 => rng.i64(0..12),
        1 => rng.i64(0..80),
        _ => {
            let bits = rng.u32(0..45);
            rng.i64(0..1 << bits)
        }
    };
    let (w, h) = (size(rng), size(rng));
    match rng.u8(0..20) {
        0 => None,
        1 => Some(PixelRect {
            x0,
            y0,
            x1: x0.saturating_sub(w),
            y1: y0.saturating_add(h),
        }),
        _ => Some(PixelRect {
            x0,
            y0,
            x1: x0.saturating_add(w),
            y1: y0.saturating_add(h),
        }),
    }
}

/// The next call's boxes: most move a little, some jump, appear or vanish;
/// sometimes the list grows, shrinks or is reversed.
fn next_boxes(rng: &mut fastrand::Rng, boxes: &mut Vec<Option<PixelRect>>, scales: &[u8]) {
    for b in boxes.iter_mut() {
        match rng.u8(0..30) {
            0 => *b = random_box(rng, scales),
            1 => *b = None,
            _ => {
                if let Some(r) = b {
                    let (dx, dy) = (rng.i64(-3..=3), rng.i64(-3..=3));
                    *r = PixelRect {
                        x0: r.x0.saturating_add(dx),
                        y0: r.y0.saturating_add(dy),
                        x1: r.x1.saturating_add(dx),
                        y1: r.y1.saturating_add(dy),
                    };
                }
            }
        }
    }
    match rng.u8(0..10) {
        0 => boxes.truncate(rng.usize(0..=boxes.len())),
        1 => boxes.extend((0..rng.usize(1..30)).map(|_| random_box(rng, scales))),
        2 => boxes.reverse(),
        _ => {}
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases(2000)))]

    #[test]
    fn pairs_equal_brute_force_over_several_calls(
        seed in any::<u64>(),
        len in prop_oneof![Just(0usize), 1usize..8, 8usize..200],
        scales in prop_oneof![
            Just(vec![0u8]),
            Just(vec![1u8]),
            Just(vec![0u8, 1]),
            Just(vec![0u8, 2]),
            Just(vec![0u8, 3]),
            Just(vec![0u8, 1, 2, 3]),
        ],
    ) {
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut boxes: Vec<_> = (0..len).map(|_| random_box(&mut rng, &scales)).collect();
        let mut sap = SweepAndPrune::new();
        for call in 0..6 {
            let expected = brute_force(&boxes);
            prop_assert_eq!(sap.pairs(&boxes), &expected[..], "call {}", call);
            next_boxes(&mut rng, &mut boxes, &scales);
        }
    }
}

/// [`Pose::world_bounds`] as first written, with `f64::ceil`/`floor`.
fn world_bounds_with_libm(pose: &Pose, w: u32, h: u32) -> Option<PixelRect> {
    if !pose.is_valid() || w == 0 || h == 0 {
        return None;
    }
    let (sin, cos) = f64::from(pose.rotation).sin_cos();
    let (wf, hf) = (f64::from(w), f64::from(h));
    let (cx, cy) = (f64::from(pose.x) + wf / 2.0, f64::from(pose.y) + hf / 2.0);
    let s = f64::from(pose.scale);
    let hx = s * (cos.abs() * wf + sin.abs() * hf) / 2.0;
    let hy = s * (sin.abs() * wf + cos.abs() * hf) / 2.0;
    let margin = if pose.is_integer_translation() {
        0.0
    } else {
        1e-6
    };
    let rect = PixelRect {
        x0: (cx - hx - 0.5 - margin).ceil() as i64,
        y0: (cy - hy - 0.5 - margin).ceil() as i64,
        x1: (cx + hx - 0.5 + margin).floor() as i64 + 1,
        y1: (cy + hy - 0.5 + margin).floor() as i64 + 1,
    };
    (!rect.is_empty()).then_some(rect)
}

/// Positions: small, half and quarter pixels, integers, the accepted limit
/// and beyond it, non-finite.
fn position() -> impl Strategy<Value = f32> {
    prop_oneof![
        -100.0f32..100.0,
        (-400i32..400).prop_map(|v| v as f32 / 4.0),
        (-2_000_000i32..2_000_000).prop_map(|v| v as f32),
        Just(Pose::MAX_COORD),
        Just(-Pose::MAX_COORD),
        -Pose::MAX_COORD..Pose::MAX_COORD,
        Just(Pose::MAX_COORD * 2.0),
        Just(f32::NAN),
        Just(f32::INFINITY),
    ]
}

fn pose() -> impl Strategy<Value = Pose> {
    let rotation = prop_oneof![
        Just(0.0f32),
        Just(-0.0f32),
        (-8i32..8).prop_map(|q| q as f32 * std::f32::consts::FRAC_PI_2),
        -7.0f32..7.0,
        -1e30f32..1e30,
        Just(f32::NAN),
    ];
    let scale = prop_oneof![
        Just(1.0f32),
        Just(Pose::MIN_SCALE),
        Just(Pose::MAX_SCALE),
        Pose::MIN_SCALE..Pose::MAX_SCALE,
        (1i32..=16).prop_map(|k| k as f32 / 4.0),
        Just(0.0f32),
        Just(-1.0f32),
    ];
    (position(), position(), rotation, scale).prop_map(|(x, y, rotation, scale)| Pose {
        x,
        y,
        rotation,
        scale,
    })
}

fn side() -> impl Strategy<Value = u32> {
    prop_oneof![
        Just(0u32),
        Just(1u32),
        1u32..200,
        Just(8192u32),
        Just(u32::MAX),
        any::<u32>()
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(crate::cases(20000)))]

    #[test]
    fn world_bounds_equal_the_libm_formula(pose in pose(), w in side(), h in side()) {
        prop_assert_eq!(pose.world_bounds(w, h), world_bounds_with_libm(&pose, w, h));
    }
}
