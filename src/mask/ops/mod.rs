//! Whole-mask operations with pygame-ce's `pygame.mask` results, on packed
//! rows: [`Mask::scaled`], [`Mask::convolved_onto`], [`Mask::outline`],
//! [`Mask::moments`] (centroid and angle) and the 8-connected components
//! ([`Mask::components`], [`Mask::largest_component`],
//! [`Mask::component_at`], [`Mask::component_bounds`]). Each follows
//! pygame-ce 2.5's `mask.c`/`bitmask.c` rule (its quirks included, as noted)
//! and is checked against a plain per-texel version in
//! `reference::mask_ops` (`tests/mask_ops_props.rs`).

mod components;
mod convolve;
mod moments;
mod outline;
mod scale;

pub use self::moments::Moments;

use super::Mask;

/// Packed rows under construction: `width` texels a row, padding zero.
pub(crate) struct Rows {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) per_row: usize,
    pub(crate) words: Vec<u64>,
}

impl Rows {
    /// All clear.
    pub(crate) fn new(width: u32, height: u32) -> Rows {
        let per_row = (width as usize).div_ceil(64);
        Rows {
            width,
            height,
            per_row,
            words: vec![0; per_row * height as usize],
        }
    }

    /// The rows of `mask`, to add to.
    pub(crate) fn of(mask: &Mask) -> Rows {
        Rows {
            width: mask.width(),
            height: mask.height(),
            per_row: mask.words_per_row(),
            words: mask.words().to_vec(),
        }
    }

    /// Sets texel `(x, y)` (inside).
    #[inline]
    pub(crate) fn set(&mut self, x: u32, y: u32) {
        self.words[y as usize * self.per_row + x as usize / 64] |= 1 << (x % 64);
    }

    /// ORs `src` (a packed row) into row `y`, its texel `sx` landing on `sx + dx`;
    /// texels landing outside the row are dropped.
    pub(crate) fn or_row(&mut self, y: usize, src: &[u64], dx: i64) {
        let (per_row, width) = (self.per_row, i64::from(self.width));
        let src_end = dx.saturating_add(src.len() as i64 * 64);
        if dx >= width || src_end <= 0 {
            return;
        }
        let row = &mut self.words[y * per_row..(y + 1) * per_row];
        let j0 = (dx.max(0) / 64) as usize;
        let j1 = (src_end.min(width) as usize).div_ceil(64);
        for (j, word) in row.iter_mut().enumerate().take(j1).skip(j0) {
            *word |= super::bits_from(src, j as i64 * 64 - dx);
        }
        if !self.width.is_multiple_of(64) && j1 == per_row {
            row[per_row - 1] &= super::low_bits(self.width % 64);
        }
    }

    /// The finished mask.
    pub(crate) fn into_mask(self) -> Mask {
        Mask::from_words(self.width, self.height, self.words)
    }
}
