//! 1-bit collision masks packed in `u64` words, built from RGBA and an alpha threshold.
//!
//! Rows are stored one after another, each padded to whole words. Texel
//! `(x, y)` is bit `x % 64` (least significant first) of word
//! `y * words_per_row + x / 64`. Padding bits are always zero.

mod bits;
mod derived;
mod ops;
pub(crate) mod summary;

pub(crate) use self::bits::{bits_at, bits_from, low_bits};
use self::derived::Derived;
pub(crate) use self::derived::Slot;
pub use self::ops::Moments;
pub(crate) use self::summary::Summary;
use self::summary::{summary, summary_with};
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
    /// What collision works out from the sprite alone (its outline, its
    /// texel windows), once per mask and shared by clones.
    derived: Derived,
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
            (summary.bounds(), summary.count()),
            summary_with(&bits, words_per_row)
        );
        Mask {
            width,
            height,
            words_per_row,
            bits,
            solid_bounds: summary.bounds(),
            solid_count: summary.count(),
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

    /// The packed words, as [`Mask::words`] shows them, without a copy.
    pub fn into_words(self) -> Vec<u64> {
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

    /// The value cached in `slot`, made by `make` on first use and kept
    /// (clones share it): what collision works out from the sprite alone.
    pub(crate) fn derived<T: std::any::Any + Send + Sync>(
        &self,
        slot: Slot,
        make: impl FnOnce() -> T,
    ) -> &T {
        self.derived.get_or_init(slot, make)
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
