//! The [`super`] vectors on wasm32 simd128 (compiled only when the build
//! enables it, so every instruction here validates).

use std::arch::wasm32::*;

use super::LANES;

/// Four `f32` lanes.
#[derive(Clone, Copy)]
pub(crate) struct F4(v128);

/// Four 32-bit integer lanes (or a mask).
#[derive(Clone, Copy)]
pub(crate) struct I4(v128);

impl F4 {
    #[inline(always)]
    pub fn splat(v: f32) -> F4 {
        F4(f32x4_splat(v))
    }
    /// The first four floats of `s` (panics when shorter).
    #[cfg(test)]
    #[inline(always)]
    pub fn load(s: &[f32]) -> F4 {
        let a: &[f32; LANES] = s.first_chunk().expect("four lanes");
        F4::from_array(*a)
    }
    #[cfg(test)]
    #[inline(always)]
    pub fn from_array(a: [f32; LANES]) -> F4 {
        F4(f32x4(a[0], a[1], a[2], a[3]))
    }
    /// Stores the lanes in `out[..4]` (panics when shorter).
    #[cfg(test)]
    #[inline(always)]
    pub fn store(self, out: &mut [f32]) {
        let a: &mut [f32; LANES] = out.first_chunk_mut().expect("four lanes");
        let v = self.0;
        *a = [
            f32x4_extract_lane::<0>(v),
            f32x4_extract_lane::<1>(v),
            f32x4_extract_lane::<2>(v),
            f32x4_extract_lane::<3>(v),
        ];
    }
    /// The four floats at `p`.
    ///
    /// # Safety
    /// `p` must point to four readable `f32` (no alignment needed).
    #[inline(always)]
    pub unsafe fn load_ptr(p: *const f32) -> F4 {
        // SAFETY: the caller vouches for the sixteen bytes; wasm loads
        // need no alignment.
        F4(unsafe { v128_load(p.cast()) })
    }
    /// Stores the lanes at `p`.
    ///
    /// # Safety
    /// `p` must point to four writable `f32` (no alignment needed).
    #[inline(always)]
    pub unsafe fn store_ptr(self, p: *mut f32) {
        // SAFETY: the caller vouches for the sixteen bytes.
        unsafe { v128_store(p.cast(), self.0) }
    }
    #[inline(always)]
    pub fn add(self, o: F4) -> F4 {
        F4(f32x4_add(self.0, o.0))
    }
    #[inline(always)]
    pub fn sub(self, o: F4) -> F4 {
        F4(f32x4_sub(self.0, o.0))
    }
    /// A plain multiply (wasm has no fused multiply-add in simd128).
    #[inline(always)]
    pub fn mul(self, o: F4) -> F4 {
        F4(f32x4_mul(self.0, o.0))
    }
    /// `o` where `self < o`, else `self` (so `self` where either is NaN):
    /// one instruction on x86, where `max` takes seven.
    #[inline(always)]
    pub fn pmax(self, o: F4) -> F4 {
        F4(f32x4_pmax(self.0, o.0))
    }
    /// `o` where `o < self`, else `self` (so `self` where either is NaN):
    /// one instruction on x86, where `min` takes seven.
    #[inline(always)]
    pub fn pmin(self, o: F4) -> F4 {
        F4(f32x4_pmin(self.0, o.0))
    }
    #[inline(always)]
    pub fn abs(self) -> F4 {
        F4(f32x4_abs(self.0))
    }
    #[inline(always)]
    pub fn floor(self) -> F4 {
        F4(f32x4_floor(self.0))
    }
    /// `self < o` (false with NaN).
    #[inline(always)]
    pub fn lt(self, o: F4) -> I4 {
        I4(f32x4_lt(self.0, o.0))
    }
    /// `self >= o` (false with NaN).
    #[inline(always)]
    pub fn ge(self, o: F4) -> I4 {
        I4(f32x4_ge(self.0, o.0))
    }
    /// `a` where `mask` is set, else `b`.
    #[inline(always)]
    pub fn select(mask: I4, a: F4, b: F4) -> F4 {
        F4(v128_bitselect(a.0, b.0, mask.0))
    }
    /// The floor of each lane as an integer, exact for lanes in
    /// `[0, 2^23)` (any other lane gives some integer): the floor plus
    /// 2^23 holds the integer in its low mantissa bits. Three
    /// instructions on x86, where `trunc_u32` takes thirteen and
    /// `trunc_i32` six.
    #[inline(always)]
    pub fn floor_small(self) -> I4 {
        let shifted = f32x4_add(f32x4_floor(self.0), f32x4_splat(8_388_608.0));
        I4(i32x4_sub(shifted, i32x4_splat(0x4b00_0000)))
    }
    /// `as i32` per lane: truncates, saturates, NaN gives 0.
    #[inline(always)]
    pub fn trunc_i32(self) -> I4 {
        I4(i32x4_trunc_sat_f32x4(self.0))
    }
    /// `as u32` per lane (in an `I4`): truncates, saturates, NaN gives 0.
    #[cfg(test)]
    #[inline(always)]
    pub fn trunc_u32(self) -> I4 {
        I4(u32x4_trunc_sat_f32x4(self.0))
    }
}

