//! Rasterising by runs: the solid texels as rectangles (each row's runs,
//! merged with identical runs in the rows below), each mapped to a rotated
//! rectangle whose covered pixel centres in one world row form one interval.
//! The cost follows the number of (rectangle, world row) pairs, not the
//! number of pixels.
//!
//! Each interval is the intersection of four half-planes in `k = X − x0`:
//! `lo ≤ U + d·k < hi` for both texel axes. Their ends are computed in
//! `f64` (error below 1e-8 pixel where it matters) and, when an end lies
//! within 1e-6 of an integer (ties on texel edges), again in exact integer
//! arithmetic, so the result is what [`PixelMap::texel`] gives pixel by pixel.

use crate::mask::Mask;
use crate::pose::{PixelMap, PixelRect, FRAC_BITS};

/// Solid texels `[a, b) × [j0, j1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TexelRect {
    a: u32,
    b: u32,
    j0: u32,
    j1: u32,
}

/// The solid texels of `mask` as disjoint rectangles, in `out`.
pub(super) fn rects(mask: &Mask, out: &mut Vec<TexelRect>) {
    out.clear();
    // Rectangles ending at the previous row, in column order.
    let (mut open, mut next): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    for j in 0..mask.height() {
        let row = mask.row(j);
        let mut p = 0;
        next.clear();
        each_run(row, |a, b| {
            while p < open.len() && out[open[p]].a < a {
                p += 1;
            }
            let same = open.get(p).is_some_and(|&r| out[r].a == a && out[r].b == b);
            if same {
                out[open[p]].j1 = j + 1;
                next.push(open[p]);
            } else {
                next.push(out.len());
                out.push(TexelRect {
                    a,
                    b,
                    j0: j,
                    j1: j + 1,
                });
            }
        });
        std::mem::swap(&mut open, &mut next);
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

/// Estimated intervals [`fill`] computes for `mask` under `map`: every run
/// as a rectangle of its own (merging only lowers the count), without
/// listing the runs.
pub(super) fn interval_estimate(mask: &Mask, map: &PixelMap) -> f64 {
    let mut runs = 0u64;
    for j in 0..mask.height() {
        let mut carry = 0u64;
        for &w in mask.row(j) {
            runs += u64::from((w & !(w << 1 | carry)).count_ones());
            carry = w >> 63;
        }
    }
    let one = (1u64 << FRAC_BITS) as f64;
    let inv = Inverse::of(map);
    mask.solid_count() as f64 * inv.dy_du.abs() * one + runs as f64 * (inv.dy_dv.abs() * one + 3.0)
}

/// How world rows follow texel coordinates (the forward map's second row,
/// per 2^32 fixed-point unit).
struct Inverse {
    dy_du: f64,
    dy_dv: f64,
}

impl Inverse {
    fn of(m: &PixelMap) -> Inverse {
        let (a, b, c, d) = (
            m.du_dx as f64,
            m.du_dy as f64,
            m.dv_dx as f64,
            m.dv_dy as f64,
        );
        let det = a * d - b * c;
        Inverse {
            dy_du: -c / det,
            dy_dv: a / det,
        }
    }
}

/// Sets, in `words` (rows of `out`, `per_row` words each), the pixels of
/// `out` whose centres `map` sends into a rectangle of `rects`.
///
/// `map` must satisfy [`fits`].
pub(super) fn fill(rects: &[TexelRect], map: &PixelMap, out: &PixelRect, words: &mut [u64]) {
    let per_row = (out.width() as usize).div_ceil(64);
    let inv = Inverse::of(map);
    let (ox, oy) = map.origin;
    // Offsets k = X − ox of the output's columns.
    let (kmin, kmax) = (out.x0 - ox, out.x1 - ox);
    let axis_u = Axis::new(map.du_dx, kmin, kmax);
    let axis_v = Axis::new(map.dv_dx, kmin, kmax);
    for r in rects {
        let (lo_u, hi_u) = (i64::from(r.a) << FRAC_BITS, i64::from(r.b) << FRAC_BITS);
        let (lo_v, hi_v) = (i64::from(r.j0) << FRAC_BITS, i64::from(r.j1) << FRAC_BITS);
        // World rows the rectangle's corners reach, widened by one.
        let mut ys = [f64::INFINITY, f64::NEG_INFINITY];
        for (u, v) in [(lo_u, lo_v), (hi_u, lo_v), (lo_u, hi_v), (hi_u, hi_v)] {
            let y = (u - map.u0) as f64 * inv.dy_du + (v - map.v0) as f64 * inv.dy_dv;
            ys = [ys[0].min(y), ys[1].max(y)];
        }
        let y0 = (oy + ys[0].floor() as i64 - 1).max(out.y0);
        let y1 = (oy + ys[1].ceil() as i64 + 2).min(out.y1);
        for y in y0..y1 {
            let dy = y - oy;
            let u = map.u0 + map.du_dy * dy;
            let v = map.v0 + map.dv_dy * dy;
            let (a0, a1) = axis_u.range(u, lo_u, hi_u);
            let (b0, b1) = axis_v.range(v, lo_v, hi_v);
            let k0 = a0.max(b0).max(kmin);
            let k1 = a1.min(b1).min(kmax);
            if k0 < k1 {
                let row = (y - out.y0) as usize * per_row;
                let from = (ox + k0 - out.x0) as usize;
                let to = (ox + k1 - out.x0) as usize;
                set_range(&mut words[row..row + per_row], from, to);
            }
        }
    }
}

/// True when `map`'s products stay in `i64` over `out` (else the pixel
/// walkers rasterise it).
pub(super) fn fits(map: &PixelMap, out: &PixelRect) -> bool {
    const LIMIT: i64 = 1 << 46;
    let small = |d: i64| d.abs() <= LIMIT;
    let near = |t: i64| t.abs() <= 1 << 14;
    [map.du_dx, map.du_dy, map.dv_dx, map.dv_dy]
        .into_iter()
        .all(small)
        && map.u0.abs() <= 1 << 60
        && map.v0.abs() <= 1 << 60
        && [
            out.x0 - map.origin.0,
            out.x1 - map.origin.0,
            out.y0 - map.origin.1,
            out.y1 - map.origin.1,
        ]
        .into_iter()
        .all(near)
}

/// One texel axis along a world row: coordinate `U + d·k` at offset `k`.
struct Axis {
    d: i64,
    inv: f64,
    /// Offsets beyond these cannot matter (outside the output, with margin).
    near: (f64, f64),
}

impl Axis {
    fn new(d: i64, kmin: i64, kmax: i64) -> Axis {
        Axis {
            d,
            inv: 1.0 / d as f64,
            near: (kmin as f64 - 2.0, kmax as f64 + 2.0),
        }
    }

    /// The offsets `[k0, k1)` with `lo ≤ start + d·k < hi`.
    #[inline(always)]
    fn range(&self, start: i64, lo: i64, hi: i64) -> (i64, i64) {
        const ALL: (i64, i64) = (i64::MIN / 4, i64::MAX / 4);
        let d = self.d;
        if d == 0 {
            return if (lo..hi).contains(&start) {
                ALL
            } else {
                (0, 0)
            };
        }
        // d > 0: k ≥ (lo − start)/d and k < (hi − start)/d, both ceilings;
        // d < 0: k > (hi − start)/d and k ≤ (lo − start)/d, floors plus one.
        let (first, last) = if d > 0 { (lo, hi) } else { (hi, lo) };
        (self.bound(first - start), self.bound(last - start))
    }

    /// `ceil(n / d)` for d > 0, `floor(n / d) + 1` for d < 0: the first
    /// offset past the edge where the coordinate reaches `start + n`.
    #[inline(always)]
    fn bound(&self, n: i64) -> i64 {
        const FAR: f64 = (1u64 << 40) as f64;
        const EPS: f64 = 1e-6;
        let x = (n as f64 * self.inv).clamp(-FAR, FAR);
        // Truncation and the fraction's sign give floor and ceiling without
        // a rounding instruction (not in the x86-64 baseline).
        let t = x as i64;
        let frac = x - t as f64;
        let near_integer = frac.abs() < EPS || frac.abs() > 1.0 - EPS;
        if near_integer && x >= self.near.0 && x <= self.near.1 {
            return self.exact_bound(n);
        }
        if self.d > 0 {
            t + i64::from(frac > 0.0)
        } else {
            t - i64::from(frac < 0.0) + 1
        }
    }

    /// [`Axis::bound`] in exact integer arithmetic.
    #[cold]
    fn exact_bound(&self, n: i64) -> i64 {
        let (n, d) = (i128::from(n), i128::from(self.d));
        // floor(n / d) for any sign of d.
        let q = n / d;
        let floor = q - i128::from(n % d != 0 && (n < 0) != (d < 0));
        let value = if d > 0 {
            // ceil(n / d) = -floor(-n / d).
            let q = -n / d;
            -(q - i128::from(-n % d != 0 && (-n < 0) != (d < 0)))
        } else {
            floor + 1
        };
        value as i64
    }
}

/// Sets bits `[from, to)` of a packed row.
#[inline(always)]
fn set_range(row: &mut [u64], from: usize, to: usize) {
    let (w0, w1) = (from / 64, (to - 1) / 64);
    let first = u64::MAX << (from % 64);
    let last = u64::MAX >> (63 - (to - 1) % 64);
    if w0 == w1 {
        row[w0] |= first & last;
        return;
    }
    row[w0] |= first;
    for w in &mut row[w0 + 1..w1] {
        *w = u64::MAX;
    }
    row[w1] |= last;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_and_rects_cover_the_solid_texels_once() {
        let mut rng = fastrand::Rng::with_seed(4);
        let mut out = Vec::new();
        for _ in 0..300 {
            let (w, h) = (rng.u32(1..200), rng.u32(1..12));
            let d = rng.f32();
            let stripes = rng.bool();
            let mask = Mask::from_fn(w, h, |x, _| if stripes { x % 7 < 4 } else { rng.f32() < d });
            rects(&mask, &mut out);
            let mut seen = Mask::from_fn(w, h, |_, _| false).words().to_vec();
            for r in &out {
                for j in r.j0..r.j1 {
                    for i in r.a..r.b {
                        assert!(mask.get(i, j), "{r:?}");
                        let word = &mut seen[j as usize * mask.words_per_row() + i as usize / 64];
                        assert_eq!(*word >> (i % 64) & 1, 0, "covered twice");
                        *word |= 1 << (i % 64);
                    }
                }
            }
            assert_eq!(seen, mask.words());
        }
    }
}
