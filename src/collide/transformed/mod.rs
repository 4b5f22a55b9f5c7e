//! The general scanner: any pair of poses, at least one of them rotated,
//! scaled or off the integer grid.
//!
//! Row by row over the intersection of the two solid boxes, it intersects
//! the two sprites' column spans, then reads 64 lattice samples at a time
//! from each sprite (stepping the fixed-point texel coordinates, which is
//! exact) and ANDs the words. The cheaper sprite (an unposed mask, read by
//! shifting words) is read first, and the other only where that word is not
//! zero.

pub(crate) mod windows;

use super::kernels::gather::{MapGather, Walker, MAX_STEP};
use super::kernels::ScanKernels;
use super::options::Lattice;
use super::sprite::{Place, Placed, SolidMap, SpanEstimator};
use super::stats::Visit;
use crate::mask::{bits_at, low_bits, Mask};
use crate::pose::{PixelRect, FRAC_BITS};

/// One sprite as the row scanner reads it, with its position in the row.
// Two live on the stack for one query; boxing the walker would allocate.
#[allow(clippy::large_enum_variant)]
pub(super) enum Source<'a, W> {
    Translate {
        mask: &'a Mask,
        /// World position of texel (0, 0).
        origin: (i64, i64),
        solid: PixelRect,
        /// Texel of the next sample.
        at: (i64, i64),
    },
    Map {
        map: SolidMap,
        spans: SpanEstimator,
        gather: MapGather<'a>,
        walker: W,
        /// Texel steps per lattice sample.
        du: i64,
        dv: i64,
        /// Steps per lattice sample are small enough for the walkers.
        small_steps: bool,
        /// This row uses the walker (else every sample is evaluated afresh).
        walking: bool,
        /// World position of the next sample.
        at: (i64, i64),
    },
}

