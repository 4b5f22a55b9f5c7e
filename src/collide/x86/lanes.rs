//! One vector of 64-bit lanes, written once for AVX2 (four lanes) and
//! AVX-512 (eight), as memchr's `arch/` writes each routine once over its
//! `Vector`: the kernels of `x86/` are generic over [`Lanes`] and
//! instantiated by thin `#[target_feature]` entry points. The two
//! implementations differ only where the instruction sets do: AVX-512 has
//! mask registers, masked loads, vector popcounts, 64-bit multiplies and
//! integer ↔ float conversions; AVX2 has lane masks (all ones), nibble
//! tables and conversions through the float mantissa (exact below 2^51).
//!
//! Every method is `unsafe` only for the CPU features: callers run inside
//! an entry point that enables them (the implementing proof type exists
//! only on CPUs that have them). The one-line methods are written by
//! [`ops!`], one a line.

use crate::cpu::{Avx2, Avx512};
use std::arch::x86_64::*;

/// A vector of 64-bit integer lanes (`V`), of doubles (`F`) and a lane
/// mask (`M`), with the operations the kernels take.
#[allow(clippy::missing_safety_doc)]
pub(super) trait Lanes: Copy {
    /// Lanes per vector.
    const N: usize;
    /// Groups a step of a packed stream reads (`x86/rows.rs`): two with
    /// AVX2, one with AVX-512, as each set's old kernel did (callgrind,
    /// AVX2 128² translated: 13% more instructions with one; AVX-512 512²
    /// counts: 10–15% slower with two).
    const STREAM_GROUPS: usize;
    /// Whether [`Lanes::to_f64`] and [`Lanes::to_i64`] are exact for every
    /// `i64` (else only below 2^51 in magnitude).
    const WIDE_CONVERSIONS: bool;
    type V: Copy;
    type F: Copy;
    type M: Copy;

