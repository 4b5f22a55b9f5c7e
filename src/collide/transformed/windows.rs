//! A mask's texels regrouped so that any window of 8 rows × 16 columns is
//! one 16-byte load: what the AVX2 pixel walk reads in place of hardware
//! gathers when eight consecutive samples of a row fall within such a
//! window (a sprite turned at any angle, at scale 1 or larger).
//!
//! Entry `(b, r)` holds the 16 texels of mask row `r − 8` from column
//! `8·(b − 1)` on, one bit each (texels outside the mask are clear), and
//! the entries of one column block `b` follow each other row by row, so
//! the eight rows of a window are eight consecutive entries. Eight clear
//! rows above and below the mask and a clear block on its left let every
//! window that reaches the mask be read without a bounds check per texel.

// Only the x86-64 AVX2 pixel walk reads them so far.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]

use crate::mask::{Mask, Slot};

/// Rows of clear texels kept above and below the mask.
const PAD_ROWS: i64 = 8;

/// Most entries a mask's windows may take (8 MiB): larger masks are read
/// by gathers.
const MAX_ENTRIES: u64 = 1 << 22;

/// A mask's texels in overlapping windows of 16 columns, column block by
/// column block ([`TexelWindows::cached`]: the [`Mask`] keeps them, its
/// clones share them).
#[derive(Debug)]
pub(crate) struct TexelWindows {
    /// Entry `(b, r)` at `b·rows + r`.
    entries: Vec<u16>,
    /// Entries a column block: the mask's height plus the clear rows.
    rows: usize,
    width: u32,
    height: u32,
}

impl TexelWindows {
    /// True when `mask`'s windows are small enough to keep (8 MiB).
    pub(crate) fn fit(mask: &Mask) -> bool {
        blocks(mask.width()) * (u64::from(mask.height()) + 2 * PAD_ROWS as u64) <= MAX_ENTRIES
    }

    /// The windows of `mask`, worked out on the first walk that reads them
    /// and kept in the mask (clones share them); `None` for a mask too
    /// large to keep them for.
    pub(crate) fn cached(mask: &Mask) -> Option<&TexelWindows> {
        TexelWindows::fit(mask).then(|| mask.derived(Slot::Windows, || TexelWindows::of(mask)))
    }

    /// The windows of `mask` (which must [`fit`](TexelWindows::fit)).
    pub(crate) fn of(mask: &Mask) -> TexelWindows {
        let rows = mask.height() as usize + 2 * PAD_ROWS as usize;
        let blocks = blocks(mask.width()) as usize;
        let mut entries = vec![0u16; blocks * rows];
        for y in 0..mask.height() {
            let row = mask.row(y);
            let r = y as usize + PAD_ROWS as usize;
            // Entry `b` is the row's bytes `b − 1` and `b` (block 0 starts
            // 8 columns left of the mask, at a clear byte).
            let mut before = 0u16;
            for (b, entry) in entries[r..]
                .iter_mut()
                .step_by(rows)
                .take(blocks)
                .enumerate()
            {
                let word = row.get(b / 8).copied().unwrap_or(0);
                let byte = u16::from((word >> (8 * (b % 8))) as u8);
                *entry = before | byte << 8;
                before = byte;
            }
        }
        TexelWindows {
            entries,
            rows,
            width: mask.width(),
            height: mask.height(),
        }
    }

    /// Whether the window holding mask rows `r..r + 8` and columns
    /// `c & !7 .. (c & !7) + 16` reaches the mask: false when it lies wholly
    /// outside (`r + 8 ≤ 0`, `r ≥ height`, `c + 8 < 0` or `c ≥ width`; then
    /// every sample of columns `c..=c + 8` in those rows is clear). When
    /// true, entries `origin() + offset(c, r)` and the seven after it are
    /// the window's rows.
    #[inline(always)]
    pub(crate) fn reaches(&self, c: i64, r: i64) -> bool {
        ((r + 7) as u64) < u64::from(self.height) + 7
            && ((c + 8) as u64) < u64::from(self.width) + 8
    }

    /// Where the window at `(c, r)` starts, relative to the one at `(0, 0)`
    /// ([`TexelWindows::origin`]): `(c >> 3)·(height + 16) + r` entries.
    #[inline(always)]
    pub(crate) fn offset(&self, c: i64, r: i64) -> isize {
        ((c >> 3) * self.rows as i64 + r) as isize
    }

    /// The index of the window at `(0, 0)`'s first entry.
    #[inline(always)]
    pub(crate) fn origin(&self) -> usize {
        self.rows + PAD_ROWS as usize
    }

    /// Every entry (see [`TexelWindows::reaches`]).
    #[inline(always)]
    pub(crate) fn entries(&self) -> &[u16] {
        &self.entries
    }
}

/// Column blocks of a mask `width` texels wide: one clear block on the left
/// and one a started 8 columns.
fn blocks(width: u32) -> u64 {
    u64::from(width).div_ceil(8) + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each window's bit `16·i + j` is texel `((c & !7) + j, r + i)`, clear
    /// outside the mask, for every position that reaches the mask; every
    /// other position is refused.
    #[test]
    fn windows_hold_the_texels() {
        let mut rng = fastrand::Rng::with_seed(3);
        for (w, h) in [(1, 1), (7, 3), (8, 8), (9, 20), (64, 5), (130, 17)] {
            let mask = Mask::from_fn(w, h, |_, _| rng.bool());
            assert!(TexelWindows::fit(&mask));
            let windows = TexelWindows::of(&mask);
            let texel = |x: i64, y: i64| match (u32::try_from(x), u32::try_from(y)) {
                (Ok(x), Ok(y)) => mask.get(x, y),
                _ => false,
            };
            for r in -12..i64::from(h) + 4 {
                for c in -14..i64::from(w) + 4 {
                    let reaches = r + 8 > 0 && r < i64::from(h) && c + 8 >= 0 && c < i64::from(w);
                    assert_eq!(windows.reaches(c, r), reaches, "{w}×{h} ({c}, {r})");
                    if !reaches {
                        continue;
                    }
                    let at = (windows.origin() as isize + windows.offset(c, r)) as usize;
                    for i in 0..8 {
                        for j in 0..16 {
                            let bit = windows.entries()[at + i as usize] >> j & 1 == 1;
                            assert_eq!(
                                bit,
                                texel((c & !7) + j, r + i),
                                "{w}×{h} ({c}, {r}) {i} {j}"
                            );
                        }
                    }
                }
            }
        }
    }
}
