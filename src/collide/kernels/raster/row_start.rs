//! Where each row of a vector pixel walk starts: its estimated span and
//! the exact fixed-point texel coordinates of its first sample, once the
//! whole rectangle is known to stay in the walkers' exact range.

use crate::collide::sprite::{LinearSpans, SpanEstimator};
use crate::pose::{PixelMap, PixelRect, FRAC_BITS};

/// A row's estimated span `x0..x1` and the exact fixed-point texel
/// coordinates `(u, v)` of its first sample.
#[derive(Clone, Copy)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct RowStart {
    pub(crate) x0: i64,
    pub(crate) x1: i64,
    pub(crate) u: i64,
    pub(crate) v: i64,
}

impl RowStart {
    /// Row `y`'s span `x0..x1` and the texel coordinates of its first
    /// sample, `(x0, y)` mapped by `m` (exact: `rect` passed [`in_range`]).
    #[inline(always)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    fn at(m: &PixelMap, x0: i64, x1: i64, y: i64) -> RowStart {
        let (dx, dy) = (x0 - m.origin.0, y - m.origin.1);
        RowStart {
            x0,
            x1,
            u: m.u0 + m.du_dx * dx + m.du_dy * dy,
            v: m.v0 + m.dv_dx * dx + m.dv_dy * dy,
        }
    }
}

/// Whether every sample of `rect` maps to texel coordinates inside the
/// lanes' integer range (|t| < 2^29 texels): the map is affine, so its
/// extremes over the rectangle lie at the corners. Then a row's start and
/// each step from it stay exact without overflow checks.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn in_range(m: &PixelMap, rect: &PixelRect) -> bool {
    let near = |t: i64| (t >> FRAC_BITS).unsigned_abs() < (1 << 29);
    let at = |c0: i64, d: i64, dd: i64, x: i64, y: i64| {
        let (dx, dy) = (x.checked_sub(m.origin.0)?, y.checked_sub(m.origin.1)?);
        c0.checked_add(d.checked_mul(dx)?)?
            .checked_add(dd.checked_mul(dy)?)
    };
    let corners = [
        (rect.x0, rect.y0),
        (rect.x1 - 1, rect.y0),
        (rect.x0, rect.y1 - 1),
        (rect.x1 - 1, rect.y1 - 1),
    ];
    corners.iter().all(|&(x, y)| {
        at(m.u0, m.du_dx, m.du_dy, x, y).is_some_and(near)
            && at(m.v0, m.dv_dx, m.dv_dy, x, y).is_some_and(near)
    })
}

/// Row `y`'s [`RowStart`], `None` when it covers nothing. The rectangle
/// passed [`in_range`], so plain arithmetic is exact here.
#[inline(always)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn row_start(
    m: &PixelMap,
    spans: &SpanEstimator,
    rect: &PixelRect,
    y: i64,
) -> Option<RowStart> {
    let (x0, x1) = spans.span(y, rect)?;
    Some(RowStart::at(m, x0, x1, y))
}

/// [`row_start`] from the linear form of the span estimate
/// ([`crate::collide::sprite::SpanEstimator::linear`]): the same columns up
/// to float rounding, far inside the estimate's two-pixel margin, found
/// with a few multiply-adds and no branch per axis. `rect` passed
/// [`in_range`] and [`linear_fits`].
#[inline(always)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn row_start_linear(
    lin: &LinearSpans,
    m: &PixelMap,
    rect: &PixelRect,
    y: i64,
) -> Option<RowStart> {
    let dy = (y - lin.origin.1) as f64;
    let line = |[a, b]: [f64; 2]| a + b * dy;
    let lo = line(lin.lo[0]).max(line(lin.lo[1]));
    let hi = line(lin.hi[0]).min(line(lin.hi[1]));
    let origin = lin.origin.0 as f64;
    let (lower, upper) = (
        rect.x0.max(lin.bounds.x0) as f64,
        rect.x1.min(lin.bounds.x1) as f64,
    );
    // Inside the rectangle and the map's bounds; NaN widens to the whole
    // of them (a wider span is still a superset).
    let first = origin + lo.floor() - 2.0;
    let end = origin + hi.ceil() + 2.0;
    let x0 = if first > lower {
        first.min(upper)
    } else {
        lower
    };
    let x1 = if end < upper { end.max(lower) } else { upper };
    let (x0, x1) = (x0 as i64, x1 as i64);
    if x0 >= x1 {
        return None;
    }
    Some(RowStart::at(m, x0, x1, y))
}

/// Whether [`row_start_linear`]'s float columns are exact integers over
/// `rect` (every coordinate it converts is below 2^52 in size).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn linear_fits(lin: &LinearSpans, rect: &PixelRect) -> bool {
    [
        rect.x0,
        rect.x1,
        rect.y0,
        rect.y1,
        lin.origin.0,
        lin.origin.1,
        lin.bounds.x0,
        lin.bounds.x1,
    ]
    .into_iter()
    .all(|t| t.unsigned_abs() < 1 << 52)
}
