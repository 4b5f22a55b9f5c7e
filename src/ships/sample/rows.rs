//! The row loop of a posed sample, written once for every instruction set:
//! per covered row, the covered pixels 64 at a time are field-tested
//! ([`Kernels::field_bits`]); the hits are counted, set in the
//! [`HitPixels`] and passed on to their texels ([`Kernels::mark`]), which a
//! scratch target packs into the [`HitMap`] at the end ([`Kernels::pack`]).
//!
//! Portable code lives here and defines [`Kernels`]; `x86/` implements it
//! with AVX2 and AVX-512 and compiles [`sample_with`] for each.

use std::ops::Range;

use crate::field::Canvas;
use crate::mask::{low_bits, Mask};
use crate::pose::PixelRect;

use super::texels::{mark_portable, pack_portable, BitTexels, ScratchTexels, TexelGrid, Texels};
use crate::ships::hits::{HitMap, HitPixels};
use crate::ships::sample::FieldTest;

/// What an instruction set provides to the row loop.
pub(in crate::ships) trait Kernels: Copy {
    /// Bit `k` set when `pixels[k]` passes `test`, for the bits of `care`
    /// only (others 0). `care` has no bit at or past `pixels.len()` (≤ 64).
    fn field_bits(self, test: &FieldTest, pixels: &[[u8; 4]], care: u64) -> u64;

    /// What [`Kernels::mark`] needs of a sample's [`TexelGrid`], prepared once.
    type Map;

    /// Prepares `grid` for [`Kernels::mark`].
    fn map(self, grid: &TexelGrid) -> Self::Map;

    /// Records the texels of the pixels in `hit`: bit `b` is the pixel at
    /// fixed-point `(u + b·du, v + b·dv)` (see [`TexelGrid::uv`]).
    fn mark<T: Texels>(self, map: &Self::Map, u: i64, v: i64, hit: u64, texels: &mut T);

    /// Packs scratch bytes (`0` or `0xFF`, 64 per word) into `words` and
    /// zeroes them.
    fn pack(self, bytes: &mut [u8], words: &mut [u64]);

    /// Asks for `pixels` to be brought into cache (a hint; may do nothing).
    #[inline(always)]
    fn prefetch(self, _pixels: &[[u8; 4]]) {}
}

/// Portable kernels: the field test of [`FieldTest::bits`] over the
/// covered part of a word, texels one hit at a time.
#[derive(Clone, Copy, Debug)]
pub(in crate::ships) struct Portable;

impl Kernels for Portable {
    type Map = TexelGrid;

    #[inline(always)]
    fn map(self, grid: &TexelGrid) -> TexelGrid {
        *grid
    }

    #[inline(always)]
    fn field_bits(self, test: &FieldTest, pixels: &[[u8; 4]], care: u64) -> u64 {
        if care == 0 {
            return 0;
        }
        let (lo, hi) = (care.trailing_zeros(), 64 - care.leading_zeros());
        (test.bits(&pixels[lo as usize..hi as usize]) << lo) & care
    }

    #[inline(always)]
    fn mark<T: Texels>(self, grid: &TexelGrid, u: i64, v: i64, hit: u64, texels: &mut T) {
        mark_portable(grid, u, v, hit, texels);
    }

    #[inline(always)]
    fn pack(self, bytes: &mut [u8], words: &mut [u64]) {
        pack_portable(bytes, words);
    }
}

/// The pixels a sample visits: the coverage rows inside `clip`.
pub(in crate::ships) struct Rows<'a> {
    /// The canvas sampled.
    pub canvas: &'a Canvas,
    /// The posed mask's coverage; bit `(i, j)` is world pixel `origin + (i, j)`.
    pub cover: &'a Mask,
    /// World position of the coverage's bit `(0, 0)`.
    pub origin: (i64, i64),
    /// Covered bounds ∩ canvas (not empty).
    pub clip: PixelRect,
    /// The field thresholds.
    pub test: FieldTest,
}