    unsafe fn zero() -> Self::V;
    unsafe fn splat(x: i64) -> Self::V;
    /// Lane `i` holds `i`.
    unsafe fn index() -> Self::V;
    unsafe fn load(p: *const u64) -> Self::V;
    /// The first `n` lanes from `p` (all when `n ≥ N`), the rest 0; lanes
    /// past `n` are never read.
    unsafe fn load_n(p: *const u64, n: usize) -> Self::V;
    /// The lanes of `m` from `p`, the rest 0; lanes outside `m` are never
    /// read.
    unsafe fn load_where(m: Self::M, p: *const u64) -> Self::V;
    unsafe fn store(p: *mut u64, v: Self::V);
    /// The first `n` lanes to `p` (all when `n ≥ N`); nothing past them is
    /// written.
    unsafe fn store_n(p: *mut u64, n: usize, v: Self::V);
    unsafe fn and(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn or(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn xor(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn add(a: Self::V, b: Self::V) -> Self::V;
    unsafe fn sub(a: Self::V, b: Self::V) -> Self::V;
    /// Each lane shifted by `n` bits (0 from 64 on; a constant `n` compiles
    /// to the immediate form).
    unsafe fn shl_by(v: Self::V, n: u32) -> Self::V;
    unsafe fn shr_by(v: Self::V, n: u32) -> Self::V;
    /// Each 128-bit half's low lane moved to its high lane (the low one 0).
    unsafe fn up_in_pairs(v: Self::V) -> Self::V;
    /// The in-word prefix XOR of each lane (bit i becomes the XOR of bits
    /// 0..=i) by carry-less multiplies (AVX-512 with VPCLMULQDQ; AVX2
    /// entry points never ask for it, and it is the shift ladder there).
    unsafe fn clmul_prefix(v: Self::V) -> Self::V;
    /// Bit `i` set when lane `i` is negative.
    unsafe fn signs(v: Self::V) -> u32;
    /// Whether every lane is 0.
    unsafe fn is_zero(v: Self::V) -> bool;
    unsafe fn lane0(v: Self::V) -> i64;
    /// Set bits of each lane.
    unsafe fn popcnt(v: Self::V) -> Self::V;
    unsafe fn sum(v: Self::V) -> u64;
    /// The least and greatest lane, signed.
    unsafe fn min_lane(v: Self::V) -> i64;
    unsafe fn max_lane(v: Self::V) -> i64;
    /// Products of the lanes' low 32 bits, unsigned.
    unsafe fn mul_u32(a: Self::V, b: Self::V) -> Self::V;
    /// Wrapping 64-bit products.
    unsafe fn mul64(a: Self::V, b: Self::V) -> Self::V;

    unsafe fn eq(a: Self::V, b: Self::V) -> Self::M;
    /// Lanes not 0.
    unsafe fn nonzero(v: Self::V) -> Self::M;
    /// `a > b`, signed.
    unsafe fn gt(a: Self::V, b: Self::V) -> Self::M;
    /// `m & (a > b)`, signed (one instruction with a mask register).
    unsafe fn gt_where(m: Self::M, a: Self::V, b: Self::V) -> Self::M;
    /// The first `n` lanes (`n` a length: below 2^63).
    unsafe fn first_n(n: usize) -> Self::M;
    /// The lanes whose bit is set in `bits`.
    unsafe fn mask_of(bits: u32) -> Self::M;
    unsafe fn m_and(a: Self::M, b: Self::M) -> Self::M;
    unsafe fn any(m: Self::M) -> bool;
    /// `m ? b : a`, lane by lane.
    unsafe fn select(m: Self::M, a: Self::V, b: Self::V) -> Self::V;
    /// `m ? v : 0`.
    unsafe fn keep(m: Self::M, v: Self::V) -> Self::V;
    /// `m ? v + x : v` and `m ? v − x : v`.
    unsafe fn add_where(m: Self::M, v: Self::V, x: Self::V) -> Self::V;
    unsafe fn sub_where(m: Self::M, v: Self::V, x: Self::V) -> Self::V;
    /// `m ? v ^ x : v`.
    unsafe fn xor_where(m: Self::M, v: Self::V, x: Self::V) -> Self::V;
    /// `m ? v + 1 : v` and `m ? v − 1 : v`.
    unsafe fn inc_where(m: Self::M, v: Self::V) -> Self::V;
    unsafe fn dec_where(m: Self::M, v: Self::V) -> Self::V;
    /// Flips bit `at` of `words` for every lane `at` of `m`: now, or by
    /// appending `at` to `flipped` (room for `N` from there) for the
    /// caller to flip; returns how many were appended. `words` is not
    /// empty.
    unsafe fn flip_bits(words: *mut u64, flipped: *mut i64, m: Self::M, at: Self::V) -> usize;

    unsafe fn fsplat(x: f64) -> Self::F;
    unsafe fn fadd(a: Self::F, b: Self::F) -> Self::F;
    unsafe fn fsub(a: Self::F, b: Self::F) -> Self::F;
    unsafe fn fmul(a: Self::F, b: Self::F) -> Self::F;
    unsafe fn fmin(a: Self::F, b: Self::F) -> Self::F;
    unsafe fn fmax(a: Self::F, b: Self::F) -> Self::F;
    unsafe fn fge(a: Self::F, b: Self::F) -> Self::M;
    unsafe fn fle(a: Self::F, b: Self::F) -> Self::M;
    unsafe fn flt(a: Self::F, b: Self::F) -> Self::M;
    /// Rounded up, down and toward zero.
    unsafe fn ceil(a: Self::F) -> Self::F;
    unsafe fn floor(a: Self::F) -> Self::F;
    unsafe fn trunc(a: Self::F) -> Self::F;
    /// Integers as doubles, exactly (below 2^51 unless
    /// [`Lanes::WIDE_CONVERSIONS`]).
    unsafe fn to_f64(v: Self::V) -> Self::F;
    /// Integral doubles as integers, exactly (as [`Lanes::to_f64`]).
    unsafe fn to_i64(f: Self::F) -> Self::V;
    /// Rounded up and down as integers (as [`Lanes::to_i64`]).
    #[inline(always)]
    unsafe fn ceil_i64(a: Self::F) -> Self::V {
        Self::to_i64(Self::ceil(a))
    }
    #[inline(always)]
    unsafe fn floor_i64(a: Self::F) -> Self::V {
        Self::to_i64(Self::floor(a))
    }
    /// Rounded toward zero, as a double and as an integer.
    #[inline(always)]
    unsafe fn trunc_both(a: Self::F) -> (Self::F, Self::V) {
        let t = Self::trunc(a);
        (t, Self::to_i64(t))
    }
}

/// `f` itself: `always(#[inline(always)] |…| …)` marks a local closure of a
/// generic kernel always inlined. A closure inherits no target features,
/// so one left as a call would run its intrinsics as calls too.
#[inline(always)]
pub(super) fn always<F>(f: F) -> F {
    f
}

/// `#[inline(always)] unsafe fn` items, one a line.
macro_rules! ops {
    ($(fn $name:ident($($arg:ident: $ty:ty),*) $(-> $ret:ty)? $body:block)*) => {
        $( #[inline(always)] unsafe fn $name($($arg: $ty),*) $(-> $ret)? $body )*
    };
}
pub(super) use ops;

/// `1.5·2^52`: adding it puts an integer below 2^51 in the low mantissa
/// bits of a double (AVX2 has no 64-bit integer ↔ float conversions).
const MAGIC: f64 = 6_755_399_441_055_744.0;

/// Lanes of a vector, for the reductions AVX2 lacks.
#[inline(always)]
unsafe fn lanes4(v: __m256i) -> [i64; 4] {
    let mut lanes = [0i64; 4];
    _mm256_storeu_si256(lanes.as_mut_ptr().cast(), v);
    lanes
}

impl Lanes for Avx2 {
    const N: usize = 4;
    const STREAM_GROUPS: usize = 2;
    const WIDE_CONVERSIONS: bool = false;
    type V = __m256i;
    type F = __m256d;
    /// All ones in the lanes set.
    type M = __m256i;

    ops! {
        fn zero() -> __m256i { _mm256_setzero_si256() }
        fn splat(x: i64) -> __m256i { _mm256_set1_epi64x(x) }
        fn index() -> __m256i { _mm256_setr_epi64x(0, 1, 2, 3) }
        fn load(p: *const u64) -> __m256i { _mm256_loadu_si256(p.cast()) }
        fn store(p: *mut u64, v: __m256i) { _mm256_storeu_si256(p.cast(), v) }
        fn and(a: __m256i, b: __m256i) -> __m256i { _mm256_and_si256(a, b) }
        fn or(a: __m256i, b: __m256i) -> __m256i { _mm256_or_si256(a, b) }
        fn xor(a: __m256i, b: __m256i) -> __m256i { _mm256_xor_si256(a, b) }
        fn add(a: __m256i, b: __m256i) -> __m256i { _mm256_add_epi64(a, b) }
        fn sub(a: __m256i, b: __m256i) -> __m256i { _mm256_sub_epi64(a, b) }
        fn shl_by(v: __m256i, n: u32) -> __m256i { _mm256_sll_epi64(v, _mm_cvtsi32_si128(n as i32)) }
        fn shr_by(v: __m256i, n: u32) -> __m256i { _mm256_srl_epi64(v, _mm_cvtsi32_si128(n as i32)) }
        fn up_in_pairs(v: __m256i) -> __m256i { _mm256_slli_si256::<8>(v) }
        fn signs(v: __m256i) -> u32 { _mm256_movemask_pd(_mm256_castsi256_pd(v)) as u32 }
        fn is_zero(v: __m256i) -> bool { _mm256_testz_si256(v, v) == 1 }
        fn lane0(v: __m256i) -> i64 { _mm_cvtsi128_si64(_mm256_castsi256_si128(v)) }
        fn sum(v: __m256i) -> u64 { lanes4(v).iter().fold(0u64, |s, &x| s.wrapping_add(x as u64)) }
        fn min_lane(v: __m256i) -> i64 { lanes4(v).into_iter().min().unwrap_or(0) }
        fn max_lane(v: __m256i) -> i64 { lanes4(v).into_iter().max().unwrap_or(0) }
        fn mul_u32(a: __m256i, b: __m256i) -> __m256i { _mm256_mul_epu32(a, b) }
        fn eq(a: __m256i, b: __m256i) -> __m256i { _mm256_cmpeq_epi64(a, b) }
        fn nonzero(v: __m256i) -> __m256i { _mm256_xor_si256(Self::eq(v, Self::zero()), Self::splat(-1)) }
        fn gt(a: __m256i, b: __m256i) -> __m256i { _mm256_cmpgt_epi64(a, b) }
        fn gt_where(m: __m256i, a: __m256i, b: __m256i) -> __m256i { Self::and(m, Self::gt(a, b)) }
        fn xor_where(m: __m256i, v: __m256i, x: __m256i) -> __m256i { Self::xor(v, Self::and(m, x)) }
        fn first_n(n: usize) -> __m256i { Self::gt(Self::splat(n as i64), Self::index()) }
        fn load_where(m: __m256i, p: *const u64) -> __m256i { _mm256_maskload_epi64(p.cast(), m) }
        fn mask_of(bits: u32) -> __m256i {
            let bit = _mm256_setr_epi64x(1, 2, 4, 8);
            Self::eq(Self::and(Self::splat(i64::from(bits)), bit), bit)
        }
        fn m_and(a: __m256i, b: __m256i) -> __m256i { _mm256_and_si256(a, b) }
        fn any(m: __m256i) -> bool { _mm256_testz_si256(m, m) == 0 }
        fn select(m: __m256i, a: __m256i, b: __m256i) -> __m256i { _mm256_blendv_epi8(a, b, m) }
        fn keep(m: __m256i, v: __m256i) -> __m256i { _mm256_and_si256(m, v) }
        fn add_where(m: __m256i, v: __m256i, x: __m256i) -> __m256i { Self::add(v, Self::and(m, x)) }
        fn sub_where(m: __m256i, v: __m256i, x: __m256i) -> __m256i { Self::sub(v, Self::and(m, x)) }
        // A lane mask is −1 where set: one add or subtract.
        fn inc_where(m: __m256i, v: __m256i) -> __m256i { Self::sub(v, m) }
        fn dec_where(m: __m256i, v: __m256i) -> __m256i { Self::add(v, m) }
        fn fsplat(x: f64) -> __m256d { _mm256_set1_pd(x) }
        fn fadd(a: __m256d, b: __m256d) -> __m256d { _mm256_add_pd(a, b) }
        fn fsub(a: __m256d, b: __m256d) -> __m256d { _mm256_sub_pd(a, b) }
        fn fmul(a: __m256d, b: __m256d) -> __m256d { _mm256_mul_pd(a, b) }
        fn fmin(a: __m256d, b: __m256d) -> __m256d { _mm256_min_pd(a, b) }
        fn fmax(a: __m256d, b: __m256d) -> __m256d { _mm256_max_pd(a, b) }
        fn fge(a: __m256d, b: __m256d) -> __m256i { _mm256_castpd_si256(_mm256_cmp_pd::<_CMP_GE_OQ>(a, b)) }
        fn fle(a: __m256d, b: __m256d) -> __m256i { _mm256_castpd_si256(_mm256_cmp_pd::<_CMP_LE_OQ>(a, b)) }
        fn flt(a: __m256d, b: __m256d) -> __m256i { _mm256_castpd_si256(_mm256_cmp_pd::<_CMP_LT_OQ>(a, b)) }
        fn ceil(a: __m256d) -> __m256d { _mm256_round_pd::<{ _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC }>(a) }
        fn floor(a: __m256d) -> __m256d { _mm256_round_pd::<{ _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC }>(a) }
        fn trunc(a: __m256d) -> __m256d { _mm256_round_pd::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(a) }
    }

    /// Masked loads never touch masked-off lanes.
    #[inline(always)]
    unsafe fn load_n(p: *const u64, n: usize) -> __m256i {
        if n >= 4 {
            Self::load(p)
        } else {
            Self::load_where(Self::first_n(n), p)
        }
    }

    #[inline(always)]
    unsafe fn store_n(p: *mut u64, n: usize, v: __m256i) {
        if n >= 4 {
            Self::store(p, v)
        } else {
            _mm256_maskstore_epi64(p.cast(), Self::first_n(n), v)
        }
    }

    #[inline(always)]
    unsafe fn clmul_prefix(mut v: __m256i) -> __m256i {
        for s in [1, 2, 4, 8, 16, 32] {
            v = Self::xor(v, Self::shl_by(v, s));
        }
        v
    }

    /// No vector popcount: each nibble's count from a table, the bytes
    /// summed per lane.
    #[inline(always)]
    unsafe fn popcnt(v: __m256i) -> __m256i {
        let table = _mm256_setr_epi8(
            0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2,
            3, 3, 4,
        );
        let nibble = _mm256_set1_epi8(0x0f);
        let low = _mm256_shuffle_epi8(table, _mm256_and_si256(v, nibble));
        let high = _mm256_shuffle_epi8(table, _mm256_and_si256(_mm256_srli_epi16::<4>(v), nibble));
        _mm256_sad_epu8(_mm256_add_epi8(low, high), _mm256_setzero_si256())
    }

    /// No 64-bit multiply: from 32-bit halves.
    #[inline(always)]
    unsafe fn mul64(a: __m256i, b: __m256i) -> __m256i {
        let low = _mm256_mul_epu32(a, b);
        let cross = _mm256_add_epi64(
            _mm256_mul_epu32(_mm256_srli_epi64::<32>(a), b),
            _mm256_mul_epu32(a, _mm256_srli_epi64::<32>(b)),
        );
        _mm256_add_epi64(low, _mm256_slli_epi64::<32>(cross))
    }

    /// No compress: each lane's bit flipped now, the missed lanes' 0 in
    /// word 0 (no branch).
    #[inline(always)]
    unsafe fn flip_bits(words: *mut u64, _: *mut i64, m: __m256i, at: __m256i) -> usize {
        let word = lanes4(_mm256_srli_epi64::<6>(Self::and(at, m)));
        let one = Self::and(m, Self::splat(1));
        let bit = lanes4(_mm256_sllv_epi64(one, Self::and(at, Self::splat(63))));
        for (&w, &b) in word.iter().zip(&bit) {
            *words.add(w as usize) ^= b as u64;
        }
        0
    }

    /// No 64-bit conversions: through the mantissa of `MAGIC`.
    #[inline(always)]
    unsafe fn to_f64(v: __m256i) -> __m256d {
        let bits = _mm256_add_epi64(v, _mm256_castpd_si256(_mm256_set1_pd(MAGIC)));
        _mm256_sub_pd(_mm256_castsi256_pd(bits), _mm256_set1_pd(MAGIC))
    }
    #[inline(always)]
    unsafe fn to_i64(f: __m256d) -> __m256i {
        let bits = _mm256_castpd_si256(_mm256_add_pd(f, _mm256_set1_pd(MAGIC)));
        _mm256_sub_epi64(bits, _mm256_castpd_si256(_mm256_set1_pd(MAGIC)))
    }
}

impl Lanes for Avx512 {
    const N: usize = 8;
    const STREAM_GROUPS: usize = 1;
    const WIDE_CONVERSIONS: bool = true;
    type V = __m512i;
    type F = __m512d;
    /// A mask register.
    type M = __mmask8;

    ops! {
        fn zero() -> __m512i { _mm512_setzero_si512() }
        fn splat(x: i64) -> __m512i { _mm512_set1_epi64(x) }
        fn index() -> __m512i { _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7) }
        fn load(p: *const u64) -> __m512i { _mm512_loadu_si512(p.cast()) }
        fn store(p: *mut u64, v: __m512i) { _mm512_storeu_si512(p.cast(), v) }
        fn and(a: __m512i, b: __m512i) -> __m512i { _mm512_and_si512(a, b) }
        fn or(a: __m512i, b: __m512i) -> __m512i { _mm512_or_si512(a, b) }
        fn xor(a: __m512i, b: __m512i) -> __m512i { _mm512_xor_si512(a, b) }
        fn add(a: __m512i, b: __m512i) -> __m512i { _mm512_add_epi64(a, b) }
        fn sub(a: __m512i, b: __m512i) -> __m512i { _mm512_sub_epi64(a, b) }
        fn shl_by(v: __m512i, n: u32) -> __m512i { _mm512_sll_epi64(v, _mm_cvtsi32_si128(n as i32)) }
        fn shr_by(v: __m512i, n: u32) -> __m512i { _mm512_srl_epi64(v, _mm_cvtsi32_si128(n as i32)) }
        fn up_in_pairs(v: __m512i) -> __m512i { _mm512_bslli_epi128::<8>(v) }
        fn signs(v: __m512i) -> u32 { u32::from(_mm512_movepi64_mask(v)) }
        fn is_zero(v: __m512i) -> bool { _mm512_test_epi64_mask(v, v) == 0 }
        fn lane0(v: __m512i) -> i64 { _mm_cvtsi128_si64(_mm512_castsi512_si128(v)) }
        fn popcnt(v: __m512i) -> __m512i { _mm512_popcnt_epi64(v) }
        fn sum(v: __m512i) -> u64 { _mm512_reduce_add_epi64(v) as u64 }
        fn min_lane(v: __m512i) -> i64 { _mm512_reduce_min_epi64(v) }
        fn max_lane(v: __m512i) -> i64 { _mm512_reduce_max_epi64(v) }
        fn mul_u32(a: __m512i, b: __m512i) -> __m512i { _mm512_mul_epu32(a, b) }
        fn mul64(a: __m512i, b: __m512i) -> __m512i { _mm512_mullo_epi64(a, b) }
        fn eq(a: __m512i, b: __m512i) -> __mmask8 { _mm512_cmpeq_epi64_mask(a, b) }
        fn nonzero(v: __m512i) -> __mmask8 { _mm512_test_epi64_mask(v, v) }
        fn gt(a: __m512i, b: __m512i) -> __mmask8 { _mm512_cmpgt_epi64_mask(a, b) }
        fn gt_where(m: __mmask8, a: __m512i, b: __m512i) -> __mmask8 { _mm512_mask_cmpgt_epi64_mask(m, a, b) }
        fn xor_where(m: __mmask8, v: __m512i, x: __m512i) -> __m512i { _mm512_mask_xor_epi64(v, m, v, x) }
        fn first_n(n: usize) -> __mmask8 { if n >= 8 { 0xff } else { (1u8 << n) - 1 } }
        fn load_where(m: __mmask8, p: *const u64) -> __m512i { _mm512_maskz_loadu_epi64(m, p.cast()) }
        fn mask_of(bits: u32) -> __mmask8 { bits as u8 }
        fn m_and(a: __mmask8, b: __mmask8) -> __mmask8 { a & b }
        fn any(m: __mmask8) -> bool { m != 0 }
        fn select(m: __mmask8, a: __m512i, b: __m512i) -> __m512i { _mm512_mask_blend_epi64(m, a, b) }
        fn keep(m: __mmask8, v: __m512i) -> __m512i { _mm512_maskz_mov_epi64(m, v) }
        fn add_where(m: __mmask8, v: __m512i, x: __m512i) -> __m512i { _mm512_mask_add_epi64(v, m, v, x) }
        fn sub_where(m: __mmask8, v: __m512i, x: __m512i) -> __m512i { _mm512_mask_sub_epi64(v, m, v, x) }
        fn inc_where(m: __mmask8, v: __m512i) -> __m512i { Self::add_where(m, v, Self::splat(1)) }
        fn dec_where(m: __mmask8, v: __m512i) -> __m512i { Self::sub_where(m, v, Self::splat(1)) }
        fn fsplat(x: f64) -> __m512d { _mm512_set1_pd(x) }
        fn fadd(a: __m512d, b: __m512d) -> __m512d { _mm512_add_pd(a, b) }
        fn fsub(a: __m512d, b: __m512d) -> __m512d { _mm512_sub_pd(a, b) }
        fn fmul(a: __m512d, b: __m512d) -> __m512d { _mm512_mul_pd(a, b) }
        fn fmin(a: __m512d, b: __m512d) -> __m512d { _mm512_min_pd(a, b) }
        fn fmax(a: __m512d, b: __m512d) -> __m512d { _mm512_max_pd(a, b) }
        fn fge(a: __m512d, b: __m512d) -> __mmask8 { _mm512_cmp_pd_mask::<_CMP_GE_OQ>(a, b) }
        fn fle(a: __m512d, b: __m512d) -> __mmask8 { _mm512_cmp_pd_mask::<_CMP_LE_OQ>(a, b) }
        fn flt(a: __m512d, b: __m512d) -> __mmask8 { _mm512_cmp_pd_mask::<_CMP_LT_OQ>(a, b) }
        fn ceil(a: __m512d) -> __m512d { _mm512_roundscale_pd::<{ _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC }>(a) }
        fn floor(a: __m512d) -> __m512d { _mm512_roundscale_pd::<{ _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC }>(a) }
        fn trunc(a: __m512d) -> __m512d { _mm512_roundscale_pd::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(a) }
        fn to_f64(v: __m512i) -> __m512d { _mm512_cvtepi64_pd(v) }
        fn to_i64(f: __m512d) -> __m512i { _mm512_cvtpd_epi64(f) }
        fn ceil_i64(a: __m512d) -> __m512i { _mm512_cvt_roundpd_epi64::<{ _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC }>(a) }
        fn floor_i64(a: __m512d) -> __m512i { _mm512_cvt_roundpd_epi64::<{ _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC }>(a) }
        fn trunc_both(a: __m512d) -> (__m512d, __m512i) { let t = _mm512_cvttpd_epi64(a); (_mm512_cvtepi64_pd(t), t) }
        fn flip_bits(_words: *mut u64, flipped: *mut i64, m: __mmask8, at: __m512i) -> usize {
            _mm512_storeu_epi64(flipped, _mm512_maskz_compress_epi64(m, at));
            m.count_ones() as usize
        }
    }

    #[inline(always)]
    unsafe fn store_n(p: *mut u64, n: usize, v: __m512i) {
        if n >= 8 {
            Self::store(p, v)
        } else {
            _mm512_mask_storeu_epi64(p.cast(), Self::first_n(n), v)
        }
    }

    /// Bit i of x·(all ones), carry-less, is the XOR of bits 0..=i: the
    /// even lanes' products, then the odd lanes', low halves interleaved
    /// back.
    #[inline(always)]
    unsafe fn clmul_prefix(v: __m512i) -> __m512i {
        let ones = Self::splat(-1);
        let even = _mm512_clmulepi64_epi128::<0x00>(v, ones);
        let odd = _mm512_clmulepi64_epi128::<0x01>(v, ones);
        _mm512_unpacklo_epi64(even, odd)
    }

    /// Whole vectors load plainly (a masked load costs a mask register).
    #[inline(always)]
    unsafe fn load_n(p: *const u64, n: usize) -> __m512i {
        if n >= 8 {
            Self::load(p)
        } else {
            Self::load_where(Self::first_n(n), p)
        }
    }
}
