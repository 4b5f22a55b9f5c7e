//! The word-level scanner for two integer translations: 64 pixels per AND.
//!
//! Words are aligned to A's rows; B's bits are read at the same world
//! columns by shifting two neighbouring words (the pygame `bitmask.c` idea).
//! Each row is first reduced to "anything shared?" with a branch-free loop
//! the compiler vectorises; only rows with shared pixels are visited word by
//! word. Strided queries keep every `step`-th row and AND a comb of lattice
//! columns into each word.

use super::options::Lattice;
use super::stats::Visit;
use crate::mask::Mask;
use crate::pose::PixelRect;

/// B's 64 bits starting at bit `64·word + shift` of `row` (0 outside it).
#[inline(always)]
fn shifted(row: &[u64], word: i64, shift: u32) -> u64 {
    let get = |w: i64| {
        usize::try_from(w)
            .ok()
            .and_then(|w| row.get(w))
            .copied()
            .unwrap_or(0)
    };
    let lo = get(word);
    if shift == 0 {
        lo
    } else {
        lo >> shift | get(word + 1) << (64 - shift)
    }
}

/// OR over `k` of `a[k] & (B's bits at a[k]'s columns)`, where `b_lo[k]` and
/// `b_hi[k]` are the two B words covering A's word `k`.
#[inline(always)]
fn and_any(a: &[u64], b_lo: &[u64], b_hi: &[u64], shift: u32) -> u64 {
    if shift == 0 {
        a.iter().zip(b_lo).fold(0, |acc, (&a, &b)| acc | (a & b))
    } else {
        let back = 64 - shift;
        a.iter()
            .zip(b_lo)
            .zip(b_hi)
            .fold(0, |acc, ((&a, &lo), &hi)| {
                acc | (a & (lo >> shift | hi << back))
            })
    }
}

/// Visits the shared lattice pixels of A at `(ax, ay)` and B at `(bx, by)`
/// inside `region`, which lies within both masks' solid boxes.
#[inline(always)]
pub(super) fn scan<V: Visit>(
    a: &Mask,
    (ax, ay): (i64, i64),
    b: &Mask,
    (bx, by): (i64, i64),
    region: &PixelRect,
    lat: &Lattice,
    visit: &mut V,
) {
    // A's texel column i meets B's column i + d.
    let d = ax - bx;
    let q = d.div_euclid(64);
    let shift = d.rem_euclid(64) as u32;
    let (i0, i1) = (region.x0 - ax, region.x1 - ax);
    let (k0, k1) = (i0 >> 6, (i1 - 1) >> 6);
    let first_mask = u64::MAX << (i0 & 63);
    let last_mask = u64::MAX >> (63 - ((i1 - 1) & 63));
    let edge = |k: i64| {
        let mut m = u64::MAX;
        if k == k0 {
            m &= first_mask;
        }
        if k == k1 {
            m &= last_mask;
        }
        m
    };
    let n = lat.step;
    let mut y = lat.first_row(region.y0);
    while y < region.y1 {
        let (Ok(ja), Ok(jb)) = (u32::try_from(y - ay), u32::try_from(y - by)) else {
            y += n;
            continue;
        };
        if ja >= a.height() || jb >= b.height() {
            y += n;
            continue;
        }
        let (arow, brow) = (a.row(ja), b.row(jb));
        let word = |k: i64| {
            let aw = usize::try_from(k)
                .ok()
                .and_then(|k| arow.get(k))
                .copied()
                .unwrap_or(0);
            aw & edge(k) & shifted(brow, k + q, shift)
        };
        if n == 1 && !row_has_shared(arow, brow, k0, k1, q, shift, &word) {
            y += n;
            continue;
        }
        for k in k0..=k1 {
            let base = ax + 64 * k;
            let comb = if n == 1 { u64::MAX } else { lat.comb(base) };
            let w = word(k) & comb;
            if w != 0 && !visit.word(y, base, 1, w) {
                return;
            }
        }
        y += n;
    }
}

/// Whether A's words `k0..=k1` share a bit with B on this row: the edge
/// words one by one, the middle ones with the vectorised [`and_any`].
#[inline(always)]
fn row_has_shared(
    arow: &[u64],
    brow: &[u64],
    k0: i64,
    k1: i64,
    q: i64,
    shift: u32,
    word: &impl Fn(i64) -> u64,
) -> bool {
    if word(k0) != 0 || (k1 > k0 && word(k1) != 0) {
        return true;
    }
    if k1 - k0 < 2 {
        return false;
    }
    // Middle words k0+1..k1 are whole inside the region, so B's words
    // k+q and k+q+1 exist; fall back to word-by-word if not.
    let mid = (k1 - k0 - 1) as usize;
    let start_a = (k0 + 1) as usize;
    let slices = usize::try_from(k0 + 1 + q).ok().and_then(|sb| {
        let a = arow.get(start_a..start_a + mid)?;
        let lo = brow.get(sb..sb + mid)?;
        let hi = if shift == 0 {
            lo
        } else {
            brow.get(sb + 1..sb + 1 + mid)?
        };
        Some((a, lo, hi))
    });
    match slices {
        Some((a, lo, hi)) => and_any(a, lo, hi, shift) != 0,
        None => (k0 + 1..k1).any(|k| word(k) != 0),
    }
}
