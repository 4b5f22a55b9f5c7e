//! Summaries of timings such as [`crate::profile::StageTimes`]: [`Ring`]
//! keeps the last values, [`percentile`] reads them with one rank rule.
//!
//! A game that shows its step time wants the same things the demo's
//! profiler, the benches and the examples do: the last few hundred frames
//! without allocating per frame, and their median and tail. Both are here so
//! every report in this repository ranks values the same way.
//!
//! ```
//! use hitfield::stats::{percentile, Ring};
//!
//! let mut last = Ring::new(3);
//! for ms in [4.0, 1.0, 3.0, 2.0] {
//!     last.push(ms);
//! }
//! let mut kept: Vec<f64> = last.iter().copied().collect();
//! assert_eq!(kept, [1.0, 3.0, 2.0]);
//! assert_eq!(percentile(&mut kept, 0.5), 2.0);
//! ```

use std::collections::VecDeque;

/// The last `capacity` values pushed, oldest first. Holds at most
/// `capacity` values and allocates only when created.
#[derive(Clone, Debug)]
pub struct Ring<T> {
    items: VecDeque<T>,
    capacity: usize,
}

impl<T> Ring<T> {
    /// An empty ring keeping the last `capacity` values (at least 1).
    pub fn new(capacity: usize) -> Ring<T> {
        let capacity = capacity.max(1);
        Ring {
            items: VecDeque::with_capacity(capacity),
            capacity,
        }
    }

    /// Adds `value`; when full, the oldest value goes and is returned.
    pub fn push(&mut self, value: T) -> Option<T> {
        let old = if self.items.len() == self.capacity {
            self.items.pop_front()
        } else {
            None
        };
        self.items.push_back(value);
        old
    }

    /// Takes the oldest value out.
    pub fn pop_oldest(&mut self) -> Option<T> {
        self.items.pop_front()
    }

    /// How many values it holds.
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// True when it holds none.
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Most values it holds.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// The values, oldest first.
    pub fn iter(&self) -> std::collections::vec_deque::Iter<'_, T> {
        self.items.iter()
    }

    /// The value `i` places after the oldest.
    pub fn get(&self, i: usize) -> Option<&T> {
        self.items.get(i)
    }

    /// The oldest value.
    pub fn first(&self) -> Option<&T> {
        self.items.front()
    }

    /// The newest value.
    pub fn last(&self) -> Option<&T> {
        self.items.back()
    }

    /// Forgets every value (the capacity stays).
    pub fn clear(&mut self) {
        self.items.clear();
    }
}

/// The nearest-rank `p`-th quantile of `values` (`p` from 0 to 1): the
/// smallest value with at least `p` of all values at or below it, so
/// `p = 0.5` of an even count is the lower middle value, `p = 0` the least
/// and `p = 1` the greatest. Sorts `values` (cheap when already sorted);
/// NaN sorts above everything. 0 for no values.
pub fn percentile(values: &mut [f64], p: f64) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        return 0.0;
    }
    let rank = (p.clamp(0.0, 1.0) * n as f64).ceil() as usize;
    values[rank.clamp(1, n) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_ring_keeps_the_newest_values_oldest_first() {
        let mut r = Ring::new(3);
        assert!(r.is_empty() && r.last().is_none());
        for i in 0..5u32 {
            let dropped = r.push(i);
            assert_eq!(dropped, i.checked_sub(3));
        }
        assert_eq!(r.iter().copied().collect::<Vec<_>>(), [2, 3, 4]);
        assert_eq!(r.iter().rev().copied().collect::<Vec<_>>(), [4, 3, 2]);
        assert_eq!((r.len(), r.capacity(), r.last()), (3, 3, Some(&4)));
        assert_eq!((r.first(), r.get(1), r.get(3)), (Some(&2), Some(&3), None));
        assert_eq!(r.pop_oldest(), Some(2));
        assert_eq!(r.push(5), None, "room again");
        assert_eq!(r.iter().copied().collect::<Vec<_>>(), [3, 4, 5]);
        r.clear();
        assert!(r.is_empty());
        r.push(9);
        assert_eq!(r.iter().copied().collect::<Vec<_>>(), [9]);
        assert_eq!(Ring::<u8>::new(0).capacity(), 1);
    }

    #[test]
    fn percentiles_use_nearest_rank() {
        let mut v: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        let ps = [0.0, 0.5, 0.95, 0.99, 1.0].map(|p| percentile(&mut v, p));
        assert_eq!(ps, [1.0, 50.0, 95.0, 99.0, 100.0]);
        assert_eq!(percentile(&mut [3.0, 1.0, 2.0, 4.0], 0.5), 2.0);
        assert_eq!(percentile(&mut [3.0, 1.0, 2.0], 0.5), 2.0);
        assert_eq!(percentile(&mut [], 0.5), 0.0);
        assert_eq!(percentile(&mut [7.0], 2.0), 7.0);
    }
}
