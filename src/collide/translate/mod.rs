//! The word-level scanner for two integer translations: 64 pixels per AND.
//!
//! Words are aligned to A's rows; B's bits at the same world columns come
//! from two neighbouring words shifted (the pygame `bitmask.c` idea). A's
//! first and last word are masked to the region, so everything else in a row
//! can be ANDed blindly: outside the region one of the two sprites is empty,
//! and B words borrowed from a neighbouring row only ever meet masked-off A
//! bits. Whole blocks of rows go to the instruction set's row kernels
//! ([`ScanKernels::first_row`], [`ScanKernels::count`], [`ScanKernels::stats`], picked by the
//! visitor); rows whose B words reach past B's ends are visited word by
//! word. Strided queries keep every `step`-th row and AND a comb of lattice
//! columns into each word.

pub(in crate::collide) mod narrow_overlap;

use super::kernels::rows::Rows;
use super::kernels::ScanKernels;
use super::options::Lattice;
use super::stats::Visit;
use crate::mask::Mask;
use crate::pose::PixelRect;

/// Visits the shared lattice pixels of A at `(ax, ay)` and B at `(bx, by)`
/// inside `region`, which lies within both masks' solid boxes.
#[inline(always)]
pub(super) fn scan<I: ScanKernels, V: Visit>(
    isa: I,
    (a, ax, ay): (&Mask, i64, i64),
    (b, bx, by): (&Mask, i64, i64),
    region: &PixelRect,
    lat: &Lattice,
    visit: &mut V,
) {
    if (V::EARLY_EXIT || I::NARROW_LOOP)
        && lat.step == 1
        && narrow((a, ax, ay), (b, bx, by), region, visit)
    {
        return;
    }
    // A's texel column i meets B's column i + d.
    let d = ax - bx;
    let q = d.div_euclid(64);
    let shift = d.rem_euclid(64) as u32;
    let (i0, i1) = (region.x0 - ax, region.x1 - ax);
    // A's words k0..=k1 hold the region's columns; they are masked to it.
    let (k0, k1) = (i0 >> 6, (i1 - 1) >> 6);
    let width = (k1 - k0 + 1) as usize;
    let kernel = lat.step == 1;
    let first_mask = u64::MAX << (i0 & 63);
    let last_mask = u64::MAX >> (63 - ((i1 - 1) & 63));
    let (wa, wb) = (a.words(), b.words());
    let (wpr_a, wpr_b) = (a.words_per_row() as i64, b.words_per_row() as i64);
    // First words of row y: A's word k0, and B's word under its first bit.
    let a_first = |y: i64| (y - ay) * wpr_a + k0;
    let b_first = |y: i64| (y - by) * wpr_b + k0 + q;
    // Word j of row y, masked to the region and ANDed with B (borrowed B
    // words beyond a row's ends only meet masked-off A bits).
    let word = |y: i64, j: usize| {
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
            first_mask,
            last_mask,
            shift,
        })
        .filter(Rows::in_bounds)
    };
    // Visits row y's words (those on lattice columns); false to stop.
    let visit_row = |visit: &mut V, y: i64| {
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
    if !kernel {
        while y < region.y1 {
            if !visit_row(visit, y) {
                return;
            }
            y += n;
        }
        return;
    }
    let x = ax + 64 * k0;
    while y < region.y1 {
        // The rows the kernels may read from y on: all (up to
        // `Rows::MAX_ROWS`), or all but the last (whose high B word may lie
        // past B's end).
        let left = (region.y1 - y).min(Rows::MAX_ROWS as i64);
        let Some((rows, count)) = block(y, left).map(|r| (r, left)).or_else(|| {
            block(y, left - 1)
                .filter(|_| left > 1)
                .map(|r| (r, left - 1))
        }) else {
            // Near the ends of B's words: row by row, word by word.
            if !visit_row(visit, y) {
                return;
            }
            y += 1;
            continue;
        };
        if !visit.rows(isa, &rows, x, y) {
            return;
        }
        y += count;
    }
}

