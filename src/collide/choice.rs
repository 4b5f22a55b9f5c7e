//! The instruction set the sprite queries and posed-mask builds use, and
//! the proofs its kernels take: the widest this CPU has, unless a test or
//! bench chose another with [`set_isa`].
//!
//! The only file of `collide/` that asks the CPU (through
//! [`crate::cpu`]); the dispatch points match on [`kernels`] once per scan
//! or build.

use std::sync::atomic::{AtomicU8, Ordering};

use crate::cpu::{Isa, Unsupported};

/// The chosen instruction set: 0 until first asked, else 1 + its index in
/// [`Isa::ALL`].
static CHOSEN: AtomicU8 = AtomicU8::new(0);

/// The instruction set the sprite queries use: the widest this CPU
/// supports, unless [`set_isa`] chose another.
#[inline]
pub fn isa() -> Isa {
    match CHOSEN.load(Ordering::Relaxed) {
        0 => {
            let best = Isa::detect();
            // A concurrent `set_isa` wins over this first detection.
            let _ = CHOSEN.compare_exchange(0, code(best), Ordering::Relaxed, Ordering::Relaxed);
            isa()
        }
        n => Isa::ALL[usize::from(n - 1).min(Isa::ALL.len() - 1)],
    }
}

fn code(isa: Isa) -> u8 {
    1 + Isa::ALL.iter().position(|&i| i == isa).unwrap_or(0) as u8
}

/// Makes every sprite query and posed-mask build of the process use `isa`
/// (for tests and benches: every choice gives the same bits). Refused if
/// this CPU lacks it.
pub fn set_isa(isa: Isa) -> Result<(), Unsupported> {
    CHOSEN.store(code(isa.check()?), Ordering::Relaxed);
    Ok(())
}

/// The chosen instruction set with the proof its kernels need: what every
/// dispatch point of `collide/` matches on, so none asks the CPU itself.
#[derive(Clone, Copy, Debug)]
pub(super) enum Kernels {
    /// Portable code.
    Scalar,
    /// The AVX2 kernels.
    #[cfg(target_arch = "x86_64")]
    Avx2(crate::cpu::Avx2),
    /// The AVX-512 kernels (AVX2 where a part has none).
    #[cfg(target_arch = "x86_64")]
    Avx512(crate::cpu::Avx512),
}

/// The kernels of the chosen instruction set ([`isa`]).
#[inline]
pub(super) fn kernels() -> Kernels {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::cpu::{Avx2, Avx512};
        // `set_isa` refuses a set the CPU lacks, so each proof exists.
        match isa() {
            Isa::Avx512 => Avx512::detect().map_or(Kernels::Scalar, Kernels::Avx512),
            Isa::Avx2 => Avx2::detect().map_or(Kernels::Scalar, Kernels::Avx2),
            Isa::Scalar | Isa::Simd128 => Kernels::Scalar,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    Kernels::Scalar
}
