//! Proof that the CPU runs the AVX2 kernels, detected once per process.

use std::sync::atomic::{AtomicU8, Ordering};

/// Proof that the CPU runs AVX2, BMI1/2, POPCNT and LZCNT (only
/// [`Avx2::detect`] makes one).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2 {
    _detected: (),
}

/// 0: not asked yet, 1: absent, 2: present.
static DETECTED: AtomicU8 = AtomicU8::new(0);

impl Avx2 {
    /// `Some` when the CPU has AVX2, BMI1/2, POPCNT and LZCNT. The answer is
    /// cached, so a query pays one relaxed load for it.
    #[inline]
    pub fn detect() -> Option<Self> {
        let known = DETECTED.load(Ordering::Relaxed);
        let present = if known == 0 {
            let ok = is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt")
                && is_x86_feature_detected!("lzcnt");
            DETECTED.store(if ok { 2 } else { 1 }, Ordering::Relaxed);
            ok
        } else {
            known == 2
        };
        present.then_some(Avx2 { _detected: () })
    }
}