/// The region's columns in one of A's words (small masks): a plain loop
/// over the rows, without the general path's setup. False (nothing
/// visited) when the region is wider or a row's words are not all inside
/// the masks; the caller then goes the general way.
#[inline(always)]
pub(super) fn narrow<'a, V: Visit>(
    (a, ax, ay): (&'a Mask, i64, i64),
    (b, bx, by): (&'a Mask, i64, i64),
    region: &PixelRect,
    visit: &mut V,
) -> bool {
    let (i0, i1) = (region.x0 - ax, region.x1 - ax);
    let k = i0 >> 6;
    if k != (i1 - 1) >> 6 {
        return false;
    }
    let mask = u64::MAX << (i0 & 63) & u64::MAX >> (63 - ((i1 - 1) & 63));
    let d = ax - bx;
    let s = d.rem_euclid(64) as u32;
    let (wpr_a, wpr_b) = (a.words_per_row() as i64, b.words_per_row() as i64);
    let rows = region.y1 - region.y0;
    // Row r's words: A's word k, and B's words under it: lo, and hi when the
    // bits straddle two words. B's lo word of the first row and hi word of
    // the last may lie outside B (index −1 or one past the end); their bits
    // only meet masked-off A bits, so they read as 0.
    let a0 = (region.y0 - ay) * wpr_a + k;
    let lo0 = (region.y0 - by) * wpr_b + k + d.div_euclid(64);
    let hi0 = lo0 + i64::from(s != 0);
    let (wa, wb) = (a.words(), b.words());
    let x = ax + 64 * k;
    // `(hi << 1) << 63` is 0, and shift 0 reads `hi` = `lo`.
    let and = |a: u64, lo: u64, hi: u64| a & mask & (lo >> s | (hi << 1) << (63 - s));
    let row = |r: i64| {
        and(
            get(wa, a0 + r * wpr_a),
            get(wb, lo0 + r * wpr_b),
            get(wb, hi0 + r * wpr_b),
        )
    };
    let mut visit_row = |r: i64, w: u64| w == 0 || visit.word(region.y0 + r, x, 1, w);
    if rows <= 2 || wpr_a != 1 || wpr_b != 1 {
        for r in 0..rows {
            if !visit_row(r, row(r)) {
                break;
            }
        }
        return true;
    }
    // One word per row in both masks: rows 1..rows−1 are consecutive words
    // inside both, eight rows ORed before one branch.
    if !visit_row(0, row(0)) {
        return true;
    }
    let slice = |w: &'a [u64], start: i64| {
        let start = usize::try_from(start).ok()?;
        w.get(start..start + usize::try_from(rows - 2).ok()?)
    };
    let (Some(ra), Some(rlo), Some(rhi)) =
        (slice(wa, a0 + 1), slice(wb, lo0 + 1), slice(wb, hi0 + 1))
    else {
        // Not reached (the inner rows lie inside both masks); kept exact anyway.
        for r in 1..rows {
            if !visit_row(r, row(r)) {
                break;
            }
        }
        return true;
    };
    let inner = ra.len();
    let (rlo, rhi) = (&rlo[..inner], &rhi[..inner]);
    let mut r = 0;
    while r < inner {
        let end = (r + 8).min(inner);
        let mut acc = 0;
        for i in r..end {
            acc |= and(ra[i], rlo[i], rhi[i]);
        }
        if acc != 0 {
            for i in r..end {
                if !visit_row(1 + i as i64, and(ra[i], rlo[i], rhi[i])) {
                    return true;
                }
            }
        }
        r = end;
    }
    visit_row(rows - 1, row(rows - 1));
    true
}

/// Word `i` of `w`, 0 outside it (B's words borrowed past a row's ends
/// only meet masked-off A bits).
#[inline(always)]
fn get(w: &[u64], i: i64) -> u64 {
    usize::try_from(i)
        .ok()
        .and_then(|i| w.get(i))
        .copied()
        .unwrap_or(0)
}
