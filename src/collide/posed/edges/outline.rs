//! A mask's boundary edges: the grid-line stretches between a solid texel
//! and a clear one (or the outside), merged into maximal runs, kept per
//! mask so a new pose of the same sprite only redoes the flips.

use std::sync::OnceLock;

use crate::collide::kernels::raster::EdgeList;
use crate::mask::{Mask, Slot};

/// A mask's boundary edges: worked out from the sprite alone, once per
/// mask (the [`Mask`] keeps it, its clones share it), so every posed build
/// of the sprite, [`crate::collide::PosedMask::new`] included, only does
/// the flips.
#[derive(Debug)]
pub(crate) struct Outline {
    /// Unit boundary edges on horizontal and vertical grid lines (for the
    /// cost estimate).
    pub(in crate::collide) units: (u64, u64),
    /// Merged edges on horizontal and vertical grid lines, listed on the
    /// first build that rasterises by edges.
    edges: OnceLock<[EdgeList; 2]>,
}

impl Outline {
    /// The outline of `mask`: its unit edges counted now, the merged edges
    /// listed when first asked for.
    pub(crate) fn of(mask: &Mask) -> Outline {
        Outline {
            units: count_units(mask),
            edges: OnceLock::new(),
        }
    }

    /// The outline of `mask`, worked out on the first posed build that
    /// needs it and kept in the mask (clones share it), so a new posed mask
    /// costs what a rebuild does.
    pub(crate) fn cached(mask: &Mask) -> &Outline {
        mask.derived(Slot::Outline, || Outline::of(mask))
    }

    /// The merged edges on horizontal and vertical grid lines of `mask`
    /// (the mask this outline is of).
    pub(in crate::collide) fn edges(&self, mask: &Mask) -> &[EdgeList; 2] {
        self.edges.get_or_init(|| extract(mask))
    }
}

/// Unit boundary edges of `mask` on horizontal and vertical grid lines.
pub(in crate::collide) fn count_units(mask: &Mask) -> (u64, u64) {
    let (mut h, mut v) = (0u64, 0u64);
    let zero = vec![0u64; mask.words_per_row()];
    for j in 0..=mask.height() {
        let above = if j > 0 { mask.row(j - 1) } else { &zero };
        let here = if j < mask.height() {
            mask.row(j)
        } else {
            &zero
        };
        let mut carry = 0u64;
        for (&a, &b) in above.iter().zip(here) {
            h += u64::from((a ^ b).count_ones());
            v += u64::from((b ^ (b << 1 | carry)).count_ones());
            carry = b >> 63;
        }
        v += carry;
    }
    (h, v)
}

/// The merged boundary edges of `mask`: horizontal, then vertical.
fn extract(mask: &Mask) -> [EdgeList; 2] {
    let mut horizontal = EdgeList::default();
    let mut vertical = EdgeList::default();
    let (width, height) = (mask.width(), mask.height());
    let per_row = mask.words_per_row();
    // Vertical boundaries of the previous and this row; bit t is grid
    // line u = t (one more word for t = width).
    let mut before = vec![0u64; per_row + 1];
    let mut row = vec![0u64; per_row + 1];
    // Where each open vertical edge began.
    let mut open = vec![0u32; width as usize + 1];
    let mut diff = vec![0u64; per_row];
    for j in 0..=height {
        let zero = [0u64; 0];
        let above: &[u64] = if j > 0 { mask.row(j - 1) } else { &zero };
        let here: &[u64] = if j < height { mask.row(j) } else { &zero };
        // Horizontal grid line v = j: where the rows above and below differ.
        for (k, d) in diff.iter_mut().enumerate() {
            *d = above.get(k).copied().unwrap_or(0) ^ here.get(k).copied().unwrap_or(0);
        }
        each_run(&diff, |lo, hi| horizontal.push(j, lo, hi));
        // Vertical grid lines in row j (none past the last row).
        let mut carry = 0u64;
        for (k, r) in row.iter_mut().enumerate() {
            let b = here.get(k).copied().unwrap_or(0);
            *r = b ^ (b << 1 | carry);
            carry = b >> 63;
        }
        for (k, (&now, &was)) in row.iter().zip(&before).enumerate() {
            let base = 64 * k as u32;
            let mut ends = was & !now;
            while ends != 0 {
                let t = base + ends.trailing_zeros();
                ends &= ends - 1;
                vertical.push(t, open[t as usize], j);
            }
            let mut starts = now & !was;
            while starts != 0 {
                let t = base + starts.trailing_zeros();
                starts &= starts - 1;
                open[t as usize] = j;
            }
        }
        before.copy_from_slice(&row);
    }
    horizontal.sort_by_length();
    vertical.sort_by_length();
    [horizontal, vertical]
}

/// Calls `f(a, b)` for each maximal run `[a, b)` of set bits in a packed row.
fn each_run(row: &[u64], mut f: impl FnMut(u32, u32)) {
    let mut start = 0u32;
    let mut carry = 0u64;
    for (k, &w) in row.iter().enumerate() {
        let base = 64 * k as u32;
        // Bit i of `before` is bit i − 1 of the row.
        let before = w << 1 | carry;
        let rises = w & !before;
        let falls = !w & before;
        let mut edges = rises | falls;
        while edges != 0 {
            let i = edges.trailing_zeros();
            edges &= edges - 1;
            if rises >> i & 1 == 1 {
                start = base + i;
            } else {
                f(start, base + i);
            }
        }
        carry = w >> 63;
    }
    if carry == 1 {
        f(start, 64 * row.len() as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pose::FRAC_BITS;

    /// Every boundary texel edge is listed exactly once, merged edges never
    /// overlap, and nothing else is listed.
    #[test]
    fn edges_are_the_boundary() {
        let mut rng = fastrand::Rng::with_seed(4);
        for _ in 0..300 {
            let (w, h) = (rng.u32(1..150), rng.u32(1..20));
            let d = rng.f32();
            let mask = Mask::from_fn(w, h, |_, _| rng.f32() < d);
            let solid = |i: i64, j: i64| {
                i >= 0 && j >= 0 && i < w as i64 && j < h as i64 && mask.get(i as u32, j as u32)
            };
            let o = Outline::of(&mask);
            let [hl, v] = o.edges(&mask);
            let (mut hs, mut vs) = (0u64, 0u64);
            let mut seen_h = std::collections::HashSet::new();
            for e in 0..hl.len() {
                for i in hl.lo[e]..hl.hi[e] {
                    let t = hl.line[e] >> FRAC_BITS;
                    assert_ne!(solid(i, t - 1), solid(i, t));
                    assert!(seen_h.insert((i, t)));
                    hs += 1;
                }
            }
            let mut seen_v = std::collections::HashSet::new();
            for e in 0..v.len() {
                for j in v.lo[e]..v.hi[e] {
                    let t = v.line[e] >> FRAC_BITS;
                    assert_ne!(solid(t - 1, j), solid(t, j));
                    assert!(seen_v.insert((t, j)));
                    vs += 1;
                }
            }
            let mut want = (0u64, 0u64);
            for j in -1..=h as i64 {
                for i in -1..=w as i64 {
                    want.0 += u64::from(solid(i, j) != solid(i, j + 1));
                    want.1 += u64::from(solid(i, j) != solid(i + 1, j));
                }
            }
            assert_eq!((hs, vs), want);
            assert_eq!(o.units, want);
        }
    }
}
