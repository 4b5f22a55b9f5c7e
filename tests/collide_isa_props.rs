//! Property tests: every instruction set of the sprite queries
//! (each forced with [`Isa::force`]) equals the per-pixel reference bit for bit
//! (`intersects`, `overlap`, and `overlap_count` against the reference
//! overlap's count), on
//! integer translations (the word-level path and its row kernels: packed
//! and strided rows, aligned and shifted, tall enough for many groups),
//! with a few other poses mixed in.
//!
//! Case count: 1500 per run, each run with every supported instruction set.

use hitfield::collide;
use hitfield::cpu::Isa;
use hitfield::mask::Mask;
use hitfield::pose::Pose;
use hitfield::reference::collide as reference;
use proptest::prelude::*;

mod overlap_bits;
use overlap_bits::overlap_bits;

/// Random bits at `density`, sometimes inside a disc (edges and holes).
fn mask_from(w: u32, h: u32, seed: u64, density: f32) -> Mask {
    let mut rng = fastrand::Rng::with_seed(seed);
    let disc = seed.is_multiple_of(3);
    let (cx, cy, r) = (w as f32 / 2.0, h as f32 / 2.0, w.min(h) as f32 * 0.6);
    Mask::from_fn(w, h, |x, y| {
        let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
        rng.f32() < density && (!disc || (dx * dx + dy * dy).sqrt() < r)
    })
}

fn mask() -> impl Strategy<Value = Mask> {
    let width = prop_oneof![
        1u32..=70,
        Just(64),
        Just(128),
        Just(256),
        Just(512),
        65u32..=600
    ];
    let density = prop_oneof![
        1 => Just(1.0f32),
        4 => 0.05f32..0.95,
        1 => 0.002f32..0.02
    ];
    (width, 1u32..=90, any::<u64>(), density).prop_map(|(w, h, s, d)| mask_from(w, h, s, d))
}

/// Two masks and B's pose relative to A's: mostly integer offsets (some
/// multiples of 64, so both masks' words line up), sometimes rotated.
fn case() -> impl Strategy<Value = (Mask, Mask, Pose, Pose)> {
    (mask(), mask())
        .prop_flat_map(|(a, b)| {
            let rx = (a.width() + b.width()) as i32 / 2 + 2;
            let ry = (a.height() + b.height()) as i32 / 2 + 2;
            let x = prop_oneof![3 => -rx..rx, 1 => (-3i32..3).prop_map(|k| 64 * k)];
            (Just(a), Just(b), x, -ry..ry, 0u8..8, -500i32..500)
        })
        .prop_map(|(a, b, dx, dy, kind, at)| {
            let pa = Pose::at(at as f32, -at as f32);
            let mut pb = Pose::at(pa.x + dx as f32, pa.y + dy as f32);
            if kind == 0 {
                pb = pb.rotated(0.4);
            }
            (a, b, pa, pb)
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(1500), ..ProptestConfig::default() })]

    #[test]
    fn every_isa_equals_reference((a, b, pa, pb) in case()) {
        let plain = reference::overlap(&a, &pa, &b, &pb);
        let want = overlap_bits(plain);
        for isa in Isa::supported() {
            let _isa = isa.force().expect("supported");
            prop_assert_eq!(Isa::chosen(), isa);
            prop_assert_eq!(overlap_bits(collide::overlap(&a, &pa, &b, &pb)), want, "{:?}", isa);
            prop_assert_eq!(collide::intersects(&a, &pa, &b, &pb), want.is_some(), "{:?}", isa);
            let count = plain.map_or(0, |o| o.count);
            prop_assert_eq!(collide::overlap_count(&a, &pa, &b, &pb), count, "{:?}", isa);
        }
    }
}

#[test]
fn unsupported_isa_is_refused_with_its_name() {
    for isa in Isa::ALL {
        match isa.force() {
            Ok(_forced) => assert!(isa.is_supported() && Isa::chosen() == isa),
            Err(e) => {
                assert!(!isa.is_supported());
                assert!(e.to_string().contains(&format!("{isa:?}")), "{e}");
            }
        }
    }
    assert!(Isa::Scalar.force().is_ok());
    assert_eq!(
        Isa::detect(),
        *Isa::ALL.iter().rev().find(|i| i.is_supported()).unwrap()
    );
}
