//! The word-level scanner for two integer translations: 64 pixels per AND.
//!
//! Words are aligned to A's rows; B's bits at the same world columns come
//! from two neighbouring words shifted (the pygame `bitmask.c` idea). A's
//! first and last word are masked to the region, so everything else in a row
//! can be ANDed blindly: outside the region one of the two sprites is empty,
//! and B words borrowed from a neighbouring row only ever meet masked-off A
//! bits. Each row is first reduced to "anything shared?" by a vector kernel
//! ([`Isa::and_any`]); only rows with shared pixels are visited word by word. Strided queries keep every `step`-th row and AND a
//! comb of lattice columns into each word.

use super::isa::{Isa, Rows};
use super::options::Lattice;
use super::stats::Visit;
use crate::mask::Mask;
use crate::pose::PixelRect;

/// Rows tested together before one branch.
const BLOCK_ROWS: i64 = 16;
/// Widest row (in words) the block kernel handles; wider rows go word by word.
const KERNEL_WORDS: usize = 64;

/// Visits the shared lattice pixels of A at `(ax, ay)` and B at `(bx, by)`
/// inside `region`, which lies within both masks' solid boxes.
#[inline(always)]
pub(super) fn scan<I: Isa, V: Visit>(
    isa: I,
    (a, ax, ay): (&Mask, i64, i64),
    (b, bx, by): (&Mask, i64, i64),
    region: &PixelRect,
    lat: &Lattice,
    visit: &mut V,
) {
    // A's texel column i meets B's column i + d.
    let d = ax - bx;
    let q = d.div_euclid(64);
    let shift = d.rem_euclid(64) as u32;
    let (i0, i1) = (region.x0 - ax, region.x1 - ax);
    // A's words k0..=k1 hold the region's columns; they are masked to it.
    let (k0, k1) = (i0 >> 6, (i1 - 1) >> 6);
    let width = (k1 - k0 + 1) as usize;
    let mut masks = [u64::MAX; KERNEL_WORDS];
    let kernel = lat.step == 1 && width <= KERNEL_WORDS;
    let first_mask = u64::MAX << (i0 & 63);
    let last_mask = u64::MAX >> (63 - ((i1 - 1) & 63));
    if kernel {
        masks[0] &= first_mask;
        masks[width - 1] &= last_mask;
    }
    let (wa, wb) = (a.words(), b.words());
    let (wpr_a, wpr_b) = (a.words_per_row() as i64, b.words_per_row() as i64);
    // First words of row y: A's word k0, and B's word under its first bit.
    let a_first = |y: i64| (y - ay) * wpr_a + k0;
    let b_first = |y: i64| (y - by) * wpr_b + k0 + q;
    // Word j of row y, masked to the region and ANDed with B (borrowed B
    // words beyond a row's ends only meet masked-off A bits).
    let word = |y: i64, j: usize| {
        let get = |w: &[u64], i: i64| {
            usize::try_from(i)
                .ok()
                .and_then(|i| w.get(i))
                .copied()
                .unwrap_or(0)
        };
        let mut m = u64::MAX;
        if j == 0 {
            m &= first_mask;
        }
        if j == width - 1 {
            m &= last_mask;
        }
        let lo = b_first(y) + j as i64;
        let bits = if shift == 0 {
            get(wb, lo)
        } else {
            get(wb, lo) >> shift | get(wb, lo + 1) << (64 - shift)
        };
        get(wa, a_first(y) + j as i64) & m & bits
    };
    let block = |y: i64, rows: i64| {
        Some(Rows {
            a: wa,
            b: wb,
            a_start: usize::try_from(a_first(y)).ok()?,
            b_start: usize::try_from(b_first(y)).ok()?,
            hi_offset: usize::from(shift != 0),
            a_stride: wpr_a as usize,
            b_stride: wpr_b as usize,
            rows: rows as usize,
            width,
            mask: &masks[..width.min(KERNEL_WORDS)],
            shift,
        })
        .filter(Rows::in_bounds)
    };
    // Visits row y's words (those on lattice columns); false to stop.
    let mut visit_row = |y: i64| {
        for j in 0..width {
            let base = ax + 64 * (k0 + j as i64);
            let comb = if lat.step == 1 {
                u64::MAX
            } else {
                lat.comb(base)
            };
            let w = word(y, j) & comb;
            if w != 0 && !visit.word(y, base, 1, w) {
                return false;
            }
        }
        true
    };
    let n = lat.step;
    let mut y = lat.first_row(region.y0);
    while y < region.y1 {
        if kernel {
            let rows = (region.y1 - y).min(BLOCK_ROWS);
            if let Some(rows_block) = block(y, rows) {
                if isa.and_any(&rows_block) != 0 {
                    for r in y..y + rows {
                        let one = block(r, 1);
                        if one.is_none_or(|one| isa.and_any(&one) != 0) && !visit_row(r) {
                            return;
                        }
                    }
                }
                y += rows;
                continue;
            }
            // Near the ends of B's words: row by row, word by word.
            if (0..width).fold(0, |acc, j| acc | word(y, j)) != 0 && !visit_row(y) {
                return;
            }
        } else if !visit_row(y) {
            return;
        }
        y += n;
    }
}
