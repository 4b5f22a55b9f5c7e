//! The canvas shared by a step's bin tasks: ranges of rows, each lent to
//! one task at a time and checked free when it is taken.
//!
//! Zones overlap (see [`super::run`]), so the tasks cannot be given
//! slices split off the canvas up front once an odd task may start while
//! even ones still run. Instead each task takes its rows
//! when it starts and gives them back when it ends; taking rows that
//! another task holds panics (the schedule rules it out), so no two
//! `&mut` views of a pixel ever exist.

use std::marker::PhantomData;
use std::ops::{Deref, DerefMut, Range};
use std::sync::atomic::{AtomicBool, Ordering};

/// A canvas (rows of `width` pixels) lent out row range by row range.
pub(crate) struct SharedRows<'a> {
    start: *mut [u8; 4],
    width: usize,
    /// `held[r]`: row `r` is lent to a [`HeldRows`].
    held: Box<[AtomicBool]>,
    _canvas: PhantomData<&'a mut [[u8; 4]]>,
}

// SAFETY: the pixels are reached only through `HeldRows`, and the flags
// make those views disjoint, whichever threads hold them.
unsafe impl Send for SharedRows<'_> {}
// SAFETY: as for `Send`: `take` hands out disjoint rows only.
unsafe impl Sync for SharedRows<'_> {}

impl<'a> SharedRows<'a> {
    /// Lends out `pixels`, rows of `width` pixels (whole rows only).
    pub fn new(pixels: &'a mut [[u8; 4]], width: u32) -> SharedRows<'a> {
        let width = width.max(1) as usize;
        let rows = pixels.len() / width;
        SharedRows {
            start: pixels.as_mut_ptr(),
            width,
            held: (0..rows).map(|_| AtomicBool::new(false)).collect(),
            _canvas: PhantomData,
        }
    }

    /// Canvas rows `rows`, for as long as the answer lives.
    ///
    /// # Panics
    /// When a row is outside the canvas or lent out already.
    pub fn take(&self, rows: Range<u32>) -> HeldRows<'_> {
        let range = rows.start as usize..rows.end.max(rows.start) as usize;
        let flags = &self.held[range.clone()];
        for (k, flag) in flags.iter().enumerate() {
            if flag.swap(true, Ordering::Acquire) {
                flags[..k]
                    .iter()
                    .for_each(|f| f.store(false, Ordering::Release));
                panic!("canvas row {} is held by another task", range.start + k);
            }
        }
        // SAFETY: the rows are inside the canvas (the slice of flags above
        // would have panicked otherwise), which `'a` keeps borrowed, and
        // every one of them was free and is now flagged ours until the
        // `HeldRows` drops, so no other view of these pixels exists.
        let pixels = unsafe {
            std::slice::from_raw_parts_mut(
                self.start.add(range.start * self.width),
                range.len() * self.width,
            )
        };
        HeldRows { pixels, flags }
    }
}

/// Rows lent by [`SharedRows::take`]: the pixels, row-major.
pub(crate) struct HeldRows<'s> {
    pixels: &'s mut [[u8; 4]],
    flags: &'s [AtomicBool],
}

impl Deref for HeldRows<'_> {
    type Target = [[u8; 4]];
    fn deref(&self) -> &[[u8; 4]] {
        self.pixels
    }
}

impl DerefMut for HeldRows<'_> {
    fn deref_mut(&mut self) -> &mut [[u8; 4]] {
        self.pixels
    }
}

impl Drop for HeldRows<'_> {
    fn drop(&mut self) {
        for flag in self.flags {
            flag.store(false, Ordering::Release);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SharedRows;

    #[test]
    fn disjoint_rows_are_lent_at_once_and_given_back() {
        let mut pixels = vec![[0u8; 4]; 3 * 10];
        let canvas = SharedRows::new(&mut pixels, 3);
        let mut a = canvas.take(0..4);
        let mut b = canvas.take(4..10);
        assert_eq!((a.len(), b.len()), (12, 18));
        a[11] = [1; 4];
        b[0] = [2; 4];
        drop((a, b));
        let again = canvas.take(2..5);
        assert_eq!((again[5], again[6]), ([1; 4], [2; 4]));
        assert!(canvas.take(0..0).is_empty());
    }

    #[test]
    #[cfg(panic = "unwind")]
    #[should_panic(expected = "canvas row 4 is held by another task")]
    fn overlapping_rows_panic() {
        let mut pixels = vec![[0u8; 4]; 2 * 8];
        let canvas = SharedRows::new(&mut pixels, 2);
        let _a = canvas.take(4..6);
        let _b = canvas.take(2..5);
    }

    #[test]
    #[cfg(panic = "unwind")]
    fn a_refused_take_leaves_its_rows_free() {
        let mut pixels = vec![[0u8; 4]; 8];
        let canvas = SharedRows::new(&mut pixels, 1);
        let a = canvas.take(5..6);
        let refused = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            drop(canvas.take(3..7));
        }));
        assert!(refused.is_err());
        drop(a);
        assert_eq!(canvas.take(3..7).len(), 4);
    }
}
