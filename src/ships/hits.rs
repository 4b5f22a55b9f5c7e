//! [`HitMap`]: which texels of a ship's sprite the last sample hit.

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
    /// An empty map for a `width`×`height` sprite.
    pub fn new(width: u32, height: u32) -> HitMap {
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

    /// Empties the map and sizes it for a `width`×`height` sprite.
    pub fn reset(&mut self, width: u32, height: u32) {
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
        let row = y as usize * self.words_per_row;
        let (word, shift) = (x as usize / 64, x % 64);
        self.bits[row + word] |= bits << shift;
        if shift != 0 && word + 1 < self.words_per_row {
            self.bits[row + word + 1] |= bits >> (64 - shift);
        }
    }
}
