//! [`Lanes`] on AVX-512 (F): 16 lanes, masks in mask registers, masked
//! arithmetic and stores, and hardware gathers for the table lookups, as
//! the hand-written AVX-512 kernel before the shared body had them.

use std::arch::x86_64::*;

use super::super::flags::CODE_SHIFT;
use super::lanes::Lanes;

/// AVX-512's 512-bit vectors (the marker type the body is generic over).
pub(super) struct V512;

/// `_mm512_roundscale_ps`'s rounding toward −∞, exceptions suppressed.
const FLOOR: i32 = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;

impl Lanes for V512 {
    const N: usize = 16;
    type F = __m512;
    type I = __m512i;
    type M = __mmask16;

    #[inline(always)]
    unsafe fn splat_f(v: f32) -> __m512 {
        _mm512_set1_ps(v)
    }
    #[inline(always)]
    unsafe fn splat_i(v: i32) -> __m512i {
        _mm512_set1_epi32(v)
    }
    #[inline(always)]
    unsafe fn load_f(p: *const f32) -> __m512 {
        _mm512_loadu_ps(p)
    }
    #[inline(always)]
    unsafe fn store_f(p: *mut f32, v: __m512) {
        _mm512_storeu_ps(p, v)
    }
    #[inline(always)]
    unsafe fn load_i(p: *const i32) -> __m512i {
        _mm512_loadu_si512(p.cast())
    }
    #[inline(always)]
    unsafe fn store_i(p: *mut i32, v: __m512i) {
        _mm512_storeu_si512(p.cast(), v)
    }
    /// A masked store: only the selected lanes are written.
    #[inline(always)]
    unsafe fn store_i_where(p: *mut i32, m: __mmask16, v: __m512i) {
        _mm512_mask_storeu_epi32(p, m, v)
    }

    #[inline(always)]
    unsafe fn add_f(a: __m512, b: __m512) -> __m512 {
        _mm512_add_ps(a, b)
    }
    #[inline(always)]
    unsafe fn sub_f(a: __m512, b: __m512) -> __m512 {
        _mm512_sub_ps(a, b)
    }
    #[inline(always)]
    unsafe fn mul_f(a: __m512, b: __m512) -> __m512 {
        _mm512_mul_ps(a, b)
    }
    #[inline(always)]
    unsafe fn min_f(a: __m512, b: __m512) -> __m512 {
        _mm512_min_ps(a, b)
    }
    #[inline(always)]
    unsafe fn max_f(a: __m512, b: __m512) -> __m512 {
        _mm512_max_ps(a, b)
    }
    #[inline(always)]
    unsafe fn abs_f(a: __m512) -> __m512 {
        _mm512_abs_ps(a)
    }
    #[inline(always)]
    unsafe fn floor_f(a: __m512) -> __m512 {
        _mm512_roundscale_ps::<FLOOR>(a)
    }
    #[inline(always)]
    unsafe fn trunc_i(a: __m512) -> __m512i {
        _mm512_cvttps_epi32(a)
    }
    /// One masked add.
    #[inline(always)]
    unsafe fn add_where(m: __mmask16, v: __m512, d: __m512) -> __m512 {
        _mm512_mask_add_ps(v, m, v, d)
    }
    /// One masked subtract.
    #[inline(always)]
    unsafe fn sub_where(m: __mmask16, v: __m512, d: __m512) -> __m512 {
        _mm512_mask_sub_ps(v, m, v, d)
    }
    #[inline(always)]
    unsafe fn lt_f(a: __m512, b: __m512) -> __mmask16 {
        _mm512_cmp_ps_mask::<_CMP_LT_OQ>(a, b)
    }
    #[inline(always)]
    unsafe fn ge_f(a: __m512, b: __m512) -> __mmask16 {
        _mm512_cmp_ps_mask::<_CMP_GE_OQ>(a, b)
    }

