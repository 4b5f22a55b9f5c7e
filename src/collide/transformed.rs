//! The general scanner: any pair of poses, at least one of them rotated,
//! scaled or off the integer grid.
//!
//! Row by row over the intersection of the two solid boxes, it intersects
//! the two sprites' column spans, then reads 64 lattice samples at a time
//! from each sprite (stepping the fixed-point texel coordinates, which is
//! exact) and ANDs the words. B is only read where A's word is not zero.

use super::gather::{Isa, MapGather, MAX_STEP};
use super::options::Lattice;
use super::sprite::{Place, Placed, SolidMap};
use super::stats::Visit;
use crate::mask::Mask;
use crate::pose::PixelRect;

/// One sprite as the row scanner reads it.
enum Source<'a> {
    Translate {
        mask: &'a Mask,
        x: i64,
        y: i64,
        solid: PixelRect,
    },
    Map {
        map: SolidMap,
        gather: MapGather<'a>,
        /// Texel steps per lattice sample along a row.
        du: i64,
        dv: i64,
        /// Steps are small enough for the incremental gathers.
        incremental: bool,
    },
}

/// Where a source's next sample is.
struct Cursor {
    x: i64,
    y: i64,
    u: i64,
    v: i64,
    /// `(u, v)` hold the exact coordinates of sample `x` (otherwise every
    /// sample is evaluated afresh).
    incremental: bool,
}

impl<'a> Source<'a> {
    fn new(p: &Placed<'a>, step: i64) -> Self {
        match p.place {
            Place::Translate { x, y } => Source::Translate {
                mask: p.mask,
                x,
                y,
                solid: p.solid,
            },
            Place::Map(map) => {
                let m = &map.map;
                let du = m.du_dx.saturating_mul(step);
                let dv = m.dv_dx.saturating_mul(step);
                Source::Map {
                    map,
                    gather: MapGather::new(p.mask, map.texel0, (m.width, m.height)),
                    du,
                    dv,
                    incremental: du.abs() <= MAX_STEP && dv.abs() <= MAX_STEP,
                }
            }
        }
    }

    /// A superset of the columns of row `y` in `clip` that may be solid.
    #[inline(always)]
    fn span(&self, y: i64, clip: &PixelRect) -> Option<(i64, i64)> {
        match self {
            Source::Translate { solid, .. } => {
                let x0 = solid.x0.max(clip.x0);
                let x1 = solid.x1.min(clip.x1);
                (y >= solid.y0 && y < solid.y1 && x0 < x1).then_some((x0, x1))
            }
            Source::Map { map, .. } => map.span(y, clip),
        }
    }

    #[inline(always)]
    fn cursor(&self, y: i64, x: i64) -> Cursor {
        let mut c = Cursor {
            x,
            y,
            u: 0,
            v: 0,
            incremental: false,
        };
        if let Source::Map {
            map, incremental, ..
        } = self
        {
            if let (true, Some((u, v))) = (*incremental, map.map.uv(x, y)) {
                (c.u, c.v, c.incremental) = (u, v, true);
            }
        }
        c
    }

    /// The next `len ≤ 64` samples' bits, advancing the cursor.
    #[inline(always)]
    fn next<I: Isa>(&self, isa: I, c: &mut Cursor, step: i64, len: u32) -> u64 {
        let bits = match self {
            Source::Translate { mask, x, y, .. } => {
                translate_bits(mask, c.x - x, c.y - y, step, len)
            }
            Source::Map {
                map,
                gather,
                du,
                dv,
                ..
            } => {
                // Samples near the sprite have small integer parts (the spans
                // keep them so); anything else is evaluated exactly.
                c.incremental &= near(c.u) && near(c.v);
                if c.incremental {
                    isa.gather(gather, c.u, c.v, *du, *dv, len)
                } else {
                    exact_bits(map, gather, c.x, c.y, step, len)
                }
            }
        };
        self.skip(c, step, len);
        bits
    }

    #[inline(always)]
    fn skip(&self, c: &mut Cursor, step: i64, len: u32) {
        c.x += step * i64::from(len);
        if let Source::Map { du, dv, .. } = self {
            c.u = c.u.wrapping_add(du.wrapping_mul(i64::from(len)));
            c.v = c.v.wrapping_add(dv.wrapping_mul(i64::from(len)));
        }
    }
}

/// Whether a chunk of 64 samples from `t` keeps integer parts within ±2^30
/// (the gathers' precondition, with `|step| ≤ MAX_STEP`).
#[inline(always)]
fn near(t: i64) -> bool {
    (t >> 32).unsigned_abs() < (1 << 29)
}

/// Bits of texels `(i + k·step, j)` of an unposed mask, 0 outside it.
#[inline(always)]
fn translate_bits(mask: &Mask, i: i64, j: i64, step: i64, len: u32) -> u64 {
    let Ok(row) = u32::try_from(j) else {
        return 0;
    };
    if row >= mask.height() {
        return 0;
    }
    let words = mask.row(row);
    if step == 1 && i >= 0 {
        let w = (i >> 6) as usize;
        let s = (i & 63) as u32;
        let lo = words.get(w).copied().unwrap_or(0);
        let hi = words.get(w + 1).copied().unwrap_or(0);
        let bits = if s == 0 { lo } else { lo >> s | hi << (64 - s) };
        return bits & low_bits(len);
    }
    let mut bits = 0;
    for k in 0..len.min(64) {
        let t = i + step * i64::from(k);
        if let Ok(t) = u32::try_from(t) {
            bits |= u64::from(mask.get(t, row)) << k;
        }
    }
    bits
}

/// Bits of samples evaluated one by one with the exact 128-bit map.
fn exact_bits(map: &SolidMap, g: &MapGather, x: i64, y: i64, step: i64, len: u32) -> u64 {
    let mut bits = 0;
    for k in 0..len.min(64) {
        if let Some((u, v)) = map.map.uv(x + step * i64::from(k), y) {
            bits |= g.bit_at(u, v) << k;
        }
    }
    bits
}

/// The lowest `len` bits set.
#[inline(always)]
fn low_bits(len: u32) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

/// Visits the shared lattice samples of `a` and `b` inside `region` (the
/// intersection of their solid boxes).
#[inline(always)]
pub(super) fn scan<I: Isa, V: Visit>(
    isa: I,
    a: &Placed,
    b: &Placed,
    region: &PixelRect,
    lat: &Lattice,
    visit: &mut V,
) {
    let n = lat.step;
    let sa = Source::new(a, n);
    let sb = Source::new(b, n);
    let mut y = lat.first_row(region.y0);
    while y < region.y1 {
        if let (Some((a0, a1)), Some((b0, b1))) = (sa.span(y, region), sb.span(y, region)) {
            let x0 = lat.first_col(a0.max(b0));
            let x1 = a1.min(b1);
            if x0 < x1 {
                let samples = (x1 - x0 + n - 1) / n;
                let mut ca = sa.cursor(y, x0);
                let mut cb = sb.cursor(y, x0);
                let mut done = 0;
                while done < samples {
                    let len = (samples - done).min(64) as u32;
                    let x = ca.x;
                    let wa = sa.next(isa, &mut ca, n, len);
                    if wa == 0 {
                        sb.skip(&mut cb, n, len);
                    } else {
                        let w = wa & sb.next(isa, &mut cb, n, len);
                        if w != 0 && !visit.word(y, x, n, w) {
                            return;
                        }
                    }
                    done += i64::from(len);
                }
            }
        }
        y += n;
    }
}
