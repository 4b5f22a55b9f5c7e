//! What the scanners need from an instruction set (the [`ScanKernels`]
//! trait), with the types its kernels take (rows of two masks, [`Rows`];
//! walkers over a posed mask, [`Walker`]) and its portable implementation
//! ([`Plain`]); `x86/` implements it for AVX2 and AVX-512, `v128/` for the
//! 128-bit layer. The rasteriser's kernels ([`raster::RasterKernels`]) and
//! their types sit beside it in `raster/`. All give the same bits (unit and
//! property tested). Everything in `collide/` that scans or rasterises
//! stands above this module.

#[cfg(test)]
pub(crate) mod check;
pub(crate) mod gather;
mod narrow;
pub(crate) mod raster;
pub(crate) mod rows;

use self::gather::{MapGather, PlainWalker, Walker};
use self::rows::{RowStats, Rows};

/// What the scanners need from an instruction set.
pub(crate) trait ScanKernels: Copy {
    /// Walks one posed sprite along rows.
    type Walker<'a>: Walker;
    /// Whether regions one word wide take the plain row loop
    /// (`translate::narrow`) rather than the row kernels.
    const NARROW_LOOP: bool = true;

    /// A walker over `g` with steps `(du, dv)` per sample
    /// (`|du|, |dv| ≤ MAX_STEP`).
    fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> Self::Walker<'_>;

    /// The first row of `rows` (0-based) in which A and B share a bit, or
    /// `None`.
    fn first_row(self, rows: &Rows) -> Option<usize>;
    /// Shared bits of all of `rows` (portable unless a set has a kernel).
    #[inline(always)]
    fn count(self, rows: &Rows) -> u64 {
        rows.count_scalar()
    }
    /// Statistics of the shared bits of all of `rows` (at most
    /// [`Rows::MAX_ROWS`] rows; portable unless a set has a kernel).
    #[inline(always)]
    fn stats(self, rows: &Rows) -> RowStats {
        rows.stats_scalar()
    }
}

/// Portable scalar code.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plain;

impl ScanKernels for Plain {
    type Walker<'a> = PlainWalker<'a>;

    #[inline(always)]
    fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> PlainWalker<'_> {
        PlainWalker::new(g, du, dv)
    }

    #[inline(always)]
    fn first_row(self, rows: &Rows) -> Option<usize> {
        if rows.width <= 2 && rows.in_bounds() {
            // SAFETY: `in_bounds` holds (checked just above).
            return unsafe { rows.first_row_narrow() };
        }
        rows.first_row_scalar()
    }
}