/// Where the texels hit go.
pub(in crate::ships) enum Target<'a> {
    /// An integer translation: coverage bit `(i, j)` is texel `(i, j)`.
    Translated(&'a mut HitMap),
    /// Texels through `grid` into byte scratch (zeroed, `grid.bits() + 1`
    /// long: the last byte is junk), packed into `hits` over `texel_box`
    /// (rows, words per row).
    Scratch {
        grid: TexelGrid,
        bytes: &'a mut [u8],
        texel_box: (Range<usize>, Range<usize>),
        hits: &'a mut HitMap,
    },
    /// Texels through `grid`, bit by bit into `hits`.
    Bits {
        grid: TexelGrid,
        hits: &'a mut HitMap,
    },
}

/// Samples `rows` into `target` and `pixels` with the kernels of `k`;
/// returns the number of pixels hit.
#[inline(always)]
pub(in crate::ships) fn sample_with<K: Kernels>(
    k: K,
    rows: &Rows,
    target: Target,
    pixels: &mut HitPixels,
) -> u32 {
    match target {
        Target::Translated(hits) => sample_rows(k, rows, pixels, &mut Translated(hits)),
        Target::Bits { grid, hits } => {
            // `Texels::set_unchecked` relies on these lengths.
            assert!(hits.bits.len() * 64 >= grid.bits());
            let texels = BitTexels(&mut hits.bits);
            let map = k.map(&grid);
            sample_rows(
                k,
                rows,
                pixels,
                &mut Posed {
                    k,
                    grid,
                    map,
                    texels,
                },
            )
        }
        Target::Scratch {
            grid,
            bytes,
            texel_box: (texel_rows, words),
            hits,
        } => {
            assert!(bytes.len() > grid.bits());
            let texels = ScratchTexels::new(&mut bytes[..grid.bits() + 1]);
            let map = k.map(&grid);
            let mut posed = Posed {
                k,
                grid,
                map,
                texels,
            };
            let count = sample_rows(k, rows, pixels, &mut posed);
            let (bytes, per_row) = (posed.texels.finish(), hits.words_per_row);
            for j in texel_rows {
                let w = j * per_row + words.start..j * per_row + words.end;
                k.pack(&mut bytes[w.start * 64..w.end * 64], &mut hits.bits[w]);
            }
            count
        }
    }
}

/// What happens to a word of hits.
trait Marker {
    /// `hit`: the pixels hit among 64 from world `(x, y)` on, which are
    /// coverage bits `(i.., j)`.
    fn mark(&mut self, x: i64, y: i64, i: usize, j: u32, hit: u64);
}

/// Integer translation: the coverage grid is the texel grid.
struct Translated<'a>(&'a mut HitMap);

impl Marker for Translated<'_> {
    #[inline(always)]
    fn mark(&mut self, _x: i64, _y: i64, i: usize, j: u32, hit: u64) {
        self.0.or_bits(i as u32, j, hit);
    }
}

/// Rotated or scaled: each hit is mapped through the pose.
struct Posed<K: Kernels, T> {
    k: K,
    grid: TexelGrid,
    map: K::Map,
    texels: T,
}

impl<K: Kernels, T: Texels> Marker for Posed<K, T> {
    #[inline(always)]
    fn mark(&mut self, x: i64, y: i64, _i: usize, _j: u32, hit: u64) {
        let (u, v) = self.grid.uv(x, y);
        self.k.mark(&self.map, u, v, hit, &mut self.texels);
    }
}

