//! 1-bit collision masks packed in `u64` words, built from RGBA and an alpha threshold.
//!
//! Rows are stored one after another, each padded to whole words. Texel
//! `(x, y)` is bit `x % 64` (least significant first) of word
//! `y * words_per_row + x / 64`. Padding bits are always zero.

use std::sync::{Arc, OnceLock};

use crate::collide::{Outline, TexelWindows};
use crate::pose::PixelRect;
use crate::rgba::RgbaImage;

/// A size [`Mask::try_from_fn`] or [`crate::ships::HitMap::try_new`]
/// refuses: a side over [`Mask::MAX_SIDE`] or more than
/// [`Mask::MAX_TEXELS`] texels in all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a mask of {width}×{height} texels is too large; the limit is {side} texels a side and {texels} in all", side = Mask::MAX_SIDE, texels = Mask::MAX_TEXELS)]
pub struct MaskSizeError {
    /// The width asked for.
    pub width: u32,
    /// The height asked for.
    pub height: u32,
}

/// A sprite's solid texels, one bit each, rows packed in `u64` words.
///
/// ```
/// use hitfield::prelude::*;
///
/// // A 3×2 mask with the left column solid, then one from an image.
/// let mask = Mask::try_from_fn(3, 2, |x, _| x == 0)?;
/// assert_eq!((mask.width(), mask.height(), mask.solid_count()), (3, 2, 2));
/// assert!(mask.get(0, 1) && !mask.get(1, 1));
///
/// let mut image = RgbaImage::new(4, 4);
/// image.as_bytes_mut()[3] = 255; // texel (0, 0) opaque
/// assert_eq!(Mask::from_rgba(&image, 128).solid_count(), 1);
///
/// // Sizes from input: a clear error, never a huge allocation.
/// assert!(Mask::try_from_fn(u32::MAX, u32::MAX, |_, _| true).is_err());
/// # Ok::<(), hitfield::mask::MaskSizeError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mask {
    width: u32,
    height: u32,
    words_per_row: usize,
    bits: Vec<u64>,
    /// Half-open `[x0, y0, x1, y1]` of the solid texels, `None` when there are none.
    solid_bounds: Option<[u32; 4]>,
    solid_count: u64,
    /// What posed builds and walks work out from the sprite alone (its
    /// outline, its texel windows), once per mask and shared by clones.
    derived: Derived,
}

/// The caches of [`Mask::outline`] and [`Mask::texel_windows`]: not part of a
/// mask's value (equal masks compare equal whether or not they are filled).
#[derive(Clone, Default)]
struct Derived {
    outline: OnceLock<Arc<Outline>>,
    windows: OnceLock<Arc<TexelWindows>>,
}

impl PartialEq for Derived {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Derived {}

impl std::fmt::Debug for Derived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(
            match (self.outline.get().is_some(), self.windows.get().is_some()) {
                (true, true) => "outline, windows",
                (true, false) => "outline",
                (false, true) => "windows",
                (false, false) => "-",
            },
        )
    }
}

impl Mask {
    /// Largest width or height of a mask built from a function
    /// ([`Mask::try_from_fn`]) and of a hit map: 2^24 texels (the
    /// collision code's limit, [`crate::collide::MAX_SIDE`]). Every image ([`RgbaImage::MAX_SIDE`])
    /// fits, so [`Mask::from_rgba`] cannot fail.
    pub const MAX_SIDE: u32 = 1 << 24;

    /// Most texels in one mask built from a function or one hit map:
    /// 2^30, so a mask holds at most 128 MiB of bits. A long thin bar
    /// (2^22 × 6) fits; 2^20 × 2^20 does not.
    pub const MAX_TEXELS: u64 = 1 << 30;

    /// Solid where alpha ≥ `alpha_min`. (So `alpha_min = 0` makes every texel solid.)
    pub fn from_rgba(image: &RgbaImage, alpha_min: u8) -> Mask {
        let (w, h) = (image.width(), image.height());
        let bytes = image.as_bytes();
        Mask::build(w, h, |x, y| {
            bytes[(y as usize * w as usize + x as usize) * 4 + 3] >= alpha_min
        })
    }

