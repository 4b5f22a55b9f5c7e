//! Plain per-texel versions of the whole-mask operations in `mask::ops`
//! (pygame-ce's rules written the obvious way on a grid of bools): the
//! oracle for `tests/mask_ops_props.rs`.

use crate::mask::Mask;

/// A `w`×`h` grid of texels, row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// Width.
    pub w: u32,
    /// Height.
    pub h: u32,
    /// Texel `(x, y)` at `y * w + x`.
    pub cells: Vec<bool>,
}

impl Grid {
    /// All clear.
    pub fn new(w: u32, h: u32) -> Grid {
        Grid { w, h, cells: vec![false; w as usize * h as usize] }
    }

    /// The texels of `mask`, read one by one with [`Mask::get`].
    pub fn of(mask: &Mask) -> Grid {
        let mut g = Grid::new(mask.width(), mask.height());
        for y in 0..g.h {
            for x in 0..g.w {
                g.set(x, y, mask.get(x, y));
            }
        }
        g
    }

    /// Texel `(x, y)`; false outside.
    pub fn get(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && x < i64::from(self.w) && y < i64::from(self.h)
            && self.cells[y as usize * self.w as usize + x as usize]
    }

    /// Sets texel `(x, y)` (inside) to `on`.
    pub fn set(&mut self, x: u32, y: u32, on: bool) {
        self.cells[y as usize * self.w as usize + x as usize] = on;
    }
}

/// pygame's `bitmask_scale` as written: source texels spread over output
/// texels by the error-accumulating loop.
pub fn scale(m: &Grid, w: u32, h: u32) -> Grid {
    let mut out = Grid::new(w, h);
    let (mw, mh) = (i64::from(m.w), i64::from(m.h));
    let (w, h) = (i64::from(w), i64::from(h));
    let (mut ny, mut dny) = (0i64, 0i64);
    for y in 0..mh {
        let dy = (y + 1) * h;
        while dny < dy {
            let (mut nx, mut dnx) = (0i64, 0i64);
            for x in 0..mw {
                let dx = (x + 1) * w;
                while dnx < dx {
                    if m.get(x, y) {
                        out.set(nx as u32, ny as u32, true);
                    }
                    nx += 1;
                    dnx += mw;
                }
            }
            ny += 1;
            dny += mh;
        }
    }
    out
}

/// pygame's convolution: texel `(x, y)` of `out` set (ORed) when `a`'s
/// texel `(x, y) − (offset + (bw − 1 − bx, bh − 1 − by))` and `b`'s texel
/// `(bx, by)` are both set for some `(bx, by)`.
pub fn convolve(a: &Grid, b: &Grid, out: &Grid, offset: (i64, i64)) -> Grid {
    let mut res = out.clone();
    if a.w == 0 || a.h == 0 || b.w == 0 || b.h == 0 {
        return res;
    }
    for y in 0..out.h {
        for x in 0..out.w {
            let hit = (0..b.h).any(|by| {
                (0..b.w).any(|bx| {
                    let dx = offset.0 + i64::from(b.w) - 1 - i64::from(bx);
                    let dy = offset.1 + i64::from(b.h) - 1 - i64::from(by);
                    b.get(i64::from(bx), i64::from(by)) && a.get(i64::from(x) - dx, i64::from(y) - dy)
                })
            });
            if hit {
                res.set(x, y, true);
            }
        }
    }
    res
}

