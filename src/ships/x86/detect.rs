//! Proofs that the CPU runs the AVX2 or AVX-512 sampling kernels, detected
//! once per process.

use std::sync::atomic::{AtomicU8, Ordering};

/// Proof that the CPU runs AVX2, BMI1 and POPCNT (only [`Avx2::detect`]
/// makes one).
#[derive(Clone, Copy, Debug)]
pub(in crate::ships) struct Avx2 {
    _detected: (),
}

/// Proof that the CPU runs AVX-512 F, BW, DQ and VBMI2 besides [`Avx2`]'s
/// features (only [`Avx512::detect`] makes one).
#[derive(Clone, Copy, Debug)]
pub(in crate::ships) struct Avx512 {
    _detected: (),
}

/// 0: not asked yet, 1: absent, 2: present.
static AVX2: AtomicU8 = AtomicU8::new(0);
static AVX512: AtomicU8 = AtomicU8::new(0);

/// The cached answer of `check`.
#[inline]
fn cached(slot: &AtomicU8, check: fn() -> bool) -> bool {
    match slot.load(Ordering::Relaxed) {
        0 => {
            let ok = check();
            slot.store(if ok { 2 } else { 1 }, Ordering::Relaxed);
            ok
        }
        known => known == 2,
    }
}

fn has_avx2() -> bool {
    is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("popcnt")
}

fn has_avx512() -> bool {
    has_avx2()
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512bw")
        && is_x86_feature_detected!("avx512dq")
        && is_x86_feature_detected!("avx512vbmi2")
}

impl Avx2 {
    /// `Some` when the CPU has AVX2, BMI1 and POPCNT.
    #[inline]
    pub fn detect() -> Option<Avx2> {
        cached(&AVX2, has_avx2).then_some(Avx2 { _detected: () })
    }
}

impl Avx512 {
    /// `Some` when the CPU has AVX-512 F, BW, DQ, VBMI2 and [`Avx2`]'s features.
    #[inline]
    pub fn detect() -> Option<Avx512> {
        cached(&AVX512, has_avx512).then_some(Avx512 { _detected: () })
    }
}