    /// A `width`×`height` mask whose texel `(x, y)` is solid when
    /// `solid(x, y)`, or an error naming the size when a side exceeds
    /// [`Mask::MAX_SIDE`] or the area [`Mask::MAX_TEXELS`] (nothing is
    /// allocated then). For sizes from input.
    pub fn try_from_fn(
        width: u32,
        height: u32,
        solid: impl FnMut(u32, u32) -> bool,
    ) -> Result<Mask, MaskSizeError> {
        check_side(width, height)?;
        Ok(Mask::build(width, height, solid))
    }

    /// A `width`×`height` mask whose texel `(x, y)` is solid when `solid(x, y)`.
    ///
    /// # Panics
    ///
    /// Past [`Mask::MAX_SIDE`] or [`Mask::MAX_TEXELS`]; use [`Mask::try_from_fn`]
    /// for sizes from input.
    pub fn from_fn(width: u32, height: u32, solid: impl FnMut(u32, u32) -> bool) -> Mask {
        match Mask::try_from_fn(width, height, solid) {
            Ok(mask) => mask,
            Err(e) => panic!("Mask::from_fn: {e} (Mask::try_from_fn returns this as an error)"),
        }
    }

    fn build(width: u32, height: u32, mut solid: impl FnMut(u32, u32) -> bool) -> Mask {
        let words_per_row = (width as usize).div_ceil(64);
        let mut bits = vec![0u64; words_per_row * height as usize];
        let mut bounds: Option<[u32; 4]> = None;
        let mut count = 0u64;
        for y in 0..height {
            let row = &mut bits[y as usize * words_per_row..(y as usize + 1) * words_per_row];
            for x in 0..width {
                if solid(x, y) {
                    row[x as usize / 64] |= 1 << (x % 64);
                    count += 1;
                    bounds = Some(match bounds {
                        None => [x, y, x + 1, y + 1],
                        Some([x0, y0, x1, y1]) => {
                            [x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)]
                        }
                    });
                }
            }
        }
        Mask {
            width,
            height,
            words_per_row,
            bits,
            solid_bounds: bounds,
            solid_count: count,
            derived: Derived::default(),
        }
    }

    /// A `width`×`height` mask from packed rows (`ceil(width / 64)` words
    /// each, padding bits zero), as [`Mask::into_words`] gives them back.
    pub(crate) fn from_words(width: u32, height: u32, bits: Vec<u64>) -> Mask {
        let words_per_row = (width as usize).div_ceil(64);
        debug_assert_eq!(bits.len(), words_per_row * height as usize);
        let (solid_bounds, solid_count) = summary(&bits, words_per_row);
        Mask {
            width,
            height,
            words_per_row,
            bits,
            solid_bounds,
            solid_count,
            derived: Derived::default(),
        }
    }

    /// [`Mask::from_words`] with the summary already gathered while the
    /// rows were written.
    pub(crate) fn from_summarised(
        width: u32,
        height: u32,
        bits: Vec<u64>,
        summary: Summary,
    ) -> Mask {
        let words_per_row = (width as usize).div_ceil(64);
        debug_assert_eq!(bits.len(), words_per_row * height as usize);
        debug_assert_eq!(
            (summary.bounds(), summary.count),
            summary_with(&bits, words_per_row)
        );
        Mask {
            width,
            height,
            words_per_row,
            bits,
            solid_bounds: summary.bounds(),
            solid_count: summary.count,
            derived: Derived::default(),
        }
    }

    /// A mask from rows packed as [`Mask::words`] gives them (padding bits
    /// are cleared); `None` when `bits` is not `words_per_row × height`
    /// words long or the size is past the limits of [`Mask::try_from_fn`].
    ///
    /// ```
    /// use hitfield::Mask;
    ///
    /// let m = Mask::try_from_words(3, 2, vec![0b101, u64::MAX]).expect("2 rows of 1 word");
    /// assert_eq!((m.solid_count(), m.get(2, 0), m.get(1, 1)), (5, true, true));
    /// assert!(Mask::try_from_words(3, 2, vec![0]).is_none());
    /// ```
    pub fn try_from_words(width: u32, height: u32, mut bits: Vec<u64>) -> Option<Mask> {
        check_side(width, height).ok()?;
        let per_row = (width as usize).div_ceil(64);
        if bits.len() != per_row * height as usize {
            return None;
        }
        if !width.is_multiple_of(64) {
            let pad = low_bits(width % 64);
            bits.iter_mut()
                .skip(per_row - 1)
                .step_by(per_row)
                .for_each(|w| *w &= pad);
        }
        Some(Mask::from_words(width, height, bits))
    }

    /// The packed words, for reuse by [`Mask::from_words`].
    pub(crate) fn into_words(self) -> Vec<u64> {
        self.bits
    }

    /// Width in texels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in texels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// True when texel `(x, y)` is solid; `false` outside the mask.
    #[inline]
    pub fn get(&self, x: u32, y: u32) -> bool {
        if x >= self.width || y >= self.height {
            return false;
        }
        let word = self.bits[y as usize * self.words_per_row + x as usize / 64];
        word >> (x % 64) & 1 == 1
    }

    /// Words per row (`ceil(width / 64)`).
    pub fn words_per_row(&self) -> usize {
        self.words_per_row
    }

    /// The packed words of row `y` (panics if `y ≥ height`).
    #[inline]
    pub fn row(&self, y: u32) -> &[u64] {
        let start = y as usize * self.words_per_row;
        &self.bits[start..start + self.words_per_row]
    }

    /// All packed words, row after row.
    pub fn words(&self) -> &[u64] {
        &self.bits
    }

    /// Bounding box of the solid texels (texel `(i, j)` is pixel `(i, j)`
    /// of the rectangle), `None` when no texel is solid.
    pub fn solid_bounds(&self) -> Option<PixelRect> {
        self.solid_bounds.map(|[x0, y0, x1, y1]| PixelRect {
            x0: i64::from(x0),
            y0: i64::from(y0),
            x1: i64::from(x1),
            y1: i64::from(y1),
        })
    }

    /// [`Mask::solid_bounds`] as half-open `[x0, y0, x1, y1]` in texels.
    pub(crate) fn solid_box(&self) -> Option<[u32; 4]> {
        self.solid_bounds
    }

    /// Number of solid texels.
    pub fn solid_count(&self) -> u64 {
        self.solid_count
    }

    /// True when no texel is solid.
    pub fn is_empty(&self) -> bool {
        self.solid_count == 0
    }

    /// The sprite's boundary edges, worked out on the first posed build
    /// that needs them and kept (clones share them), so a new posed mask
    /// costs what a rebuild does.
    pub(crate) fn outline(&self) -> &Outline {
        self.derived
            .outline
            .get_or_init(|| Arc::new(Outline::of(self)))
    }

    /// The texels regrouped for the AVX2 pixel walk (any 8 rows × 16 columns
    /// one load), worked out on the first walk that reads them and kept
    /// (clones share them); `None` for a mask too large to keep them for.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(crate) fn texel_windows(&self) -> Option<&TexelWindows> {
        if !TexelWindows::fit(self) {
            return None;
        }
        Some(
            self.derived
                .windows
                .get_or_init(|| Arc::new(TexelWindows::of(self))),
        )
    }
}

