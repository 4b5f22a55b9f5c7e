//! Property tests: the fast sprite-against-sprite queries equal the plain
//! per-pixel reference bit for bit, are symmetric in their arguments, and
//! survive any input; the broad phase equals brute force.
//!
//! Case counts: 6000 exact cases, 2000 option cases, 3000 + 3000 wild-input cases,
//! 500 broad-phase cases per run. Two ignored long runs, 200 000 cases each:
//! wild input, and valid poses that meet (with options), both against the
//! reference: `cargo test --release --test collide_props -- --ignored`.

use hitfield::collide::broadphase::SweepAndPrune;
use hitfield::collide::{self, Overlap, QueryOptions};
use hitfield::mask::Mask;
use hitfield::pose::{PixelRect, Pose};
use hitfield::reference::collide as reference;
use proptest::prelude::*;

mod overlap_bits;
use overlap_bits::overlap_bits;

/// A mask of random bits; `density` 0 gives no solid texel, 1 all solid.
fn mask_from(w: u32, h: u32, seed: u64, density: f32) -> Mask {
    let mut rng = fastrand::Rng::with_seed(seed);
    // Sometimes a blob (shapes with holes and edges), sometimes noise.
    let blob = seed.is_multiple_of(3);
    let (cx, cy, r) = (w as f32 / 2.0, h as f32 / 2.0, (w.min(h) as f32) * 0.6);
    Mask::from_fn(w, h, |x, y| {
        let noise = rng.f32() < density;
        if blob {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            noise && (dx * dx + dy * dy).sqrt() < r
        } else {
            noise
        }
    })
}

fn width() -> impl Strategy<Value = u32> {
    prop_oneof![
        1u32..=20,
        Just(1),
        Just(63),
        Just(64),
        Just(65),
        Just(130),
        21u32..=140,
        // Rows of four words and more (the block kernel's whole groups).
        Just(257),
        250u32..=620
    ]
}

fn mask() -> impl Strategy<Value = Mask> {
    (
        width(),
        1u32..=24,
        any::<u64>(),
        prop_oneof![
            1 => Just(0.0f32),
            1 => Just(1.0f32),
            6 => 0.05f32..0.95,
            // Sparse: the few shared pixels land anywhere in a row.
            1 => 0.005f32..0.03
        ],
    )
        .prop_map(|(w, h, seed, d)| mask_from(w, h, seed, d))
}

/// Two masks and poses that mostly put them on top of each other: offsets
/// scale with the masks' sizes (sometimes three times wider, so they miss).
/// Integer translations, fractional, rotated, scaled and quarter-turned
/// poses; sometimes both far from the origin.
fn case() -> impl Strategy<Value = (Mask, Mask, Pose, Pose)> {
    (mask(), mask())
        .prop_flat_map(|(a, b)| {
            let rx = (a.width() + b.width()) as i32 / 2 + 2;
            let ry = (a.height() + b.height()) as i32 / 2 + 2;
            (Just(a), Just(b), poses(rx, ry))
        })
        .prop_map(|(a, b, (pa, pb))| (a, b, pa, pb))
}

/// Two poses: A's corner within `±rx`, `±ry`; B's within half that of A's
/// (or three times that, so they often miss).
fn poses(rx: i32, ry: i32) -> impl Strategy<Value = (Pose, Pose)> {
    let near = prop_oneof![
        4 => (-rx / 2..=rx / 2, -ry / 2..=ry / 2),
        1 => (-3 * rx..3 * rx, -3 * ry..3 * ry),
    ];
    let at = (-rx..rx, -ry..ry);
    let frac = (0.0f32..1.0, 0.0f32..1.0);
    let turn = (-7.0f32..7.0, 0.3f32..2.5, -4i32..4);
    let one = (frac, 0u8..5, turn).prop_map(|((fx, fy), kind, (r, s, q))| PoseKind {
        kind,
        frac: (fx, fy),
        rotation: r,
        scale: s,
        quarter: q,
    });
    let far = prop_oneof![
        4 => Just(0.0f32),
        1 => Just(1_000_000.0f32),
        1 => Just(-3_000_000.0f32),
        1 => Just(536_870_912.0f32),
        1 => Just(-1_073_741_824.0f32),
    ];
    (at, near, one.clone(), one, far).prop_map(|((ax, ay), (dx, dy), pose_a, pose_b, k)| {
        let (mut a, mut b) = (pose_a.at(ax, ay), pose_b.at(ax + dx, ay + dy));
        for p in [&mut a, &mut b] {
            p.x += k;
            p.y -= k;
        }
        (a, b)
    })
}

/// A kind of pose, placed later with [`PoseKind::at`].
#[derive(Clone, Debug)]
struct PoseKind {
    kind: u8,
    frac: (f32, f32),
    rotation: f32,
    scale: f32,
    quarter: i32,
}

