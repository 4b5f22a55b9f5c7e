//! An open pair settled without rasterising: the world pixels of its
//! window walked line by line (rows, or columns when the window is taller
//! than wide) through both sprites' pixel maps, each line cut to the pixels
//! whose centres map inside both solid boxes (exact integer bounds),
//! stopping at the first pixel both cover. The test is the
//! coverage rule itself ([`PixelMap`]: stepping by the map's integer steps
//! gives exactly what each pixel's own evaluation gives), so the answer is
//! the posed masks' answer.

use crate::mask::Mask;
use crate::pose::{PixelMap, PixelRect, FRAC_BITS};

/// Bound on a map's start and steps under which a walk computes in `i64`,
/// and on the pixel steps from the map's origin a walked pixel may lie:
/// |u0| + 2 · 2^46 · 2^15 < 2^62, and a solid limit (at most 2^32 · 2^32)
/// minus such a value stays inside `i64`.
const SMALL_MAP: i64 = 1 << 46;
const SMALL_STEPS: i64 = 1 << 15;

/// A sprite's pixel map and the fixed-point limits of its solid texels.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Walk {
    origin: (i64, i64),
    u0: i64,
    v0: i64,
    du_dx: i64,
    du_dy: i64,
    dv_dx: i64,
    dv_dy: i64,
    /// `[lo, hi)` of u and of v over the solid box's texels.
    u_lim: (i64, i64),
    v_lim: (i64, i64),
    /// The map's start and steps are below [`SMALL_MAP`].
    small: bool,
}

impl Walk {
    /// The walk of `map` over the solid texels `solid` (texel coordinates).
    pub(super) fn new(map: &PixelMap, solid: &PixelRect) -> Walk {
        let fixed = |t: i64| t.saturating_mul(1 << FRAC_BITS);
        let (u_lim, v_lim) = (
            (fixed(solid.x0), fixed(solid.x1)),
            (fixed(solid.y0), fixed(solid.y1)),
        );
        Walk {
            origin: map.origin,
            u0: map.u0,
            v0: map.v0,
            du_dx: map.du_dx,
            du_dy: map.du_dy,
            dv_dx: map.dv_dx,
            dv_dy: map.dv_dy,
            u_lim,
            v_lim,
            small: [map.u0, map.v0, map.du_dx, map.du_dy, map.dv_dx, map.dv_dy]
                .iter()
                .all(|v| v.abs() < SMALL_MAP),
        }
    }

    /// True when every pixel of `window` is within [`SMALL_STEPS`] of the
    /// origin and the map is small: then `i64` holds every value below.
    fn fits(&self, window: &PixelRect) -> bool {
        let near = |lo: i64, hi: i64, o: i64| {
            lo.checked_sub(o).is_some_and(|d| d.abs() < SMALL_STEPS)
                && hi.checked_sub(o).is_some_and(|d| d.abs() < SMALL_STEPS)
        };
        self.small
            && near(window.x0, window.x1, self.origin.0)
            && near(window.y0, window.y1, self.origin.1)
    }

    /// The same map with world x and y swapped (walking a window's
    /// columns as rows).
    fn transposed(&self) -> Walk {
        Walk {
            origin: (self.origin.1, self.origin.0),
            du_dx: self.du_dy,
            du_dy: self.du_dx,
            dv_dx: self.dv_dy,
            dv_dy: self.dv_dx,
            ..*self
        }
    }

    /// Fixed-point `(u, v)` of pixel `(x, y)` (within [`Walk::fits`]).
    #[inline]
    fn at(&self, x: i64, y: i64) -> (i64, i64) {
        let (dx, dy) = (x - self.origin.0, y - self.origin.1);
        (
            self.u0 + self.du_dx * dx + self.du_dy * dy,
            self.v0 + self.dv_dx * dx + self.dv_dy * dy,
        )
    }

