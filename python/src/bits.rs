//! A mutable bit mask in the library's layout (rows of `u64` words, texel
//! `(x, y)` bit `x % 64` of word `y * per_row + x / 64`, padding zero) and
//! the translated queries with pygame-ce's results.

/// A `w`×`h` mask's packed rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bits {
    pub w: usize,
    pub h: usize,
    pub per_row: usize,
    pub words: Vec<u64>,
}

/// The lowest `n` bits (all 64 from 64 up).
fn low(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// 64 bits of `row` from bit `start` on (bits before 0 or past the row read 0).
#[inline]
fn bits_from(row: &[u64], start: i64) -> u64 {
    if start <= -64 {
        return 0;
    }
    if start < 0 {
        return row.first().copied().unwrap_or(0) << (-start);
    }
    let (word, shift) = ((start / 64) as usize, (start % 64) as u32);
    let lo = row.get(word).copied().unwrap_or(0);
    if shift == 0 {
        lo
    } else {
        lo >> shift | row.get(word + 1).copied().unwrap_or(0) << (64 - shift)
    }
}

impl Bits {
    /// An all-clear (or all-set) `w`×`h` mask.
    pub fn new(w: usize, h: usize, fill: bool) -> Bits {
        let per_row = w.div_ceil(64);
        let mut bits = Bits {
            w,
            h,
            per_row,
            words: vec![0; per_row * h],
        };
        if fill {
            bits.fill();
        }
        bits
    }

    pub fn row(&self, y: usize) -> &[u64] {
        &self.words[y * self.per_row..(y + 1) * self.per_row]
    }

    pub fn get(&self, x: usize, y: usize) -> bool {
        self.words[y * self.per_row + x / 64] >> (x % 64) & 1 == 1
    }

    pub fn set(&mut self, x: usize, y: usize, on: bool) {
        let word = &mut self.words[y * self.per_row + x / 64];
        if on {
            *word |= 1 << (x % 64);
        } else {
            *word &= !(1 << (x % 64));
        }
    }

    /// Clears the bits past the width in each row's last word.
    fn clear_padding(&mut self) {
        if !self.w.is_multiple_of(64) && self.per_row > 0 {
            let pad = low(self.w % 64);
            let per_row = self.per_row;
            for w in self.words.iter_mut().skip(per_row - 1).step_by(per_row) {
                *w &= pad;
            }
        }
    }

    pub fn fill(&mut self) {
        self.words.iter_mut().for_each(|w| *w = u64::MAX);
        self.clear_padding();
    }

    pub fn invert(&mut self) {
        self.words.iter_mut().for_each(|w| *w = !*w);
        self.clear_padding();
    }

    pub fn count(&self) -> u64 {
        self.words.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The rows of `self` and of `other` at offset `(xo, yo)` that meet, as
    /// self's `[y0, y1)`, and self's columns `[x0, x1)`; `None` when they do
    /// not (pygame's early return, zero sizes included).
    fn meet(&self, other: &Bits, xo: i64, yo: i64) -> Option<(usize, usize, usize, usize)> {
        let (aw, ah, bw, bh) = (self.w as i64, self.h as i64, other.w as i64, other.h as i64);
        if xo >= aw
            || yo >= ah
            || yo <= -bh
            || xo <= -bw
            || aw == 0
            || ah == 0
            || bw == 0
            || bh == 0
        {
            return None;
        }
        let (y0, y1) = (yo.max(0), ah.min(yo + bh));
        let (x0, x1) = (xo.max(0), aw.min(xo + bw));
        Some((x0 as usize, x1 as usize, y0 as usize, y1 as usize))
    }

    /// The point pygame-ce's `bitmask_overlap_pos` returns, in self's
    /// coordinates. pygame walks the shared columns in pieces cut at both
    /// masks' 64-column stripes, left to right; in the first piece with a
    /// shared bit it takes the top row, and in that row the leftmost bit.
    pub fn overlap_pos(&self, other: &Bits, xo: i64, yo: i64) -> Option<(i64, i64)> {
        if xo < 0 {
            return other
                .overlap_pos(self, -xo, -yo)
                .map(|(x, y)| (x + xo, y + yo));
        }
        let (x0, x1, y0, y1) = self.meet(other, xo, yo)?;
        // Each of self's stripes holds at most two pieces: bits below the cut
        // `c` (other's stripe boundary) come before the bits from `c` up.
        // One pass over the rows finds the first of both.
        for j in x0 / 64..x1.div_ceil(64) {
            let base = j * 64;
            let lo_col = x0.saturating_sub(base);
            let hi_col = (x1 - base).min(64);
            let inside = low(hi_col) & !low(lo_col);
            let c = (xo - base as i64).rem_euclid(64) as usize;
            let (first, second) = if c == 0 {
                (inside, 0)
            } else {
                (inside & low(c), inside & !low(c))
            };
            // Other's bits for this stripe: word k shifted down by `sh`,
            // and word k + 1 shifted up (where they exist).
            let start = base as i64 - xo;
            let (k, sh) = (start.div_euclid(64), start.rem_euclid(64) as u32);
            let bpr = other.per_row as i64;
            let lo_at = (0..bpr).contains(&k).then_some(k as usize);
            let hi_at = (sh != 0 && (0..bpr).contains(&(k + 1))).then_some((k + 1) as usize);
            let mut later: Option<(i64, i64)> = None;
            let (apr, bpr) = (self.per_row, other.per_row);
            let by0 = (y0 as i64 - yo) as usize;
            let a_rows = self.words[y0 * apr..y1 * apr].chunks_exact(apr);
            let b_rows = other.words[by0 * bpr..].chunks_exact(bpr);
            for (y, (ar, br)) in (y0..).zip(a_rows.zip(b_rows)) {
                let a = ar[j];
                let lo = lo_at.map_or(0, |i| br[i] >> sh);
                let hi = hi_at.map_or(0, |i| br[i] << (64 - sh));
                let w = a & (lo | hi);
                if w & first != 0 {
                    return Some((
                        (base as u32 + (w & first).trailing_zeros()) as i64,
                        y as i64,
                    ));
                }
                if later.is_none() && w & second != 0 {
                    later = Some((
                        (base as u32 + (w & second).trailing_zeros()) as i64,
                        y as i64,
                    ));
                    if first == 0 {
                        return later;
                    }
                }
            }
            if later.is_some() {
                return later;
            }
        }
        None
    }

    /// Calls `f(y, j, word)` for each word `j` of self's row `y` ANDed with
    /// `other` at `(xo, yo)`, over the rows and words where they meet.
    fn for_each_and(&self, other: &Bits, xo: i64, yo: i64, mut f: impl FnMut(usize, usize, u64)) {
        let Some((x0, x1, y0, y1)) = self.meet(other, xo, yo) else {
            return;
        };
        let (j0, j1) = (x0 / 64, x1.div_ceil(64));
        for y in y0..y1 {
            let (a, b) = (self.row(y), other.row((y as i64 - yo) as usize));
            for (j, &aw) in a.iter().enumerate().take(j1).skip(j0) {
                let w = aw & bits_from(b, (j * 64) as i64 - xo);
                if w != 0 {
                    f(y, j, w);
                }
            }
        }
    }

    /// pygame's `overlap_area`: the texels set in both.
    pub fn overlap_area(&self, other: &Bits, xo: i64, yo: i64) -> u64 {
        let mut n = 0u64;
        self.for_each_and(other, xo, yo, |_, _, w| n += u64::from(w.count_ones()));
        n
    }

    /// pygame's `overlap_mask`: a mask of self's size, set where both are.
    pub fn overlap_mask(&self, other: &Bits, xo: i64, yo: i64) -> Bits {
        let mut out = Bits::new(self.w, self.h, false);
        let per_row = self.per_row;
        self.for_each_and(other, xo, yo, |y, j, w| out.words[y * per_row + j] = w);
        out
    }

    /// pygame's `draw` (`on`) and `erase` (`!on`): sets or clears the
    /// texels where `other` at `(xo, yo)` is set.
    pub fn draw(&mut self, other: &Bits, xo: i64, yo: i64, on: bool) {
        let Some((x0, x1, y0, y1)) = self.meet(other, xo, yo) else {
            return;
        };
        let (j0, j1) = (x0 / 64, x1.div_ceil(64));
        for y in y0..y1 {
            let b = other.row((y as i64 - yo) as usize).to_vec();
            let row = &mut self.words[y * self.per_row..(y + 1) * self.per_row];
            for (j, word) in row.iter_mut().enumerate().take(j1).skip(j0) {
                let w = bits_from(&b, (j * 64) as i64 - xo);
                if on {
                    *word |= w;
                } else {
                    *word &= !w;
                }
            }
        }
        self.clear_padding();
    }

    /// The words in pygame-ce's layout (64-column stripes, each `h` words
    /// top to bottom), as bytes in native order.
    pub fn pygame_bytes(&self) -> Vec<u8> {
        let stripes = if self.w == 0 { 0 } else { self.per_row };
        let mut out = Vec::with_capacity(stripes * self.h * 8);
        for j in 0..stripes {
            for y in 0..self.h {
                out.extend_from_slice(&self.words[y * self.per_row + j].to_ne_bytes());
            }
        }
        out
    }
}
