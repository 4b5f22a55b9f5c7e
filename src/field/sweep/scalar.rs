//! Stage 1 in portable code, one particle at a time.

use super::columns::Columns;
use super::prepared::Prepared;
use super::shared::Shared;
use super::zone::Zone;
use crate::field::particles::move_one;

/// Moves the block's particles and records each move in `out`.
pub(crate) fn prepare(c: &mut Columns, s: &Shared, z: Zone, out: &mut Prepared) {
    prepare_at(0, c, s, z, out);
}

/// As [`prepare`], for particles that sit `start` places into the block.
fn prepare_at(start: usize, c: &mut Columns, s: &Shared, z: Zone, out: &mut Prepared) {
    let (_, xs, ys, speeds, wanders) = c.parts();
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
    pub(super) fn prepare_range(
        range: std::ops::Range<usize>,
        c: &mut Columns,
        s: &Shared,
        z: Zone,
        out: &mut Prepared,
    ) {
        prepare_at(range.start, &mut c.range(range), s, z, out);
    }
}

crate::cpu::simd128! { or_x86:
    /// Redoes with the scalar code the lanes set in `lanes` of the vector at
    /// `start` (for the vector kernels), from the old positions they stored
    /// in `out`.
    #[cold]
    pub(super) fn redo_lanes(
        start: usize,
        mut lanes: u32,
        c: &mut Columns,
        s: &Shared,
        z: Zone,
        out: &mut Prepared,
    ) {
        let (_, xs, ys, speeds, wanders) = c.parts();
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
