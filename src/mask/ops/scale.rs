//! pygame's `Mask.scale`: nearest texel, output `(x, y)` reading source
//! `(x·w / W, y·h / H)` (integer division), as `bitmask_scale` does.

use crate::mask::{check_side, Mask, MaskSizeError};

use super::Rows;

impl Mask {
    /// This mask scaled to `width`×`height` as pygame-ce's `Mask.scale`:
    /// output texel `(x, y)` is source texel
    /// `(x · self.width / width, y · self.height / height)` (rounded down).
    /// A source with no texels gives a clear mask. An error names a size
    /// past [`Mask::MAX_SIDE`] or [`Mask::MAX_TEXELS`] (nothing allocated).
    ///
    /// ```
    /// use hitfield::Mask;
    ///
    /// let m = Mask::from_fn(2, 1, |x, _| x == 1);
    /// let s = m.scaled(4, 2)?;
    /// assert_eq!(s.solid_count(), 4);
    /// assert!(s.get(2, 0) && s.get(3, 1) && !s.get(1, 1));
    /// # Ok::<(), hitfield::MaskSizeError>(())
    /// ```
    pub fn scaled(&self, width: u32, height: u32) -> Result<Mask, MaskSizeError> {
        check_side(width, height)?;
        let mut out = Rows::new(width, height);
        let (sw, sh) = (u64::from(self.width()), u64::from(self.height()));
        if sw == 0 || sh == 0 {
            return Ok(out.into_mask());
        }
        let columns: Vec<u32> = (0..u64::from(width))
            .map(|x| (x * sw / u64::from(width)) as u32)
            .collect();
        let per_row = out.per_row;
        let mut last: Option<u32> = None;
        for y in 0..height as usize {
            let sy = (y as u64 * sh / u64::from(height)) as u32;
            if last == Some(sy) {
                out.words
                    .copy_within((y - 1) * per_row..y * per_row, y * per_row);
                continue;
            }
            last = Some(sy);
            let src = self.row(sy);
            let dst = &mut out.words[y * per_row..(y + 1) * per_row];
            for (j, word) in dst.iter_mut().enumerate() {
                let mut w = 0u64;
                for (b, &sx) in columns[j * 64..(j * 64 + 64).min(columns.len())]
                    .iter()
                    .enumerate()
                {
                    w |= (src[sx as usize / 64] >> (sx % 64) & 1) << b;
                }
                *word = w;
            }
        }
        Ok(out.into_mask())
    }
}