    /// Cuts `[lo, hi)` (column steps from the pixel where the map gives
    /// `(u, v)`) to the steps whose `(u, v)` lie in the solid limits.
    #[inline]
    fn cut(&self, (u, v): (i64, i64), lo: &mut i64, hi: &mut i64) {
        for (start, d, (min, max)) in [(u, self.du_dx, self.u_lim), (v, self.dv_dx, self.v_lim)] {
            let (klo, khi) = steps_within(start, d, min, max);
            *lo = (*lo).max(klo);
            *hi = (*hi).min(khi);
        }
    }
}

/// The steps `k` (a range `[klo, khi)`) with `min ≤ start + k·d < max`;
/// `start`, `min` and `max` within 2^62, so every difference fits `i64`.
#[inline]
fn steps_within(start: i64, d: i64, min: i64, max: i64) -> (i64, i64) {
    if d > 0 {
        // start + k·d ≥ min ⇔ k ≥ ⌈(min − start) / d⌉; < max likewise.
        (ceil_div(min - start, d), ceil_div(max - start, d))
    } else if d < 0 {
        // With n = −d: start − k·n < max ⇔ k > (start − max) / n ⇔
        // k ≥ ⌊(start − max) / n⌋ + 1 = 1 − ⌈(max − start) / n⌉; and
        // start − k·n ≥ min ⇔ k < 1 − ⌈(min − start) / n⌉.
        (1 - ceil_div(max - start, -d), 1 - ceil_div(min - start, -d))
    } else if (min..max).contains(&start) {
        (i64::MIN, i64::MAX)
    } else {
        (0, 0)
    }
}

/// `⌈a / p⌉` for `p > 0`.
#[inline]
fn ceil_div(a: i64, p: i64) -> i64 {
    -(-a).div_euclid(p)
}

/// True when some pixel of `window` belongs to both sprites (`a`'s walk of
/// `ma`, `b`'s of `mb`); `None` when the window is too far from either
/// map's origin to walk in `i64` (the caller then decides another way).
pub(super) fn any_shared(
    (a, ma): (&Walk, &Mask),
    (b, mb): (&Walk, &Mask),
    window: &PixelRect,
) -> Option<bool> {
    if !a.fits(window) || !b.fits(window) {
        return None;
    }
    // Fewer, longer lines: a tall window is walked column by column (the
    // same pixels, through the maps with x and y swapped).
    if window.height() > window.width() {
        let flip = PixelRect {
            x0: window.y0,
            y0: window.x0,
            x1: window.y1,
            y1: window.x1,
        };
        return Some(walk_rows(
            (&a.transposed(), ma),
            (&b.transposed(), mb),
            &flip,
        ));
    }
    Some(walk_rows((a, ma), (b, mb), window))
}