/// pygame's `mask_outline`, line for line on a grid with a clear border.
pub fn outline(m: &Grid, every: i64) -> Vec<(u32, u32)> {
    const A: [i64; 14] = [1, 1, 0, -1, -1, -1, 0, 1, 1, 1, 0, -1, -1, -1];
    const B: [i64; 14] = [0, 1, 1, 1, 0, -1, -1, -1, 0, 1, 1, 1, 0, -1];
    let mut plist = Vec::new();
    if m.w == 0 || m.h == 0 {
        return plist;
    }
    let get = |x: i64, y: i64| m.get(x - 1, y - 1);
    let (mw, mh) = (i64::from(m.w) + 2, i64::from(m.h) + 2);
    let (mut x, mut y) = (0i64, 1i64);
    let (mut firstx, mut firsty) = (0, 0);
    'rows: while y < mh - 1 {
        x = 1;
        while x < mw - 1 {
            if get(x, y) {
                (firstx, firsty) = (x, y);
                plist.push(((x - 1) as u32, (y - 1) as u32));
                break 'rows;
            }
            x += 1;
        }
        y += 1;
    }
    if x == mw - 1 && y == mh - 1 {
        return plist;
    }
    let mut e = every;
    let (mut secx, mut secy, mut currx, mut curry) = (0, 0, 0, 0);
    let mut n = 0usize;
    while n < 8 {
        if get(x + A[n], y + B[n]) {
            (secx, secy) = (x + A[n], y + B[n]);
            (currx, curry) = (secx, secy);
            e -= 1;
            if e == 0 {
                e = every;
                plist.push(((secx - 1) as u32, (secy - 1) as u32));
            }
            break;
        }
        n += 1;
    }
    if secx == 0 {
        return plist;
    }
    loop {
        n = (n + 6) & 7;
        let (nextx, nexty) = loop {
            if get(currx + A[n], curry + B[n]) {
                break (currx + A[n], curry + B[n]);
            }
            n += 1;
        };
        e -= 1;
        if e == 0 {
            e = every;
            // (pygame breaks out here before appending; the check below
            // then ends the trace.)
            if curry == firsty && currx == firstx && secx == nextx && secy == nexty {
                break;
            }
            plist.push(((nextx - 1) as u32, (nexty - 1) as u32));
        }
        if curry == firsty && currx == firstx && secx == nextx && secy == nexty {
            break;
        }
        (currx, curry) = (nextx, nexty);
    }
    plist
}

/// pygame's centroid and angle from its moment loop (x outer, y inner).
pub fn centroid_and_angle(m: &Grid) -> ((i64, i64), f64) {
    let (mut m00, mut m10, mut m01, mut m20, mut m02, mut m11) = (0i128, 0i128, 0i128, 0i128, 0i128, 0i128);
    for x in 0..i128::from(m.w) {
        for y in 0..i128::from(m.h) {
            if m.get(x as i64, y as i64) {
                m10 += x;
                m20 += x * x;
                m11 += x * y;
                m02 += y * y;
                m01 += y;
                m00 += 1;
            }
        }
    }
    if m00 == 0 {
        return ((0, 0), 0.0);
    }
    let (xc, yc) = (m10 / m00, m01 / m00);
    let theta = -90.0
        * ((2 * (m11 / m00 - xc * yc)) as f64)
            .atan2(((m20 / m00 - xc * xc) - (m02 / m00 - yc * yc)) as f64)
        / std::f64::consts::PI;
    ((xc as i64, yc as i64), theta)
}

/// The 8-connected groups of set texels by flood fill, ordered by each
/// group's first texel in row order.
pub fn components(m: &Grid) -> Vec<Grid> {
    let mut seen = Grid::new(m.w, m.h);
    let mut out = Vec::new();
    for y in 0..m.h {
        for x in 0..m.w {
            let (xi, yi) = (i64::from(x), i64::from(y));
            if !m.get(xi, yi) || seen.get(xi, yi) {
                continue;
            }
            let mut group = Grid::new(m.w, m.h);
            let mut stack = vec![(xi, yi)];
            seen.set(x, y, true);
            while let Some((cx, cy)) = stack.pop() {
                group.set(cx as u32, cy as u32, true);
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let (nx, ny) = (cx + dx, cy + dy);
                        if m.get(nx, ny) && !seen.get(nx, ny) {
                            seen.set(nx as u32, ny as u32, true);
                            stack.push((nx, ny));
                        }
                    }
                }
            }
            out.push(group);
        }
    }
    out
}

/// The half-open box `[x0, y0, x1, y1]` of a grid's set texels.
pub fn bounds(g: &Grid) -> Option<[u32; 4]> {
    let mut b: Option<[u32; 4]> = None;
    for y in 0..g.h {
        for x in 0..g.w {
            if g.get(i64::from(x), i64::from(y)) {
                b = Some(match b {
                    None => [x, y, x + 1, y + 1],
                    Some([x0, y0, x1, y1]) => [x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1)],
                });
            }
        }
    }
    b
}