impl PoseKind {
    fn at(&self, x: i32, y: i32) -> Pose {
        let (x, y) = (x as f32, y as f32);
        let (fx, fy) = self.frac;
        match self.kind {
            0 => Pose::at(x, y),
            1 => Pose::at(x + fx, y + fy),
            2 => Pose {
                x: x + fx,
                y: y + fy,
                rotation: self.rotation,
                scale: self.scale,
            },
            3 => Pose::at(x, y).scaled([0.5, 1.0, 2.0][self.quarter.rem_euclid(3) as usize]),
            _ => Pose::at(x, y).rotated(self.quarter as f32 * std::f32::consts::FRAC_PI_2),
        }
    }
}

fn same(fast: Option<Overlap>, plain: Option<Overlap>) -> Result<(), TestCaseError> {
    prop_assert_eq!(overlap_bits(fast), overlap_bits(plain));
    Ok(())
}

fn symmetric(ab: Option<Overlap>, ba: Option<Overlap>) -> Result<(), TestCaseError> {
    prop_assert_eq!(ab.is_some(), ba.is_some());
    if let (Some(ab), Some(ba)) = (ab, ba) {
        prop_assert_eq!(ab.count, ba.count);
        prop_assert_eq!(ab.rect, ba.rect);
        prop_assert_eq!(ab.point, ba.point);
        prop_assert_eq!(ab.centroid, ba.centroid);
        let fallback = ab.normal == [1.0, 0.0] && ba.normal == [1.0, 0.0];
        if !fallback {
            prop_assert_eq!(ab.normal, [-ba.normal[0], -ba.normal[1]]);
        }
        let len = ab.normal[0].hypot(ab.normal[1]);
        prop_assert!((len - 1.0).abs() < 1e-12, "normal {:?}", ab.normal);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(6000), ..ProptestConfig::default() })]

    #[test]
    fn fast_equals_reference_and_is_symmetric((a, b, pa, pb) in case()) {
        let fast = collide::overlap(&a, &pa, &b, &pb);
        same(fast, reference::overlap(&a, &pa, &b, &pb))?;
        prop_assert_eq!(collide::intersects(&a, &pa, &b, &pb), fast.is_some());
        prop_assert_eq!(reference::intersects(&a, &pa, &b, &pb), fast.is_some());
        prop_assert_eq!(collide::overlap_count(&a, &pa, &b, &pb), fast.map_or(0, |o| o.count));
        let swapped = collide::overlap(&b, &pb, &a, &pa);
        same(swapped, reference::overlap(&b, &pb, &a, &pa))?;
        symmetric(fast, swapped)?;
        if let Some(o) = fast {
            let rect = o.rect.to_xywh();
            prop_assert!(o.count >= 1 && o.count <= (rect[2] * rect[3]) as u64);
            let inside = |c: f64, lo: i64, len: i64| c > lo as f64 && c < (lo + len) as f64;
            prop_assert!(inside(o.centroid[0], rect[0], rect[2]));
            prop_assert!(inside(o.centroid[1], rect[1], rect[3]));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(2000), ..ProptestConfig::default() })]

    #[test]
    fn options_equal_reference(
        (a, b, pa, pb) in case(),
        stride in prop_oneof![0u32..=5, Just(64), Just(65), Just(u32::MAX)],
        accuracy in prop_oneof![
            Just(1.0f32), Just(0.5), Just(0.25), 0.1f32..1.0,
            Just(f32::NAN), Just(0.0), Just(-2.0), Just(3.0), Just(1e-9)
        ],
    ) {
        let opts = QueryOptions { stride, accuracy };
        let fast = collide::overlap_with(&a, &pa, &b, &pb, &opts);
        same(fast, reference::overlap_with(&a, &pa, &b, &pb, &opts))?;
        prop_assert_eq!(collide::intersects_with(&a, &pa, &b, &pb, &opts), fast.is_some());
        prop_assert_eq!(reference::intersects_with(&a, &pa, &b, &pb, &opts), fast.is_some());
        symmetric(fast, collide::overlap_with(&b, &pb, &a, &pa, &opts))?;
        if opts.is_exact() {
            same(fast, collide::overlap(&a, &pa, &b, &pb))?;
        }
    }
}

/// Any f32 at all, with the specials and the edges of the valid range.
fn wild_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<f32>(),
        Just(f32::NAN),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(0.0),
        Just(-0.0),
        Just(f32::MIN_POSITIVE),
        Just(1.0 / 65536.0),
        Just(64.0),
        Just(64.000_01),
        Just(1_073_741_824.0),
        Just(1_073_741_900.0),
        -3.0f32..3.0,
    ]
}

fn wild_pose() -> impl Strategy<Value = Pose> {
    (wild_f32(), wild_f32(), wild_f32(), wild_f32()).prop_map(|(x, y, rotation, scale)| Pose {
        x,
        y,
        rotation,
        scale,
    })
}