/// The row loop: only the covered columns of each row inside the clip.
#[inline(always)]
fn sample_rows<K: Kernels, M: Marker>(
    k: K,
    rows: &Rows,
    pixels: &mut HitPixels,
    marker: &mut M,
) -> u32 {
    let (clip, (ox, oy)) = (rows.clip, rows.origin);
    let mut count = 0u32;
    // The canvas columns of row y's covered pixels inside the clip.
    let span = |y: i64| {
        let (first, end) = covered_columns(rows.cover.row((y - oy) as u32))?;
        let (x0, x1) = (clip.x0.max(ox + first as i64), clip.x1.min(ox + end as i64));
        (x0 < x1).then_some((x0, x1))
    };
    // Each row's span is found once, PREFETCH_ROWS rows ahead of its
    // use: its pixels are asked for then, and it waits in `ahead`.
    let mut ahead = [None; PREFETCH_ROWS];
    for (k, slot) in ahead.iter_mut().enumerate() {
        let y = clip.y0 + k as i64;
        if y < clip.y1 {
            *slot = span(y);
        }
    }
    for y in clip.y0..clip.y1 {
        let slot = &mut ahead[(y - clip.y0) as usize % PREFETCH_ROWS];
        let later = y + PREFETCH_ROWS as i64;
        let next = if later < clip.y1 { span(later) } else { None };
        if let Some((x0, x1)) = next {
            let row = rows.canvas.row(later as u32);
            k.prefetch(&row[x0 as usize..x1 as usize]);
        }
        let Some((x_start, x_end)) = std::mem::replace(slot, next) else {
            continue;
        };
        let j = (y - oy) as u32;
        let cover_row = rows.cover.row(j);
        let canvas_row = rows.canvas.row(y as u32);
        let mut x = x_start;
        while x < x_end {
            let n = (x_end - x).min(64);
            let i = (x - ox) as usize;
            let covered = row_bits(cover_row, i) & low_bits(n as u32);
            if covered != 0 {
                let pixels_here = &canvas_row[x as usize..(x + n) as usize];
                let hit = k.field_bits(&rows.test, pixels_here, covered);
                if hit != 0 {
                    count += hit.count_ones();
                    pixels.or_bits(i, j, hit);
                    marker.mark(x, y, i, j, hit);
                }
            }
            x += n;
        }
    }
    count
}

/// How many rows ahead the row loop asks for canvas pixels.
const PREFETCH_ROWS: usize = 4;

/// The 64 bits of a packed row from bit `start` on (bits past the row's
/// end read 0), without a branch on the shift.
#[inline(always)]
fn row_bits(row: &[u64], start: usize) -> u64 {
    let (word, shift) = (start / 64, start % 64);
    let lo = row.get(word).copied().unwrap_or(0);
    let hi = row.get(word + 1).copied().unwrap_or(0);
    // `(hi << 1) << (63 - shift)` is `hi << (64 - shift)`, 0 at shift 0.
    lo >> shift | (hi << 1) << (63 - shift)
}

/// The first covered column of a packed row and one past its last, or
/// `None` when the row is empty.
#[inline(always)]
fn covered_columns(row: &[u64]) -> Option<(usize, usize)> {
    let first = row.iter().position(|&w| w != 0)?;
    let last = row.iter().rposition(|&w| w != 0)?;
    Some((
        first * 64 + row[first].trailing_zeros() as usize,
        last * 64 + 64 - row[last].leading_zeros() as usize,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_bits_reads_across_words_and_stops_at_the_row_end() {
        let row = [0x8000_0000_0000_0001u64, 0b101];
        assert_eq!(row_bits(&row, 0), row[0]);
        assert_eq!(row_bits(&row, 63), 0b1011);
        assert_eq!(row_bits(&row, 64), 0b101);
        assert_eq!(row_bits(&row, 66), 0b1);
        assert_eq!(row_bits(&row, 128), 0);
    }

    #[test]
    fn covered_columns_span_the_set_bits() {
        assert_eq!(covered_columns(&[0, 0]), None);
        assert_eq!(covered_columns(&[0b100, 0]), Some((2, 3)));
        assert_eq!(covered_columns(&[0, 1 << 63]), Some((127, 128)));
        assert_eq!(covered_columns(&[1 << 5, 1]), Some((5, 65)));
    }
}
