//! The bins' upkeep and its cadence: a sort by column now and then, and
//! memory given back.

use super::migrate::Leftovers;
use crate::field::bins::{Bin, Bins};

/// Steps between two trims of the leftovers' lists ([`trim`]).
pub(crate) const TRIM_EVERY: u64 = 64;
/// Steps between two sorts of a bin by column ([`Bin::sort_by_column`]).
pub(crate) const SORT_EVERY: u64 = 16;
/// log2 of the pixels per column a bin is sorted by.
pub(crate) const SORT_COLUMN_SHIFT: u32 = 5;

/// Whether bin `bin` is sorted by column at step `step`: each bin every
/// [`SORT_EVERY`] steps, the bins' turns spread over those steps, so no
/// step pays for sorting every bin at once (a step that did took 1.9× a
/// calm one), and each by its own task just before it moves, while its
/// particles are on their way into the cache anyway.
pub(crate) fn sort_due(step: u64, bin: u32) -> bool {
    (step + u64::from(bin)).is_multiple_of(SORT_EVERY)
}

/// Gives back memory the bins and the leftovers' lists no longer need (a
/// bin that has stayed under two thirds full for a while, a list far larger
/// than this step needed); call once a step, after `settle`, with the
/// number of steps so far. Amortised: nothing is allocated on most steps.
pub(crate) fn trim(bins: &mut Bins, leftovers: &mut [Leftovers], step: u64) {
    bins.bins_mut().iter_mut().for_each(Bin::trim);
    if step.is_multiple_of(TRIM_EVERY) {
        leftovers.iter_mut().for_each(Leftovers::trim);
    }
}