fn small_mask() -> impl Strategy<Value = Mask> {
    (
        0u32..=12,
        0u32..=12,
        any::<u64>(),
        prop_oneof![Just(0.0f32), Just(1.0), 0.1f32..0.9],
    )
        .prop_map(|(w, h, seed, d)| mask_from(w, h, seed, d))
}

/// Runs every query on wild input; compares with the reference when the
/// work is small enough for it.
fn wild_case(a: &Mask, pa: &Pose, b: &Mask, pb: &Pose) -> Result<(), TestCaseError> {
    let fast = collide::overlap(a, pa, b, pb);
    prop_assert_eq!(collide::intersects(a, pa, b, pb), fast.is_some());
    if !pa.is_valid() || !pb.is_valid() || a.is_empty() || b.is_empty() {
        prop_assert!(fast.is_none());
    }
    let area = |m: &Mask, p: &Pose| {
        p.world_bounds(m.width(), m.height())
            .map_or(0, |r| r.width() as u128 * r.height() as u128)
    };
    if area(a, pa).min(area(b, pb)) < 40_000 {
        same(fast, reference::overlap(a, pa, b, pb))?;
    }
    let opts = QueryOptions {
        stride: 3,
        accuracy: 0.5,
    };
    let approx = collide::overlap_with(a, pa, b, pb, &opts);
    prop_assert_eq!(
        collide::intersects_with(a, pa, b, pb, &opts),
        approx.is_some()
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(3000), ..ProptestConfig::default() })]

    #[test]
    fn wild_input_never_panics(a in small_mask(), b in small_mask(), pa in wild_pose(), pb in wild_pose()) {
        wild_case(&a, &pa, &b, &pb)?;
    }

    /// Wild but valid poses near each other, so the sprites really meet.
    #[test]
    fn wild_valid_poses_near_each_other(
        a in small_mask(),
        b in small_mask(),
        r in (wild_f32(), wild_f32()),
        s in (1.0f32 / 65536.0..64.0, 1.0f32 / 65536.0..64.0),
        d in (-40.0f32..40.0, -40.0f32..40.0),
    ) {
        let pa = Pose { x: 0.0, y: 0.0, rotation: r.0, scale: s.0 };
        let pb = Pose { x: d.0, y: d.1, rotation: r.1, scale: s.1 };
        wild_case(&a, &pa, &b, &pb)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(200_000), ..ProptestConfig::default() })]

    #[test]
    #[ignore = "long fuzz run: cargo test --release --test collide_props -- --ignored"]
    fn collide_props_long(a in small_mask(), b in small_mask(), pa in wild_pose(), pb in wild_pose()) {
        wild_case(&a, &pa, &b, &pb)?;
    }

    /// Valid poses that meet, against the reference, with options.
    #[test]
    #[ignore = "long fuzz run: cargo test --release --test collide_props -- --ignored"]
    fn collide_props_long_meeting(
        (a, b, pa, pb) in case(),
        stride in 1u32..4,
        accuracy in prop_oneof![Just(1.0f32), 0.2f32..1.0],
    ) {
        let opts = QueryOptions { stride, accuracy };
        same(collide::overlap(&a, &pa, &b, &pb), reference::overlap(&a, &pa, &b, &pb))?;
        same(
            collide::overlap_with(&a, &pa, &b, &pb, &opts),
            reference::overlap_with(&a, &pa, &b, &pb, &opts),
        )?;
    }
}

fn boxes() -> impl Strategy<Value = Vec<Option<PixelRect>>> {
    let one = prop_oneof![
        1 => Just(None),
        8 => (-100i64..100, -100i64..100, 0i64..40, 0i64..40)
            .prop_map(|(x0, y0, w, h)| Some(PixelRect { x0, y0, x1: x0 + w, y1: y0 + h })),
        1 => (-100i64..100, -100i64..100, -10i64..10, -10i64..10)
            .prop_map(|(x0, y0, w, h)| Some(PixelRect { x0, y0, x1: x0 + w, y1: y0 + h })),
    ];
    prop::collection::vec(one, 0..60)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(500), ..ProptestConfig::default() })]

    #[test]
    fn sweep_and_prune_equals_brute_force(boxes in boxes(), again in boxes()) {
        let mut sap = SweepAndPrune::new();
        for boxes in [&boxes, &again] {
            let mut brute = Vec::new();
            for i in 0..boxes.len() {
                for j in i + 1..boxes.len() {
                    if let (Some(a), Some(b)) = (boxes[i], boxes[j]) {
                        if a.intersect(&b).is_some() {
                            brute.push((i, j));
                        }
                    }
                }
            }
            prop_assert_eq!(sap.pairs(boxes), &brute[..]);
        }
    }
}
