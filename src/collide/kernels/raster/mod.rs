//! What the posed-mask rasteriser needs from an instruction set (the
//! [`RasterKernels`] trait), with the types its kernels take (a mask's
//! boundary edges, [`EdgeList`]; one family of them under a map,
//! [`Family`]; the output, [`Flips`]; a row's step, [`RowStep`]; a pixel
//! walk's row starts, [`row_start`]) and the portable kernels every set
//! falls back to. `posed/` calls them through the set `cpu::Chosen` picks;
//! `x86/` and `v128/` implement them. All give the same bits.

mod crossing;
mod flips;
pub(crate) mod row_start;

pub(crate) use crossing::Crossing;
pub(crate) use flips::{flip_edges, prefix_xor, prefix_xor_rows, Family, Flips, Geometry};
// What the x86 edge kernel reads besides.
#[cfg(target_arch = "x86_64")]
pub(crate) use flips::{RowStep, ROUNDING};

use super::ScanKernels;
use crate::collide::sprite::SolidMap;
use crate::mask::{Mask, Summary};
use crate::pose::{PixelMap, PixelRect, FRAC_BITS};

/// What the rasteriser needs from an instruction set. Every method has
/// the portable kernel as its default.
pub(crate) trait RasterKernels: ScanKernels {
    /// One (edge, world row) visit's cost, in pixels the pixel walk reads
    /// in the same time (`posed/128/build` benches: the 80×80 disc with
    /// holes at scale 1, about 850 visits, takes 3.1 µs by edges with
    /// AVX-512 and 7 µs by walking its 110×110 box).
    const EDGE_VISIT: f64 = 10.0;

    /// Flips, for every edge of `e.list` and every output row it reaches,
    /// the pixel where the crossed coordinate passes the edge's line
    /// ([`flip_edges`]).
    #[inline(always)]
    fn flip_edges(self, e: &Edges, words: &mut [u64], scratch: &mut EdgeScratch) {
        let _ = scratch;
        flip_edges(e.list, e.family, e.out, words);
    }

    /// XORs into each row's first bit the coverage (by `mask`'s texels) of
    /// the pixel just left of `out`: the parity of every flip the row drops
    /// on the left (a clipped build). The coordinates stepped down the
    /// column stay in `i64` (the edges' `fits`).
    #[inline(always)]
    fn seed_left(self, mask: &Mask, seeds: &Seeds, per_row: usize, words: &mut [u64]) {
        let (mut u, mut v) = (seeds.u, seeds.v);
        for row in words.chunks_exact_mut(per_row.max(1)) {
            if u >= 0 && v >= 0 {
                let (i, j) = ((u >> FRAC_BITS) as u64, (v >> FRAC_BITS) as u64);
                if i < u64::from(mask.width()) && j < u64::from(mask.height()) {
                    row[0] ^= u64::from(mask.get(i as u32, j as u32));
                }
            }
            u += seeds.du;
            v += seeds.dv;
        }
    }

    /// Turns each row's flips into coverage ([`prefix_xor_rows`]) and
    /// returns its summary.
    #[inline(always)]
    fn prefix_xor_rows(self, words: &mut [u64], per_row: usize, tail: u64) -> Summary {
        prefix_xor_rows(words, per_row, tail, prefix_xor)
    }

    /// Sets the covered pixels of `mask` under `map` in the zeroed `words`
    /// (rows of `rect`) by a vector pixel walk, or returns false (the words
    /// then unspecified) where the set has none or declines the pose; the
    /// caller then walks with the scan kernels' walker.
    #[inline(always)]
    fn walk(self, mask: &Mask, map: &SolidMap, rect: &PixelRect, words: &mut [u64]) -> bool {
        let _ = (mask, map, rect, words);
        false
    }
}

impl RasterKernels for super::Plain {}

/// One family of a mask's edges under a map, for
/// [`RasterKernels::flip_edges`]: the edges, how they meet the rows, the
/// output, and the larger side of their mask (the vector kernels' float
/// shortcuts need lines below 2^46).
pub(crate) struct Edges<'a> {
    pub(crate) list: &'a EdgeList,
    pub(crate) family: &'a Family,
    pub(crate) out: &'a Flips,
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) mask_side: u32,
}

