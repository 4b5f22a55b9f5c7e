//! A mask's boundary edges: the grid-line stretches between a solid texel
//! and a clear one (or the outside), merged into maximal runs, kept per
//! mask so a new pose of the same sprite only redoes the flips.

use crate::mask::Mask;
use crate::pose::FRAC_BITS;

/// Boundary edges on one family of grid lines (all horizontal or all
/// vertical), as parallel arrays: edge `e` is grid line `line[e]` (fixed
/// point), texels `[lo[e], hi[e])` along it. The AVX-512 kernel loads eight
/// at a time.
#[derive(Clone, Debug, Default)]
pub(crate) struct EdgeList {
    pub(crate) line: Vec<i64>,
    pub(crate) lo: Vec<i64>,
    pub(crate) hi: Vec<i64>,
}

impl EdgeList {
    fn clear(&mut self) {
        self.line.clear();
        self.lo.clear();
        self.hi.clear();
    }

    /// Adds the edge `[lo, hi)` on `line`, in pieces of at most
    /// [`PIECE`] texels (so eight edges processed together reach about
    /// the same number of rows).
    fn push(&mut self, line: u32, lo: u32, hi: u32) {
        let mut a = lo;
        while a < hi {
            let b = hi.min(a.saturating_add(PIECE));
            self.line.push(i64::from(line) << FRAC_BITS);
            self.lo.push(i64::from(a));
            self.hi.push(i64::from(b));
            a = b;
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.line.len()
    }

    /// Orders the edges by length, so that eight edges processed together
    /// reach about the same number of rows.
    fn sort_by_length(&mut self) {
        let mut order: Vec<usize> = (0..self.len()).collect();
        order.sort_by_key(|&e| self.hi[e] - self.lo[e]);
        let pick = |v: &[i64]| order.iter().map(|&e| v[e]).collect::<Vec<i64>>();
        (self.line, self.lo, self.hi) = (pick(&self.line), pick(&self.lo), pick(&self.hi));
    }
}

/// Longest edge piece, in texels.
const PIECE: u32 = 32;

/// A mask's boundary edges, kept for the next pose of the same mask.
#[derive(Clone, Debug, Default)]
pub(crate) struct Outline {
    /// The mask the outline belongs to: size and words.
    width: u32,
    height: u32,
    words: Vec<u64>,
    /// Unit boundary edges on horizontal and vertical grid lines (for the
    /// cost estimate), valid once `counted`.
    pub(in crate::collide) units: (u64, u64),
    pub(in crate::collide) counted: bool,
    /// Merged edges, valid once `extracted`.
    pub(in crate::collide) horizontal: EdgeList,
    pub(in crate::collide) vertical: EdgeList,
    extracted: bool,
    /// Scratch: one row of vertical boundaries and where open edges began.
    row: Vec<u64>,
    /// Scratch of the AVX-512 kernel: its lanes' first rows and the flips
    /// it found.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(in crate::collide) lanes: Vec<i64>,
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(in crate::collide) flipped: Vec<i64>,
    open: Vec<u32>,
}

impl Outline {
    /// Makes this the outline of `mask` (kept when it already is).
    pub(crate) fn set_mask(&mut self, mask: &Mask) {
        if self.width == mask.width() && self.height == mask.height() && self.words == mask.words()
        {
            return;
        }
        self.width = mask.width();
        self.height = mask.height();
        self.words.clear();
        self.words.extend_from_slice(mask.words());
        self.counted = false;
        self.extracted = false;
    }

    /// The mask's words and size (for the AVX-512 seeds).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(in crate::collide) fn texels(&self) -> (&[u64], u32, u32) {
        (&self.words, self.width, self.height)
    }

    /// True when texel `(i, j)` of the mask is solid (inside it).
    pub(in crate::collide) fn solid(&self, i: u32, j: u32) -> bool {
        let n = (self.width as usize).div_ceil(64);
        self.words[j as usize * n + i as usize / 64] >> (i % 64) & 1 == 1
    }

    fn mask_row(&self, j: u32) -> &[u64] {
        let n = (self.width as usize).div_ceil(64);
        &self.words[j as usize * n..(j as usize + 1) * n]
    }

    /// Unit boundary edges on horizontal and vertical grid lines.
    pub(in crate::collide) fn count_units(&self) -> (u64, u64) {
        let (mut h, mut v) = (0u64, 0u64);
        let zero = vec![0u64; (self.width as usize).div_ceil(64)];
        for j in 0..=self.height {
            let above = if j > 0 { self.mask_row(j - 1) } else { &zero };
            let here = if j < self.height {
                self.mask_row(j)
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

    /// Lists the merged boundary edges (once per mask).
    pub(in crate::collide) fn extract(&mut self) {
        if self.extracted {
            return;
        }
        self.extracted = true;
        let mut horizontal = std::mem::take(&mut self.horizontal);
        let mut vertical = std::mem::take(&mut self.vertical);
        let mut row = std::mem::take(&mut self.row);
        let mut open = std::mem::take(&mut self.open);
        horizontal.clear();
        vertical.clear();
        let per_row = (self.width as usize).div_ceil(64);
        // Vertical boundaries of the previous and this row; bit t is grid
        // line u = t (one more word for t = width).
        let mut before = vec![0u64; per_row + 1];
        row.clear();
        row.resize(per_row + 1, 0);
        open.clear();
        open.resize(self.width as usize + 1, 0);
        let mut diff = vec![0u64; per_row];
        for j in 0..=self.height {
            let zero = [0u64; 0];
            let above: &[u64] = if j > 0 { self.mask_row(j - 1) } else { &zero };
            let here: &[u64] = if j < self.height {
                self.mask_row(j)
            } else {
                &zero
            };
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
        self.horizontal = horizontal;
        self.vertical = vertical;
        self.row = row;
        self.open = open;
    }
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
            let mut o = Outline::default();
            o.set_mask(&mask);
            o.extract();
            let (mut hs, mut vs) = (0u64, 0u64);
            let mut seen_h = std::collections::HashSet::new();
            let hl = &o.horizontal;
            for e in 0..hl.len() {
                for i in hl.lo[e]..hl.hi[e] {
                    let t = hl.line[e] >> FRAC_BITS;
                    assert_ne!(solid(i, t - 1), solid(i, t));
                    assert!(seen_h.insert((i, t)));
                    hs += 1;
                }
            }
            let mut seen_v = std::collections::HashSet::new();
            let v = &o.vertical;
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
            assert_eq!(o.count_units(), want);
        }
    }
}
