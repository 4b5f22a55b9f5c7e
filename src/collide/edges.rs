//! Rasterising by boundary edges: the cost follows the sprite's outline,
//! not its area.
//!
//! Walk a world row pixel by pixel: pixel `k`'s sample sits in texel
//! `(⌊u_k⌋, ⌊v_k⌋)` (the coverage rule of [`PixelMap`]). Going from sample
//! `k − 1` to sample `k`, first along the texel row of `k − 1` to the column
//! of `k`, then along that column to the row of `k`, crosses grid lines; the
//! pixel's solidity flips once for every crossed grid-line segment that
//! separates a solid texel from a clear one (a **boundary edge**). So:
//!
//! - a horizontal edge (grid line `v = t`, columns `[a, b)`) flips pixel
//!   `K`, the first sample past the line, when `⌊u_K⌋ ∈ [a, b)`;
//! - a vertical edge (grid line `u = t`, rows `[a, b)`) flips pixel `K`, the
//!   first sample past the line, when `⌊v_{K−1}⌋ ∈ [a, b)`.
//!
//! `K` comes from one exact bound per edge and world row
//! ([`Crossing::first_past`]),
//! the check from one multiply. The flips are XORed into the output rows and
//! a prefix XOR along each row turns them into coverage. Pixels left of the
//! output are clear, so flips there cancel and are dropped.
//!
//! The row's centre line crosses the grid line at most one pixel step
//! before the flipped pixel (horizontal edges) or after the checked sample
//! (vertical ones), so each edge, extended by one pixel step in the checked
//! coordinate, visits only the world rows whose centre lines cross it.

use super::crossing::Crossing;
use crate::mask::{Mask, Summary};
use crate::pose::{PixelMap, PixelRect, FRAC_BITS};

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
pub(super) struct Outline {
    /// The mask the outline belongs to: size and words.
    width: u32,
    height: u32,
    words: Vec<u64>,
    /// Unit boundary edges on horizontal and vertical grid lines (for the
    /// cost estimate), valid once `counted`.
    units: (u64, u64),
    counted: bool,
    /// Merged edges, valid once `extracted`.
    horizontal: EdgeList,
    vertical: EdgeList,
    extracted: bool,
    /// Scratch: one row of vertical boundaries and where open edges began.
    row: Vec<u64>,
    /// Scratch: the flips found by the AVX-512 kernel.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    flipped: Vec<i64>,
    open: Vec<u32>,
}

