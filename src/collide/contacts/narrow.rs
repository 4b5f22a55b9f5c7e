//! The posed masks a frame needs, and the exact (or approximate) test of
//! each candidate pair, on this thread or on rayon's pool.

use std::borrow::Borrow;

use rayon::prelude::*;

use super::{ContactOptions, Touch};
use crate::collide::{intersects_with, overlap_with, PosedMask};
use crate::mask::Mask;
use crate::pose::Pose;

/// Builds `posed[i]` for every `needed[i]` (skipped when `reuse` and it is
/// already built for `masks[i]` in `poses[i]`).
pub(super) fn build<M: Borrow<Mask> + Sync>(
    masks: &[M],
    poses: &[Pose],
    posed: &mut [PosedMask],
    needed: &[bool],
    reuse: bool,
    parallel: bool,
) {
    #[cfg_attr(not(feature = "trace"), allow(unused_variables))]
    let one = |(index, (slot, &need)): (usize, (&mut PosedMask, &bool))| {
        if !need {
            return;
        }
        let (m, p) = (masks[index].borrow(), &poses[index]);
        if !(reuse && slot.is_for(m, p)) {
            crate::trace::span!("collide.posed", ship = index);
            slot.rebuild(m, p);
        }
    };
    if parallel {
        posed
            .par_iter_mut()
            .zip(needed.par_iter())
            .enumerate()
            .with_min_len(8)
            .for_each(one);
    } else {
        posed.iter_mut().zip(needed).enumerate().for_each(one);
    }
}

/// Everything a pair test reads.
pub(super) struct Sprites<'a, M> {
    pub masks: &'a [M],
    pub poses: &'a [Pose],
    pub posed: &'a [PosedMask],
    pub exact: bool,
    pub options: &'a ContactOptions,
}

impl<M: Borrow<Mask> + Sync> Sprites<'_, M> {
    /// Appends the pairs of `pairs` (sorted) that touch to `out`, in order.
    pub(super) fn test(&self, pairs: &[(usize, usize)], parallel: bool, out: &mut Vec<Touch>) {
        if parallel {
            // rayon's collect keeps the order.
            let found: Vec<Touch> = pairs
                .par_iter()
                .with_min_len(16)
                .filter_map(|p| self.pair(p))
                .collect();
            out.extend(found);
        } else {
            out.extend(pairs.iter().filter_map(|p| self.pair(p)));
        }
    }

    /// The test of one candidate pair `a < b`.
    fn pair(&self, &(a, b): &(usize, usize)) -> Option<Touch> {
        crate::trace::span!("collide.pair", a, b);
        let measure = self.options.overlap;
        let overlap = if self.exact {
            let (pa, pb) = (&self.posed[a], &self.posed[b]);
            if measure {
                Some(pa.overlap(pb)?)
            } else if pa.intersects(pb) {
                None
            } else {
                return None;
            }
        } else {
            let (ma, mb) = (self.masks[a].borrow(), self.masks[b].borrow());
            let (pa, pb, q) = (&self.poses[a], &self.poses[b], &self.options.query);
            if measure {
                Some(overlap_with(ma, pa, mb, pb, q)?)
            } else if intersects_with(ma, pa, mb, pb, q) {
                None
            } else {
                return None;
            }
        };
        Some(Touch { a, b, overlap })
    }
}
