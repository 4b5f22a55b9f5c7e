//! Stage 1 with AVX2 and AVX-512.

use super::{scalar, Prepared, Shared, Zone};

pub(crate) fn prepare_avx2(
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    scalar::prepare(xs, ys, speeds, wanders, s, z, out)
}

pub(crate) fn prepare_avx512(
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    scalar::prepare(xs, ys, speeds, wanders, s, z, out)
}
