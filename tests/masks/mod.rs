//! Random masks for the mask property tests (`overlap_mask_props.rs`,
//! `posed_props.rs`, `mask_ops_props.rs`; one module of `tests.rs`): a
//! blob with holes, a regular pattern or noise, each test choosing its
//! sizes and its pattern.

use hitfield::mask::Mask;
use proptest::prelude::*;

/// A texel pattern: set where it returns true.
pub type Pattern = fn(u32, u32) -> bool;

/// The checkerboard.
pub const CHECKERBOARD: Pattern = |x, y| (x + y) % 2 == 0;

/// By `seed % 3`: a blob, `pattern`, or noise; `density` 0 gives no set
/// texel.
pub fn mask_from(w: u32, h: u32, seed: u64, density: f32, pattern: Pattern) -> Mask {
    let mut rng = fastrand::Rng::with_seed(seed);
    let (cx, cy, r) = (w as f32 / 2.0, h as f32 / 2.0, (w.min(h) as f32) * 0.6);
    match seed % 3 {
        0 => Mask::from_fn(w, h, |x, y| {
            let (dx, dy) = (x as f32 + 0.5 - cx, y as f32 + 0.5 - cy);
            rng.f32() < density && (dx * dx + dy * dy).sqrt() < r
        }),
        1 => Mask::from_fn(w, h, |x, y| density > 0.0 && pattern(x, y)),
        _ => Mask::from_fn(w, h, |_, _| rng.f32() < density),
    }
}

/// Masks of `widths` × `heights` texels: empty, full, or of a density
/// between.
pub fn masks(
    widths: impl Strategy<Value = u32>,
    heights: impl Strategy<Value = u32>,
    pattern: Pattern,
) -> impl Strategy<Value = Mask> {
    let density = prop_oneof![1 => Just(0.0f32), 1 => Just(1.0f32), 6 => 0.05f32..0.95];
    (widths, heights, any::<u64>(), density)
        .prop_map(move |(w, h, seed, d)| mask_from(w, h, seed, d, pattern))
}
