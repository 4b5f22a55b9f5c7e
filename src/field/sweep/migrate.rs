//! Particles that change band: each bin's task takes them out of its bin
//! and sorts them by where they go; [`settle`] then appends them to their
//! new bins, every bin in parallel, in an order fixed by bin indices alone.

use rayon::prelude::*;

use crate::field::bins::{Bands, Bin, Bins, Traveller};
use crate::field::trails::Segment;

/// A bin task's leftovers: trail pieces to draw later (per band), and the
/// particles that left the bin (per band they went to).
#[derive(Clone, Debug, Default)]
pub(crate) struct Leftovers {
    /// `deferred[b]`: pieces touching band `b`.
    pub deferred: Vec<Vec<Segment>>,
    /// Pieces filed (a piece counts once, however many bands it touches).
    pub deferred_count: usize,
    /// Indices in the bin of the particles leaving it, ascending.
    pub leaving: Vec<u32>,
    /// `to[b]`: the particles gone to bin `b`, in the order they left.
    to: Vec<Vec<Traveller>>,
}

impl AsRef<[Vec<Segment>]> for Leftovers {
    fn as_ref(&self) -> &[Vec<Segment>] {
        &self.deferred
    }
}

impl Leftovers {
    /// Empties every list, for a canvas of `bands`.
    pub fn clear(&mut self, bands: Bands) {
        self.deferred.resize_with(bands.count() as usize, Vec::new);
        self.deferred.iter_mut().for_each(Vec::clear);
        self.deferred_count = 0;
        self.leaving.clear();
        self.to.resize_with(bands.bins(), Vec::new);
        self.to.iter_mut().for_each(Vec::clear);
    }

    /// Notes that particle `j` of `bin` leaves it, and copies it into the
    /// travel list of its new bin while its state is still in cache. Call
    /// in ascending `j`.
    #[inline]
    pub fn leave(&mut self, bin: &Bin, j: usize, bands: Bands) {
        let t = bin.get(j);
        self.to[bands.bin_of(t.y)].push(t);
        self.leaving.push(j as u32);
    }

    /// Takes the particles noted by [`Leftovers::leave`] out of `bin`.
    pub fn remove_leavers(&self, bin: &mut Bin) {
        bin.fill_holes(&self.leaving);
    }

    /// Gives back list capacity far beyond what this step needed (see
    /// [`trim_list`]).
    pub fn trim(&mut self) {
        for list in &mut self.deferred {
            trim_list(list);
        }
        for list in &mut self.to {
            trim_list(list);
        }
        trim_list(&mut self.leaving);
    }
}

/// Capacity a list may keep however empty it is.
const KEEP: usize = 256;

/// Halves `list`'s spare capacity when it holds under a quarter of it (and
/// more than [`KEEP`]): called once every [`super::TRIM_EVERY`] steps
/// after the lists were filled, so a list that stays small shrinks by
/// halves, and one that fills again grows back by doubling.
fn trim_list<T>(list: &mut Vec<T>) {
    let cap = list.capacity();
    if cap > KEEP && list.len() < cap / 4 {
        list.shrink_to((cap / 2).max(KEEP));
    }
}

/// Appends every travelling particle to the bin of its row, in order of
/// the bin it left, then of leaving. The same order on any number of
/// threads.
pub(crate) fn settle(bins: &mut Bins, leftovers: &[Leftovers], parallel: bool) {
    let fill = |(k, bin): (usize, &mut Bin)| {
        let lists = leftovers.iter().filter_map(|l| l.to.get(k));
        let extra: usize = lists.clone().map(Vec::len).sum();
        if extra == 0 {
            return;
        }
        crate::trace::span!("field.settle.bin", bin = k);
        bin.reserve(extra);
        for list in lists {
            bin.extend(list);
        }
    };
    if parallel {
        bins.bins_mut().par_iter_mut().enumerate().for_each(fill);
    } else {
        bins.bins_mut().iter_mut().enumerate().for_each(fill);
    }
}
