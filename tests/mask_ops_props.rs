//! The whole-mask operations of `hitfield::Mask` (`scaled`,
//! `convolved_onto`, `outline`, `moments`, the connected components) give
//! what the plain per-texel versions in `reference::mask_ops` give
//! (pygame-ce's rules), on random masks of 0 to 150 columns (one to three
//! words a row) in blobs, stripes and noise.
//!
//! Case counts: 600 per property.

use hitfield::mask::Mask;
use hitfield::reference::mask_ops::{self as reference, Grid};
use proptest::prelude::*;

/// A blob, diagonal stripes or noise; `density` 0 gives no set texel.
fn mask_from(w: u32, h: u32, seed: u64, density: f32) -> Mask {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (cx, cy, r) = (w as f32 / 2.0, h as f32 / 2.0, (w.min(h) as f32) * 0.6);
    match seed % 3 {
        0 => Mask::from_fn(w, h, |x, y| {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            rng.f32() < density && (dx * dx + dy * dy).sqrt() < r
        }),
        1 => Mask::from_fn(w, h, |x, y| density > 0.0 && (x + 2 * y) % 5 < 2),
        _ => Mask::from_fn(w, h, |_, _| rng.f32() < density),
    }
}

fn mask() -> impl Strategy<Value = Mask> {
    (
        prop_oneof![Just(0u32), 1u32..=20, 60u32..=150],
        prop_oneof![Just(0u32), 1u32..=24],
        any::<u64>(),
        prop_oneof![1 => Just(0.0f32), 1 => Just(1.0f32), 6 => 0.05f32..0.95],
    )
        .prop_map(|(w, h, seed, d)| mask_from(w, h, seed, d))
}

fn small_mask() -> impl Strategy<Value = Mask> {
    (0u32..=12, 0u32..=8, any::<u64>(), 0.1f32..0.9)
        .prop_map(|(w, h, seed, d)| mask_from(w, h, seed, d))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: crate::cases(600), ..ProptestConfig::default() })]

    #[test]
    fn scaled_matches_pygames_loop(m in mask(), w in prop_oneof![Just(0u32), 1u32..=200], h in 0u32..=40) {
        let got = m.scaled(w, h).expect("small");
        prop_assert_eq!(Grid::of(&got), reference::scale(&Grid::of(&m), w, h));
        prop_assert_eq!(got.solid_count(), Grid::of(&got).cells.iter().filter(|&&c| c).count() as u64);
    }

    #[test]
    fn convolved_onto_matches_the_texel_rule(
        a in mask(), b in small_mask(), out in mask(),
        xo in -40i64..40, yo in -20i64..20,
    ) {
        let got = a.convolved_onto(&b, out.clone(), (xo, yo));
        let want = reference::convolve(&Grid::of(&a), &Grid::of(&b), &Grid::of(&out), (xo, yo));
        prop_assert_eq!(Grid::of(&got), want);
    }

    #[test]
    fn outline_matches_pygames_trace(m in mask(), every in prop_oneof![Just(1i64), -1i64..=4]) {
        prop_assert_eq!(m.outline(every), reference::outline(&Grid::of(&m), every));
    }

    #[test]
    fn moments_give_pygames_centroid_and_angle(m in mask()) {
        let (c, a) = reference::centroid_and_angle(&Grid::of(&m));
        let moments = m.moments();
        prop_assert_eq!(moments.centroid(), c);
        prop_assert_eq!(moments.angle().to_bits(), a.to_bits());
    }

    #[test]
    fn components_are_the_flood_fill_groups_in_row_order(m in mask(), minimum in 0i64..30) {
        let grid = Grid::of(&m);
        let want = reference::components(&grid);
        let all: Vec<Grid> = m.components(0).iter().map(Grid::of).collect();
        prop_assert_eq!(&all, &want);
        let bounds: Vec<[u32; 4]> = want.iter().filter_map(reference::bounds).collect();
        prop_assert_eq!(m.component_bounds(), bounds);
        // With a minimum: a subsequence of the groups, none smaller than it
        // (pygame's count can fall short of a group's size, never above).
        let kept: Vec<Grid> = m.components(minimum).iter().map(Grid::of).collect();
        let mut rest = want.iter();
        for k in &kept {
            prop_assert!(rest.any(|g| g == k), "a kept group is not a group, or out of order");
            prop_assert!(k.cells.iter().filter(|&&c| c).count() as i64 >= minimum);
        }
        // The largest: one of the groups (clear when there are none).
        let largest = Grid::of(&m.largest_component());
        if want.is_empty() {
            prop_assert!(largest.cells.iter().all(|&c| !c));
        } else {
            prop_assert!(want.contains(&largest));
        }
    }

    #[test]
    fn component_at_is_the_group_holding_the_texel(m in mask(), px in 0u32..160, py in 0u32..30) {
        let got = m.component_at(px, py);
        if px >= m.width() || py >= m.height() {
            prop_assert!(got.is_none());
        } else {
            let grid = Grid::of(&m);
            let want = reference::components(&grid)
                .into_iter()
                .find(|g| g.get(i64::from(px), i64::from(py)))
                .unwrap_or_else(|| Grid::new(m.width(), m.height()));
            prop_assert_eq!(Grid::of(&got.expect("inside")), want);
        }
    }
}

/// Sizes past the library's limits are refused, nothing allocated.
#[test]
fn scaled_refuses_huge_sizes() {
    let m = Mask::from_fn(2, 2, |_, _| true);
    assert!(m.scaled(u32::MAX, 2).is_err());
    assert!(m.scaled(1 << 20, 1 << 20).is_err());
    assert_eq!(m.scaled(0, 5).expect("empty").solid_count(), 0);
}
