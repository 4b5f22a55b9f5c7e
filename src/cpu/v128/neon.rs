//! The [`super`] vectors on aarch64 NEON.
//!
//! Every intrinsic here needs only NEON, which this module is compiled
//! with (`target_feature = "neon"`, the aarch64 baseline): that is the
//! safety argument of each `unsafe` block below.

use std::arch::aarch64::*;

use super::LANES;

/// Four `f32` lanes.
#[derive(Clone, Copy)]
pub(crate) struct F4(float32x4_t);

/// Four 32-bit integer lanes (or a mask).
#[derive(Clone, Copy)]
pub(crate) struct I4(int32x4_t);

impl F4 {
    #[inline(always)]
    pub fn splat(v: f32) -> F4 {
        // SAFETY: NEON (module docs).
        F4(unsafe { vdupq_n_f32(v) })
    }
    /// The first four floats of `s` (panics when shorter).
    #[cfg(test)]
    #[inline(always)]
    pub fn load(s: &[f32]) -> F4 {
        let a: &[f32; LANES] = s.first_chunk().expect("four lanes");
        // SAFETY: NEON; `a` holds four floats.
        F4(unsafe { vld1q_f32(a.as_ptr()) })
    }
    #[cfg(test)]
    #[inline(always)]
    pub fn from_array(a: [f32; LANES]) -> F4 {
        F4::load(&a)
    }
    /// Stores the lanes in `out[..4]` (panics when shorter).
    #[cfg(test)]
    #[inline(always)]
    pub fn store(self, out: &mut [f32]) {
        let a: &mut [f32; LANES] = out.first_chunk_mut().expect("four lanes");
        // SAFETY: NEON; `a` holds four floats.
        unsafe { vst1q_f32(a.as_mut_ptr(), self.0) }
    }
    /// The four floats at `p`.
    ///
    /// # Safety
    /// `p` must point to four readable `f32` (no alignment needed).
    #[inline(always)]
    pub unsafe fn load_ptr(p: *const f32) -> F4 {
        // SAFETY: NEON; the caller vouches for the four floats.
        F4(unsafe { vld1q_f32(p) })
    }
    /// Stores the lanes at `p`.
    ///
    /// # Safety
    /// `p` must point to four writable `f32` (no alignment needed).
    #[inline(always)]
    pub unsafe fn store_ptr(self, p: *mut f32) {
        // SAFETY: NEON; the caller vouches for the four floats.
        unsafe { vst1q_f32(p, self.0) }
    }
    #[inline(always)]
    pub fn add(self, o: F4) -> F4 {
        // SAFETY: NEON (module docs).
        F4(unsafe { vaddq_f32(self.0, o.0) })
    }
    #[inline(always)]
    pub fn sub(self, o: F4) -> F4 {
        // SAFETY: NEON (module docs).
        F4(unsafe { vsubq_f32(self.0, o.0) })
    }
    /// A plain multiply (never fused with an add).
    #[inline(always)]
    pub fn mul(self, o: F4) -> F4 {
        // SAFETY: NEON (module docs).
        F4(unsafe { vmulq_f32(self.0, o.0) })
    }
    /// `o` where `self < o`, else `self` (so `self` where either is NaN).
    #[inline(always)]
    pub fn pmax(self, o: F4) -> F4 {
        // SAFETY: NEON (module docs).
        F4(unsafe { vbslq_f32(vcltq_f32(self.0, o.0), o.0, self.0) })
    }
    /// `o` where `o < self`, else `self` (so `self` where either is NaN).
    #[inline(always)]
    pub fn pmin(self, o: F4) -> F4 {
        // SAFETY: NEON (module docs).
        F4(unsafe { vbslq_f32(vcltq_f32(o.0, self.0), o.0, self.0) })
    }
    #[inline(always)]
    pub fn abs(self) -> F4 {
        // SAFETY: NEON (module docs).
        F4(unsafe { vabsq_f32(self.0) })
    }
    #[inline(always)]
    pub fn floor(self) -> F4 {
        // SAFETY: NEON (module docs; FRINTM is ARMv8 baseline).
        F4(unsafe { vrndmq_f32(self.0) })
    }
    /// `self < o` (false with NaN).
    #[inline(always)]
    pub fn lt(self, o: F4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vreinterpretq_s32_u32(vcltq_f32(self.0, o.0)) })
    }
    /// `self >= o` (false with NaN).
    #[inline(always)]
    pub fn ge(self, o: F4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vreinterpretq_s32_u32(vcgeq_f32(self.0, o.0)) })
    }
    /// `a` where `mask` is set, else `b`.
    #[inline(always)]
    pub fn select(mask: I4, a: F4, b: F4) -> F4 {
        // SAFETY: NEON (module docs).
        F4(unsafe { vbslq_f32(vreinterpretq_u32_s32(mask.0), a.0, b.0) })
    }
    /// The floor of each lane as an integer, exact for lanes in
    /// `[0, 2^23)` (here exact wherever it fits, saturating: one
    /// instruction).
    #[inline(always)]
    pub fn floor_small(self) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vcvtmq_s32_f32(self.0) })
    }
    /// `as i32` per lane: truncates, saturates, NaN gives 0.
    #[inline(always)]
    pub fn trunc_i32(self) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vcvtq_s32_f32(self.0) })
    }
    /// `as u32` per lane (in an `I4`): truncates, saturates, NaN gives 0.
    #[cfg(test)]
    #[inline(always)]
    pub fn trunc_u32(self) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vreinterpretq_s32_u32(vcvtq_u32_f32(self.0)) })
    }
}

