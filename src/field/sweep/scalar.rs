//! Stage 1 in portable code, one particle at a time.

use super::{Prepared, Shared, Zone};
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
    let particles = xs
        .iter_mut()
        .zip(ys.iter_mut())
        .zip(speeds.iter().zip(wanders));
    for (i, ((x, y), (&speed, &wander))) in particles.enumerate() {
        let mv = move_one(*x, *y, speed, wander, s.motion, s.flow, s.sincos);
        out.set(i, *x, *y, &mv, s, z);
        (*x, *y) = mv.to;
    }
}
