//! Property tests for posed masks: a [`PosedMask`] holds exactly the pixels
//! the per-pixel coverage rule gives (ties on texel edges included), and
//! queries between posed masks, or a posed mask and a plain one, equal the
//! per-pixel reference bit for bit.
//!
//! Case counts: 3000 coverage cases, 3000 query cases (each also through a
//! [`PairQuery`]), 3000 clipped builds, 1000 tie cases, 3000 coverage cases
//! under every supported instruction set (and 3000 more at scales below
//! 1/16).

use hitfield::collide::{Overlap, PairQuery, PosedMask, RasterMethod};
use hitfield::cpu::Isa;
use hitfield::mask::Mask;
use hitfield::pose::{PixelRect, Pose};
use hitfield::reference::collide as reference;
use proptest::prelude::*;

mod overlap_bits;
use overlap_bits::overlap_bits;

use crate::masks;

fn mask() -> impl Strategy<Value = Mask> {
    let widths = prop_oneof![Just(1u32), 1u32..=20, 21u32..=140];
    let heights = prop_oneof![Just(1u32), 1u32..=30];
    masks::masks(widths, heights, masks::CHECKERBOARD)
}

/// Any valid pose near `(x, y)`: integer, fractional, rotated and scaled,
/// quarter turns, and texel-edge ties (half-pixel offsets with scales that
/// put pixel centres exactly on texel edges).
fn pose_near(x: i32, y: i32) -> impl Strategy<Value = Pose> {
    (
        0u8..6,
        (0.0f32..1.0, 0.0f32..1.0),
        (-7.0f32..7.0, 0.2f32..3.0),
        -4i32..4,
        0usize..4,
    )
        .prop_map(move |(kind, (fx, fy), (r, s), q, k)| {
            let (x, y) = (x as f32, y as f32);
            let quarter = q as f32 * std::f32::consts::FRAC_PI_2;
            let halves = [0.0, 0.5, 0.25, 0.75];
            let scales = [0.5, 1.0, 2.0, 4.0];
            match kind {
                0 => Pose::at(x, y),
                1 => Pose::at(x + fx, y + fy),
                2 => Pose {
                    x: x + fx,
                    y: y + fy,
                    rotation: r,
                    scale: s,
                },
                3 => Pose::at(x, y).rotated(quarter),
                4 => Pose::at(x + halves[k], y + halves[(k + 1) % 4])
                    .rotated(quarter)
                    .scaled(scales[q.rem_euclid(4) as usize]),
                _ => Pose::at(x + 0.5, y + 0.5).scaled(scales[k]),
            }
        })
}

/// Same pose, or the same far from the origin (coordinates up to 2^29).
fn far(pose: Pose, k: f32) -> Pose {
    Pose {
        x: pose.x + k,
        y: pose.y - k,
        ..pose
    }
}

fn far_offset() -> impl Strategy<Value = f32> {
    prop_oneof![4 => Just(0.0f32), 1 => Just(1_000_000.0f32), 1 => Just(536_870_912.0f32)]
}

fn same(fast: Option<Overlap>, plain: Option<Overlap>) -> Result<(), TestCaseError> {
    prop_assert_eq!(overlap_bits(fast), overlap_bits(plain));
    Ok(())
}

/// Every pixel of the pose's bounds (and two around) is covered exactly as
/// the reference says, and nothing else is, whichever rasteriser runs.
fn coverage_matches(mask: &Mask, pose: &Pose) -> Result<(), TestCaseError> {
    for method in [
        RasterMethod::Auto,
        RasterMethod::Edges,
        RasterMethod::PixelWalk,
    ] {
        let mut posed = PosedMask::default();
        posed.rebuild_with(mask, pose, method);
        coverage_of(&posed, mask, pose)?;
    }
    Ok(())
}

fn coverage_of(posed: &PosedMask, mask: &Mask, pose: &Pose) -> Result<(), TestCaseError> {
    let Some(bounds) = pose.world_bounds(mask.width(), mask.height()) else {
        prop_assert_eq!(posed.pixel_count(), 0);
        return Ok(());
    };
    let mut count = 0;
    for y in bounds.y0 - 2..bounds.y1 + 2 {
        for x in bounds.x0 - 2..bounds.x1 + 2 {
            let want = reference::covers(mask, pose, x, y);
            prop_assert_eq!(posed.covers(x, y), want, "pixel ({}, {})", x, y);
            count += u64::from(want);
        }
    }
    prop_assert_eq!(posed.pixel_count(), count);
    if let Some(r) = posed.world_rect() {
        prop_assert!(r.x0 >= bounds.x0 && r.x1 <= bounds.x1);
        prop_assert!(r.y0 >= bounds.y0 && r.y1 <= bounds.y1);
    }
    Ok(())
}

