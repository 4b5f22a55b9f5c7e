//! Where each edge flips a pixel along each world row it reaches, the
//! portable loop (the vector kernel in `collide/x86/edges.rs` does the
//! same arithmetic a group of edges at a time), and the prefix XOR that
//! turns flips into coverage.

use super::{Crossing, EdgeList};
use crate::mask::Summary;
use crate::pose::{PixelMap, FRAC_BITS};

/// How one family of edges meets world row `dy` (relative to the map's
/// origin) under a map.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Family {
    /// How the crossed coordinate steps along a row.
    pub(crate) cross: Crossing,
    /// The crossed coordinate at the row's offset 0: `start.0 + start.1·dy`.
    pub(crate) start: (i64, i64),
    /// The checked coordinate at pixel `k`: `check.0 + check.1·dy + check.2·k`.
    pub(crate) check: (i64, i64, i64),
    /// World row of the point at `line` and `p` along it:
    /// `(line − line0)·dy_line + (p − p0)·dy_p` (fixed-point inputs).
    pub(crate) line0: i64,
    pub(crate) dy_line: f64,
    pub(crate) p0: i64,
    pub(crate) dy_p: f64,
    /// World column of the same point: `(line − line0)·dx_line + (p − p0)·dx_p`.
    pub(crate) dx_line: f64,
    pub(crate) dx_p: f64,
    /// An edge `[lo, hi)` reaches rows over `[lo·2^32 + ext.0, hi·2^32 + ext.1]`.
    pub(crate) ext: (i64, i64),
}

impl Family {
    /// World row of `p` along `line` (both fixed point).
    #[inline(always)]
    fn world_y(&self, line: i64, p: i64) -> f64 {
        (line - self.line0) as f64 * self.dy_line + (p - self.p0) as f64 * self.dy_p
    }

    /// World column of `p` along `line` (both fixed point).
    #[inline(always)]
    fn world_x(&self, line: i64, p: i64) -> f64 {
        (line - self.line0) as f64 * self.dx_line + (p - self.p0) as f64 * self.dx_p
    }
}

/// The output's extent in map offsets: columns `kmin..kmin + width`, rows
/// `ymin..ymax`, `per_row` words a row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Flips {
    pub(crate) kmin: i64,
    pub(crate) width: i64,
    pub(crate) ymin: i64,
    pub(crate) ymax: i64,
    pub(crate) per_row: usize,
}

impl Flips {
    /// The output rows whose centre lines cross the (extended) edge between
    /// world rows `y0` and `y1` (relative to the origin).
    #[inline(always)]
    fn rows(&self, y0: f64, y1: f64) -> std::ops::Range<i64> {
        let (lo, hi) = if y0 < y1 { (y0, y1) } else { (y1, y0) };
        let first = ceil(lo - ROUNDING).max(self.ymin);
        let last = floor(hi + ROUNDING).min(self.ymax - 1);
        first..last + 1
    }
}

/// How the flipped pixel moves from one world row to the next: the crossed
/// coordinate's bound moves by `d = step·quotient + remainder`
/// (`0 ≤ remainder < step`), so the pixel moves by `quotient`, plus one
/// when the running remainder drops below zero.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RowStep {
    pub(crate) quotient: i64,
    pub(crate) remainder: i64,
}

impl RowStep {
    pub(crate) fn of(f: &Family) -> RowStep {
        // The bound `n` (see `Crossing::first_past`) is `line − start` when
        // rising and `1 − line + start` when falling; `start` grows by
        // `start.1` a row.
        let d = if f.cross.falling {
            f.start.1
        } else {
            f.start.1.wrapping_neg()
        };
        RowStep {
            quotient: d.div_euclid(f.cross.step),
            remainder: d.rem_euclid(f.cross.step),
        }
    }
}

