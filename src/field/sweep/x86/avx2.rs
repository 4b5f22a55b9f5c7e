//! [`Lanes`] on AVX2: 8 lanes, masks as all-ones lanes.
//!
//! Table lookups are plain loads in passes over the block: a hardware
//! gather is slower than eight loads on AMD Zen 3, and as runs of
//! independent loads between vector passes they overlap (4–9% off the
//! step at 1M particles than one group at a time).

use std::arch::x86_64::*;

use super::super::flags::CODE_SHIFT;
use super::lanes::Lanes;

/// AVX2's 256-bit vectors (the marker type the body is generic over).
pub(super) struct V256;

impl Lanes for V256 {
    const N: usize = 8;
    type F = __m256;
    type I = __m256i;
    type M = __m256i;

    #[inline(always)]
    unsafe fn splat_f(v: f32) -> __m256 {
        _mm256_set1_ps(v)
    }
    #[inline(always)]
    unsafe fn splat_i(v: i32) -> __m256i {
        _mm256_set1_epi32(v)
    }
    #[inline(always)]
    unsafe fn load_f(p: *const f32) -> __m256 {
        _mm256_loadu_ps(p)
    }
    #[inline(always)]
    unsafe fn store_f(p: *mut f32, v: __m256) {
        _mm256_storeu_ps(p, v)
    }
    #[inline(always)]
    unsafe fn load_i(p: *const i32) -> __m256i {
        _mm256_loadu_si256(p.cast())
    }
    #[inline(always)]
    unsafe fn store_i(p: *mut i32, v: __m256i) {
        _mm256_storeu_si256(p.cast(), v)
    }
    /// Every lane: `vpmaskmovd` stores are slow on AMD, and the lanes
    /// left out are never read.
    #[inline(always)]
    unsafe fn store_i_where(p: *mut i32, _m: __m256i, v: __m256i) {
        _mm256_storeu_si256(p.cast(), v)
    }

    #[inline(always)]
    unsafe fn add_f(a: __m256, b: __m256) -> __m256 {
        _mm256_add_ps(a, b)
    }
    #[inline(always)]
    unsafe fn sub_f(a: __m256, b: __m256) -> __m256 {
        _mm256_sub_ps(a, b)
    }
    #[inline(always)]
    unsafe fn mul_f(a: __m256, b: __m256) -> __m256 {
        _mm256_mul_ps(a, b)
    }
    #[inline(always)]
    unsafe fn min_f(a: __m256, b: __m256) -> __m256 {
        _mm256_min_ps(a, b)
    }
    #[inline(always)]
    unsafe fn max_f(a: __m256, b: __m256) -> __m256 {
        _mm256_max_ps(a, b)
    }
    /// The sign bit cleared (AVX2 has no `abs` for floats).
    #[inline(always)]
    unsafe fn abs_f(a: __m256) -> __m256 {
        _mm256_and_ps(a, _mm256_castsi256_ps(_mm256_set1_epi32(i32::MAX)))
    }
    #[inline(always)]
    unsafe fn floor_f(a: __m256) -> __m256 {
        _mm256_floor_ps(a)
    }
    #[inline(always)]
    unsafe fn trunc_i(a: __m256) -> __m256i {
        _mm256_cvttps_epi32(a)
    }
    /// A blend of the sum (AVX2 has no masked arithmetic).
    #[inline(always)]
    unsafe fn add_where(m: __m256i, v: __m256, d: __m256) -> __m256 {
        _mm256_blendv_ps(v, _mm256_add_ps(v, d), _mm256_castsi256_ps(m))
    }
    #[inline(always)]
    unsafe fn sub_where(m: __m256i, v: __m256, d: __m256) -> __m256 {
        _mm256_blendv_ps(v, _mm256_sub_ps(v, d), _mm256_castsi256_ps(m))
    }
    #[inline(always)]
    unsafe fn lt_f(a: __m256, b: __m256) -> __m256i {
        _mm256_castps_si256(_mm256_cmp_ps::<_CMP_LT_OQ>(a, b))
    }
    #[inline(always)]
    unsafe fn ge_f(a: __m256, b: __m256) -> __m256i {
        _mm256_castps_si256(_mm256_cmp_ps::<_CMP_GE_OQ>(a, b))
    }

