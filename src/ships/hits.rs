//! What a ship's last sample hit: [`HitMap`], the texels of its sprite (for
//! painting), and [`HitPixels`], the world pixels (for a game's logic).

use crate::mask::{check_side, MaskSizeError};
use crate::rect::offset_from;

/// The ship texels hit by the last sample, one bit per texel of the sprite,
/// rows padded to whole `u64` words like [`crate::mask::Mask`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HitMap {
    width: u32,
    height: u32,
    pub(super) words_per_row: usize,
    pub(super) bits: Vec<u64>,
}

impl HitMap {
    /// An empty map for a `width`×`height` sprite, or an error naming the
    /// size past [`Mask::MAX_SIDE`](crate::mask::Mask::MAX_SIDE) or [`Mask::MAX_TEXELS`](crate::mask::Mask::MAX_TEXELS) (nothing is allocated
    /// then). For sizes from input.
    pub fn try_new(width: u32, height: u32) -> Result<HitMap, MaskSizeError> {
        check_side(width, height)?;
        Ok(HitMap::sized(width, height))
    }

    /// An empty map for a `width`×`height` sprite.
    ///
    /// # Panics
    ///
    /// Past [`Mask::MAX_SIDE`](crate::mask::Mask::MAX_SIDE) or [`Mask::MAX_TEXELS`](crate::mask::Mask::MAX_TEXELS); use [`HitMap::try_new`] for
    /// sizes from input.
    pub fn new(width: u32, height: u32) -> HitMap {
        match HitMap::try_new(width, height) {
            Ok(map) => map,
            Err(e) => panic!("HitMap::new: {e} (HitMap::try_new returns this as an error)"),
        }
    }

    /// An empty map; the size is the caller's to check.
    pub(crate) fn sized(width: u32, height: u32) -> HitMap {
        let words_per_row = (width as usize).div_ceil(64);
        HitMap {
            width,
            height,
            words_per_row,
            bits: vec![0; words_per_row * height as usize],
        }
    }

    /// Width in texels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in texels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// True when texel `(x, y)` was hit.
    pub fn contains(&self, x: u32, y: u32) -> bool {
        if x >= self.width || y >= self.height {
            return false;
        }
        self.bits[y as usize * self.words_per_row + x as usize / 64] >> (x % 64) & 1 == 1
    }

    /// Marks texel `(x, y)` (ignored outside the map).
    #[inline]
    pub fn insert(&mut self, x: u32, y: u32) {
        if x < self.width && y < self.height {
            self.bits[y as usize * self.words_per_row + x as usize / 64] |= 1 << (x % 64);
        }
    }

    /// Number of texels hit.
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when no texel was hit.
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// The texels hit, `(x, y)`, row by row, left to right.
    pub fn iter(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let per_row = self.words_per_row.max(1);
        self.bits.iter().enumerate().flat_map(move |(i, &word)| {
            let (y, x0) = ((i / per_row) as u32, (i % per_row) as u32 * 64);
            SetBits(word).map(move |b| (x0 + b, y))
        })
    }

    /// Empties the map and sizes it for a `width`×`height` sprite (a
    /// sprite or posed mask, so within [`Mask::MAX_SIDE`](crate::mask::Mask::MAX_SIDE)).
    pub(crate) fn reset(&mut self, width: u32, height: u32) {
        let words_per_row = (width as usize).div_ceil(64);
        self.width = width;
        self.height = height;
        self.words_per_row = words_per_row;
        self.bits.clear();
        self.bits.resize(words_per_row * height as usize, 0);
    }

    /// ORs `bits` into row `y` starting at texel column `x` (bits beyond the width must be 0).
    #[inline]
    pub(super) fn or_bits(&mut self, x: u32, y: u32, bits: u64) {
        if bits == 0 {
            return;
        }
        or_into_row(
            &mut self.bits,
            y as usize * self.words_per_row,
            self.words_per_row,
            x as usize,
            bits,
        );
    }
}

/// The world pixels hit by a ship's last sample (canvas coordinates), one
/// bit each, on the grid of the ship's posed coverage. Compare [`HitMap`],
/// which marks the sprite *texels* those pixels belong to: under rotation or
/// scale several pixels can share a texel and one pixel's texel can differ
/// from its neighbour's, so the two counts differ.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HitPixels {
    /// World position of bit `(0, 0)`.
    origin: (i64, i64),
    width: u32,
    height: u32,
    words_per_row: usize,
    bits: Vec<u64>,
}

impl HitPixels {
    /// ORs `bits` into row `j` of the grid from column `i` on (bits past
    /// the width must be 0).
    #[inline]
    pub(super) fn or_bits(&mut self, i: usize, j: u32, bits: u64) {
        or_into_row(
            &mut self.bits,
            j as usize * self.words_per_row,
            self.words_per_row,
            i,
            bits,
        );
    }

    /// Number of world pixels hit.
    pub fn len(&self) -> usize {
        self.bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// True when no pixel was hit.
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|&w| w == 0)
    }

    /// True when world pixel `(x, y)` was hit.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        let Some((i, j)) = offset_from(self.origin, x, y) else {
            return false;
        };
        i < self.width
            && j < self.height
            && self.bits[j as usize * self.words_per_row + i as usize / 64] >> (i % 64) & 1 == 1
    }

    /// The hit pixels `(x, y)` in canvas coordinates, row by row.
    pub fn iter(&self) -> impl Iterator<Item = (i64, i64)> + '_ {
        let per_row = self.words_per_row.max(1);
        self.bits.iter().enumerate().flat_map(move |(k, &word)| {
            let (j, w) = ((k / per_row) as i64, (k % per_row) as i64);
            let x0 = self.origin.0 + 64 * w;
            let y = self.origin.1 + j;
            BitIter(word).map(move |b| (x0 + i64::from(b), y))
        })
    }

    /// Empties the grid and lays it over `width`×`height` pixels from `origin`.
    pub(super) fn reset(&mut self, origin: (i64, i64), width: u32, height: u32) {
        self.origin = origin;
        self.width = width;
        self.height = height;
        self.words_per_row = (width as usize).div_ceil(64);
        self.bits.clear();
        self.bits.resize(self.words_per_row * height as usize, 0);
    }
}

/// ORs `bits` into the row of `per_row` words at `words[row..]` from bit
/// `at` on (bits past the row's end must be 0). Without a branch on the
/// shift: the spill into the next word is 0 when there is none.
#[inline(always)]
fn or_into_row(words: &mut [u64], row: usize, per_row: usize, at: usize, bits: u64) {
    let (word, shift) = (at / 64, at % 64);
    words[row + word] |= bits << shift;
    // `(bits >> 1) >> (63 - shift)` is `bits >> (64 - shift)`, 0 at shift 0;
    // in the row's last word it is 0 (the bits end inside the row).
    let spill = (bits >> 1) >> (63 - shift);
    words[row + (word + 1).min(per_row - 1)] |= spill;
}

/// The set bits of a word, lowest first.
pub(super) struct BitIter(pub u64);

impl Iterator for BitIter {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        (self.0 != 0).then(|| {
            let b = self.0.trailing_zeros();
            self.0 &= self.0 - 1;
            b
        })
    }
}
/// The set bits of a word, lowest first.
struct SetBits(u64);

impl Iterator for SetBits {
    type Item = u32;

    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(b)
    }
}