/// Flips, for every edge of `list` and every output row it reaches, the
/// pixel where the crossed coordinate passes the edge's line, when the
/// checked coordinate there lies in the edge.
///
/// Each edge's first row is found by [`Crossing::first_past`] (one exact
/// division); its later rows follow by integer steps ([`RowStep`]), so
/// each (edge, row) visit costs a few adds and no division.
pub(crate) fn flip_edges(list: &EdgeList, f: &Family, out: &Flips, words: &mut [u64]) {
    // Columns an edge must reach (with two pixels to spare) to flip one in
    // the output: a flip lies within a pixel of where the row's centre
    // line crosses the extended edge.
    let (x_first, x_last) = (out.kmin as f64 - 2.0, (out.kmin + out.width) as f64 + 2.0);
    let row_step = RowStep::of(f);
    let (quotient, remainder, step) = (row_step.quotient, row_step.remainder, f.cross.step);
    // Per row: the checked coordinate moves by `check.1 + check.2·quotient`
    // (plus `check.2` on a carry), the bit position by one row of bits plus
    // `quotient` (plus one on a carry).
    let check_step = f.check.1.wrapping_add(f.check.2.wrapping_mul(quotient));
    let row_bits = 64 * out.per_row as i64;
    let at_step = row_bits.wrapping_add(quotient);
    let width = out.width as u64;
    for e in 0..list.len() {
        let (line, lo, hi) = (list.line[e], list.lo[e], list.hi[e]);
        let (p_lo, p_hi) = ((lo << FRAC_BITS) + f.ext.0, (hi << FRAC_BITS) + f.ext.1);
        let (xa, xb) = (f.world_x(line, p_lo), f.world_x(line, p_hi));
        if xa.max(xb) < x_first || xa.min(xb) > x_last {
            continue;
        }
        let rows = out.rows(f.world_y(line, p_lo), f.world_y(line, p_hi));
        if rows.is_empty() {
            continue;
        }
        // The first row exactly; `rest = step·k − n` lies in `[0, step)`.
        let start = f.start.0 + f.start.1 * rows.start;
        let k = f.cross.first_past(line - start);
        let n = if f.cross.falling {
            1 - (line - start)
        } else {
            line - start
        };
        let mut rest = step.wrapping_mul(k).wrapping_sub(n);
        let mut column = k.wrapping_sub(out.kmin);
        // The checked coordinate less the edge's start: in the edge when
        // below its span (unsigned).
        let mut checked = (f.check.0 + f.check.1 * rows.start)
            .wrapping_add(f.check.2.wrapping_mul(k))
            .wrapping_sub(lo << FRAC_BITS);
        let span = ((hi - lo) << FRAC_BITS) as u64;
        let mut at = ((rows.start - out.ymin) * row_bits).wrapping_add(column);
        for _ in rows {
            if (column as u64) < width && (checked as u64) < span {
                // Inside the output's columns, so `at` is a bit of `words`.
                words[(at as u64 >> 6) as usize] ^= 1u64 << (at & 63);
            }
            // The next row: the remainder pays for `remainder`, borrowing
            // one more pixel step when it would go negative.
            let carry = rest < remainder;
            rest = rest - remainder + if carry { step } else { 0 };
            column = column.wrapping_add(quotient + i64::from(carry));
            checked =
                checked
                    .wrapping_add(check_step)
                    .wrapping_add(if carry { f.check.2 } else { 0 });
            at = at.wrapping_add(at_step + i64::from(carry));
        }
    }
}

/// Turns each row's flips into coverage: bit i becomes the XOR of bits
/// 0..=i of its row (`prefix` does one word), the last word cut at `tail`;
/// returns the coverage's summary.
#[inline(always)]
pub(crate) fn prefix_xor_rows(
    words: &mut [u64],
    per_row: usize,
    tail: u64,
    prefix: impl Fn(u64) -> u64,
) -> Summary {
    let mut summary = Summary::default();
    for (y, row) in words.chunks_exact_mut(per_row.max(1)).enumerate() {
        let mut carry = 0u64;
        for w in row.iter_mut() {
            let x = prefix(*w) ^ carry;
            carry = ((x as i64) >> 63) as u64;
            *w = x;
        }
        if let Some(last) = row.last_mut() {
            *last &= tail;
        }
        summary.add_row(y as u32, row);
    }
    summary
}

/// How world rows and columns follow texel coordinates.
pub(crate) struct Geometry {
    /// World rows per fixed-point unit of u and of v.
    pub(crate) dy_du: f64,
    pub(crate) dy_dv: f64,
    /// World columns per fixed-point unit of u and of v.
    pub(crate) dx_du: f64,
    pub(crate) dx_dv: f64,
    /// World rows one pixel step along x moves along a grid line.
    pub(crate) reach: f64,
}

impl Geometry {
    pub(crate) fn of(m: &PixelMap) -> Geometry {
        let (a, b, c, d) = (
            m.du_dx as f64,
            m.du_dy as f64,
            m.dv_dx as f64,
            m.dv_dy as f64,
        );
        let det = a * d - b * c;
        Geometry {
            dy_du: -c / det,
            dy_dv: a / det,
            dx_du: d / det,
            dx_dv: -b / det,
            reach: (a * c / det).abs(),
        }
    }
}

/// Float rounding allowed for in world rows (coordinates stay below 2^14
/// rows, where `f64` errs by less than 1e-11).
pub(crate) const ROUNDING: f64 = 1e-6;

/// Bit i of the result is the XOR of bits 0..=i of `x`.
#[inline(always)]
pub(crate) fn prefix_xor(mut x: u64) -> u64 {
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    x
}

/// `⌊x⌋` for |x| well inside `i64` (no libm call).
#[inline(always)]
fn floor(x: f64) -> i64 {
    let t = x as i64;
    t - i64::from((t as f64) > x)
}

/// `⌈x⌉` for |x| well inside `i64`.
#[inline(always)]
fn ceil(x: f64) -> i64 {
    let t = x as i64;
    t + i64::from((t as f64) < x)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefix_xor_matches_a_running_parity() {
        let mut rng = fastrand::Rng::with_seed(9);
        for _ in 0..1000 {
            let x = rng.u64(..);
            let mut parity = 0u64;
            let mut want = 0u64;
            for i in 0..64 {
                parity ^= x >> i & 1;
                want |= parity << i;
            }
            assert_eq!(prefix_xor(x), want);
        }
    }

    #[test]
    fn floor_and_ceil_match_std() {
        for x in [-2.5, -2.0, -0.3, 0.0, 0.3, 1.0, 7.9, -1e9 - 0.5] {
            assert_eq!(floor(x), x.floor() as i64, "{x}");
            assert_eq!(ceil(x), x.ceil() as i64, "{x}");
        }
    }
}