/// The solid box `[x0, y0, x1, y1]` and solid texel count of packed rows
/// (with the CPU's popcount instruction when it has one: posed masks are
/// summarised on every rebuild).
fn summary(bits: &[u64], words_per_row: usize) -> (Option<[u32; 4]>, u64) {
    #[cfg(target_arch = "x86_64")]
    if crate::cpu::popcnt() {
        // SAFETY: the CPU has POPCNT, the only feature `summary_popcnt` enables.
        return unsafe { summary_popcnt(bits, words_per_row) };
    }
    summary_with(bits, words_per_row)
}

/// [`summary_with`] compiled with POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn summary_popcnt(bits: &[u64], words_per_row: usize) -> (Option<[u32; 4]>, u64) {
    summary_with(bits, words_per_row)
}

#[inline(always)]
fn summary_with(bits: &[u64], words_per_row: usize) -> (Option<[u32; 4]>, u64) {
    let summary = if words_per_row <= SUMMARY_COLUMNS {
        summary_by_columns(bits, words_per_row)
    } else {
        let mut summary = Summary::default();
        for (y, row) in bits.chunks_exact(words_per_row.max(1)).enumerate() {
            summary.add_row(y as u32, row);
        }
        summary
    };
    (summary.bounds(), summary.count)
}

/// Widest rows (in words) [`summary_by_columns`] takes.
pub(crate) const SUMMARY_COLUMNS: usize = 32;