impl Outline {
    /// Makes this the outline of `mask` (kept when it already is).
    pub(super) fn set_mask(&mut self, mask: &Mask) {
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

    fn mask_row(&self, j: u32) -> &[u64] {
        let n = (self.width as usize).div_ceil(64);
        &self.words[j as usize * n..(j as usize + 1) * n]
    }

    /// Estimated cost of [`Outline::fill`] under `map`, in pixels of the
    /// solid box walked by the pixel walker in the same time.
    pub(super) fn cost_estimate(&mut self, map: &PixelMap) -> f64 {
        // One (edge, world row) visit costs about this many walked pixels
        // (`posed/128/build` benches: the 80×80 disc with holes at scale 1,
        // about 850 visits, takes 3.1 µs by edges with AVX-512 and 7 µs by
        // walking its 110×110 box; the portable loop is about 1.7× slower).
        let per_visit = if simd_available() { 6.0 } else { 10.0 };
        if !self.counted {
            self.units = self.count_units();
            self.counted = true;
        }
        let g = Geometry::of(map);
        let one = (1u64 << FRAC_BITS) as f64;
        let (h, v) = (self.units.0 as f64, self.units.1 as f64);
        // Each unit edge reaches its extent plus one pixel step's worth of
        // rows (merged edges share it, so this errs high).
        let visits = h * (g.dy_du.abs() * one) + v * (g.dy_dv.abs() * one) + (h + v) * g.reach;
        visits * per_visit
    }

    /// Unit boundary edges on horizontal and vertical grid lines.
    fn count_units(&self) -> (u64, u64) {
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
    fn extract(&mut self) {
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

    /// Sets, in `words` (rows of `out`, whole words each), the pixels of
    /// `out` that `map` covers with solid texels. `out` must hold every
    /// covered pixel and `map` must satisfy [`fits`] over it.
    /// Returns the coverage's summary (solid box and count).
    pub(super) fn fill(&mut self, map: &PixelMap, out: &PixelRect, words: &mut [u64]) -> Summary {
        self.fill_with(map, out, words, simd_available())
    }

    /// [`Outline::fill`], with the AVX-512 kernel or without it (tests
    /// compare the two).
    pub(super) fn fill_with(
        &mut self,
        map: &PixelMap,
        out: &PixelRect,
        words: &mut [u64],
        simd: bool,
    ) -> Summary {
        self.extract();
        let per_row = (out.width() as usize).div_ceil(64);
        let flips = Flips {
            kmin: out.x0 - map.origin.0,
            width: out.width(),
            ymin: out.y0 - map.origin.1,
            ymax: out.y1 - map.origin.1,
            per_row,
        };
        let g = Geometry::of(map);
        let families = [
            // Horizontal edges: v passes the line, u at that pixel picks the
            // column. The row's crossing with the line lies within one pixel
            // step (du_dx in u) before the flipped pixel.
            Crossing::new(map.dv_dx).map(|cross| Family {
                cross,
                start: (map.v0, map.dv_dy),
                check: (map.u0, map.du_dy, map.du_dx),
                line0: map.v0,
                dy_line: g.dy_dv,
                p0: map.u0,
                dy_p: g.dy_du,
                ext: (-map.du_dx.max(0), -map.du_dx.min(0)),
            }),
            // Vertical edges: u passes the line, v one pixel earlier picks
            // the row; the crossing lies within one pixel step (dv_dx in v)
            // after that sample.
            Crossing::new(map.du_dx).map(|cross| Family {
                cross,
                start: (map.u0, map.du_dy),
                check: (map.v0 - map.dv_dx, map.dv_dy, map.dv_dx),
                line0: map.u0,
                dy_line: g.dy_du,
                p0: map.v0,
                dy_p: g.dy_dv,
                ext: (map.dv_dx.min(0), map.dv_dx.max(0)),
            }),
        ];
        for (list, family) in [&self.horizontal, &self.vertical].into_iter().zip(families) {
            let Some(family) = family else { continue };
            #[cfg(target_arch = "x86_64")]
            if simd {
                // SAFETY: `simd` is only true when `simd_available` said so.
                unsafe {
                    super::x86::flip_edges_avx512(list, &family, &flips, words, &mut self.flipped)
                };
                continue;
            }
            let _ = simd;
            flip_edges(list, &family, &flips, words);
        }
        let tail = match out.width() % 64 {
            0 => u64::MAX,
            n => (1u64 << n) - 1,
        };
        #[cfg(target_arch = "x86_64")]
        if simd {
            // SAFETY: `simd` is only true when `simd_available` said so.
            return unsafe { super::x86::prefix_xor_rows_clmul(words, per_row, tail) };
        }
        prefix_xor_rows(words, per_row, tail, prefix_xor)
    }
}

/// Turns each row's flips into coverage: bit i becomes the XOR of bits
/// 0..=i of its row (`prefix` does one word), the last word cut at `tail`;
/// returns the coverage's summary.
#[inline(always)]
pub(crate) fn prefix_xor_rows(
    words: &mut [u64],
    per_row: usize,
    tail: u64,
    prefix: impl Fn(u64) -> u64,
) -> Summary {
    let mut summary = Summary::default();
    for (y, row) in words.chunks_exact_mut(per_row.max(1)).enumerate() {
        let mut carry = 0u64;
        for w in row.iter_mut() {
            let x = prefix(*w) ^ carry;
            carry = ((x as i64) >> 63) as u64;
            *w = x;
        }
        if let Some(last) = row.last_mut() {
            *last &= tail;
        }
        summary.add_row(y as u32, row);
    }
    summary
}

/// True when the AVX-512 edge kernel runs: chosen ([`super::set_isa`]) and
/// supported.
fn simd_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        super::choice::isa() == super::CollideIsa::Avx512 && super::x86::edges_avx512_available()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// How one family of edges meets world row `dy` (relative to the map's
/// origin) under a map.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Family {
    /// How the crossed coordinate steps along a row.
    pub(crate) cross: Crossing,
    /// The crossed coordinate at the row's offset 0: `start.0 + start.1·dy`.
    pub(crate) start: (i64, i64),
    /// The checked coordinate at pixel `k`: `check.0 + check.1·dy + check.2·k`.
    pub(crate) check: (i64, i64, i64),
    /// World row of the point at `line` and `p` along it:
    /// `(line − line0)·dy_line + (p − p0)·dy_p` (fixed-point inputs).
    pub(crate) line0: i64,
    pub(crate) dy_line: f64,
    pub(crate) p0: i64,
    pub(crate) dy_p: f64,
    /// An edge `[lo, hi)` reaches rows over `[lo·2^32 + ext.0, hi·2^32 + ext.1]`.
    pub(crate) ext: (i64, i64),
}

impl Family {
    /// World row of `p` along `line` (both fixed point).
    #[inline(always)]
    fn world_y(&self, line: i64, p: i64) -> f64 {
        (line - self.line0) as f64 * self.dy_line + (p - self.p0) as f64 * self.dy_p
    }
}

/// The output's extent in map offsets: columns `kmin..kmin + width`, rows
/// `ymin..ymax`, `per_row` words a row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Flips {
    pub(crate) kmin: i64,
    pub(crate) width: i64,
    pub(crate) ymin: i64,
    pub(crate) ymax: i64,
    pub(crate) per_row: usize,
}

impl Flips {
    /// The output rows whose centre lines cross the (extended) edge between
    /// world rows `y0` and `y1` (relative to the origin).
    #[inline(always)]
    fn rows(&self, y0: f64, y1: f64) -> std::ops::Range<i64> {
        let (lo, hi) = if y0 < y1 { (y0, y1) } else { (y1, y0) };
        let first = ceil(lo - ROUNDING).max(self.ymin);
        let last = floor(hi + ROUNDING).min(self.ymax - 1);
        first..last + 1
    }
}

/// Flips, for every edge of `list` and every output row it reaches, the
/// pixel where the crossed coordinate passes the edge's line, when the
/// checked coordinate there lies in the edge.
fn flip_edges(list: &EdgeList, f: &Family, out: &Flips, words: &mut [u64]) {
    for e in 0..list.len() {
        let (line, lo, hi) = (list.line[e], list.lo[e], list.hi[e]);
        let rows = out.rows(
            f.world_y(line, (lo << FRAC_BITS) + f.ext.0),
            f.world_y(line, (hi << FRAC_BITS) + f.ext.1),
        );
        // Both coordinates are linear in the row: step them.
        let mut start = f.start.0 + f.start.1 * rows.start;
        let mut check = f.check.0 + f.check.1 * rows.start;
        let mut at_row = (rows.start - out.ymin) as usize * out.per_row;
        let span = (hi - lo) as u64;
        for _ in rows {
            let k = f.cross.first_past(line - start);
            let i = k.wrapping_sub(out.kmin) as u64;
            let inside = i < out.width as u64;
            let c = check.wrapping_add(f.check.2.wrapping_mul(k)) >> FRAC_BITS;
            let hit = inside & (((c - lo) as u64) < span);
            // Branch-free: a miss XORs zero into the row's first word.
            let i = if inside { i as usize } else { 0 };
            words[at_row + i / 64] ^= u64::from(hit) << (i % 64);
            start += f.start.1;
            check += f.check.1;
            at_row += out.per_row;
        }
    }
}

/// How world rows follow texel coordinates.
struct Geometry {
    /// World rows per fixed-point unit of u and of v.
    dy_du: f64,
    dy_dv: f64,
    /// World rows one pixel step along x moves along a grid line.
    reach: f64,
}

impl Geometry {
    fn of(m: &PixelMap) -> Geometry {
        let (a, b, c, d) = (
            m.du_dx as f64,
            m.du_dy as f64,
            m.dv_dx as f64,
            m.dv_dy as f64,
        );
        let det = a * d - b * c;
        Geometry {
            dy_du: -c / det,
            dy_dv: a / det,
            reach: (a * c / det).abs(),
        }
    }
}

/// True when `map`'s products stay in `i64` over `out` and its rows (else
/// the pixel walkers rasterise it).
pub(super) fn fits(map: &PixelMap, out: &PixelRect) -> bool {
    const LIMIT: i64 = 1 << 46;
    let small = |d: i64| d.abs() <= LIMIT;
    let near = |t: i64| t.abs() <= 1 << 14;
    let det = (map.du_dx as f64) * (map.dv_dy as f64) - (map.du_dy as f64) * (map.dv_dx as f64);
    det != 0.0
        && [map.du_dx, map.du_dy, map.dv_dx, map.dv_dy]
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

/// Float rounding allowed for in world rows (coordinates stay below 2^14
/// rows, where `f64` errs by less than 1e-11).
pub(crate) const ROUNDING: f64 = 1e-6;

/// Bit i of the result is the XOR of bits 0..=i of `x`.
#[inline(always)]
fn prefix_xor(mut x: u64) -> u64 {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    x
}

/// `⌊x⌋` for |x| well inside `i64` (no libm call).
#[inline(always)]
fn floor(x: f64) -> i64 {
    let t = x as i64;
    t - i64::from((t as f64) > x)
}

/// `⌈x⌉` for |x| well inside `i64`.
#[inline(always)]
fn ceil(x: f64) -> i64 {
    let t = x as i64;
    t + i64::from((t as f64) < x)
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

    #[test]
    fn prefix_xor_matches_a_running_parity() {
        let mut rng = fastrand::Rng::with_seed(9);
        for _ in 0..1000 {
            let x = rng.u64(..);
            let mut parity = 0u64;
            let mut want = 0u64;
            for i in 0..64 {
                parity ^= x >> i & 1;
                want |= parity << i;
            }
            assert_eq!(prefix_xor(x), want);
        }
    }

    #[test]
    fn floor_and_ceil_match_std() {
        for x in [-2.5, -2.0, -0.3, 0.0, 0.3, 1.0, 7.9, -1e9 - 0.5] {
            assert_eq!(floor(x), x.floor() as i64, "{x}");
            assert_eq!(ceil(x), x.ceil() as i64, "{x}");
        }
    }

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

    /// The AVX-512 kernel and the portable loop flip the same pixels (the
    /// property tests compare whichever runs with the per-pixel reference).
    #[test]
    fn simd_and_portable_flips_agree() {
        if !simd_available() {
            return;
        }
        let mut rng = fastrand::Rng::with_seed(21);
        let mut covered = 0;
        for case in 0..2000 {
            let (w, h) = (rng.u32(1..90), rng.u32(1..60));
            let d = rng.f32();
            let mask = Mask::from_fn(w, h, |_, _| rng.f32() < d);
            let quarter = std::f32::consts::FRAC_PI_2 * rng.u32(0..4) as f32;
            let pose = crate::pose::Pose {
                x: rng.f32() * 200.0 - 100.0,
                y: rng.f32() * 200.0 - 100.0,
                rotation: if case % 5 == 0 {
                    quarter
                } else {
                    rng.f32() * 7.0
                },
                scale: [0.5, 1.0, 2.0, 0.3 + rng.f32() * 3.0][case % 4],
            };
            let Some(map) = pose.pixel_map(w, h) else {
                continue;
            };
            let out = map.bounds;
            if !fits(&map, &out) {
                continue;
            }
            let size = (out.width() as usize).div_ceil(64) * out.height() as usize;
            let (mut plain, mut simd) = (vec![0u64; size], vec![0u64; size]);
            let mut o = Outline::default();
            o.set_mask(&mask);
            o.fill_with(&map, &out, &mut plain, false);
            o.fill_with(&map, &out, &mut simd, true);
            assert_eq!(plain, simd, "case {case}");
            covered += usize::from(plain.iter().any(|&w| w != 0));
        }
        assert!(covered > 1000, "only {covered} cases covered a pixel");
    }
}
