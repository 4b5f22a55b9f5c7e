//! Hand-computed sprite-against-sprite cases: shapes whose boxes overlap
//! while their pixels do not, rotations and scales worked out
//! on paper, the stride and accuracy knobs, normals, and bad input.

use hitfield::collide::{self, intersects, overlap, overlap_with, Overlap, QueryOptions, MAX_SIDE};
use hitfield::mask::Mask;
use hitfield::pose::Pose;
use hitfield::reference::collide as reference;

fn full(w: u32, h: u32) -> Mask {
    Mask::from_fn(w, h, |_, _| true)
}

/// `overlap` after checking it against the reference and `intersects`, in
/// both argument orders.
fn checked(a: &Mask, pa: Pose, b: &Mask, pb: Pose) -> Option<Overlap> {
    let fast = overlap(a, &pa, b, &pb);
    assert_eq!(fast, reference::overlap(a, &pa, b, &pb));
    assert_eq!(intersects(a, &pa, b, &pb), fast.is_some());
    let swapped = overlap(b, &pb, a, &pa);
    assert_eq!(
        swapped.map(|o| (o.count, o.rect.to_xywh())),
        fast.map(|o| (o.count, o.rect.to_xywh()))
    );
    fast
}

#[test]
fn boxes_overlap_but_pixels_do_not() {
    // Bounding boxes overlap, pixels do not: two irregular shapes. Strictly below
    // and strictly above the diagonal, in the same 10×10 box.
    let below = Mask::from_fn(10, 10, |x, y| x < y);
    let above = Mask::from_fn(10, 10, |x, y| x > y);
    let at = Pose::at(0.0, 0.0);
    let boxes = (
        at.world_bounds(10, 10).unwrap(),
        at.world_bounds(10, 10).unwrap(),
    );
    assert!(boxes.0.intersect(&boxes.1).is_some());
    assert_eq!(checked(&below, at, &above, at), None);
    // One pixel left they still miss; two pixels left they share the line
    // X = Y − 1 for Y = 1..=8.
    assert_eq!(checked(&below, at, &above, Pose::at(-1.0, 0.0)), None);
    let o = checked(&below, at, &above, Pose::at(-2.0, 0.0)).expect("touching");
    assert_eq!(o.count, 8);
    assert_eq!(o.rect.to_xywh(), [0, 1, 8, 8]);
    assert_eq!(o.centroid, [4.0, 5.0]);

    // Two L shapes: ⌞ (left column and bottom row) and ⌝ (top row and right
    // column) in overlapping 8×8 boxes, offset so that the arms interleave.
    let l = Mask::from_fn(8, 8, |x, y| x == 0 || y == 7);
    let r = Mask::from_fn(8, 8, |x, y| x == 7 || y == 0);
    assert_eq!(checked(&l, at, &r, Pose::at(2.0, 2.0)), None);
    // Moved to (−3, 3): the ⌝'s top row (y = 3) crosses the ⌞'s column at
    // (0, 3) and its right column (x = 4) crosses the ⌞'s bottom row at (4, 7).
    let o = checked(&l, at, &r, Pose::at(-3.0, 3.0)).expect("crossing");
    assert_eq!(
        (o.count, o.rect.to_xywh(), o.centroid),
        (2, [0, 3, 5, 5], [2.5, 5.5])
    );
}

#[test]
fn quarter_turn_hand_computed() {
    // A 4×2 bar turned 90° about its centre (2, 1) spans x ∈ [1, 3),
    // y ∈ [−1, 3); local +x points to world +y, local +y to world −x, so
    // texel (0, 0) lands on (2, −1) and texel (3, 1) on (1, 2).
    let bar = Mask::from_fn(4, 2, |x, y| (x, y) == (0, 0) || (x, y) == (3, 1));
    let turned = Pose::at(0.0, 0.0).rotated(std::f32::consts::FRAC_PI_2);
    let dot = full(1, 1);
    let o = checked(&bar, turned, &dot, Pose::at(2.0, -1.0)).expect("texel (0,0)");
    assert_eq!(
        (o.count, o.rect.to_xywh(), o.point),
        (1, [2, -1, 1, 1], [2.5, -0.5])
    );
    assert!(checked(&bar, turned, &dot, Pose::at(1.0, 2.0)).is_some());
    for (x, y) in [(1.0, -1.0), (2.0, 2.0), (0.0, 0.0), (3.0, 0.0)] {
        assert_eq!(
            checked(&bar, turned, &dot, Pose::at(x, y)),
            None,
            "({x}, {y})"
        );
    }
}