impl I4 {
    #[inline(always)]
    pub fn splat(v: i32) -> I4 {
        I4(i32x4_splat(v))
    }
    /// (Only the tests build lanes from an array.)
    #[cfg(test)]
    #[inline(always)]
    pub fn from_array(a: [i32; LANES]) -> I4 {
        I4(i32x4(a[0], a[1], a[2], a[3]))
    }
    /// Stores the lanes in `out[..4]` (panics when shorter).
    #[inline(always)]
    pub fn store(self, out: &mut [i32]) {
        let a: &mut [i32; LANES] = out.first_chunk_mut().expect("four lanes");
        let v = self.0;
        *a = [
            i32x4_extract_lane::<0>(v),
            i32x4_extract_lane::<1>(v),
            i32x4_extract_lane::<2>(v),
            i32x4_extract_lane::<3>(v),
        ];
    }
    /// The four integers at `p`.
    ///
    /// # Safety
    /// `p` must point to four readable `i32` (no alignment needed).
    #[inline(always)]
    pub unsafe fn load_ptr(p: *const i32) -> I4 {
        // SAFETY: the caller vouches for the sixteen bytes; wasm loads
        // need no alignment.
        I4(unsafe { v128_load(p.cast()) })
    }
    /// Stores the lanes at `p`.
    ///
    /// # Safety
    /// `p` must point to four writable `i32` (no alignment needed).
    #[inline(always)]
    pub unsafe fn store_ptr(self, p: *mut i32) {
        // SAFETY: the caller vouches for the sixteen bytes.
        unsafe { v128_store(p.cast(), self.0) }
    }
    #[inline(always)]
    pub fn add(self, o: I4) -> I4 {
        I4(i32x4_add(self.0, o.0))
    }
    #[inline(always)]
    pub fn sub(self, o: I4) -> I4 {
        I4(i32x4_sub(self.0, o.0))
    }
    /// Wrapping multiply (the low 32 bits).
    #[inline(always)]
    pub fn mul(self, o: I4) -> I4 {
        I4(i32x4_mul(self.0, o.0))
    }
    #[inline(always)]
    pub fn and(self, o: I4) -> I4 {
        I4(v128_and(self.0, o.0))
    }
    #[inline(always)]
    pub fn or(self, o: I4) -> I4 {
        I4(v128_or(self.0, o.0))
    }
    /// `self & !o`.
    #[inline(always)]
    pub fn and_not(self, o: I4) -> I4 {
        I4(v128_andnot(self.0, o.0))
    }
    #[inline(always)]
    pub fn eq(self, o: I4) -> I4 {
        I4(i32x4_eq(self.0, o.0))
    }
    /// Signed `self > o`.
    #[inline(always)]
    pub fn gt(self, o: I4) -> I4 {
        I4(i32x4_gt(self.0, o.0))
    }
    /// Unsigned minimum.
    #[inline(always)]
    pub fn min_u32(self, o: I4) -> I4 {
        I4(u32x4_min(self.0, o.0))
    }
    #[inline(always)]
    pub fn min_i32(self, o: I4) -> I4 {
        I4(i32x4_min(self.0, o.0))
    }
    #[inline(always)]
    pub fn max_i32(self, o: I4) -> I4 {
        I4(i32x4_max(self.0, o.0))
    }
    /// Wrapping absolute value.
    #[inline(always)]
    pub fn abs(self) -> I4 {
        I4(i32x4_abs(self.0))
    }
    /// Logical shift right by `n` (< 32).
    #[inline(always)]
    pub fn shr_u32(self, n: u32) -> I4 {
        I4(u32x4_shr(self.0, n))
    }
    /// Shift left by `N` (< 32).
    #[inline(always)]
    pub fn shl<const N: i32>(self) -> I4 {
        I4(i32x4_shl(self.0, N as u32))
    }
    /// The first four pixels of `p` (panics when shorter).
    #[inline(always)]
    pub fn load_pixels(p: &[[u8; 4]]) -> I4 {
        let a: &[[u8; 4]; LANES] = p.first_chunk().expect("four pixels");
        // SAFETY: `a` is sixteen readable bytes; wasm loads need no alignment.
        I4(unsafe { v128_load(a.as_ptr().cast()) })
    }
    /// Per byte: all ones where the unsigned byte of `self` is at least
    /// that of `o`.
    #[inline(always)]
    pub fn ge_u8(self, o: I4) -> I4 {
        I4(u8x16_ge(self.0, o.0))
    }
    /// Bit `k` is lane `k`'s top bit.
    #[inline(always)]
    pub fn bitmask(self) -> u32 {
        u32::from(i32x4_bitmask(self.0))
    }
}

