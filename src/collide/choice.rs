//! The instruction set the sprite queries and posed-mask builds use, and
//! the proofs its kernels take: [`crate::cpu::Isa::chosen`] (the widest
//! this CPU has, unless a test or bench forced another with
//! [`crate::cpu::Isa::force`]).
//!
//! The only file of `collide/` that asks for the instruction set; the
//! dispatch points match on [`kernels`] once per scan or build.

use crate::cpu::Isa;

/// The chosen instruction set with the proof its kernels need: what every
/// dispatch point of `collide/` matches on, so none asks the CPU itself.
#[derive(Clone, Copy, Debug)]
pub(super) enum Chosen {
    /// Portable code.
    Scalar,
    /// The 128-bit kernels (NEON, simd128; portable code where a part has
    /// none).
    Simd128(crate::cpu::Simd128),
    /// The AVX2 kernels.
    #[cfg(target_arch = "x86_64")]
    Avx2(crate::cpu::Avx2),
    /// The AVX-512 kernels (AVX2 where a part has none).
    #[cfg(target_arch = "x86_64")]
    Avx512(crate::cpu::Avx512),
}

/// The kernels of the instruction set chosen on this thread.
#[inline]
pub(super) fn kernels() -> Chosen {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::cpu::{Avx2, Avx512};
        // `Isa::force` refuses a set the CPU lacks, so each proof exists.
        match Isa::chosen() {
            Isa::Avx512 => Avx512::detect().map_or(Chosen::Scalar, Chosen::Avx512),
            Isa::Avx2 => Avx2::detect().map_or(Chosen::Scalar, Chosen::Avx2),
            Isa::Simd128 => simd128(),
            Isa::Scalar => Chosen::Scalar,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    match Isa::chosen() {
        Isa::Simd128 => simd128(),
        _ => Chosen::Scalar,
    }
}

/// The 128-bit kernels where this build has them (never on x86-64).
#[inline]
fn simd128() -> Chosen {
    crate::cpu::Simd128::detect().map_or(Chosen::Scalar, Chosen::Simd128)
}
