//! pygame's `Mask.convolve`: `other` flipped and slid over this mask, a
//! copy of this mask drawn at each of its set texels (`bitmask_convolve`).

use crate::mask::Mask;

use super::Rows;

impl Mask {
    /// `output` with this mask's convolution with `other` ORed in, as
    /// pygame-ce's `Mask.convolve(other, output, offset)`: for each set
    /// texel `(x, y)` of `other`, this mask drawn (set texels ORed) at
    /// `(offset.0 + other.width − 1 − x, offset.1 + other.height − 1 − y)`.
    /// Texel `(x, y)` of the result is set when this mask at
    /// `(x, y) − offset` overlaps `other` flipped. pygame's output size,
    /// when it makes one, is `(w + other.w − 1, h + other.h − 1)`. Nothing is
    /// drawn when any of the three masks has no texels.
    ///
    /// ```
    /// use hitfield::Mask;
    ///
    /// let a = Mask::from_fn(2, 2, |_, _| true);
    /// let b = Mask::from_fn(2, 1, |_, _| true);
    /// let c = a.convolved_onto(&b, Mask::from_fn(3, 2, |_, _| false), (0, 0));
    /// assert_eq!(c.solid_count(), 6);
    /// ```
    pub fn convolved_onto(&self, other: &Mask, output: Mask, offset: (i64, i64)) -> Mask {
        let empty = |m: &Mask| m.width() == 0 || m.height() == 0;
        if empty(self) || empty(other) || empty(&output) {
            return output;
        }
        let mut out = Rows::of(&output);
        let (ow, oh) = (i64::from(other.width()), i64::from(other.height()));
        let xo = offset.0.saturating_add(ow - 1);
        let yo = offset.1.saturating_add(oh - 1);
        let (ah, out_h) = (i64::from(self.height()), i64::from(out.height));
        // One column `bx` of `other` at a time: this mask shifted by its
        // `dx` once (rows of the output's width), then ORed in whole rows
        // at each set texel's `dy`, a contiguous run of words.
        let mut shifted = Rows::new(out.width, self.height());
        let per_row = out.per_row;
        for bx in 0..other.width() {
            let column: Vec<u32> = (0..other.height())
                .filter(|&by| other.get(bx, by))
                .collect();
            if column.is_empty() {
                continue;
            }
            let dx = xo.saturating_sub(i64::from(bx));
            shifted.words.iter_mut().for_each(|w| *w = 0);
            for y in 0..self.height() {
                shifted.or_row(y as usize, self.row(y), dx);
            }
            for by in column {
                let dy = yo.saturating_sub(i64::from(by));
                // Output rows [y0, y1) take this mask's rows from y0 − dy.
                let (y0, y1) = (dy.max(0), dy.saturating_add(ah).min(out_h));
                if y0 >= y1 {
                    continue;
                }
                let src = (y0 - dy) as usize * per_row..(y1 - dy) as usize * per_row;
                let dst = &mut out.words[y0 as usize * per_row..y1 as usize * per_row];
                for (d, s) in dst.iter_mut().zip(&shifted.words[src]) {
                    *d |= s;
                }
            }
        }
        out.into_mask()
    }
}