    #[inline(always)]
    unsafe fn add_i(a: __m256i, b: __m256i) -> __m256i {
        _mm256_add_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn sub_i(a: __m256i, b: __m256i) -> __m256i {
        _mm256_sub_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn mul_i(a: __m256i, b: __m256i) -> __m256i {
        _mm256_mullo_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn and_i(a: __m256i, b: __m256i) -> __m256i {
        _mm256_and_si256(a, b)
    }
    #[inline(always)]
    unsafe fn or_i(a: __m256i, b: __m256i) -> __m256i {
        _mm256_or_si256(a, b)
    }
    #[inline(always)]
    unsafe fn min_i(a: __m256i, b: __m256i) -> __m256i {
        _mm256_min_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn max_i(a: __m256i, b: __m256i) -> __m256i {
        _mm256_max_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn min_u(a: __m256i, b: __m256i) -> __m256i {
        _mm256_min_epu32(a, b)
    }
    #[inline(always)]
    unsafe fn abs_i(a: __m256i) -> __m256i {
        _mm256_abs_epi32(a)
    }
    /// One `vpsignd`.
    #[inline(always)]
    unsafe fn signum_i(a: __m256i) -> __m256i {
        _mm256_sign_epi32(_mm256_set1_epi32(1), a)
    }
    /// One `vpsignd`.
    #[inline(always)]
    unsafe fn mul_sign(a: __m256i, b: __m256i) -> __m256i {
        _mm256_sign_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn shr_u(a: __m256i, count: __m128i) -> __m256i {
        _mm256_srl_epi32(a, count)
    }
    #[inline(always)]
    unsafe fn shl16(a: __m256i) -> __m256i {
        _mm256_slli_epi32::<16>(a)
    }
    #[inline(always)]
    unsafe fn sra16(a: __m256i) -> __m256i {
        _mm256_srai_epi32::<16>(a)
    }
    #[inline(always)]
    unsafe fn shl_code(a: __m256i) -> __m256i {
        _mm256_slli_epi32::<{ CODE_SHIFT as i32 }>(a)
    }
    #[inline(always)]
    unsafe fn eq_i(a: __m256i, b: __m256i) -> __m256i {
        _mm256_cmpeq_epi32(a, b)
    }
    #[inline(always)]
    unsafe fn lt_i(a: __m256i, b: __m256i) -> __m256i {
        _mm256_cmpgt_epi32(b, a)
    }
    /// `min(a, b) == a` (AVX2 compares unsigned lanes only this way).
    #[inline(always)]
    unsafe fn le_u(a: __m256i, b: __m256i) -> __m256i {
        _mm256_cmpeq_epi32(_mm256_min_epu32(a, b), a)
    }
    #[inline(always)]
    unsafe fn select_i(m: __m256i, t: __m256i, f: __m256i) -> __m256i {
        _mm256_blendv_epi8(f, t, m)
    }
    #[inline(always)]
    unsafe fn keep_i(m: __m256i, v: __m256i) -> __m256i {
        _mm256_and_si256(m, v)
    }

    #[inline(always)]
    unsafe fn and_m(a: __m256i, b: __m256i) -> __m256i {
        _mm256_and_si256(a, b)
    }
    #[inline(always)]
    unsafe fn or_m(a: __m256i, b: __m256i) -> __m256i {
        _mm256_or_si256(a, b)
    }
    #[inline(always)]
    unsafe fn not_m(a: __m256i) -> __m256i {
        _mm256_xor_si256(a, _mm256_set1_epi32(-1))
    }
    #[inline(always)]
    unsafe fn and_not_m(a: __m256i, b: __m256i) -> __m256i {
        _mm256_andnot_si256(b, a)
    }
    #[inline(always)]
    unsafe fn bits(m: __m256i) -> u32 {
        _mm256_movemask_ps(_mm256_castsi256_ps(m)) as u32
    }

    /// Two shuffles: [`V256::gather_pairs`] stores a group's pairs as
    /// 0, 1 | 4, 5 then 2, 3 | 6, 7, so each 128-bit half of the two loads
    /// holds the two pairs its half of the result takes.
    #[inline(always)]
    unsafe fn split_pairs(pairs: *const i64) -> (__m256, __m256) {
        let a = _mm256_loadu_ps(pairs.cast());
        let b = _mm256_loadu_ps(pairs.add(4).cast());
        (
            _mm256_shuffle_ps::<0b10_00_10_00>(a, b),
            _mm256_shuffle_ps::<0b11_01_11_01>(a, b),
        )
    }

    /// Plain loads (see the module docs).
    #[inline(always)]
    unsafe fn gather_u32(table: *const u32, index: *const i32, out: *mut u32, count: usize) {
        for j in 0..count {
            out.add(j).write(*table.add(*index.add(j) as usize));
        }
    }
    /// One 64-bit load a pair, two pairs a 128-bit store: `vmovsd` then
    /// `vmovhps` from memory, written as `asm!` (from the intrinsics LLVM
    /// loaded both pairs and joined them, one instruction more for two),
    /// a group of eight a turn, in the order [`V256::split_pairs`] reads
    /// (which then needs no lane-crossing permutes).
    #[inline(always)]
    unsafe fn gather_pairs(table: *const f32, index: *const i32, out: *mut i64, count: usize) {
        debug_assert_eq!(count & 7, 0);
        let mut j = 0;
        while j < count {
            // The indices are masked into the table (never negative).
            let at = |k: usize| *index.add(j + k) as u32 as usize;
            pairs4(table, [at(0), at(1), at(4), at(5)], out.add(j));
            pairs4(table, [at(2), at(3), at(6), at(7)], out.add(j + 4));
            j += 8;
        }
    }
}

/// Four pairs of [`V256::gather_pairs`]: the `(sin, cos)` pairs at the
/// indices `at` (inside the table) into `out[0..4]`.
#[inline(always)]
unsafe fn pairs4(table: *const f32, [a, b, c, d]: [usize; 4], out: *mut i64) {
    std::arch::asm!(
        "vmovsd {v}, qword ptr [{t} + {a}*8]",
        "vmovhps {v}, {v}, qword ptr [{t} + {b}*8]",
        "vmovups xmmword ptr [{o}], {v}",
        "vmovsd {v}, qword ptr [{t} + {c}*8]",
        "vmovhps {v}, {v}, qword ptr [{t} + {d}*8]",
        "vmovups xmmword ptr [{o} + 16], {v}",
        t = in(reg) table,
        a = in(reg) a,
        b = in(reg) b,
        c = in(reg) c,
        d = in(reg) d,
        o = in(reg) out,
        v = out(xmm_reg) _,
        options(nostack, preserves_flags),
    );
}
