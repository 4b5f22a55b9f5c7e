//! Particles that change band: each bin's task takes them out of its bin
//! and sorts them by where they go; [`settle`] then appends them to their
//! new bins, every bin in parallel, in an order fixed by bin indices alone.

use rayon::prelude::*;

use crate::field::bins::{Bin, Bins, Traveller};
use crate::field::trails::Segment;

/// A bin task's leftovers: trail pieces to draw later (per band), and the
/// particles that left the bin.
#[derive(Clone, Debug, Default)]
pub(crate) struct Leftovers {
    /// `deferred[b]`: pieces touching band `b`.
    pub deferred: Vec<Vec<Segment>>,
    /// Pieces filed (a piece counts once, however many bands it touches).
    pub deferred_count: usize,
    /// Indices in the bin of the particles leaving it, ascending.
    pub leaving: Vec<u32>,
    /// Particles gone to the band above, the band below, or further.
    up: Vec<Traveller>,
    down: Vec<Traveller>,
    far: Vec<Traveller>,
}

impl AsRef<[Vec<Segment>]> for Leftovers {
    fn as_ref(&self) -> &[Vec<Segment>] {
        &self.deferred
    }
}

impl Leftovers {
    /// Empties every list, for a canvas of `bands` bands.
    pub fn clear(&mut self, bands: usize) {
        self.deferred.resize_with(bands, Vec::new);
        self.deferred.iter_mut().for_each(Vec::clear);
        self.deferred_count = 0;
        self.leaving.clear();
        self.up.clear();
        self.down.clear();
        self.far.clear();
    }

    /// Notes that particle `j` of `bin` (number `k`, bands of `1 << shift`
    /// rows) leaves it, and copies it into a travel list while its state is
    /// still in cache. Call in ascending `j`.
    #[inline]
    pub fn leave(&mut self, bin: &Bin, j: usize, k: usize, shift: u32) {
        let t = bin.get(j);
        let to = (t.y as u32 >> shift) as usize;
        if to + 1 == k {
            self.up.push(t);
        } else if to == k + 1 {
            self.down.push(t);
        } else {
            self.far.push(t);
        }
        self.leaving.push(j as u32);
    }

    /// Takes the particles noted by [`Leftovers::leave`] out of `bin`.
    pub fn remove_leavers(&self, bin: &mut Bin) {
        // Descending, so each hole is filled by a particle that stays.
        for &i in self.leaving.iter().rev() {
            bin.fill_hole(i as usize);
        }
    }
}

/// Appends every travelling particle to the bin of its row: first those
/// from the bin above, then from the bin below, then the far ones in
/// order of their old bin. The same order on any number of threads.
pub(crate) fn settle(bins: &mut Bins, leftovers: &[Leftovers], parallel: bool) {
    let any_far = leftovers.iter().any(|l| !l.far.is_empty());
    let shift = bins.shift();
    let count = bins.bins_mut().len();
    let fill = |(k, bin): (usize, &mut Bin)| {
        if k > 0 {
            leftovers[k - 1].down.iter().for_each(|&t| bin.push(t));
        }
        if let Some(below) = leftovers.get(k + 1) {
            below.up.iter().for_each(|&t| bin.push(t));
        }
        if any_far {
            for t in leftovers.iter().flat_map(|l| &l.far) {
                if ((t.y as u32 >> shift) as usize).min(count - 1) == k {
                    bin.push(*t);
                }
            }
        }
    };
    if parallel {
        bins.bins_mut().par_iter_mut().enumerate().for_each(fill);
    } else {
        bins.bins_mut().iter_mut().enumerate().for_each(fill);
    }
}
