//! The instruction set the sprite queries use: the widest this CPU has,
//! unless a test or bench chose another with [`set_isa`]. The scan
//! dispatch reads it once per scan.

use std::sync::atomic::{AtomicU8, Ordering};

#[cfg(target_arch = "x86_64")]
use super::x86;

/// An instruction set for the sprite queries. Every choice gives the same
/// bits (the property tests force each one in turn).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CollideIsa {
    /// Portable code. Works everywhere.
    Scalar,
    /// x86-64 AVX2 (with BMI1/2, POPCNT, LZCNT): hardware gathers for
    /// rotated and scaled sprites, four words per step for translations.
    Avx2,
    /// x86-64 AVX-512 (F, CD, DQ, VPOPCNTDQ, with PCLMULQDQ) for
    /// translations, eight words per step with vector popcounts, and for building
    /// posed masks: edge flips eight edges at a time, pixel walks sixteen
    /// samples per gather; AVX2 for the rest.
    Avx512,
}

/// The reason a [`CollideIsa`] cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("collide instruction set {0:?}: this CPU does not support it")]
pub struct UnsupportedIsa(pub CollideIsa);

impl CollideIsa {
    /// Every instruction set, narrowest first.
    pub const ALL: [CollideIsa; 3] = [CollideIsa::Scalar, CollideIsa::Avx2, CollideIsa::Avx512];

    /// The widest instruction set this CPU supports.
    pub fn detect() -> CollideIsa {
        if CollideIsa::Avx512.is_supported() {
            CollideIsa::Avx512
        } else if CollideIsa::Avx2.is_supported() {
            CollideIsa::Avx2
        } else {
            CollideIsa::Scalar
        }
    }

    /// Whether this CPU can run it.
    pub fn is_supported(self) -> bool {
        match self {
            CollideIsa::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            CollideIsa::Avx2 => x86::Avx2::detect().is_some(),
            #[cfg(target_arch = "x86_64")]
            CollideIsa::Avx512 => x86::Avx512::detect().is_some(),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }
}

/// The chosen instruction set: 0 until first asked, else 1 + its index in
/// [`CollideIsa::ALL`].
static CHOSEN: AtomicU8 = AtomicU8::new(0);

/// The instruction set the sprite queries use: the widest this CPU
/// supports, unless [`set_isa`] chose another.
#[inline]
pub fn isa() -> CollideIsa {
    match CHOSEN.load(Ordering::Relaxed) {
        0 => {
            let best = CollideIsa::detect();
            // A concurrent `set_isa` wins over this first detection.
            let _ = CHOSEN.compare_exchange(0, code(best), Ordering::Relaxed, Ordering::Relaxed);
            isa()
        }
        n => CollideIsa::ALL[usize::from(n - 1).min(2)],
    }
}

fn code(isa: CollideIsa) -> u8 {
    1 + CollideIsa::ALL.iter().position(|&i| i == isa).unwrap_or(0) as u8
}

/// Makes every sprite query of the process use `isa` (for tests and
/// benches: every choice gives the same bits). Refused if this CPU lacks
/// it. Posed-mask building keeps its own choice.
pub fn set_isa(isa: CollideIsa) -> Result<(), UnsupportedIsa> {
    if !isa.is_supported() {
        return Err(UnsupportedIsa(isa));
    }
    CHOSEN.store(code(isa), Ordering::Relaxed);
    Ok(())
}