impl I4 {
    #[inline(always)]
    pub fn splat(v: i32) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vdupq_n_s32(v) })
    }
    /// (Only the tests build lanes from an array.)
    #[cfg(test)]
    #[inline(always)]
    pub fn from_array(a: [i32; LANES]) -> I4 {
        // SAFETY: NEON; `a` holds four integers.
        I4(unsafe { vld1q_s32(a.as_ptr()) })
    }
    /// Stores the lanes in `out[..4]` (panics when shorter).
    #[inline(always)]
    pub fn store(self, out: &mut [i32]) {
        let a: &mut [i32; LANES] = out.first_chunk_mut().expect("four lanes");
        // SAFETY: NEON; `a` holds four integers.
        unsafe { vst1q_s32(a.as_mut_ptr(), self.0) }
    }
    /// The four integers at `p`.
    ///
    /// # Safety
    /// `p` must point to four readable `i32` (no alignment needed).
    #[inline(always)]
    pub unsafe fn load_ptr(p: *const i32) -> I4 {
        // SAFETY: NEON; the caller vouches for the four integers.
        I4(unsafe { vld1q_s32(p) })
    }
    /// Stores the lanes at `p`.
    ///
    /// # Safety
    /// `p` must point to four writable `i32` (no alignment needed).
    #[inline(always)]
    pub unsafe fn store_ptr(self, p: *mut i32) {
        // SAFETY: NEON; the caller vouches for the four integers.
        unsafe { vst1q_s32(p, self.0) }
    }
    #[inline(always)]
    pub fn add(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vaddq_s32(self.0, o.0) })
    }
    #[inline(always)]
    pub fn sub(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vsubq_s32(self.0, o.0) })
    }
    /// Wrapping multiply (the low 32 bits).
    #[inline(always)]
    pub fn mul(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vmulq_s32(self.0, o.0) })
    }
    #[inline(always)]
    pub fn and(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vandq_s32(self.0, o.0) })
    }
    #[inline(always)]
    pub fn or(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vorrq_s32(self.0, o.0) })
    }
    /// `self & !o`.
    #[inline(always)]
    pub fn and_not(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vbicq_s32(self.0, o.0) })
    }
    #[inline(always)]
    pub fn eq(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vreinterpretq_s32_u32(vceqq_s32(self.0, o.0)) })
    }
    /// Signed `self > o`.
    #[inline(always)]
    pub fn gt(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vreinterpretq_s32_u32(vcgtq_s32(self.0, o.0)) })
    }
    /// Unsigned minimum.
    #[inline(always)]
    pub fn min_u32(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe {
            vreinterpretq_s32_u32(vminq_u32(
                vreinterpretq_u32_s32(self.0),
                vreinterpretq_u32_s32(o.0),
            ))
        })
    }
    #[inline(always)]
    pub fn min_i32(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vminq_s32(self.0, o.0) })
    }
    #[inline(always)]
    pub fn max_i32(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vmaxq_s32(self.0, o.0) })
    }
    /// Wrapping absolute value.
    #[inline(always)]
    pub fn abs(self) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vabsq_s32(self.0) })
    }
    /// Logical shift right by `n` (< 32).
    #[inline(always)]
    pub fn shr_u32(self, n: u32) -> I4 {
        // SAFETY: NEON (module docs). USHL by a negative count shifts right.
        I4(unsafe {
            vreinterpretq_s32_u32(vshlq_u32(
                vreinterpretq_u32_s32(self.0),
                vdupq_n_s32(-(n as i32)),
            ))
        })
    }
    /// Shift left by `N` (< 32).
    #[inline(always)]
    pub fn shl<const N: i32>(self) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe { vshlq_n_s32::<N>(self.0) })
    }
    /// The first four pixels of `p` (panics when shorter).
    #[inline(always)]
    pub fn load_pixels(p: &[[u8; 4]]) -> I4 {
        let a: &[[u8; 4]; LANES] = p.first_chunk().expect("four pixels");
        // SAFETY: NEON; `a` holds sixteen bytes.
        I4(unsafe { vreinterpretq_s32_u8(vld1q_u8(a.as_flattened().as_ptr())) })
    }
    /// Per byte: all ones where the unsigned byte of `self` is at least
    /// that of `o`.
    #[inline(always)]
    pub fn ge_u8(self, o: I4) -> I4 {
        // SAFETY: NEON (module docs).
        I4(unsafe {
            vreinterpretq_s32_u8(vcgeq_u8(
                vreinterpretq_u8_s32(self.0),
                vreinterpretq_u8_s32(o.0),
            ))
        })
    }
    /// Bit `k` is lane `k`'s top bit.
    #[inline(always)]
    pub fn bitmask(self) -> u32 {
        // SAFETY: NEON (module docs).
        unsafe {
            let top = vshrq_n_u32::<31>(vreinterpretq_u32_s32(self.0));
            let weights = vld1q_u32([1u32, 2, 4, 8].as_ptr());
            vaddvq_u32(vmulq_u32(top, weights))
        }
    }
}