/// Sprites far wider than the output: a clipped build near one end of a
/// bar of 2^15 to 2^22 texels, whose far edges lie beyond what the vector
/// kernels' float shortcuts take (they must leave them to exact code).
#[test]
fn huge_masks_build_exactly_in_a_window() {
    for w in [1u32 << 15, 1 << 18, 1 << 22] {
        let m = Mask::from_fn(w, 6, |x, y| y > 0 && (x < 40 || x > w - 40 || y < 4));
        for (rotation, scale) in [(0.001f32, 1.0f32), (0.3, 1.0), (1.2, 0.5), (0.02, 2.0)] {
            let pose = Pose {
                x: 10.5,
                y: 20.25,
                rotation,
                scale,
            };
            let bounds = pose.world_bounds(w, 6).expect("valid pose");
            for (dx, dy) in [(0i64, 0i64), (5000, 0), (100, 3)] {
                let (x0, y0) = (bounds.x0 + dx, bounds.y0 + dy);
                let window = PixelRect {
                    x0,
                    y0,
                    x1: x0 + 60,
                    y1: y0 + 60,
                };
                for isa in Isa::supported() {
                    let _isa = isa.force().expect("supported");
                    let mut posed = PosedMask::default();
                    posed.rebuild_within(&m, &pose, &window);
                    for y in window.y0..window.y1 {
                        for x in window.x0..window.x1 {
                            assert_eq!(
                                posed.covers(x, y),
                                reference::covers(&m, &pose, x, y),
                                "{w} wide, {pose:?}, {isa:?}: pixel ({x}, {y})"
                            );
                        }
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(3000), ..ProptestConfig::default() })]

    #[test]
    fn coverage_equals_reference(
        (m, p, k) in (mask(), pose_near(-3, 2), far_offset()),
    ) {
        coverage_matches(&m, &far(p, k))?;
    }

    /// Every instruction set builds the same coverage (each forced on this
    /// thread in turn with [`Isa::force`]).
    #[test]
    fn every_isa_builds_the_reference_coverage(
        (m, p, k) in (mask(), pose_near(1, -2), far_offset()),
    ) {
        for isa in Isa::supported() {
            let _isa = isa.force().expect("supported");
            coverage_matches(&m, &far(p, k))?;
        }
    }

    /// Sprites scaled below 1/16 step more than 16 texels a pixel: the
    /// AVX2 edge kernel leaves them to the portable loop and the AVX-512
    /// one takes its products with `vpmullq` instead of in doubles.
    #[test]
    fn every_isa_builds_tiny_scales(
        m in mask(),
        (fx, fy, r, s) in (0.0f32..1.0, 0.0f32..1.0, -7.0f32..7.0, 0.01f32..0.07),
        k in far_offset(),
    ) {
        let pose = Pose { x: 3.0 + fx, y: -2.0 + fy, rotation: r, scale: s };
        for isa in Isa::supported() {
            let _isa = isa.force().expect("supported");
            coverage_matches(&m, &far(pose, k))?;
        }
    }

    #[test]
    fn posed_queries_equal_reference(
        (a, b) in (mask(), mask()),
        (dx, dy) in (-40i32..40, -20i32..20),
        pa in pose_near(0, 0),
        seed in any::<u64>(),
        k in far_offset(),
    ) {
        let pb = {
            let mut rng = fastrand::Rng::with_seed(seed);
            let mut p = pa;
            p.x += dx as f32 / 2.0;
            p.y += dy as f32 / 2.0;
            match seed % 3 {
                0 => p.rotation = rng.f32() * 7.0,
                1 => p = Pose::at(p.x.round(), p.y.round()),
                _ => p.scale = 0.3 + rng.f32() * 2.5,
            }
            p
        };
        let (pa, pb) = (far(pa, k), far(pb, k));
        let (qa, qb) = (PosedMask::new(&a, &pa), PosedMask::new(&b, &pb));
        let want = reference::overlap(&a, &pa, &b, &pb);
        same(qa.overlap(&qb), want)?;
        prop_assert_eq!(qa.intersects(&qb), want.is_some());
        same(qb.overlap(&qa), reference::overlap(&b, &pb, &a, &pa))?;
        // A posed mask against a plain mask in any pose.
        same(qa.overlap_mask(&b, &pb), want)?;
        prop_assert_eq!(qa.intersects_mask(&b, &pb), want.is_some());
        // Both built inside the query, clipped to the boxes' overlap.
        let mut pair = PairQuery::new();
        prop_assert_eq!(pair.intersects(&a, &pa, &b, &pb), want.is_some());
        prop_assert_eq!(pair.intersects(&b, &pb, &a, &pa), want.is_some());
    }

    /// A build clipped to a window covers exactly the reference's pixels
    /// inside it and none outside (an integer translation keeps the whole
    /// mask, as documented), under every rasteriser choice.
    #[test]
    fn clipped_build_equals_reference_inside_the_window(
        (m, p, k) in (mask(), pose_near(2, 1), far_offset()),
        (wx, wy, ww, wh) in (-40i64..40, -40i64..40, 0i64..60, 0i64..60),
    ) {
        let pose = far(p, k);
        let Some(bounds) = pose.world_bounds(m.width(), m.height()) else {
            return Ok(());
        };
        let window = PixelRect {
            x0: bounds.x0 + wx,
            y0: bounds.y0 + wy,
            x1: bounds.x0 + wx + ww,
            y1: bounds.y0 + wy + wh,
        };
        let mut clipped = PosedMask::default();
        clipped.rebuild_within(&m, &pose, &window);
        prop_assert!(!clipped.is_for(&m, &pose));
        let translated = pose.rotation == 0.0
            && pose.scale == 1.0
            && pose.x.fract() == 0.0
            && pose.y.fract() == 0.0;
        for y in bounds.y0 - 2..bounds.y1 + 2 {
            for x in bounds.x0 - 2..bounds.x1 + 2 {
                let inside = x >= window.x0 && x < window.x1 && y >= window.y0 && y < window.y1;
                let want = reference::covers(&m, &pose, x, y) && (inside || translated);
                prop_assert_eq!(clipped.covers(x, y), want, "pixel ({}, {})", x, y);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(1000), ..ProptestConfig::default() })]

    /// Pixel centres exactly on texel edges: quarter turns and half-pixel
    /// offsets at scales 0.5 to 4.
    #[test]
    fn ties_on_texel_edges_follow_the_rule(
        m in mask(),
        (k, q, s) in (0usize..4, -4i32..4, 0usize..4),
    ) {
        let halves = [0.5f32, 0.25, 0.75, 0.0];
        let pose = Pose::at(3.0 + halves[k], -2.0 + halves[(k + 2) % 4])
            .rotated(q as f32 * std::f32::consts::FRAC_PI_2)
            .scaled([0.5, 1.0, 2.0, 4.0][s]);
        coverage_matches(&m, &pose)?;
    }
}

/// Rebuilding reuses the storage and forgets the old pose; invalid poses
/// and empty masks cover nothing.
#[test]
fn rebuild_and_degenerate_inputs() {
    let mask = Mask::from_fn(9, 5, |x, y| (x * y) % 3 != 1);
    let mut posed = PosedMask::new(&mask, &Pose::at(1.5, 2.0).rotated(0.7));
    let other = Pose::at(-4.0, 3.0).rotated(2.0).scaled(1.5);
    posed.rebuild(&mask, &other);
    assert!(posed.is_for(&mask, &other));
    assert_eq!(
        posed.pixel_count(),
        PosedMask::new(&mask, &other).pixel_count()
    );
    for pose in [
        Pose::at(f32::NAN, 0.0),
        Pose::at(0.0, 0.0).scaled(0.0),
        Pose::at(1e20, 0.0),
    ] {
        posed.rebuild(&mask, &pose);
        assert_eq!(posed.pixel_count(), 0, "{pose:?}");
        assert!(!posed.intersects(&PosedMask::new(&mask, &Pose::at(0.0, 0.0))));
    }
    let empty = Mask::from_fn(0, 0, |_, _| true);
    assert_eq!(PosedMask::new(&empty, &Pose::at(0.0, 0.0)).pixel_count(), 0);
    let one = Mask::from_fn(1, 1, |_, _| true);
    let p = PosedMask::new(&one, &Pose::at(5.0, 6.0));
    assert!(p.covers(5, 6) && !p.covers(6, 6) && p.pixel_count() == 1);
}
