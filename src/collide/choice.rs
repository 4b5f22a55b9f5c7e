//! The instruction set the sprite queries use: the widest this CPU has
//! ([`crate::cpu::Isa::detect`]), unless a test or bench chose another
//! with [`set_isa`]. The dispatch reads it once per scan or build.

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
        n => Isa::ALL[usize::from(n - 1).min(2)],
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