impl<'a, W: Walker> Source<'a, W> {
    pub(super) fn new<I: ScanKernels<Walker<'a> = W>>(isa: I, p: &Placed<'a>, step: i64) -> Self {
        match p.place {
            Place::Translate { x, y } => Source::Translate {
                mask: p.mask,
                origin: (x, y),
                solid: p.solid,
                at: (0, 0),
            },
            Place::Map(map) => {
                let m = &map.map;
                let du = m.du_dx.saturating_mul(step);
                let dv = m.dv_dx.saturating_mul(step);
                let small_steps = du.abs() <= MAX_STEP && dv.abs() <= MAX_STEP;
                let gather = MapGather::new(p.mask, map.texel0, (m.width, m.height));
                Source::Map {
                    map,
                    spans: map.spans(),
                    gather,
                    walker: isa.walker(gather, du, dv),
                    du,
                    dv,
                    small_steps,
                    walking: false,
                    at: (0, 0),
                }
            }
        }
    }

    /// Reading this source costs little (shifts of mask words).
    fn cheap(&self) -> bool {
        matches!(self, Source::Translate { .. })
    }

    /// A superset of the columns of row `y` in `clip` that may be solid.
    #[inline(always)]
    pub(super) fn span(&self, y: i64, clip: &PixelRect) -> Option<(i64, i64)> {
        match self {
            Source::Translate { solid, .. } => {
                let x0 = solid.x0.max(clip.x0);
                let x1 = solid.x1.min(clip.x1);
                (y >= solid.y0 && y < solid.y1 && x0 < x1).then_some((x0, x1))
            }
            Source::Map { spans, .. } => spans.span(y, clip),
        }
    }

    /// Puts the next sample at `(x, y)`; `samples` lattice samples follow.
    #[inline(always)]
    pub(super) fn start(&mut self, x: i64, y: i64, samples: i64) {
        match self {
            Source::Translate { origin, at, .. } => *at = (x - origin.0, y - origin.1),
            Source::Map {
                map,
                walker,
                du,
                dv,
                small_steps,
                walking,
                at,
                ..
            } => {
                *at = (x, y);
                *walking = false;
                if !*small_steps {
                    return;
                }
                // The walkers need integer parts within ±2^29 at both ends of
                // the row (and so all along it); the spans keep samples within
                // a few pixels of the sprite, so this holds but for absurd input.
                let m = &map.map;
                let (dx, dy) = (x - m.origin.0, y - m.origin.1);
                // Exact in i64 when nothing overflows (else the exact path).
                let at = |c0: i64, d: i64, dd: i64| {
                    c0.checked_add(d.checked_mul(dx)?)?
                        .checked_add(dd.checked_mul(dy)?)
                };
                let near = |t: i64| (t >> FRAC_BITS).unsigned_abs() < (1 << 29);
                let end = |t: i64, d: i64| {
                    d.checked_mul(samples - 1)
                        .and_then(|s| t.checked_add(s))
                        .is_some_and(near)
                };
                if let (Some(u), Some(v)) = (at(m.u0, m.du_dx, m.du_dy), at(m.v0, m.dv_dx, m.dv_dy))
                {
                    if near(u) && near(v) && end(u, *du) && end(v, *dv) {
                        walker.start(u, v);
                        *walking = true;
                    }
                }
            }
        }
    }

    /// Bits of the next `len ≤ 64` samples shared with `other` (at the same
    /// samples); both move on. Reads `other` only where `self` has bits.
    #[inline(always)]
    fn next_and(&mut self, other: &mut Self, len: u32, step: i64) -> u64 {
        if let (
            Source::Map {
                walker: wa,
                walking: true,
                at: at_a,
                ..
            },
            Source::Map {
                walker: wb,
                walking: true,
                at: at_b,
                ..
            },
        ) = (&mut *self, &mut *other)
        {
            at_a.0 += step * i64::from(len);
            at_b.0 += step * i64::from(len);
            return wa.next_and(wb, len);
        }
        let mine = self.next(len, step);
        if mine == 0 {
            other.skip(len, step);
            0
        } else {
            mine & other.next(len, step)
        }
    }

    /// Bits of the next `len ≤ 64` samples; moves on.
    #[inline(always)]
    pub(super) fn next(&mut self, len: u32, step: i64) -> u64 {
        match self {
            Source::Translate { mask, at, .. } => {
                let bits = translate_bits(mask, at.0, at.1, step, len);
                at.0 += step * i64::from(len);
                bits
            }
            Source::Map {
                map,
                gather,
                walker,
                walking,
                at,
                ..
            } => {
                let bits = if *walking {
                    walker.next(len)
                } else {
                    exact_bits(map, gather, at.0, at.1, step, len)
                };
                at.0 += step * i64::from(len);
                bits
            }
        }
    }

    /// Moves on by `len` samples without reading them.
    #[inline(always)]
    fn skip(&mut self, len: u32, step: i64) {
        match self {
            Source::Translate { at, .. } => at.0 += step * i64::from(len),
            Source::Map {
                walker,
                walking,
                at,
                ..
            } => {
                if *walking {
                    walker.skip(len);
                }
                at.0 += step * i64::from(len);
            }
        }
    }
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
        return bits_at(words, i as usize) & low_bits(len);
    }
    let mut bits = 0;
    for k in 0..len.min(64) {
        if let Ok(t) = u32::try_from(i + step * i64::from(k)) {
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

/// Visits the shared lattice samples of `a` and `b` inside `region` (the
/// intersection of their solid boxes).
#[inline(always)]
pub(super) fn scan<'a, I: ScanKernels, V: Visit>(
    isa: I,
    a: &Placed<'a>,
    b: &Placed<'a>,
    region: &PixelRect,
    lat: &Lattice,
    visit: &mut V,
) {
    let n = lat.step;
    let (first, second) = if b.place_is_cheaper_than(a) {
        (b, a)
    } else {
        (a, b)
    };
    let mut s1 = Source::new(isa, first, n);
    let mut s2 = Source::new(isa, second, n);
    debug_assert!(!s2.cheap() || s1.cheap());
    let mut y = lat.first_row(region.y0);
    while y < region.y1 {
        if let (Some((a0, a1)), Some((b0, b1))) = (s1.span(y, region), s2.span(y, region)) {
            let (x0, x1) = (a0.max(b0), a1.min(b1));
            let (x0, samples) = if n == 1 {
                (x0, x1 - x0)
            } else {
                let x0 = lat.first_col(x0);
                (x0, (x1 - x0 + n - 1).div_euclid(n))
            };
            if samples > 0 {
                s1.start(x0, y, samples);
                s2.start(x0, y, samples);
                let mut done = 0;
                while done < samples {
                    let len = (samples - done).min(64) as u32;
                    let w = s1.next_and(&mut s2, len, n);
                    if w != 0 && !visit.word(y, x0 + done * n, n, w) {
                        return;
                    }
                    done += i64::from(len);
                }
            }
        }
        y += n;
    }
}

impl Placed<'_> {
    /// True when this sprite is cheaper to read than `other` (an integer
    /// translation against a general pose).
    fn place_is_cheaper_than(&self, other: &Placed) -> bool {
        matches!(self.place, Place::Translate { .. }) && matches!(other.place, Place::Map(_))
    }
}
