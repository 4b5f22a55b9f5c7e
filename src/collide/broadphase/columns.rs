//! The sorted boxes as columns (structure of arrays), padded with boxes that
//! end every sweep, in `i32` or `i64` coordinates.

use super::lanes::{self, LANES};
use super::{key_index, usable};
use crate::pose::PixelRect;

/// A coordinate type for the columns.
pub(super) trait Coord: Copy + Ord + Default + std::fmt::Debug {
    /// Largest value (the padding's left edge: no box ends after it).
    const MAX: Self;
    /// Smallest value.
    const MIN: Self;
    /// `v`, which the caller checked fits ([`Fits`]).
    fn from_i64(v: i64) -> Self;
    /// [`lanes::touching`]: which of [`LANES`] candidates share a pixel
    /// with box `a` (`[x1, y0, y1]`), as bits.
    #[inline(always)]
    fn touching(x0: &[Self; LANES], y0: &[Self; LANES], y1: &[Self; LANES], a: [Self; 3]) -> u32 {
        lanes::touching(x0, y0, y1, a)
    }
}

impl Coord for i32 {
    const MAX: Self = i32::MAX;
    const MIN: Self = i32::MIN;
    fn from_i64(v: i64) -> Self {
        v as i32
    }
    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn touching(x0: &[i32; LANES], y0: &[i32; LANES], y1: &[i32; LANES], a: [i32; 3]) -> u32 {
        super::x86::sse2::touching(x0, y0, y1, a)
    }
}

impl Coord for i64 {
    const MAX: Self = i64::MAX;
    const MIN: Self = i64::MIN;
    fn from_i64(v: i64) -> Self {
        v
    }
}

/// The narrowest coordinate type a set of boxes fits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fits {
    I32,
    I64,
}

impl Fits {
    /// What `rect` needs.
    pub(super) fn of(rect: &PixelRect) -> Fits {
        let fits = |v: i64| i32::try_from(v).is_ok();
        if fits(rect.x0) && fits(rect.y0) && fits(rect.x1) && fits(rect.y1) {
            Fits::I32
        } else {
            Fits::I64
        }
    }

    /// What two sets of boxes need together.
    pub(super) fn and(self, other: Fits) -> Fits {
        if self == Fits::I32 && other == Fits::I32 {
            Fits::I32
        } else {
            Fits::I64
        }
    }
}

/// Boxes in sweep order, then [`LANES`] padding boxes (left edge `MAX`,
/// empty in y) so a group of lanes never reads past the end.
#[derive(Debug, Default)]
pub(super) struct Columns<T> {
    pub(super) x0: Vec<T>,
    pub(super) x1: Vec<T>,
    pub(super) y0: Vec<T>,
    pub(super) y1: Vec<T>,
    /// Each box's index in the caller's list.
    pub(super) index: Vec<usize>,
}

impl<T: Coord> Columns<T> {
    /// Number of real boxes (without the padding).
    pub(super) fn len(&self) -> usize {
        self.index.len()
    }

    /// The boxes named by `keys` (all usable, all fitting `T`), in that order.
    pub(super) fn fill(&mut self, keys: &[u128], boxes: &[Option<PixelRect>]) {
        self.clear();
        for &key in keys {
            let index = key_index(key);
            let Some(r) = usable(boxes, index) else {
                continue;
            };
            self.x0.push(T::from_i64(r.x0));
            self.x1.push(T::from_i64(r.x1));
            self.y0.push(T::from_i64(r.y0));
            self.y1.push(T::from_i64(r.y1));
            self.index.push(index);
        }
        for _ in 0..LANES {
            self.x0.push(T::MAX);
            self.x1.push(T::MIN);
            self.y0.push(T::MAX);
            self.y1.push(T::MIN);
        }
    }

    fn clear(&mut self) {
        self.x0.clear();
        self.x1.clear();
        self.y0.clear();
        self.y1.clear();
        self.index.clear();
    }
}
