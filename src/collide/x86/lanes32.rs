//! One vector of 32-bit lanes, written once for AVX2 (eight lanes) and
//! AVX-512 (sixteen), for the gathering walks: lanes of one axis kept as
//! 32-bit fraction and integer halves ([`Axis`]: a carry moves between
//! them, so stepping stays exact), and the samples of a solid box read
//! by one masked `vpgatherdd` a vector ([`SolidBox::bits`]); the
//! sampling kernels' texel lanes (`ships/sample/x86`) step the same way.
//!
//! The sets differ where their compares do: AVX2 compares signed only, so
//! lanes are kept with the sign bit flipped ([`Lanes32::BIAS`]), which
//! turns the unsigned compares the carry and the box check need into one
//! signed compare each; AVX-512 compares unsigned into a mask register
//! and keeps lanes plain. Flipping adds 2^31 modulo 2^32, so it commutes
//! with adding: a biased half steps by the same addends as a plain one.

use super::lanes::ops;
use crate::cpu::{Avx2, Avx512};
use crate::pose::FRAC_BITS;
use std::arch::x86_64::*;

/// A vector of 32-bit lanes (`V`) and a lane mask (`M`). Every method is
/// `unsafe` only for the CPU features, as in [`super::lanes::Lanes`].
#[allow(clippy::missing_safety_doc)]
pub(crate) trait Lanes32: Copy {
    /// Lanes per vector.
    const N: usize;
    /// Added (mod 2^32) to every lane [`Lanes32::below`] compares.
    const BIAS: i32;
    type V: Copy;
    type M: Copy;

    unsafe fn splat(x: i32) -> Self::V;
    /// `N` lanes from `p`.
    unsafe fn load(p: *const i32) -> Self::V;
    unsafe fn add(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn and(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn mul(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn shr5(v: Self::V) -> Self::V;
    /// Each lane of `v` shifted right by its lane of `n`.
    unsafe fn shr_each(v: Self::V, n: Self::V) -> Self::V;
    /// `a < b` for the plain values of biased lanes (unsigned).
    unsafe fn below(a: Self::V, b: Self::V) -> Self::M;
    /// `m && a < b`, as [`Lanes32::below`] (one masked compare with AVX-512).
    unsafe fn below_where(m: Self::M, a: Self::V, b: Self::V) -> Self::M;
    unsafe fn m_and(a: Self::M, b: Self::M) -> Self::M;
    /// The lanes whose bit is set in `bits`.
    unsafe fn mask_of(bits: u32) -> Self::M;
    /// `m ? v + 1 : v`.
    unsafe fn inc_where(m: Self::M, v: Self::V) -> Self::V;
    /// The dwords at `base + index` in the lanes of `m`, 0 elsewhere;
    /// lanes outside `m` are not read.
    unsafe fn gather(m: Self::M, base: *const i32, index: Self::V) -> Self::V;
    /// Bit `l` set when lane `l` is odd.
    unsafe fn odd(v: Self::V) -> u64;
}

impl Lanes32 for Avx2 {
    const N: usize = 8;
    const BIAS: i32 = i32::MIN;
    type V = __m256i;
    /// All ones in the lanes set.
    type M = __m256i;

    ops! {
        fn splat(x: i32) -> __m256i { _mm256_set1_epi32(x) }
        fn load(p: *const i32) -> __m256i { _mm256_loadu_si256(p.cast()) }
        fn add(a: __m256i, b: __m256i) -> __m256i { _mm256_add_epi32(a, b) }
        fn and(a: __m256i, b: __m256i) -> __m256i { _mm256_and_si256(a, b) }
        fn mul(a: __m256i, b: __m256i) -> __m256i { _mm256_mullo_epi32(a, b) }
        fn shr5(v: __m256i) -> __m256i { _mm256_srli_epi32::<5>(v) }
        fn shr_each(v: __m256i, n: __m256i) -> __m256i { _mm256_srlv_epi32(v, n) }
        fn below(a: __m256i, b: __m256i) -> __m256i { _mm256_cmpgt_epi32(b, a) }
        fn below_where(m: __m256i, a: __m256i, b: __m256i) -> __m256i { _mm256_and_si256(m, Self::below(a, b)) }
        fn m_and(a: __m256i, b: __m256i) -> __m256i { _mm256_and_si256(a, b) }
        fn mask_of(bits: u32) -> __m256i {
            let bit = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
            _mm256_cmpeq_epi32(_mm256_and_si256(Self::splat(bits as i32), bit), bit)
        }
        // A set lane is −1: subtracting it adds one.
        fn inc_where(m: __m256i, v: __m256i) -> __m256i { _mm256_sub_epi32(v, m) }
        fn gather(m: __m256i, base: *const i32, index: __m256i) -> __m256i {
            _mm256_mask_i32gather_epi32::<4>(_mm256_setzero_si256(), base, index, m)
        }
        fn odd(v: __m256i) -> u64 {
            u64::from(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32::<31>(v))) as u8)
        }
    }
}

impl Lanes32 for Avx512 {
    const N: usize = 16;
    const BIAS: i32 = 0;
    type V = __m512i;
    type M = __mmask16;

