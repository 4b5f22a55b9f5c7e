//! Stage 1 with AVX2 (8 particles per step) and AVX-512 (16).
//!
//! Each lane does exactly the scalar arithmetic of
//! [`crate::field::particles::move_one`] and [`Prepared::set`]: the same
//! operations in the same order, no fused multiply-adds, truncating
//! conversions where the scalar code truncates. A move that leaves the
//! canvas is wrapped in the vector code as [`crate::field::particles::wrap`]
//! does it (one add or subtract of the size), and its pieces' end pixels
//! are worked out there too. Only a lane still outside the canvas after
//! that (a move longer than the canvas, NaN) or whose angle is too large
//! for a 32-bit index is redone by the scalar code.

mod avx2;
mod avx512;
mod splat;

use super::prepared::Prepared;
use super::scalar::{prepare_range as scalar_range, redo_lanes};
use super::shared::Shared;
use super::zone::Zone;
use crate::cpu::{Avx2, Avx512};

/// Stage 1 with AVX2 (`isa` proves the CPU has it).
#[allow(clippy::too_many_arguments)]
pub(crate) fn prepare_avx2(
    _isa: Avx2,
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    // SAFETY: `isa` proves the CPU has AVX2 and the rest of `Isa::Avx2`.
    unsafe { avx2::prepare(xs, ys, speeds, wanders, s, z, out) }
}

/// Stage 1 with AVX-512 (`isa` proves the CPU has it).
#[allow(clippy::too_many_arguments)]
pub(crate) fn prepare_avx512(
    _isa: Avx512,
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    // SAFETY: `isa` proves the CPU has AVX-512 F and the rest of
    // `Isa::Avx512`.
    unsafe { avx512::prepare(xs, ys, speeds, wanders, s, z, out) }
}
