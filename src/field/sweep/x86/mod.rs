//! Stage 1 with AVX2 (8 particles per step) and AVX-512 (16): one body
//! (`body.rs`) over the lanes of each (`lanes.rs`, `avx2.rs`, `avx512.rs`).
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
mod body;
mod lanes;
mod splat;
mod x_wraps;

use super::columns::Columns;
use super::prepared::Prepared;
use super::scalar::{prepare_range as scalar_range, redo_lanes};
use super::shared::Shared;
use super::zone::Zone;
use crate::cpu::{Avx2, Avx512};

/// Stage 1 with AVX2 (`isa` proves the CPU has it).
pub(crate) fn prepare_avx2(_isa: Avx2, c: &mut Columns, s: &Shared, z: Zone, out: &mut Prepared) {
    // SAFETY: `isa` proves the CPU has AVX2 and the rest of `Isa::Avx2`.
    unsafe { with_avx2(c, s, z, out) }
}

/// Stage 1 with AVX-512 (`isa` proves the CPU has it).
pub(crate) fn prepare_avx512(
    _isa: Avx512,
    c: &mut Columns,
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    // SAFETY: `isa` proves the CPU has AVX-512 F and the rest of
    // `Isa::Avx512`.
    unsafe { with_avx512(c, s, z, out) }
}

/// The body on AVX2's lanes, compiled for AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
unsafe fn with_avx2(c: &mut Columns, s: &Shared, z: Zone, out: &mut Prepared) {
    body::prepare::<avx2::V256>(c, s, z, out)
}

/// The body on AVX-512's lanes, compiled for AVX-512 F.
///
/// # Safety
/// The CPU must support AVX-512 F.
#[target_feature(enable = "avx512f")]
unsafe fn with_avx512(c: &mut Columns, s: &Shared, z: Zone, out: &mut Prepared) {
    body::prepare::<avx512::V512>(c, s, z, out)
}
