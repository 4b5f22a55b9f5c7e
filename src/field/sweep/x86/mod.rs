//! Stage 1 with AVX2 (8 particles per step) and AVX-512 (16).
//!
//! Each lane does exactly the scalar arithmetic of
//! [`crate::field::particles::move_one`] and [`Prepared::set`]: the same
//! operations in the same order, no fused multiply-adds, truncating
//! conversions where the scalar code truncates. A group of lanes where any
//! particle wraps (or an angle is too large for a 32-bit index) is redone
//! by the scalar code, so only the plain in-canvas case is vectorised.

mod avx2;
mod avx512;

use super::{scalar, Prepared, Shared, Zone};
use crate::field::isa::FieldIsa;

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
    assert!(s.isa == FieldIsa::Avx2 && FieldIsa::Avx2.is_supported());
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
    assert!(s.isa == FieldIsa::Avx512 && FieldIsa::Avx512.is_supported());
    // SAFETY: the CPU has AVX-512 F (checked as for AVX2).
    unsafe { avx512::prepare(xs, ys, speeds, wanders, s, z, out) }
}

/// The scalar stage 1 for particles `range` of the block.
#[inline(never)]
fn scalar_range(
    range: std::ops::Range<usize>,
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    let start = range.start;
    let (xs, ys) = (&mut xs[range.clone()], &mut ys[range.clone()]);
    let (speeds, wanders) = (&speeds[range.clone()], &wanders[range]);
    scalar::prepare_at(start, xs, ys, speeds, wanders, s, z, out);
}