/// Boundary edges on one family of grid lines (all horizontal or all
/// vertical), as parallel arrays: edge `e` is grid line `line[e]` (fixed
/// point), texels `[lo[e], hi[e])` along it. The vector kernels load a
/// group at a time.
#[derive(Clone, Debug, Default)]
pub(crate) struct EdgeList {
    pub(crate) line: Vec<i64>,
    pub(crate) lo: Vec<i64>,
    pub(crate) hi: Vec<i64>,
}

impl EdgeList {
    /// Adds the edge `[lo, hi)` on `line`, in pieces of at most
    /// [`PIECE`] texels (so eight edges processed together reach about
    /// the same number of rows).
    pub(in crate::collide) fn push(&mut self, line: u32, lo: u32, hi: u32) {
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
    pub(in crate::collide) fn sort_by_length(&mut self) {
        let mut order: Vec<usize> = (0..self.len()).collect();
        order.sort_by_key(|&e| self.hi[e] - self.lo[e]);
        let pick = |v: &[i64]| order.iter().map(|&e| v[e]).collect::<Vec<i64>>();
        (self.line, self.lo, self.hi) = (pick(&self.line), pick(&self.lo), pick(&self.hi));
    }
}

/// Longest edge piece, in texels.
const PIECE: u32 = 32;

/// Per-build scratch of the vector edge kernels (kept by each posed mask):
/// their lanes' first rows, and the flips a kernel found.
#[derive(Clone, Debug, Default)]
pub(crate) struct EdgeScratch {
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) lanes: Vec<i64>,
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) flipped: Vec<i64>,
}

/// The texel coordinates of the pixel just left of a clipped build's first
/// row, and their steps from one row to the next (fixed point).
pub(crate) struct Seeds {
    pub(crate) u: i64,
    pub(crate) v: i64,
    pub(crate) du: i64,
    pub(crate) dv: i64,
}

impl Seeds {
    /// The seeds of `out` under `map`.
    pub(crate) fn of(map: &PixelMap, out: &PixelRect) -> Seeds {
        let (dx, dy) = (out.x0 - 1 - map.origin.0, out.y0 - map.origin.1);
        Seeds {
            u: map.u0 + map.du_dx * dx + map.du_dy * dy,
            v: map.v0 + map.dv_dx * dx + map.dv_dy * dy,
            du: map.du_dy,
            dv: map.dv_dy,
        }
    }
}

/// ORs `bits` into a packed row from bit `at` on (bits past the row's end
/// must be zero).
#[inline(always)]
pub(crate) fn or_bits(row: &mut [u64], at: usize, bits: u64) {
    if bits == 0 {
        return;
    }
    let (word, shift) = (at / 64, at % 64);
    if let Some(w) = row.get_mut(word) {
        *w |= bits << shift;
    }
    if shift != 0 {
        if let Some(w) = row.get_mut(word + 1) {
            *w |= bits >> (64 - shift);
        }
    }
}

/// Checks a prefix pass against the portable one: the same words and
/// summary for every row width (one and two words, three to eight, wider),
/// on sparse and dense rows, empty ones too, and every kind of last-word cut.
#[cfg(test)]
pub(crate) fn check_prefix_pass(name: &str, pass: impl Fn(&mut [u64], usize, u64) -> Summary) {
    let mut rng = fastrand::Rng::with_seed(17);
    for case in 0..3000 {
        let per_row = rng.usize(1..13);
        let rows = rng.usize(0..40);
        let density = rng.u32(0..4);
        let mut words: Vec<u64> = (0..per_row * rows)
            .map(|_| {
                (0..density).fold(u64::MAX, |w, _| w & rng.u64(..)) * u64::from(rng.u8(..) < 200)
            })
            .collect();
        if case % 7 == 0 {
            words.iter_mut().for_each(|w| *w = 0);
        }
        let tail = match rng.u8(0..3) {
            0 => u64::MAX,
            _ => (1u64 << rng.u32(1..64)) - 1,
        };
        let mut plain = words.clone();
        let prefix = |mut x: u64| {
            let (mut acc, mut out) = (0u64, 0u64);
            for i in 0..64 {
                acc ^= x & 1;
                out |= acc << i;
                x >>= 1;
            }
            out
        };
        let want = prefix_xor_rows(&mut plain, per_row, tail, prefix);
        let got = pass(&mut words, per_row, tail);
        assert_eq!(
            (words, got),
            (plain, want),
            "case {case}: {per_row} words, {name}"
        );
    }
}