    #[inline(always)]
    unsafe fn add_i(a: __m512i, b: __m512i) -> __m512i {
        _mm512_add_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn sub_i(a: __m512i, b: __m512i) -> __m512i {
        _mm512_sub_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn mul_i(a: __m512i, b: __m512i) -> __m512i {
        _mm512_mullo_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn and_i(a: __m512i, b: __m512i) -> __m512i {
        _mm512_and_si512(a, b)
    }
    #[inline(always)]
    unsafe fn or_i(a: __m512i, b: __m512i) -> __m512i {
        _mm512_or_si512(a, b)
    }
    #[inline(always)]
    unsafe fn min_i(a: __m512i, b: __m512i) -> __m512i {
        _mm512_min_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn max_i(a: __m512i, b: __m512i) -> __m512i {
        _mm512_max_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn min_u(a: __m512i, b: __m512i) -> __m512i {
        _mm512_min_epu32(a, b)
    }
    #[inline(always)]
    unsafe fn abs_i(a: __m512i) -> __m512i {
        _mm512_abs_epi32(a)
    }
    /// A clamp to ±1: AVX-512 has no `vpsignd`.
    #[inline(always)]
    unsafe fn signum_i(a: __m512i) -> __m512i {
        _mm512_max_epi32(
            _mm512_min_epi32(a, _mm512_set1_epi32(1)),
            _mm512_set1_epi32(-1),
        )
    }
    /// The clamp, then a multiply: AVX-512 has no `vpsignd`.
    #[inline(always)]
    unsafe fn mul_sign(a: __m512i, b: __m512i) -> __m512i {
        _mm512_mullo_epi32(a, Self::signum_i(b))
    }
    #[inline(always)]
    unsafe fn shr_u(a: __m512i, count: __m128i) -> __m512i {
        _mm512_srl_epi32(a, count)
    }
    #[inline(always)]
    unsafe fn shl16(a: __m512i) -> __m512i {
        _mm512_slli_epi32::<16>(a)
    }
    #[inline(always)]
    unsafe fn sra16(a: __m512i) -> __m512i {
        _mm512_srai_epi32::<16>(a)
    }
    #[inline(always)]
    unsafe fn shl_code(a: __m512i) -> __m512i {
        _mm512_slli_epi32::<CODE_SHIFT>(a)
    }
    #[inline(always)]
    unsafe fn eq_i(a: __m512i, b: __m512i) -> __mmask16 {
        _mm512_cmpeq_epi32_mask(a, b)
    }
    #[inline(always)]
    unsafe fn lt_i(a: __m512i, b: __m512i) -> __mmask16 {
        _mm512_cmplt_epi32_mask(a, b)
    }
    #[inline(always)]
    unsafe fn le_u(a: __m512i, b: __m512i) -> __mmask16 {
        _mm512_cmple_epu32_mask(a, b)
    }
    #[inline(always)]
    unsafe fn select_i(m: __mmask16, t: __m512i, f: __m512i) -> __m512i {
        _mm512_mask_mov_epi32(f, m, t)
    }
    #[inline(always)]
    unsafe fn keep_i(m: __mmask16, v: __m512i) -> __m512i {
        _mm512_maskz_mov_epi32(m, v)
    }

    #[inline(always)]
    unsafe fn and_m(a: __mmask16, b: __mmask16) -> __mmask16 {
        a & b
    }
    #[inline(always)]
    unsafe fn or_m(a: __mmask16, b: __mmask16) -> __mmask16 {
        a | b
    }
    #[inline(always)]
    unsafe fn not_m(a: __mmask16) -> __mmask16 {
        !a
    }
    #[inline(always)]
    unsafe fn and_not_m(a: __mmask16, b: __mmask16) -> __mmask16 {
        a & !b
    }
    #[inline(always)]
    unsafe fn bits(m: __mmask16) -> u32 {
        u32::from(m)
    }

    /// Two two-source permutes: the even floats, then the odd.
    #[inline(always)]
    unsafe fn split_pairs(pairs: *const i64) -> (__m512, __m512) {
        let low = _mm512_loadu_ps(pairs.cast());
        let high = _mm512_loadu_ps(pairs.add(8).cast());
        let even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
        let odd = _mm512_add_epi32(even, _mm512_set1_epi32(1));
        (
            _mm512_permutex2var_ps(low, even, high),
            _mm512_permutex2var_ps(low, odd, high),
        )
    }

    /// One hardware gather a vector.
    #[inline(always)]
    unsafe fn gather_u32(table: *const u32, index: *const i32, out: *mut u32, count: usize) {
        let mut j = 0;
        while j < count {
            let k = _mm512_loadu_si512(index.add(j).cast());
            let v = _mm512_i32gather_epi32::<4>(k, table.cast());
            _mm512_storeu_si512(out.add(j).cast(), v);
            j += 16;
        }
    }
    /// Two hardware gathers of eight 64-bit pairs a vector.
    #[inline(always)]
    unsafe fn gather_pairs(table: *const f32, index: *const i32, out: *mut i64, count: usize) {
        let mut j = 0;
        while j < count {
            let k = _mm256_loadu_si256(index.add(j).cast());
            let v = _mm512_i32gather_epi64::<8>(k, table.cast());
            _mm512_storeu_si512(out.add(j).cast(), v);
            j += 8;
        }
    }
}
