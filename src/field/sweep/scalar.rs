//! Stage 1 in portable code, one particle at a time.

use super::prepared::Prepared;
use super::shared::Shared;
use super::zone::Zone;
use crate::field::particles::move_one;

/// Moves the block's particles and records each move in `out`.
pub(crate) fn prepare(
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    prepare_at(0, xs, ys, speeds, wanders, s, z, out);
}

/// As [`prepare`], for particles that sit `start` places into the block.
#[allow(clippy::too_many_arguments)]
fn prepare_at(
    start: usize,
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    let particles = xs
        .iter_mut()
        .zip(ys.iter_mut())
        .zip(speeds.iter().zip(wanders));
    for (i, ((x, y), (&speed, &wander))) in particles.enumerate() {
        let mv = move_one(*x, *y, speed, wander, s.motion, s.flow, s.sincos);
        out.set(start + i, *x, *y, &mv, s, z);
        (*x, *y) = mv.to;
    }
}

crate::cpu::simd128! { or_x86:
    /// The scalar stage 1 for particles `range` of the block: the vector
    /// kernels' tail.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn prepare_range(
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
        prepare_at(start, xs, ys, speeds, wanders, s, z, out);
    }
}

crate::cpu::simd128! { or_x86:
    /// Redoes with the scalar code the lanes set in `lanes` of the vector at
    /// `start` (for the vector kernels), from the old positions they stored
    /// in `out`.
    #[cold]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn redo_lanes(
        start: usize,
        mut lanes: u32,
        xs: &mut [f32],
        ys: &mut [f32],
        speeds: &[f32],
        wanders: &[f32],
        s: &Shared,
        z: Zone,
        out: &mut Prepared,
    ) {
        while lanes != 0 {
            let i = start + lanes.trailing_zeros() as usize;
            lanes &= lanes - 1;
            let (x, y) = (out.old_x[i], out.old_y[i]);
            let mv = move_one(x, y, speeds[i], wanders[i], s.motion, s.flow, s.sincos);
            out.set(i, x, y, &mv, s, z);
            (xs[i], ys[i]) = mv.to;
        }
    }
}