/// The summary of rows of at most [`SUMMARY_COLUMNS`] words without a
/// branch per word ([`ColumnSummary`]).
#[inline(always)]
fn summary_by_columns(bits: &[u64], words_per_row: usize) -> Summary {
    let mut summary = ColumnSummary::new(words_per_row);
    for (y, row) in bits.chunks_exact(words_per_row.max(1)).enumerate() {
        summary.add_row(y as u32, row);
    }
    summary.finish()
}

/// The summary of rows of at most [`SUMMARY_COLUMNS`] words, gathered
/// without a branch per word: every row ORed into one row of columns (the
/// box's sides come from it at the end), a popcount per word, and the first
/// and last non-empty rows. Written once for the mask constructors and the
/// posed-mask rasterisers' prefix passes (inlined into each, so it takes
/// their instruction set's popcount).
pub(crate) struct ColumnSummary {
    columns: [u64; SUMMARY_COLUMNS],
    per_row: usize,
    count: u64,
    first: u32,
    end: u32,
}

impl ColumnSummary {
    /// Nothing seen yet, for rows of `per_row ≤ SUMMARY_COLUMNS` words.
    #[inline(always)]
    pub(crate) fn new(per_row: usize) -> Self {
        debug_assert!(per_row <= SUMMARY_COLUMNS);
        ColumnSummary {
            columns: [0; SUMMARY_COLUMNS],
            per_row: per_row.min(SUMMARY_COLUMNS),
            count: 0,
            first: u32::MAX,
            end: 0,
        }
    }

    /// Adds packed row `y` (rows in increasing `y`).
    #[inline(always)]
    pub(crate) fn add_row(&mut self, y: u32, row: &[u64]) {
        let mut any = 0u64;
        for (c, &w) in self.columns[..self.per_row].iter_mut().zip(row) {
            *c |= w;
            any |= w;
            self.count += u64::from(w.count_ones());
        }
        if any != 0 {
            self.first = self.first.min(y);
            self.end = y + 1;
        }
    }

    /// The solid box and count of the rows added.
    #[inline(always)]
    pub(crate) fn finish(&self) -> Summary {
        let columns = &self.columns[..self.per_row];
        Summary::of_columns(columns, (self.first, self.end), self.count)
    }
}

/// The solid box and solid count of a mask, gathered row by row (by
/// whoever writes the rows, to spare a second pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Summary {
    /// Solid columns seen: `[x0, x1)` (empty while `x0 > x1`).
    x0: u32,
    x1: u32,
    /// Rows with solid texels: the first and one past the last.
    y0: u32,
    y1: u32,
    count: u64,
}

impl Default for Summary {
    fn default() -> Self {
        Summary {
            x0: u32::MAX,
            x1: 0,
            y0: u32::MAX,
            y1: 0,
            count: 0,
        }
    }
}

impl Summary {
    /// Adds packed row `y` (rows must come in increasing `y`).
    #[inline(always)]
    pub(crate) fn add_row(&mut self, y: u32, row: &[u64]) {
        // One pass: the row's count and its first and last non-zero words.
        let (mut here, mut first, mut last) = (0u64, usize::MAX, 0usize);
        for (k, &w) in row.iter().enumerate() {
            here += u64::from(w.count_ones());
            if w != 0 {
                first = first.min(k);
                last = k;
            }
        }
        if here == 0 {
            return;
        }
        self.count += here;
        self.x0 = self.x0.min(first as u32 * 64 + row[first].trailing_zeros());
        self.x1 = self
            .x1
            .max(last as u32 * 64 + 64 - row[last].leading_zeros());
        self.y0 = self.y0.min(y);
        self.y1 = y + 1;
    }

    /// The summary of rows whose solid texels are `count`, in rows
    /// `rows.0..rows.1` (the first and one past the last non-empty row),
    /// `columns` being the OR of all rows' words (`count > 0`).
    pub(crate) fn of_columns(columns: &[u64], rows: (u32, u32), count: u64) -> Summary {
        let first = columns.iter().position(|&w| w != 0);
        let last = columns.iter().rposition(|&w| w != 0);
        let (Some(first), Some(last)) = (first, last) else {
            return Summary::default();
        };
        Summary {
            x0: first as u32 * 64 + columns[first].trailing_zeros(),
            x1: last as u32 * 64 + 64 - columns[last].leading_zeros(),
            y0: rows.0,
            y1: rows.1,
            count,
        }
    }

    /// The solid box `[x0, y0, x1, y1]`, `None` when nothing is solid.
    fn bounds(&self) -> Option<[u32; 4]> {
        (self.count > 0).then_some([self.x0, self.y0, self.x1, self.y1])
    }
}