#[test]
fn diamond_hand_computed() {
    // A solid 4×4 square turned 45° about (2, 2) covers the pixel centres
    // with |dx| + |dy| < 2√2: per quadrant (.5,.5), (.5,1.5), (1.5,.5) → 12.
    let square = full(4, 4);
    let diamond = Pose::at(0.0, 0.0).rotated(std::f32::consts::FRAC_PI_4);
    let big = full(8, 8);
    let o = checked(&square, diamond, &big, Pose::at(-2.0, -2.0)).expect("inside");
    assert_eq!(
        (o.count, o.rect.to_xywh(), o.centroid),
        (12, [0, 0, 4, 4], [2.0, 2.0])
    );
    // Deep inside a solid B the gradient is zero and the centres coincide:
    // the last fallback, (1, 0).
    assert_eq!(o.normal, [1.0, 0.0]);
    // The corner pixel (0, 0) has |dx| + |dy| = 3: not covered; (1, 0) is.
    let dot = full(1, 1);
    assert_eq!(checked(&square, diamond, &dot, Pose::at(0.0, 0.0)), None);
    assert!(checked(&square, diamond, &dot, Pose::at(1.0, 0.0)).is_some());
}

#[test]
fn scale_about_the_centre() {
    // 2×2 scaled by 2 about (1, 1) covers [−1, 3)²: 16 pixels.
    let sq = full(2, 2);
    let big = full(10, 10);
    let o = checked(
        &sq,
        Pose::at(0.0, 0.0).scaled(2.0),
        &big,
        Pose::at(-5.0, -5.0),
    )
    .unwrap();
    assert_eq!((o.count, o.rect.to_xywh()), (16, [-1, -1, 4, 4]));
    // Scaled by 0.5 about (1, 1) it covers [0.5, 1.5)²: only pixel (0, 0)'s
    // centre (0.5, 0.5) lies inside.
    let o = checked(
        &sq,
        Pose::at(0.0, 0.0).scaled(0.5),
        &big,
        Pose::at(-5.0, -5.0),
    )
    .unwrap();
    assert_eq!((o.count, o.rect.to_xywh()), (1, [0, 0, 1, 1]));
}

#[test]
fn normal_points_from_a_to_b_and_flips() {
    let a = full(6, 6);
    let b = full(6, 6);
    let (pa, pb) = (Pose::at(0.0, 0.0), Pose::at(4.0, 0.0));
    let ab = checked(&a, pa, &b, pb).unwrap();
    let ba = checked(&b, pb, &a, pa).unwrap();
    assert_eq!(ab.normal, [1.0, 0.0]);
    assert_eq!(ba.normal, [-1.0, 0.0]);
    // B below and to the left.
    let o = checked(&a, pa, &b, Pose::at(-3.0, 5.0)).unwrap();
    assert!(o.normal[0] < 0.0 && o.normal[1] > 0.0, "{:?}", o.normal);
    // Rotated pair: still A → B, and exactly negated when swapped.
    let (ra, rb) = (
        Pose::at(0.0, 0.0).rotated(0.4),
        Pose::at(3.5, 2.0).rotated(-1.1),
    );
    let ab = checked(&a, ra, &b, rb).unwrap();
    let ba = checked(&b, rb, &a, ra).unwrap();
    assert!(ab.normal[0] > 0.0 && ab.normal[1] > 0.0, "{:?}", ab.normal);
    assert_eq!(ab.normal, [-ba.normal[0], -ba.normal[1]]);
}

#[test]
fn stride_tests_every_nth_pixel_and_scales_the_count() {
    let a = full(10, 10);
    let at = Pose::at(0.0, 0.0);
    let opts = |stride| QueryOptions {
        stride,
        accuracy: 1.0,
    };
    // Coinciding squares: 5×5 lattice pixels, each standing for 2×2.
    let o = overlap_with(&a, &at, &a, &at, &opts(2)).unwrap();
    assert_eq!((o.count, o.rect.to_xywh()), (100, [0, 0, 9, 9]));
    assert_eq!(
        o,
        reference::overlap_with(&a, &at, &a, &at, &opts(2)).unwrap()
    );
    // Stride 3: lattice 0, 3, 6, 9 → 16 samples × 9.
    assert_eq!(overlap_with(&a, &at, &a, &at, &opts(3)).unwrap().count, 144);
    // A one-pixel column in the middle of a 3-wide sprite: the lattice
    // starts at the sprite's left edge (the bounds intersection), so at
    // stride 2 the column falls between lattice columns and is missed
    // (the thin-contact caveat of sampling on a stride lattice), though it is found exactly.
    let column = Mask::from_fn(3, 10, |x, _| x == 1);
    let col_at = Pose::at(4.0, 0.0);
    assert_eq!(overlap(&a, &at, &column, &col_at).unwrap().count, 10);
    assert!(!collide::intersects_with(
        &a,
        &at,
        &column,
        &col_at,
        &opts(2)
    ));
    assert!(!reference::intersects_with(
        &a,
        &at,
        &column,
        &col_at,
        &opts(2)
    ));
    // Hanging off A's left edge the intersection starts at x = 0, which is
    // the column: rows 0, 2, …, 8 → 5 samples standing for 4 pixels each.
    let o = overlap_with(&a, &at, &column, &Pose::at(-1.0, 0.0), &opts(2));
    assert_eq!(
        o.map(|o| (o.count, o.rect.to_xywh())),
        Some((20, [0, 0, 1, 9]))
    );
    // Stride 0 and 1 are exact; a huge stride tests one pixel.
    for s in [0, 1] {
        assert_eq!(
            overlap_with(&a, &at, &a, &at, &opts(s)),
            overlap(&a, &at, &a, &at)
        );
    }
    let o = overlap_with(&a, &at, &a, &at, &opts(u32::MAX)).unwrap();
    assert_eq!(o.rect.to_xywh(), [0, 0, 1, 1]);
    assert_eq!(o.count, 1 << 32);
}