    ops! {
        fn splat(x: i32) -> __m512i { _mm512_set1_epi32(x) }
        fn load(p: *const i32) -> __m512i { _mm512_loadu_epi32(p) }
        fn add(a: __m512i, b: __m512i) -> __m512i { _mm512_add_epi32(a, b) }
        fn and(a: __m512i, b: __m512i) -> __m512i { _mm512_and_si512(a, b) }
        fn mul(a: __m512i, b: __m512i) -> __m512i { _mm512_mullo_epi32(a, b) }
        fn shr5(v: __m512i) -> __m512i { _mm512_srli_epi32::<5>(v) }
        fn shr_each(v: __m512i, n: __m512i) -> __m512i { _mm512_srlv_epi32(v, n) }
        fn below(a: __m512i, b: __m512i) -> __mmask16 { _mm512_cmplt_epu32_mask(a, b) }
        fn below_where(m: __mmask16, a: __m512i, b: __m512i) -> __mmask16 { _mm512_mask_cmplt_epu32_mask(m, a, b) }
        fn m_and(a: __mmask16, b: __mmask16) -> __mmask16 { a & b }
        fn mask_of(bits: u32) -> __mmask16 { bits as u16 }
        fn inc_where(m: __mmask16, v: __m512i) -> __m512i { _mm512_mask_add_epi32(v, m, v, Self::splat(1)) }
        fn gather(m: __mmask16, base: *const i32, index: __m512i) -> __m512i {
            _mm512_mask_i32gather_epi32::<4>(_mm512_setzero_si512(), m, index, base)
        }
        fn odd(v: __m512i) -> u64 { u64::from(_mm512_test_epi32_mask(v, Self::splat(1))) }
    }
}

/// One axis of a walk: the lane offsets `j·d` (j < N), biased, and the
/// step `N·d`, split into 32-bit fraction (`lo`) and integer (`hi`)
/// halves (`step_lo_b`: the fraction step biased).
#[derive(Clone, Copy)]
pub(crate) struct Axis<L: Lanes32> {
    off_lo_b: L::V,
    off_hi_b: L::V,
    step_lo: L::V,
    step_lo_b: L::V,
    step_hi: L::V,
}

/// Current lanes of one axis, both halves biased.
#[derive(Clone, Copy)]
pub(crate) struct Halves<L: Lanes32> {
    pub(crate) lo: L::V,
    pub(crate) hi: L::V,
}

impl<L: Lanes32> Axis<L> {
    #[inline(always)]
    pub(crate) unsafe fn new(d: i64) -> Self {
        let t = |j: usize| d.wrapping_mul(j as i64);
        let lo: [i32; 16] = std::array::from_fn(|j| t(j) as i32 ^ L::BIAS);
        let hi: [i32; 16] = std::array::from_fn(|j| (t(j) >> FRAC_BITS) as i32 ^ L::BIAS);
        let step = t(L::N);
        Axis {
            off_lo_b: L::load(lo.as_ptr()),
            off_hi_b: L::load(hi.as_ptr()),
            step_lo: L::splat(step as i32),
            step_lo_b: L::splat(step as i32 ^ L::BIAS),
            step_hi: L::splat((step >> FRAC_BITS) as i32),
        }
    }

