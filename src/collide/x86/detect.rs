//! Proofs that the CPU runs the AVX2 and AVX-512 kernels, detected once per
//! process.

use std::sync::atomic::{AtomicU8, Ordering};

/// Proof that the CPU runs AVX2, BMI1/2, POPCNT and LZCNT (only
/// [`Avx2::detect`] makes one).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2 {
    _detected: (),
}

/// Proof that the CPU runs everything [`Avx2`] needs and AVX-512 F, CD,
/// DQ and VPOPCNTDQ with PCLMULQDQ: the translation kernels and the
/// posed-mask rasteriser's (only [`Avx512::detect`] makes one).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512 {
    /// The AVX2 proof it implies.
    pub avx2: Avx2,
}

/// 0: not asked yet, 1: neither, 2: AVX2 only, 3: AVX2 and AVX-512.
static DETECTED: AtomicU8 = AtomicU8::new(0);

/// The level the CPU has (cached, so a query pays one relaxed load).
#[inline]
fn level() -> u8 {
    let known = DETECTED.load(Ordering::Relaxed);
    if known != 0 {
        return known;
    }
    let avx2 = is_x86_feature_detected!("avx2")
        && is_x86_feature_detected!("bmi1")
        && is_x86_feature_detected!("bmi2")
        && is_x86_feature_detected!("popcnt")
        && is_x86_feature_detected!("lzcnt");
    let avx512 = avx2
        && is_x86_feature_detected!("avx512f")
        && is_x86_feature_detected!("avx512cd")
        && is_x86_feature_detected!("avx512dq")
        && is_x86_feature_detected!("avx512vpopcntdq")
        && is_x86_feature_detected!("pclmulqdq");
    let level = 1 + u8::from(avx2) + u8::from(avx512);
    DETECTED.store(level, Ordering::Relaxed);
    level
}

impl Avx2 {
    /// `Some` when the CPU has AVX2, BMI1/2, POPCNT and LZCNT.
    #[inline]
    pub fn detect() -> Option<Self> {
        (level() >= 2).then_some(Avx2 { _detected: () })
    }
}

impl Avx512 {
    /// `Some` when the CPU has AVX2 (with BMI1/2, POPCNT, LZCNT), AVX-512
    /// F, CD, DQ and VPOPCNTDQ, and PCLMULQDQ.
    #[inline]
    pub fn detect() -> Option<Self> {
        (level() >= 3).then_some(Avx512 {
            avx2: Avx2 { _detected: () },
        })
    }
}