/// The 64 bits of a packed row (`u64` words, lowest x in the lowest bit)
/// starting at bit `start`; bits past the end of the row read as 0.
#[inline]
pub(crate) fn bits_at(row: &[u64], start: usize) -> u64 {
    let (word, shift) = (start / 64, start % 64);
    let lo = row.get(word).copied().unwrap_or(0) >> shift;
    if shift == 0 {
        lo
    } else {
        lo | row.get(word + 1).copied().unwrap_or(0) << (64 - shift)
    }
}

/// The lowest `len` bits set (all 64 when `len ≥ 64`).
#[inline(always)]
pub(crate) fn low_bits(len: u32) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

/// Refuses a mask or hit map size with a side over [`Mask::MAX_SIDE`] or
/// more than [`Mask::MAX_TEXELS`] texels.
pub(crate) fn check_side(width: u32, height: u32) -> Result<(), MaskSizeError> {
    if width > Mask::MAX_SIDE
        || height > Mask::MAX_SIDE
        || u64::from(width) * u64::from(height) > Mask::MAX_TEXELS
    {
        return Err(MaskSizeError { width, height });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_at_reads_across_words_and_stops_at_the_row_end() {
        let row = [0x8000_0000_0000_0001u64, 0b101];
        assert_eq!(bits_at(&row, 0), row[0]);
        assert_eq!(bits_at(&row, 63), 0b1011);
        assert_eq!(bits_at(&row, 64), 0b101);
        assert_eq!(bits_at(&row, 128), 0);
        assert_eq!(low_bits(0), 0);
        assert_eq!(low_bits(3), 0b111);
        assert_eq!(low_bits(64), u64::MAX);
        assert_eq!(low_bits(200), u64::MAX);
    }

    #[test]
    fn packs_bits_and_tracks_bounds() {
        let mask = Mask::from_fn(70, 3, |x, y| (x == 65 && y == 1) || (x == 2 && y == 2));
        assert_eq!(mask.words_per_row(), 2);
        assert!(mask.get(65, 1) && mask.get(2, 2));
        assert!(!mask.get(64, 1) && !mask.get(70, 1) && !mask.get(0, 3));
        assert_eq!(mask.row(1), &[0, 1 << 1]);
        assert_eq!(mask.solid_box(), Some([2, 1, 66, 3]));
        assert_eq!(
            mask.solid_bounds().map(|r| r.to_xywh()),
            Some([2, 1, 64, 2])
        );
        assert_eq!(mask.solid_count(), 2);
    }

    /// The column-wise summary gives the row-by-row one's box and count,
    /// empty masks, single texels and rows too wide for it included.
    #[test]
    fn column_summary_matches_the_row_summary() {
        let mut rng = fastrand::Rng::with_seed(4);
        for case in 0..3000 {
            let words_per_row = 1 + rng.usize(0..SUMMARY_COLUMNS + 3);
            let rows = rng.usize(0..20);
            let density = rng.usize(0..8);
            let bits: Vec<u64> = (0..words_per_row * rows)
                .map(|_| match density {
                    0 => 0,
                    1 => 1 << rng.u32(0..64),
                    d => (0..d).fold(u64::MAX, |acc, _| acc & rng.u64(..)),
                })
                .collect();
            let mut by_rows = Summary::default();
            for (y, row) in bits.chunks_exact(words_per_row).enumerate() {
                by_rows.add_row(y as u32, row);
            }
            assert_eq!(
                summary_with(&bits, words_per_row),
                (by_rows.bounds(), by_rows.count),
                "case {case}"
            );
        }
    }

    #[test]
    fn alpha_threshold_is_inclusive() {
        let mut image = RgbaImage::new(3, 1);
        image.set(0, 0, [0, 0, 0, 99]);
        image.set(1, 0, [0, 0, 0, 100]);
        image.set(2, 0, [0, 0, 0, 255]);
        let mask = Mask::from_rgba(&image, 100);
        assert_eq!(
            (mask.get(0, 0), mask.get(1, 0), mask.get(2, 0)),
            (false, true, true)
        );
        assert!(Mask::from_rgba(&RgbaImage::new(0, 0), 1).is_empty());
        assert_eq!(Mask::from_rgba(&image, 0).solid_count(), 3);
    }
}