    /// Lanes `start + j·d` (biased): add the fractions, carry into the
    /// integers where the unsigned sum wrapped (there the sum is below the
    /// addend).
    #[inline(always)]
    pub(crate) unsafe fn lanes(&self, start: i64) -> Halves<L> {
        let lo = L::add(L::splat(start as i32), self.off_lo_b);
        let hi = L::add(L::splat((start >> FRAC_BITS) as i32), self.off_hi_b);
        Halves {
            lo,
            hi: L::inc_where(L::below(lo, self.off_lo_b), hi),
        }
    }

    /// Moves the (biased) fraction halves `N` samples on and returns where
    /// they carry into the integer halves.
    #[inline(always)]
    pub(super) unsafe fn advance_fraction(&self, lo: &mut L::V) -> L::M {
        *lo = L::add(*lo, self.step_lo);
        L::below(*lo, self.step_lo_b)
    }

    /// Moves lanes `N` samples on.
    #[inline(always)]
    pub(super) unsafe fn advance(&self, l: &mut Halves<L>) {
        let carry = self.advance_fraction(&mut l.lo);
        l.hi = L::inc_where(carry, L::add(l.hi, self.step_hi));
    }

    /// The integer halves' step over `N` samples (before the carry).
    #[inline(always)]
    pub(super) fn step_hi(&self) -> L::V {
        self.step_hi
    }
}

/// A mask's solid box as the gathers read it.
#[derive(Clone, Copy)]
pub(super) struct SolidBox<L: Lanes32> {
    /// Box size, biased.
    width_b: L::V,
    height_b: L::V,
    /// Mask column of box column 0, biased: added to a biased integer
    /// half it gives the plain mask column.
    col0_b: L::V,
    /// Dwords per mask row (even: two a word), so a biased row times it
    /// equals the plain row times it modulo 2^32.
    stride: L::V,
    /// First dword of the box's first row.
    base: *const i32,
}

impl<L: Lanes32> SolidBox<L> {
    /// The box of `size` texels at `texel0` of a mask of `words` (whose
    /// dwords `i32` indexes), `words_per_row` a row.
    #[inline(always)]
    pub(super) unsafe fn new(
        words: &[u64],
        words_per_row: usize,
        texel0: (u32, u32),
        size: (u32, u32),
    ) -> Self {
        // Dword 2k is the low half of word k (x86 is little endian).
        // `texel0` lies inside the mask, so the offset stays inside
        // `words` (or one past its end).
        let row0 = (texel0.1 as usize * words_per_row * 2).min(words.len() * 2);
        SolidBox {
            width_b: L::splat(size.0 as i32 ^ L::BIAS),
            height_b: L::splat(size.1 as i32 ^ L::BIAS),
            col0_b: L::splat(texel0.0 as i32 ^ L::BIAS),
            stride: L::splat((words_per_row * 2) as i32),
            base: words.as_ptr().cast::<i32>().add(row0),
        }
    }

    /// Bits (one per lane) of the samples at box lanes `(u, v)`.
    #[inline(always)]
    pub(super) unsafe fn bits(&self, u: L::V, v: L::V) -> u64 {
        let valid = L::m_and(L::below(u, self.width_b), L::below(v, self.height_b));
        let col = L::add(u, self.col0_b);
        let index = L::add(L::mul(v, self.stride), L::shr5(col));
        // Only lanes in `valid` are read. There 0 ≤ v < height and
        // 0 ≤ u < width, so the box texel lies in the mask and its dword
        // (base + v·stride + col/32) lies inside the mask's words; the
        // caller keeps their count below 2^30, so nothing overflows i32.
        let got = L::gather(valid, self.base, index);
        L::odd(L::shr_each(got, L::and(col, L::splat(31))))
    }
}