/// Two `u64` lanes (packed mask words).
#[derive(Clone, Copy)]
pub(crate) struct W2(v128);

impl W2 {
    /// The two words at `p`.
    ///
    /// # Safety
    /// `p` must point to two readable `u64` (no alignment needed).
    #[inline(always)]
    pub unsafe fn load_ptr(p: *const u64) -> W2 {
        // SAFETY: the caller vouches for the sixteen bytes; wasm loads
        // need no alignment.
        W2(unsafe { v128_load(p.cast()) })
    }
    #[inline(always)]
    pub fn from_array(a: [u64; 2]) -> W2 {
        W2(u64x2(a[0], a[1]))
    }
    #[inline(always)]
    pub fn and(self, o: W2) -> W2 {
        W2(v128_and(self.0, o.0))
    }
    #[inline(always)]
    pub fn or(self, o: W2) -> W2 {
        W2(v128_or(self.0, o.0))
    }
    /// Each lane shifted right by `n` (< 64).
    #[inline(always)]
    pub fn shr(self, n: u32) -> W2 {
        W2(u64x2_shr(self.0, n))
    }
    /// Each lane shifted left by `n` (< 64).
    #[inline(always)]
    pub fn shl(self, n: u32) -> W2 {
        W2(u64x2_shl(self.0, n))
    }
    /// True when any bit is set.
    #[inline(always)]
    pub fn any(self) -> bool {
        v128_any_true(self.0)
    }
    /// Both lanes `x`.
    #[inline(always)]
    pub fn splat(x: u64) -> W2 {
        W2(u64x2_splat(x))
    }
    #[inline(always)]
    pub fn xor(self, o: W2) -> W2 {
        W2(v128_xor(self.0, o.0))
    }
    /// Stores the two lanes at `p`.
    ///
    /// # Safety
    /// `p` must point to two writable `u64` (no alignment needed).
    #[inline(always)]
    pub unsafe fn store_ptr(self, p: *mut u64) {
        // SAFETY: the caller vouches for the sixteen bytes.
        unsafe { v128_store(p.cast(), self.0) }
    }
    /// `[0, low lane's top bit copied into all 64 bits]`: the carry of
    /// a prefix XOR from the low word into the high one.
    #[inline(always)]
    pub fn low_sign_to_high(self) -> W2 {
        W2(i64x2_shuffle::<0, 2>(u64x2_splat(0), i64x2_shr(self.0, 63)))
    }
}