#[test]
fn accuracy_shrinks_the_world() {
    let a = full(16, 16);
    let (pa, pb) = (Pose::at(0.0, 0.0), Pose::at(8.0, 8.0));
    let half = QueryOptions {
        stride: 1,
        accuracy: 0.5,
    };
    // Shrunk by ½: A covers [0, 8)², B [4, 12)², sharing 4×4 test pixels,
    // each standing for 2×2 world pixels — here exactly the true 8×8.
    let o = overlap_with(&a, &pa, &a, &pb, &half).unwrap();
    assert_eq!(
        (o.count, o.rect.to_xywh(), o.centroid),
        (64, [8, 8, 8, 8], [12.0, 12.0])
    );
    assert_eq!(o, reference::overlap_with(&a, &pa, &a, &pb, &half).unwrap());
    // A one-pixel line is thinner than a test pixel at ¼ and is missed.
    let line = full(1, 16);
    let quarter = QueryOptions {
        stride: 1,
        accuracy: 0.25,
    };
    assert!(intersects(&a, &pa, &line, &Pose::at(5.0, 0.0)));
    assert!(!collide::intersects_with(
        &a,
        &pa,
        &line,
        &Pose::at(5.0, 0.0),
        &quarter
    ));
    // NaN, ≤ 0 and ≥ 1 mean exact; silly values never panic.
    let exact = overlap(&a, &pa, &a, &pb);
    for accuracy in [
        f32::NAN,
        0.0,
        -1.0,
        1.0,
        5.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ] {
        let opts = QueryOptions {
            stride: 1,
            accuracy,
        };
        assert_eq!(overlap_with(&a, &pa, &a, &pb, &opts), exact, "{accuracy}");
    }
    let tiny = QueryOptions {
        stride: 1,
        accuracy: 1e-30,
    };
    let _ = overlap_with(&a, &pa, &a, &pb, &tiny);
}

#[test]
fn bad_input_collides_with_nothing() {
    let a = full(8, 8);
    let ok = Pose::at(0.0, 0.0);
    let invalid = [
        Pose::at(f32::NAN, 0.0),
        Pose::at(0.0, f32::INFINITY),
        Pose::at(f32::NEG_INFINITY, 0.0),
        ok.rotated(f32::NAN),
        ok.rotated(f32::INFINITY),
        ok.scaled(0.0),
        ok.scaled(-1.0),
        ok.scaled(1e-30),
        ok.scaled(65.0),
        ok.scaled(f32::NAN),
        Pose::at(2e9, 0.0),
    ];
    for bad in invalid {
        assert!(!intersects(&a, &bad, &a, &ok), "{bad:?}");
        assert!(!intersects(&a, &ok, &a, &bad), "{bad:?}");
        assert_eq!(overlap(&a, &bad, &a, &bad), None, "{bad:?}");
    }
    // Empty masks: 0×0, 0×5 and no solid texel.
    for empty in [
        Mask::from_fn(0, 0, |_, _| true),
        Mask::from_fn(0, 5, |_, _| true),
        Mask::from_fn(9, 9, |_, _| false),
    ] {
        assert_eq!(checked(&empty, ok, &a, ok), None);
    }
    // Sprites at the far edges of the valid range.
    let far = Pose::at(-1_073_741_824.0, 1_073_741_824.0);
    assert_eq!(
        checked(&a, far, &a, Pose::at(1_073_741_824.0, -1_073_741_824.0)),
        None
    );
    assert_eq!(checked(&a, far, &a, far).unwrap().count, 64);
    // A huge but finite rotation is reduced, not rejected.
    assert!(intersects(&a, &ok.rotated(1e30), &a, &ok));
    // Wider than MAX_SIDE: such a mask cannot be built (Mask::MAX_SIDE is
    // collision's limit), so nothing past it reaches a query.
    assert_eq!(Mask::MAX_SIDE, MAX_SIDE);
    assert!(Mask::try_from_fn(MAX_SIDE + 1, 1, |_, _| true).is_err());
}

#[test]
fn largest_valid_scale_finishes() {
    // Two 64×64 sprites at scale 64 on top of each other: 4096² shared
    // pixels, five passes. Exact, and done in well under a second.
    let a = full(64, 64);
    let p = Pose::at(0.0, 0.0).scaled(64.0);
    let o = overlap(&a, &p, &a, &p).unwrap();
    assert_eq!(o.count, 4096 * 4096);
    assert_eq!(o.rect.to_xywh(), [-2016, -2016, 4096, 4096]);
    // And the smallest: 64 texels at scale 1/65536 cover no pixel centre, or one.
    let tiny = Pose::at(0.0, 0.0).scaled(1.0 / 65536.0);
    assert_eq!(
        overlap(&a, &tiny, &a, &tiny),
        reference::overlap(&a, &tiny, &a, &tiny)
    );
}
