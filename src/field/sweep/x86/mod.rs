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

use super::scalar::{prepare_range as scalar_range, redo_lanes};
use super::{Prepared, Shared, Zone};
use crate::cpu::Isa;

/// Stage 1 with AVX2.
pub(crate) fn prepare_avx2(
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    assert!(s.isa == Isa::Avx2 && Isa::Avx2.is_supported());
    // SAFETY: the CPU has AVX2 (checked when the field's ISA was set, and
    // again just above).
    unsafe { avx2::prepare(xs, ys, speeds, wanders, s, z, out) }
}

/// Stage 1 with AVX-512.
pub(crate) fn prepare_avx512(
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    assert!(s.isa == Isa::Avx512 && Isa::Avx512.is_supported());
    // SAFETY: the CPU has AVX-512 F and more (`Isa::Avx512`'s requirements,
    // checked as for AVX2).
    unsafe { avx512::prepare(xs, ys, speeds, wanders, s, z, out) }
}
