//! The x86-64 kernels: what AVX2 and AVX-512 share written once over a
//! vector of 64-bit lanes ([`lanes::Lanes`], four or eight lanes) and
//! instantiated by thin `#[target_feature]` entry points (the row and
//! statistics kernels, `rows.rs` and `stats.rs`; the edge rasteriser's
//! flips and prefix pass, `edges.rs` and `prefix.rs`); the gathering walks'
//! axes and solid-box gathers written once over 32-bit lanes
//! ([`lanes32::Lanes32`], eight or sixteen, shared with the sampling
//! kernels); and what one set alone has in its folder (AVX2's gathering
//! walker and window walk, `avx2/`; AVX-512's strided rows and gathering
//! pixel walk, `avx512/`).
//!
//! The convention in `collide/`: `kernels/` defines the traits
//! ([`ScanKernels`], [`crate::collide::kernels::gather::Walker`],
//! [`RasterKernels`]) with their portable implementation; each
//! architecture gets one folder (this one, `x86/`) that implements them.

mod avx2;
mod avx512;
mod edges;
mod lanes;
pub(crate) mod lanes32;
mod prefix;
mod rows;
mod stats;
mod walk;

pub(crate) use crate::cpu::{Avx2, Avx512};

use super::kernels::ScanKernels;
use crate::collide::kernels::gather::MapGather;
use crate::collide::kernels::raster::{EdgeScratch, Edges, RasterKernels, Seeds};
use crate::collide::kernels::rows::{RowStats, Rows};
use crate::collide::sprite::SolidMap;
use crate::mask::{Mask, Summary};
use crate::pose::PixelRect;
use avx2::walker::Avx2Walker;
use avx2::window_walk::fill_windowed_avx2;
use avx512::pixel_walk::fill_walk_avx512;
use edges::{flip_edges_avx2, flip_edges_avx512, seed_left_avx512};
use prefix::{prefix_xor_rows_avx2, prefix_xor_rows_avx512};
use rows::{count_avx2, count_avx512, first_row_avx2, first_row_avx512, packed};
use stats::{stats_avx2, stats_avx512};
use walk::Frame;

/// `kernel(rows)` where `ok` and the rows stay inside their masks, else
/// `portable()`. Called from the impls below only: their `self` proves
/// the CPU has every feature the kernels enable.
#[inline(always)]
fn checked<R>(
    rows: &Rows,
    ok: bool,
    kernel: unsafe fn(&Rows) -> R,
    portable: impl FnOnce() -> R,
) -> R {
    if ok && rows.in_bounds() {
        // SAFETY: the caller's proof, and `in_bounds` checked every index
        // the kernel reads.
        unsafe { kernel(rows) }
    } else {
        portable()
    }
}

impl ScanKernels for Avx2 {
    type Walker<'a> = Avx2Walker<'a>;

    #[inline(always)]
    fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> Avx2Walker<'_> {
        Avx2Walker::new(self, g, du, dv)
    }

    #[inline(always)]
    fn first_row(self, rows: &Rows) -> Option<usize> {
        if !rows.in_bounds() {
            return rows.first_row_scalar();
        }
        if rows.width <= 2 && !packed(rows) {
            // SAFETY: `in_bounds` holds (checked above).
            return unsafe { rows.first_row_narrow() };
        }
        // SAFETY: an `Avx2` value exists only once the CPU features were
        // detected, and `in_bounds` checked every index the kernel reads.
        unsafe { first_row_avx2(rows) }
    }

    #[inline(always)]
    fn count(self, rows: &Rows) -> u64 {
        checked(rows, true, count_avx2, || rows.count_scalar())
    }

    #[inline(always)]
    fn stats(self, rows: &Rows) -> RowStats {
        checked(rows, stats::fits::<Self>(rows), stats_avx2, || {
            rows.stats_scalar()
        })
    }
}

/// The AVX-512 row kernels; rotated and scaled sprites keep the AVX2
/// walker (gathers gain nothing from wider vectors here).
impl ScanKernels for Avx512 {
    type Walker<'a> = Avx2Walker<'a>;
    // Eight packed one-word rows per step beat the plain loop.
    const NARROW_LOOP: bool = false;

