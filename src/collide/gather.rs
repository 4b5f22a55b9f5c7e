//! Reading up to 64 coverage bits of a posed mask along a row: sample `k`
//! is at fixed-point texel `(u + k·du, v + k·dv)` and is solid when that
//! lands inside the solid box on a solid texel.
//!
//! Two versions give identical bits: a scalar loop, and on x86-64 CPUs with
//! AVX2 an 8-lane one using masked hardware gathers. Each sample is checked
//! against the box in integer arithmetic, so callers may pass samples outside
//! the sprite (they read as 0) and no lane ever reads outside the mask.

use crate::mask::Mask;
use crate::pose::FRAC_BITS;

/// Largest `|du|`, `|dv|` per sample the incremental gathers accept (2^14
/// texels): integer parts then stay far inside `i32` for every lane.
pub(crate) const MAX_STEP: i64 = 1 << 46;

/// A mask's solid box, as the gathers read it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct MapGather<'a> {
    words: &'a [u64],
    words_per_row: usize,
    /// Mask texel of box texel `(0, 0)`.
    texel0: (u32, u32),
    /// Box size in texels.
    size: (u32, u32),
    /// The mask is small enough for 32-bit gather indices.
    wide_ok: bool,
}

impl<'a> MapGather<'a> {
    /// Reads `mask` through the box of `size` texels at `texel0`.
    pub fn new(mask: &'a Mask, texel0: (u32, u32), size: (u32, u32)) -> Self {
        MapGather {
            words: mask.words(),
            words_per_row: mask.words_per_row(),
            texel0,
            size,
            wide_ok: mask.words().len() < (1 << 29),
        }
    }

    /// The mask bit of box texel `(i, j)`, 0 outside the box.
    #[inline(always)]
    fn bit(&self, i: i64, j: i64) -> u64 {
        if (i as u64) >= u64::from(self.size.0) || (j as u64) >= u64::from(self.size.1) {
            return 0;
        }
        let tx = i as usize + self.texel0.0 as usize;
        let ty = j as usize + self.texel0.1 as usize;
        let word = self
            .words
            .get(ty * self.words_per_row + tx / 64)
            .copied()
            .unwrap_or(0);
        word >> (tx % 64) & 1
    }

    /// Bit of fixed-point box coordinates `(u, v)`.
    #[inline(always)]
    pub fn bit_at(&self, u: i64, v: i64) -> u64 {
        self.bit(u >> FRAC_BITS, v >> FRAC_BITS)
    }
}

/// Instruction-set choice for the scanners, fixed once per query.
pub(crate) trait Isa: Copy {
    /// Bits of samples `0..len` (`len ≤ 64`) starting at `(u, v)`.
    /// Requires `|du|, |dv| ≤ MAX_STEP` and every sample's integer part
    /// within `±2^30` (true within a few pixels of the sprite).
    fn gather(self, g: &MapGather, u: i64, v: i64, du: i64, dv: i64, len: u32) -> u64;
}

/// Portable scalar code.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plain;

impl Isa for Plain {
    #[inline(always)]
    fn gather(self, g: &MapGather, u: i64, v: i64, du: i64, dv: i64, len: u32) -> u64 {
        gather_scalar(g, u, v, du, dv, len)
    }
}

/// The scalar gather.
#[inline(always)]
pub(crate) fn gather_scalar(g: &MapGather, u: i64, v: i64, du: i64, dv: i64, len: u32) -> u64 {
    let (mut u, mut v) = (u, v);
    let mut bits = 0u64;
    for k in 0..len.min(64) {
        bits |= g.bit_at(u, v) << k;
        u = u.wrapping_add(du);
        v = v.wrapping_add(dv);
    }
    bits
}

