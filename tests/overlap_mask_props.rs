//! `collide::overlap_mask` (and `PosedMask::shared_pixels`) hold exactly the
//! pixels the per-pixel reference says both sprites cover, for translated
//! and posed pairs, with the count and box of `overlap`.
//!
//! Case counts: 1500 translated pairs, 1500 posed pairs.

use hitfield::collide::{self, PosedMask};
use hitfield::mask::Mask;
use hitfield::pose::{PixelRect, Pose};
use hitfield::reference::collide as reference;
use proptest::prelude::*;

use crate::masks;

fn mask() -> impl Strategy<Value = Mask> {
    let widths = prop_oneof![Just(1u32), 1u32..=20, 21u32..=90];
    let heights = prop_oneof![Just(1u32), 1u32..=30];
    masks::masks(widths, heights, masks::CHECKERBOARD)
}

/// Rotated, scaled, fractional poses near the origin.
fn posed() -> impl Strategy<Value = Pose> {
    (-30.0f32..30.0, -20.0f32..20.0, -7.0f32..7.0, 0.25f32..3.0).prop_map(
        |(x, y, rotation, scale)| Pose {
            x,
            y,
            rotation,
            scale,
        },
    )
}

/// Every pixel of both sprites' world bounds, and a one-pixel ring around.
fn region(a: &Mask, pa: &Pose, b: &Mask, pb: &Pose) -> Option<PixelRect> {
    let ra = pa.world_bounds(a.width(), a.height())?;
    let rb = pb.world_bounds(b.width(), b.height())?;
    Some(PixelRect {
        x0: ra.x0.min(rb.x0) - 1,
        y0: ra.y0.min(rb.y0) - 1,
        x1: ra.x1.max(rb.x1) + 1,
        y1: ra.y1.max(rb.y1) + 1,
    })
}

fn matches_reference(a: &Mask, pa: &Pose, b: &Mask, pb: &Pose) -> Result<(), TestCaseError> {
    let shared = collide::overlap_mask(a, pa, b, pb);
    let expected = reference::overlap(a, pa, b, pb);
    prop_assert_eq!(
        shared.as_ref().map(|s| (s.count(), s.rect())),
        expected.map(|o| (o.count, o.rect))
    );
    let posed = PosedMask::new(a, pa).shared_pixels(&PosedMask::new(b, pb));
    prop_assert_eq!(&posed, &shared);
    let (Some(shared), Some(r)) = (shared, region(a, pa, b, pb)) else {
        return Ok(());
    };
    let mut listed = shared.iter();
    for y in r.y0..r.y1 {
        for x in r.x0..r.x1 {
            let both = reference::covers(a, pa, x, y) && reference::covers(b, pb, x, y);
            prop_assert_eq!(shared.contains(x, y), both, "pixel ({}, {})", x, y);
            if both {
                prop_assert_eq!(listed.next(), Some((x, y)));
            }
        }
    }
    prop_assert_eq!(listed.next(), None);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(1500), ..ProptestConfig::default() })]

    #[test]
    fn translated_pairs_match_the_reference(
        a in mask(),
        b in mask(),
        (ax, ay, bx, by) in (-40i32..40, -30i32..30, -40i32..40, -30i32..30),
    ) {
        let (pa, pb) = (Pose::at(ax as f32, ay as f32), Pose::at(bx as f32, by as f32));
        matches_reference(&a, &pa, &b, &pb)?;
    }

    #[test]
    fn posed_pairs_match_the_reference(a in mask(), b in mask(), pa in posed(), pb in posed()) {
        matches_reference(&a, &pa, &b, &pb)?;
    }
}

#[test]
fn invalid_poses_and_far_apart_sprites_share_nothing() {
    let m = Mask::from_fn(4, 4, |_, _| true);
    let at = Pose::at(0.0, 0.0);
    assert_eq!(
        collide::overlap_mask(&m, &at, &m, &Pose::at(f32::NAN, 0.0)),
        None
    );
    assert_eq!(collide::overlap_mask(&m, &at, &m, &at.scaled(0.0)), None);
    assert_eq!(
        collide::overlap_mask(&m, &at, &m, &Pose::at(1e9, 1e9)),
        None
    );
    let empty = Mask::from_fn(0, 0, |_, _| true);
    assert_eq!(collide::overlap_mask(&m, &at, &empty, &at), None);
}
