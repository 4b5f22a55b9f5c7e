//! One stage-1 body over a lane width: the operations it needs from a
//! vector instruction set, as a trait.
//!
//! The pattern (memchr's `arch/generic` and `arch/x86_64` work the same
//! way): the kernel is written once, generic over [`Lanes`], as an
//! `#[inline(always)]` function (`super::body::prepare`). Each instruction
//! set implements [`Lanes`] on a marker type (`super::avx2::V256`, 8
//! lanes; `super::avx512::V512`, 16), every method an `#[inline(always)]`
//! wrapper of one intrinsic or a few. A thin entry point per set,
//! `#[target_feature(enable = ...)]`, calls the body with its marker type;
//! everything inlines into it, so the intrinsics compile for that set and
//! no call is left. The two implementations differ only where the
//! instructions truly differ (masks in vector lanes or in mask registers,
//! table lookups as loads or hardware gathers, `vpsignd`, which AVX-512
//! lacks), and each such method says why.
//!
//! Every method is `unsafe`: it may only run inside a function whose
//! target features include the implementing set's (the entry points).
//! Pointer arguments must be valid for the lanes read or written.

/// A vector instruction set's lanes: 32-bit floats (`F`), 32-bit
/// integers (`I`) and a lane mask (`M`), [`Lanes::N`] lanes each.
pub(super) trait Lanes {
    /// Lanes per vector.
    const N: usize;
    /// Float lanes.
    type F: Copy;
    /// Integer lanes.
    type I: Copy;
    /// A true or false per lane.
    type M: Copy;

    /// Every lane `v`.
    unsafe fn splat_f(v: f32) -> Self::F;
    /// Every lane `v`.
    unsafe fn splat_i(v: i32) -> Self::I;
    /// `N` floats from `p` (unaligned).
    unsafe fn load_f(p: *const f32) -> Self::F;
    /// Stores `v` at `p` (unaligned).
    unsafe fn store_f(p: *mut f32, v: Self::F);
    /// Stores `v` at `p` (unaligned).
    unsafe fn store_i(p: *mut i32, v: Self::I);
    /// `N` integers from `p` (unaligned).
    unsafe fn load_i(p: *const i32) -> Self::I;
    /// Stores the lanes of `v` that `m` selects; the others may be
    /// written with `v`'s too (their values are never read).
    unsafe fn store_i_where(p: *mut i32, m: Self::M, v: Self::I);

    unsafe fn add_f(a: Self::F, b: Self::F) -> Self::F;
    unsafe fn sub_f(a: Self::F, b: Self::F) -> Self::F;
    unsafe fn mul_f(a: Self::F, b: Self::F) -> Self::F;
    unsafe fn min_f(a: Self::F, b: Self::F) -> Self::F;
    unsafe fn max_f(a: Self::F, b: Self::F) -> Self::F;
    /// `|a|`.
    unsafe fn abs_f(a: Self::F) -> Self::F;
    /// Rounded toward −∞ (still floats).
    unsafe fn floor_f(a: Self::F) -> Self::F;
    /// Truncated toward zero (`cvttps2dq`: out of range or NaN gives
    /// `i32::MIN`).
    unsafe fn trunc_i(a: Self::F) -> Self::I;
    /// `v + d` where `m`, else `v`.
    unsafe fn add_where(m: Self::M, v: Self::F, d: Self::F) -> Self::F;
    /// `v − d` where `m`, else `v`.
    unsafe fn sub_where(m: Self::M, v: Self::F, d: Self::F) -> Self::F;
    /// `a < b` (ordered: false for NaN).
    unsafe fn lt_f(a: Self::F, b: Self::F) -> Self::M;
    /// `a ≥ b` (ordered: false for NaN).
    unsafe fn ge_f(a: Self::F, b: Self::F) -> Self::M;

    unsafe fn add_i(a: Self::I, b: Self::I) -> Self::I;
    unsafe fn sub_i(a: Self::I, b: Self::I) -> Self::I;
    /// The low 32 bits of `a · b`.
    unsafe fn mul_i(a: Self::I, b: Self::I) -> Self::I;
    unsafe fn and_i(a: Self::I, b: Self::I) -> Self::I;
    unsafe fn or_i(a: Self::I, b: Self::I) -> Self::I;
    unsafe fn min_i(a: Self::I, b: Self::I) -> Self::I;
    unsafe fn max_i(a: Self::I, b: Self::I) -> Self::I;
    /// Unsigned minimum.
    unsafe fn min_u(a: Self::I, b: Self::I) -> Self::I;
    unsafe fn abs_i(a: Self::I) -> Self::I;
    /// `signum(a)`.
    unsafe fn signum_i(a: Self::I) -> Self::I;
    /// `a · signum(b)`.
    unsafe fn mul_sign(a: Self::I, b: Self::I) -> Self::I;
    /// Logical right shift by the count in the low 64 bits of `count`.
    unsafe fn shr_u(a: Self::I, count: std::arch::x86_64::__m128i) -> Self::I;
    /// Left shift by 16.
    unsafe fn shl16(a: Self::I) -> Self::I;
    /// Each lane shifted right by 16 bits, copying the sign bit.
    unsafe fn sra16(a: Self::I) -> Self::I;
    /// Left shift by the flags' code shift.
    unsafe fn shl_code(a: Self::I) -> Self::I;
    unsafe fn eq_i(a: Self::I, b: Self::I) -> Self::M;
    /// Signed `a < b`.
    unsafe fn lt_i(a: Self::I, b: Self::I) -> Self::M;
    /// Unsigned `a ≤ b`.
    unsafe fn le_u(a: Self::I, b: Self::I) -> Self::M;
    /// `t` where `m`, else `f`.
    unsafe fn select_i(m: Self::M, t: Self::I, f: Self::I) -> Self::I;
    /// `v` where `m`, else 0.
    unsafe fn keep_i(m: Self::M, v: Self::I) -> Self::I;

    unsafe fn and_m(a: Self::M, b: Self::M) -> Self::M;
    unsafe fn or_m(a: Self::M, b: Self::M) -> Self::M;
    /// Not `a`.
    unsafe fn not_m(a: Self::M) -> Self::M;
    /// `a` and not `b`.
    unsafe fn and_not_m(a: Self::M, b: Self::M) -> Self::M;
    /// Lane `k`'s truth in bit `k`.
    unsafe fn bits(m: Self::M) -> u32;

    /// The sines and the cosines of the `N` `(sin, cos)` pairs at `pairs`,
    /// as [`Lanes::gather_pairs`] stores a group.
    unsafe fn split_pairs(pairs: *const i64) -> (Self::F, Self::F);

    /// `out[j] = table[index[j]]` for `j < count` (a multiple of `N`;
    /// `out` may be `index` itself): a lookup pass over a block.
    unsafe fn gather_u32(table: *const u32, index: *const i32, out: *mut u32, count: usize);
    /// The `(sin, cos)` pair `k` (floats `2k` and `2k + 1` of `table`) as
    /// one word, for `k = index[j]`, `j < count` (a multiple of `N`), into
    /// `out[..count]`: each group of `N` in the order [`Lanes::split_pairs`]
    /// reads (AVX2 stores them out of order, so it needs no permutes).
    unsafe fn gather_pairs(table: *const f32, index: *const i32, out: *mut i64, count: usize);
}