#[cfg(target_arch = "x86_64")]
pub(crate) use x86::Avx2;

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{gather_scalar, Isa, MapGather, FRAC_BITS};
    use std::arch::x86_64::*;

    /// Proof that the CPU runs AVX2 (only [`Avx2::detect`] makes one).
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx2 {
        _detected: (),
    }

    impl Avx2 {
        /// `Some` when the CPU has AVX2, BMI1/2, POPCNT and LZCNT.
        pub fn detect() -> Option<Self> {
            let ok = is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt")
                && is_x86_feature_detected!("lzcnt");
            ok.then_some(Avx2 { _detected: () })
        }
    }

    impl Isa for Avx2 {
        #[inline(always)]
        fn gather(self, g: &MapGather, u: i64, v: i64, du: i64, dv: i64, len: u32) -> u64 {
            if !g.wide_ok {
                return gather_scalar(g, u, v, du, dv, len);
            }
            // SAFETY: an `Avx2` value exists only once the CPU features were detected.
            unsafe { gather_avx2(g, u, v, du, dv, len) }
        }
    }

    /// One axis of eight consecutive samples, as 32-bit halves: `lo` the
    /// fraction, `hi` the (signed) integer part.
    #[derive(Clone, Copy)]
    struct Lanes {
        lo: __m256i,
        hi: __m256i,
        step_lo: __m256i,
        step_lo_flipped: __m256i,
        step_hi: __m256i,
    }

    const SIGN: i32 = i32::MIN;

    impl Lanes {
        #[target_feature(enable = "avx2")]
        #[inline]
        fn new(start: i64, d: i64) -> Lanes {
            let mut lo = [0i32; 8];
            let mut hi = [0i32; 8];
            for j in 0..8 {
                let t = start.wrapping_add(d.wrapping_mul(j as i64));
                lo[j] = t as i32;
                hi[j] = (t >> FRAC_BITS) as i32;
            }
            let d8 = d.wrapping_mul(8);
            // SAFETY: unaligned loads of two 32-byte local arrays.
            let (lo, hi) = unsafe {
                (
                    _mm256_loadu_si256(lo.as_ptr().cast()),
                    _mm256_loadu_si256(hi.as_ptr().cast()),
                )
            };
            let step_lo = _mm256_set1_epi32(d8 as i32);
            Lanes {
                lo,
                hi,
                step_lo,
                step_lo_flipped: _mm256_xor_si256(step_lo, _mm256_set1_epi32(SIGN)),
                step_hi: _mm256_set1_epi32((d8 >> FRAC_BITS) as i32),
            }
        }

        /// Moves every lane eight samples on: add the low halves, carry into
        /// the high halves when the unsigned sum wrapped.
        #[target_feature(enable = "avx2")]
        #[inline]
        fn advance(&mut self) {
            self.lo = _mm256_add_epi32(self.lo, self.step_lo);
            let flipped = _mm256_xor_si256(self.lo, _mm256_set1_epi32(SIGN));
            // lo + step wrapped ⇔ new lo < step (unsigned); the mask is −1 there.
            let carry = _mm256_cmpgt_epi32(self.step_lo_flipped, flipped);
            self.hi = _mm256_sub_epi32(_mm256_add_epi32(self.hi, self.step_hi), carry);
        }
    }

    /// Lanes with `0 ≤ hi < size` (as all ones).
    #[target_feature(enable = "avx2")]
    #[inline]
    fn inside(hi: __m256i, size_flipped: __m256i) -> __m256i {
        let flipped = _mm256_xor_si256(hi, _mm256_set1_epi32(SIGN));
        _mm256_cmpgt_epi32(size_flipped, flipped)
    }

    /// The AVX2 gather: 8 samples per masked `vpgatherdd`.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn gather_avx2(g: &MapGather, u: i64, v: i64, du: i64, dv: i64, len: u32) -> u64 {
        let len = len.min(64);
        let mut us = Lanes::new(u, du);
        let mut vs = Lanes::new(v, dv);
        let w_flipped = _mm256_set1_epi32(g.size.0 as i32 ^ SIGN);
        let h_flipped = _mm256_set1_epi32(g.size.1 as i32 ^ SIGN);
        let dwords_per_row = (g.words_per_row * 2) as i32;
        let row_stride = _mm256_set1_epi32(dwords_per_row);
        let col0 = _mm256_set1_epi32(g.texel0.0 as i32);
        let low5 = _mm256_set1_epi32(31);
        // Dword 2k is the low half of word k (little endian).
        let base = g.words.as_ptr().cast::<i32>();
        let row0 = g.texel0.1 as usize * g.words_per_row * 2;
        let mut bits = 0u64;
        let mut k = 0;
        while k < len {
            let valid = _mm256_and_si256(inside(us.hi, w_flipped), inside(vs.hi, h_flipped));
            let col = _mm256_add_epi32(us.hi, col0);
            let index = _mm256_add_epi32(
                _mm256_mullo_epi32(vs.hi, row_stride),
                _mm256_srli_epi32(col, 5),
            );
            // SAFETY: only lanes in `valid` are read; for them 0 ≤ hi.u < size.0 and
            // 0 ≤ hi.v < size.1, so the dword index (row0 + row·stride + col/32) lies
            // inside the mask's words, whose dword count fits i32 (`wide_ok`).
            let got = unsafe {
                _mm256_mask_i32gather_epi32::<4>(
                    _mm256_setzero_si256(),
                    base.add(row0),
                    index,
                    valid,
                )
            };
            let bit = _mm256_srlv_epi32(got, _mm256_and_si256(col, low5));
            let lanes = _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32(bit, 31)));
            bits |= u64::from(lanes as u8) << k;
            us.advance();
            vs.advance();
            k += 8;
        }
        if len < 64 {
            bits &= (1u64 << len) - 1;
        }
        bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simd_and_scalar_gathers_agree() {
        let mut rng = fastrand::Rng::with_seed(5);
        let mask = Mask::from_fn(150, 40, |_, _| rng.bool());
        let g = MapGather::new(&mask, (3, 2), (140, 35));
        for _ in 0..2000 {
            let u = rng.i64(-(20 << 32)..(160 << 32));
            let v = rng.i64(-(20 << 32)..(50 << 32));
            let du = rng.i64(-(3 << 32)..(3 << 32));
            let dv = rng.i64(-(3 << 32)..(3 << 32));
            let len = rng.u32(0..=64);
            let plain = Plain.gather(&g, u, v, du, dv, len);
            let mut by_hand = 0u64;
            for k in 0..len {
                let (su, sv) = (u + k as i64 * du, v + k as i64 * dv);
                by_hand |= g.bit_at(su, sv) << k;
            }
            assert_eq!(plain, by_hand);
            #[cfg(target_arch = "x86_64")]
            if let Some(isa) = Avx2::detect() {
                assert_eq!(
                    isa.gather(&g, u, v, du, dv, len),
                    plain,
                    "{u} {v} {du} {dv} {len}"
                );
            }
        }
    }
}