/// Two `u64` lanes (packed mask words).
#[derive(Clone, Copy)]
pub(crate) struct W2(uint64x2_t);

impl W2 {
    /// The two words at `p`.
    ///
    /// # Safety
    /// `p` must point to two readable `u64` (no alignment needed).
    #[inline(always)]
    pub unsafe fn load_ptr(p: *const u64) -> W2 {
        // SAFETY: NEON; the caller vouches for the two words.
        W2(unsafe { vld1q_u64(p) })
    }
    #[inline(always)]
    pub fn from_array(a: [u64; 2]) -> W2 {
        // SAFETY: NEON; `a` holds two words.
        W2(unsafe { vld1q_u64(a.as_ptr()) })
    }
    #[inline(always)]
    pub fn and(self, o: W2) -> W2 {
        // SAFETY: NEON (module docs).
        W2(unsafe { vandq_u64(self.0, o.0) })
    }
    #[inline(always)]
    pub fn or(self, o: W2) -> W2 {
        // SAFETY: NEON (module docs).
        W2(unsafe { vorrq_u64(self.0, o.0) })
    }
    /// Each lane shifted right by `n` (< 64).
    #[inline(always)]
    pub fn shr(self, n: u32) -> W2 {
        // SAFETY: NEON (module docs); a negative count shifts right.
        W2(unsafe { vshlq_u64(self.0, vdupq_n_s64(-i64::from(n))) })
    }
    /// Each lane shifted left by `n` (< 64).
    #[inline(always)]
    pub fn shl(self, n: u32) -> W2 {
        // SAFETY: NEON (module docs).
        W2(unsafe { vshlq_u64(self.0, vdupq_n_s64(i64::from(n))) })
    }
    /// True when any bit is set.
    #[inline(always)]
    pub fn any(self) -> bool {
        // SAFETY: NEON (module docs).
        unsafe { vmaxvq_u32(vreinterpretq_u32_u64(self.0)) != 0 }
    }
    /// Both lanes `x`.
    #[inline(always)]
    pub fn splat(x: u64) -> W2 {
        // SAFETY: NEON (module docs).
        W2(unsafe { vdupq_n_u64(x) })
    }
    #[inline(always)]
    pub fn xor(self, o: W2) -> W2 {
        // SAFETY: NEON (module docs).
        W2(unsafe { veorq_u64(self.0, o.0) })
    }
    /// Stores the two lanes at `p`.
    ///
    /// # Safety
    /// `p` must point to two writable `u64` (no alignment needed).
    #[inline(always)]
    pub unsafe fn store_ptr(self, p: *mut u64) {
        // SAFETY: NEON; the caller vouches for the two words.
        unsafe { vst1q_u64(p, self.0) }
    }
    /// `[0, low lane's top bit copied into all 64 bits]`: the carry of
    /// a prefix XOR from the low word into the high one.
    #[inline(always)]
    pub fn low_sign_to_high(self) -> W2 {
        // SAFETY: NEON (module docs).
        unsafe {
            let sign = vreinterpretq_u64_s64(vshrq_n_s64::<63>(vreinterpretq_s64_u64(self.0)));
            W2(vextq_u64::<1>(vdupq_n_u64(0), sign))
        }
    }
}
