//! The posed masks a frame needs, and the exact (or approximate) test of
//! each candidate pair, on the calling thread alone or shared with rayon's
//! helpers chunk by chunk ([`Claims`]).

use std::borrow::Borrow;

use super::claims::Claims;
use super::team::Team;
use super::{ContactOptions, Touch};
use crate::collide::{intersects_with, overlap_with, PosedMask};
use crate::mask::Mask;
use crate::pose::Pose;

/// Sprites whose posed masks one claim builds (an 80×80 sprite's takes
/// about 1.4 µs: chunks short enough that the threads end together).
const BUILD_CHUNK: usize = 4;
/// Candidate pairs one claim tests (a pair takes about 0.1 µs).
const TEST_CHUNK: usize = 16;

/// Everything a frame's narrow phase reads.
pub(super) struct Frame<'a, M> {
    pub masks: &'a [M],
    pub poses: &'a [Pose],
    /// The sprites in a candidate pair (their posed masks are built).
    pub needed: &'a [bool],
    /// Keep a posed mask already built for its sprite.
    pub reuse: bool,
    pub options: &'a ContactOptions,
    /// The candidate pairs, sorted.
    pub pairs: &'a [(usize, usize)],
}

impl<M: Borrow<Mask> + Sync> Frame<'_, M> {
    /// Builds `posed[i]` for every needed sprite (exact tests only), then
    /// writes the test of `pairs[k]` to `results[k]`, on this thread and
    /// `team`'s helpers, each claiming chunks of
    /// builds, then (once every build is done) chunks of tests.
    pub(super) fn run(&self, posed: &mut [PosedMask], results: &mut [Option<Touch>], team: Team) {
        let exact = self.options.query.is_exact();
        let builds = Claims::new(posed, BUILD_CHUNK);
        let tests = Claims::new(results, TEST_CHUNK);
        let work = || {
            let posed = if exact {
                builds.work(|first, slots| {
                    for (k, slot) in slots.iter_mut().enumerate() {
                        self.build(first + k, slot);
                    }
                });
                builds.finished()
            } else {
                &[]
            };
            tests.work(|first, out| {
                for (k, result) in out.iter_mut().enumerate() {
                    *result = self.pair(posed, self.pairs[first + k]);
                }
            });
        };
        team.run(&work);
    }

    /// Builds sprite `index`'s posed mask into `slot` when it is needed
    /// (kept when `reuse` and already built for its mask and pose).
    fn build(&self, index: usize, slot: &mut PosedMask) {
        if !self.needed[index] {
            return;
        }
        let (m, p) = (self.masks[index].borrow(), &self.poses[index]);
        if !(self.reuse && slot.is_for(m, p)) {
            crate::trace::span!("collide.posed", ship = index);
            slot.rebuild(m, p);
        }
    }

    /// The test of one candidate pair `a < b` (exact ones through the
    /// posed masks).
    fn pair(&self, posed: &[PosedMask], (a, b): (usize, usize)) -> Option<Touch> {
        crate::trace::span!("collide.pair", a, b);
        let measure = self.options.overlap;
        let overlap = if self.options.query.is_exact() {
            let (pa, pb) = (&posed[a], &posed[b]);
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