    #[inline(always)]
    fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> Avx2Walker<'_> {
        Avx2Walker::new(self.avx2, g, du, dv)
    }

    #[inline(always)]
    fn first_row(self, rows: &Rows) -> Option<usize> {
        if !rows.in_bounds() {
            return rows.first_row_scalar();
        }
        // Rows of fewer than eight words that cannot be read as one stream
        // (posed masks of any width) fill a fraction of each 8-word load.
        // Up to four words: several rows per vector (`strided.rs`). Five to
        // seven: the AVX2 kernel (`rows::AVX2_BLOCK_ROWS`).
        if rows.width < 8 && !packed(rows) {
            if avx512::strided::rows_per_vector(rows).is_some() {
                // SAFETY: as below; the layout was checked just above.
                return unsafe { avx512::strided::first_row_strided_avx512(rows) };
            }
            return self.avx2.first_row(rows);
        }
        // SAFETY: an `Avx512` value exists only once the CPU features were
        // detected, and `in_bounds` checked every index the kernel reads.
        unsafe { first_row_avx512(rows) }
    }

    #[inline(always)]
    fn count(self, rows: &Rows) -> u64 {
        checked(rows, true, count_avx512, || rows.count_scalar())
    }

    #[inline(always)]
    fn stats(self, rows: &Rows) -> RowStats {
        checked(rows, stats::fits::<Self>(rows), stats_avx512, || {
            rows.stats_scalar()
        })
    }
}

/// Four edges per step where the values fit the float shortcuts (else the
/// portable loop), the window pixel walk, the AVX2 prefix pass.
impl RasterKernels for Avx2 {
    const EDGE_VISIT: f64 = 8.0;

    #[inline(always)]
    fn flip_edges(self, e: &Edges, words: &mut [u64], scratch: &mut EdgeScratch) {
        // SAFETY: an `Avx2` value exists only once the CPU features were
        // detected.
        unsafe { flip_edges_avx2(e, words, scratch) }
    }

    #[inline(always)]
    fn prefix_xor_rows(self, words: &mut [u64], per_row: usize, tail: u64) -> Summary {
        // SAFETY: as in `flip_edges` (AVX2 implies POPCNT here).
        unsafe { prefix_xor_rows_avx2(words, per_row, tail) }
    }

    #[inline(always)]
    fn walk(self, mask: &Mask, map: &SolidMap, rect: &PixelRect, words: &mut [u64]) -> bool {
        // SAFETY: as in `flip_edges`.
        unsafe { fill_windowed_avx2(Frame { mask, map, rect }, words) }
    }
}

/// Eight edges per step, seeds eight rows per gather, the sixteen-lane
/// pixel walk, the AVX-512 prefix pass.
impl RasterKernels for Avx512 {
    const EDGE_VISIT: f64 = 6.0;

    #[inline(always)]
    fn flip_edges(self, e: &Edges, words: &mut [u64], scratch: &mut EdgeScratch) {
        // SAFETY: an `Avx512` value exists only once the CPU features were
        // detected.
        unsafe { flip_edges_avx512(e, words, scratch) }
    }

    #[inline(always)]
    fn seed_left(self, mask: &Mask, seeds: &Seeds, per_row: usize, words: &mut [u64]) {
        let (texels, width, height) = (mask.words(), mask.width(), mask.height());
        // SAFETY: as in `flip_edges`.
        unsafe { seed_left_avx512(seeds, texels, width, height, per_row, words) }
    }

    #[inline(always)]
    fn prefix_xor_rows(self, words: &mut [u64], per_row: usize, tail: u64) -> Summary {
        // SAFETY: as in `flip_edges`.
        unsafe { prefix_xor_rows_avx512(words, per_row, tail) }
    }

    #[inline(always)]
    fn walk(self, mask: &Mask, map: &SolidMap, rect: &PixelRect, words: &mut [u64]) -> bool {
        // SAFETY: as in `flip_edges`.
        unsafe { fill_walk_avx512(Frame { mask, map, rect }, words) }
    }
}