/// [`any_shared`] row by row, once the window fits both walks.
fn walk_rows((a, ma): (&Walk, &Mask), (b, mb): (&Walk, &Mask), window: &PixelRect) -> bool {
    let (wa, wb) = (ma.words(), mb.words());
    let (ra, rb) = (ma.words_per_row(), mb.words_per_row());
    // Texel (i, j)'s bit, for (u, v) inside the solid limits (so inside
    // the mask).
    let bit = |words: &[u64], per_row: usize, u: i64, v: i64| {
        let (i, j) = ((u >> FRAC_BITS) as usize, (v >> FRAC_BITS) as usize);
        words[j * per_row + i / 64] >> (i % 64) & 1 != 0
    };
    // Rows from the middle out: shared pixels are likelier there.
    let (h, mid) = (window.height(), window.y0 + window.height() / 2);
    for t in 0..h {
        let y = if t % 2 == 0 {
            mid + t / 2
        } else {
            mid - (t + 1) / 2
        };
        let (mut lo, mut hi) = (0, window.width());
        let (sa, sb) = (a.at(window.x0, y), b.at(window.x0, y));
        a.cut(sa, &mut lo, &mut hi);
        b.cut(sb, &mut lo, &mut hi);
        if lo >= hi {
            continue;
        }
        let (mut ua, mut va) = (sa.0 + lo * a.du_dx, sa.1 + lo * a.dv_dx);
        let (mut ub, mut vb) = (sb.0 + lo * b.du_dx, sb.1 + lo * b.dv_dx);
        for _ in lo..hi {
            if bit(wa, ra, ua, va) && bit(wb, rb, ub, vb) {
                return true;
            }
            (ua, va) = (ua + a.du_dx, va + a.dv_dx);
            (ub, vb) = (ub + b.du_dx, vb + b.dv_dx);
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cut steps are exactly those inside the limits, for steps of
    /// either sign, small and large.
    #[test]
    fn steps_within_is_exact() {
        let mut rng = fastrand::Rng::with_seed(5);
        for case in 0..40_000 {
            let unit = if case % 2 == 0 { 1 } else { 1i64 << 20 };
            let start = rng.i64(-1000..1000) * unit + rng.i64(0..unit);
            let d = rng.i64(-40..40) * unit + rng.i64(0..unit);
            let min = rng.i64(-300..300) * unit;
            let max = min + rng.i64(0..300) * unit;
            let (klo, khi) = steps_within(start, d, min, max);
            for k in -200i64..200 {
                let inside = (min..max).contains(&(start + k * d));
                assert_eq!(
                    inside,
                    (klo..khi).contains(&k),
                    "{start} {d} {min} {max} {k}"
                );
            }
        }
    }

    /// A walk of any window (wide or tall, inside the sprites or not)
    /// answers what testing each of its pixels through both maps answers
    /// (the coverage rule), at scales from a twentieth to twenty.
    #[test]
    fn any_shared_as_every_pixel_tested() {
        use crate::pose::Pose;
        let mut rng = fastrand::Rng::with_seed(17);
        let mut walked = [0usize; 2];
        for case in 0..3000 {
            let masks: Vec<Mask> = (0..2)
                .map(|_| {
                    let (w, h) = (rng.u32(1..40), rng.u32(1..40));
                    let d = 0.05 + rng.f32() * 0.6;
                    Mask::from_fn(w, h, |_, _| rng.f32() < d)
                })
                .collect();
            let scale = [0.05, 0.3, 1.0, 2.5, 20.0][case % 5];
            let poses: Vec<Pose> = (0..2)
                .map(|_| Pose {
                    x: rng.f32() * 40.0,
                    y: rng.f32() * 40.0,
                    rotation: rng.f32() * 7.0,
                    scale: scale * (0.5 + rng.f32()),
                })
                .collect();
            // A sprite too small to cover a pixel has no map.
            let Some(maps) = (0..2)
                .map(|k| poses[k].pixel_map(masks[k].width(), masks[k].height()))
                .collect::<Option<Vec<PixelMap>>>()
            else {
                continue;
            };
            let (Some(sa), Some(sb)) = (masks[0].solid_bounds(), masks[1].solid_bounds()) else {
                continue;
            };
            let (wa, wb) = (Walk::new(&maps[0], &sa), Walk::new(&maps[1], &sb));
            let (x0, y0) = (rng.i64(-20..60), rng.i64(-20..60));
            let window = PixelRect {
                x0,
                y0,
                x1: x0 + rng.i64(1..50),
                y1: y0 + rng.i64(1..50),
            };
            let covers = |k: usize, x: i64, y: i64| {
                maps[k].texel(x, y).is_some_and(|(i, j)| masks[k].get(i, j))
            };
            let expected = (window.y0..window.y1)
                .any(|y| (window.x0..window.x1).any(|x| covers(0, x, y) && covers(1, x, y)));
            let got = any_shared((&wa, &masks[0]), (&wb, &masks[1]), &window);
            assert_eq!(got, Some(expected), "case {case}");
            walked[usize::from(expected)] += 1;
        }
        assert!(walked.iter().all(|&n| n > 200), "{walked:?}");
    }
}
