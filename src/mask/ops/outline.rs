//! pygame's `Mask.outline`: a Moore-neighbour trace around the first set
//! texel (in row order), step for step as pygame-ce's `mask_outline`.

use crate::mask::Mask;

/// The eight neighbour directions pygame walks, clockwise on screen from
/// east, written twice so a walk can run past the eighth.
const DX: [i64; 14] = [1, 1, 0, -1, -1, -1, 0, 1, 1, 1, 0, -1, -1, -1];
const DY: [i64; 14] = [0, 1, 1, 1, 0, -1, -1, -1, 0, 1, 1, 1, 0, -1];

impl Mask {
    /// The outline of the first 8-connected group of set texels (the one
    /// holding the first set texel in row order), as pygame-ce's
    /// `Mask.outline(every)`: the first texel, then each `every`-th texel of
    /// a clockwise Moore-neighbour trace until it would repeat its first
    /// step. Empty for an empty mask; only the first texel when it has no
    /// set neighbour or when `every ≤ 0`.
    ///
    /// ```
    /// use hitfield::Mask;
    ///
    /// let square = Mask::from_fn(2, 2, |_, _| true);
    /// assert_eq!(square.outline(1), [(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)]);
    /// ```
    pub fn outline(&self, every: i64) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        let (w, h) = (i64::from(self.width()), i64::from(self.height()));
        // pygame traces on a copy with a one-texel clear border; (x, y)
        // here are that copy's coordinates.
        let get = |x: i64, y: i64| {
            (1..=w).contains(&x) && (1..=h).contains(&y) && self.get((x - 1) as u32, (y - 1) as u32)
        };
        let point = |x: i64, y: i64| ((x - 1) as u32, (y - 1) as u32);
        let Some((fx, fy)) = self.first_set() else {
            return out;
        };
        let (firstx, firsty) = (i64::from(fx) + 1, i64::from(fy) + 1);
        out.push(point(firstx, firsty));
        let mut e = every;
        let (mut secx, mut secy) = (0i64, 0i64);
        let (mut currx, mut curry) = (0i64, 0i64);
        let mut n = 0usize;
        while n < 8 {
            if get(firstx + DX[n], firsty + DY[n]) {
                (secx, secy) = (firstx + DX[n], firsty + DY[n]);
                (currx, curry) = (secx, secy);
                e -= 1;
                if e == 0 {
                    e = every;
                    out.push(point(secx, secy));
                }
                break;
            }
            n += 1;
        }
        if n == 8 {
            return out;
        }
        loop {
            let (mut nextx, mut nexty) = (currx, curry);
            n = (n + 6) & 7;
            // A traced texel always has the one it came from as a
            // neighbour, at most six steps on.
            while n < DX.len() {
                if get(currx + DX[n], curry + DY[n]) {
                    (nextx, nexty) = (currx + DX[n], curry + DY[n]);
                    e -= 1;
                    if e == 0 {
                        e = every;
                        if (currx, curry) == (firstx, firsty) && (secx, secy) == (nextx, nexty) {
                            break;
                        }
                        out.push(point(nextx, nexty));
                    }
                    break;
                }
                n += 1;
            }
            if (currx, curry) == (firstx, firsty) && (secx, secy) == (nextx, nexty) {
                break;
            }
            (currx, curry) = (nextx, nexty);
        }
        out
    }

    /// The first set texel in row order.
    pub(crate) fn first_set(&self) -> Option<(u32, u32)> {
        let [_, y0, _, _] = self.solid_box()?;
        let row = self.row(y0);
        let j = row.iter().position(|&w| w != 0)?;
        Some((j as u32 * 64 + row[j].trailing_zeros(), y0))
    }
}
