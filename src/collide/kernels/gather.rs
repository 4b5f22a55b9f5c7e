//! Walking a posed mask along a row: sample `k` sits at fixed-point box
//! coordinates `(u + k·du, v + k·dv)` and is solid when that lands inside
//! the solid box on a solid texel.
//!
//! Two walkers give identical bits: a scalar one, and on x86-64 CPUs with
//! AVX2 an 8-lane one using masked hardware gathers, whose lanes live in
//! registers as 32-bit fraction and integer halves (a carry moves between
//! them, so stepping stays exact). Every sample is checked against the box
//! in integer arithmetic: samples outside the sprite read as 0, and no lane
//! ever reads outside the mask whatever the coordinates.

use crate::mask::Mask;
use crate::pose::FRAC_BITS;

/// Largest `|du|`, `|dv|` per sample the walkers accept (2^14 texels), so
/// that 64 samples from a start with `|integer part| < 2^29` stay within
/// `±2^30`.
pub(crate) const MAX_STEP: i64 = 1 << 46;

/// A mask's solid box, as the walkers read it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MapGather<'a> {
    pub words: &'a [u64],
    pub words_per_row: usize,
    /// Mask texel of box texel `(0, 0)`.
    pub texel0: (u32, u32),
    /// Box size in texels.
    pub size: (u32, u32),
    /// The mask's dwords can be indexed with `i32` (for hardware gathers;
    /// only the x86 walkers read it).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub narrow: bool,
}

impl<'a> MapGather<'a> {
    /// Reads `mask` through the box of `size` texels at `texel0` (which must
    /// lie inside the mask).
    pub fn new(mask: &'a Mask, texel0: (u32, u32), size: (u32, u32)) -> Self {
        MapGather {
            words: mask.words(),
            words_per_row: mask.words_per_row(),
            texel0,
            size,
            narrow: mask.words().len() < (1 << 29),
        }
    }

    /// The bit at fixed-point box coordinates `(u, v)`, 0 outside the box.
    #[inline(always)]
    pub fn bit_at(&self, u: i64, v: i64) -> u64 {
        let (i, j) = ((u >> FRAC_BITS) as u64, (v >> FRAC_BITS) as u64);
        let inside = (i < u64::from(self.size.0)) & (j < u64::from(self.size.1));
        let tx = (i as usize).wrapping_add(self.texel0.0 as usize);
        let ty = (j as usize).wrapping_add(self.texel0.1 as usize);
        let index = ty
            .wrapping_mul(self.words_per_row)
            .wrapping_add(tx / 64)
            .min(self.words.len().saturating_sub(1));
        let word = self.words.get(index).copied().unwrap_or(0);
        (word >> (tx % 64)) & u64::from(inside)
    }
}

/// Reads consecutive samples of one sprite along a row.
pub(crate) trait Walker {
    /// Puts the next sample at fixed-point `(u, v)`, whose integer parts
    /// must be within `±2^29`.
    fn start(&mut self, u: i64, v: i64);
    /// Bits of the next `len ≤ 64` samples; moves on by `len`.
    fn next(&mut self, len: u32) -> u64;
    /// Moves on by `len` samples without reading them.
    fn skip(&mut self, len: u32);
    /// Bits of the next `len ≤ 64` samples shared by `self` and `other`
    /// (both positioned at the same samples); both move on.
    #[inline(always)]
    fn next_and(&mut self, other: &mut Self, len: u32) -> u64 {
        let mine = self.next(len);
        if mine == 0 {
            other.skip(len);
            0
        } else {
            mine & other.next(len)
        }
    }
}

/// The scalar walker.
pub(crate) struct PlainWalker<'a> {
    g: MapGather<'a>,
    u: i64,
    v: i64,
    du: i64,
    dv: i64,
}

impl<'a> PlainWalker<'a> {
    /// A walker over `g` with steps `(du, dv)` per sample.
    pub fn new(g: MapGather<'a>, du: i64, dv: i64) -> Self {
        PlainWalker {
            g,
            u: 0,
            v: 0,
            du,
            dv,
        }
    }
}

impl PlainWalker<'_> {
    /// Fixed-point position of the next sample (the x86 walkers resume
    /// from it).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    #[inline(always)]
    pub fn position(&self) -> (i64, i64) {
        (self.u, self.v)
    }
}

impl Walker for PlainWalker<'_> {
    #[inline(always)]
    fn start(&mut self, u: i64, v: i64) {
        (self.u, self.v) = (u, v);
    }

    #[inline(always)]
    fn next(&mut self, len: u32) -> u64 {
        let (mut u, mut v) = (self.u, self.v);
        let mut bits = 0u64;
        for k in 0..len.min(64) {
            bits |= self.g.bit_at(u, v) << k;
            u = u.wrapping_add(self.du);
            v = v.wrapping_add(self.dv);
        }
        (self.u, self.v) = (u, v);
        bits
    }

    #[inline(always)]
    fn skip(&mut self, len: u32) {
        self.u = self.u.wrapping_add(self.du.wrapping_mul(i64::from(len)));
        self.v = self.v.wrapping_add(self.dv.wrapping_mul(i64::from(len)));
    }
}
