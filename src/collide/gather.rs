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
    words: &'a [u64],
    words_per_row: usize,
    /// Mask texel of box texel `(0, 0)`.
    texel0: (u32, u32),
    /// Box size in texels.
    size: (u32, u32),
    /// The mask's dwords can be indexed with `i32` (for hardware gathers).
    narrow: bool,
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

#[cfg(target_arch = "x86_64")]
pub(crate) use x86::Avx2Walker;

#[cfg(target_arch = "x86_64")]
mod x86;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simd_and_scalar_walkers_agree() {
        let mut rng = fastrand::Rng::with_seed(5);
        let mask = Mask::from_fn(150, 40, |_, _| rng.bool());
        let g = MapGather::new(&mask, (3, 2), (140, 35));
        for _ in 0..2000 {
            let u = rng.i64(-(20 << 32)..(160 << 32));
            let v = rng.i64(-(20 << 32)..(50 << 32));
            let du = rng.i64(-(3 << 32)..(3 << 32));
            let dv = rng.i64(-(3 << 32)..(3 << 32));
            let lens: Vec<u32> = (0..4).map(|_| rng.u32(0..=64)).collect();
            let skip_at = rng.usize(0..5);
            let mut plain = PlainWalker::new(g, du, dv);
            plain.start(u, v);
            let mut by_hand = Vec::new();
            let mut k = 0i64;
            for (i, &len) in lens.iter().enumerate() {
                let mut bits = 0u64;
                for j in 0..len {
                    let s = k + i64::from(j);
                    bits |= g.bit_at(u + s * du, v + s * dv) << j;
                }
                by_hand.push(if i == skip_at { 0 } else { bits });
                k += i64::from(len);
            }
            fn run(w: &mut impl Walker, lens: &[u32], skip_at: usize) -> Vec<u64> {
                lens.iter()
                    .enumerate()
                    .map(|(i, &len)| {
                        if i == skip_at {
                            w.skip(len);
                            0
                        } else {
                            w.next(len)
                        }
                    })
                    .collect()
            }
            assert_eq!(run(&mut plain, &lens, skip_at), by_hand);
            #[cfg(target_arch = "x86_64")]
            if let Some(isa) = crate::collide::isa::Avx2::detect() {
                let mut simd = Avx2Walker::new(isa, g, du, dv);
                simd.start(u, v);
                assert_eq!(
                    run(&mut simd, &lens, skip_at),
                    by_hand,
                    "{u} {v} {du} {dv} {lens:?}"
                );
            }
        }
    }
}
