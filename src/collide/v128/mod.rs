//! The collision kernels on the 128-bit layer ([`crate::cpu::v128`]: NEON
//! on aarch64, simd128 on wasm32): the translation path's search for the
//! first shared row, two words per step (here), and the posed-mask edge
//! rasteriser's prefix pass (`prefix.rs`). The walkers, counts,
//! statistics and edge flips stay portable here (see
//! `docs/performance.md`).

mod prefix;
use prefix::prefix_xor_rows_v128;

use crate::collide::kernels::raster::RasterKernels;
use crate::collide::kernels::{Plain, ScanKernels};
use crate::collide::kernels::gather::{MapGather, PlainWalker};
use crate::collide::kernels::rows::Rows;
use crate::cpu::v128::W2;
use crate::cpu::Simd128;

/// The portable flips and walks, the prefix pass two words per vector.
impl RasterKernels for Simd128 {
    #[inline(always)]
    fn prefix_xor_rows(self, words: &mut [u64], per_row: usize, tail: u64) -> crate::mask::Summary {
        prefix_xor_rows_v128(words, per_row, tail)
    }
}

/// The portable walker; the first shared row two words per step.
impl ScanKernels for Simd128 {
    type Walker<'a> = PlainWalker<'a>;

    #[inline(always)]
    fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> PlainWalker<'_> {
        Plain.walker(g, du, dv)
    }

    #[inline(always)]
    fn first_row(self, rows: &Rows) -> Option<usize> {
        if !rows.in_bounds() {
            return rows.first_row_scalar();
        }
        match rows.width {
            // SAFETY (each arm): `in_bounds` holds (checked above).
            0 | 1 => unsafe { rows.first_row_narrow() },
            2 => unsafe { first_row_two_words(rows) },
            _ => unsafe { first_row_wide(rows) },
        }
    }
    // Counts and statistics: the trait's portable ones (see the module docs).
}

/// B's bits at A's two words from `pb` (B's low words; the high words
/// `hi_offset` further): `lo >> s | (hi << 1) << (63 − s)` per lane.
///
/// # Safety
/// `pb` and `pb + hi_offset` must each point to two readable words.
#[inline(always)]
unsafe fn b_bits(pb: *const u64, hi_offset: usize, s: u32) -> W2 {
    // SAFETY: the caller vouches for both pairs.
    let (lo, hi) = unsafe { (W2::load_ptr(pb), W2::load_ptr(pb.add(hi_offset))) };
    lo.shr(s).or(hi.shl(1).shl(63 - s))
}

/// [`ScanKernels::first_row`] for rows of two words: one row per vector, eight
/// rows ORed before one test.
///
/// # Safety
/// [`Rows::in_bounds`] must hold and the width must be 2.
#[inline(always)]
unsafe fn first_row_two_words(rows: &Rows) -> Option<usize> {
    debug_assert!(rows.in_bounds() && rows.width == 2);
    const BLOCK: usize = 8;
    let s = rows.shift.min(63);
    let masks = W2::from_array([rows.mask(0), rows.mask(1)]);
    let (a, b) = (rows.a.as_ptr(), rows.b.as_ptr());
    let row = |r: usize| {
        // SAFETY: `in_bounds` covers A's two words of each row and B's two
        // plus `hi_offset`.
        unsafe {
            let pa = a.add(rows.a_start + r * rows.a_stride);
            let pb = b.add(rows.b_start + r * rows.b_stride);
            W2::load_ptr(pa).and(masks).and(b_bits(pb, rows.hi_offset, s))
        }
    };
    let mut r = 0;
    while r + BLOCK <= rows.rows {
        let v: [W2; BLOCK] = std::array::from_fn(|k| row(r + k));
        let all = (v[0].or(v[1]).or(v[2].or(v[3]))).or(v[4].or(v[5]).or(v[6].or(v[7])));
        if all.any() {
            return v.iter().position(|x| x.any()).map(|k| r + k);
        }
        r += BLOCK;
    }
    (r..rows.rows).find(|&q| row(q).any())
}

/// [`ScanKernels::first_row`] for rows of three words or more: the first and last
/// words (cut to the region) plain, the words between two per vector.
///
/// # Safety
/// [`Rows::in_bounds`] must hold and the width must be at least 3.
#[inline(always)]
unsafe fn first_row_wide(rows: &Rows) -> Option<usize> {
    debug_assert!(rows.in_bounds() && rows.width >= 3);
    let s = rows.shift.min(63);
    let (a, b) = (rows.a.as_ptr(), rows.b.as_ptr());
    let last = rows.width - 1;
    (0..rows.rows).find(|&r| {
        let ends = rows.and(r, 0) | rows.and(r, last);
        let mut acc = W2::from_array([ends, 0]);
        let (pa, pb) = (
            rows.a_start + r * rows.a_stride,
            rows.b_start + r * rows.b_stride,
        );
        let mut j = 1;
        while j + 2 <= last {
            // SAFETY: words `j, j + 1 < width − 1` of A's row and B's (plus
            // `hi_offset`) lie inside what `in_bounds` covers.
            acc = acc.or(unsafe {
                W2::load_ptr(a.add(pa + j)).and(b_bits(b.add(pb + j), rows.hi_offset, s))
            });
            j += 2;
        }
        if j < last {
            acc = acc.or(W2::from_array([rows.and(r, j), 0]));
        }
        acc.any()
    })
}
