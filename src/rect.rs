//! The one rectangle type: a half-open box of pixels, used for overlaps
//! ([`crate::collide::Overlap::rect`]), solid boxes
//! ([`crate::mask::Mask::solid_bounds`]) and world bounds
//! ([`crate::pose::Pose::world_bounds`]).

/// A half-open rectangle of world pixels: `x0 ≤ X < x1`, `y0 ≤ Y < y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PixelRect {
    /// First column.
    pub x0: i64,
    /// First row.
    pub y0: i64,
    /// One past the last column.
    pub x1: i64,
    /// One past the last row.
    pub y1: i64,
}

impl PixelRect {
    /// True when it holds no pixel.
    pub fn is_empty(&self) -> bool {
        self.x0 >= self.x1 || self.y0 >= self.y1
    }

    /// Width in pixels (0 when empty).
    pub fn width(&self) -> i64 {
        self.x1.saturating_sub(self.x0).max(0)
    }

    /// Height in pixels (0 when empty).
    pub fn height(&self) -> i64 {
        self.y1.saturating_sub(self.y0).max(0)
    }

    /// The pixels in both rectangles, or `None` when they share none.
    pub fn intersect(&self, other: &PixelRect) -> Option<PixelRect> {
        let r = PixelRect {
            x0: self.x0.max(other.x0),
            y0: self.y0.max(other.y0),
            x1: self.x1.min(other.x1),
            y1: self.y1.min(other.y1),
        };
        (!r.is_empty()).then_some(r)
    }

    /// As `[x, y, w, h]`.
    pub fn to_xywh(&self) -> [i64; 4] {
        [self.x0, self.y0, self.width(), self.height()]
    }
}

impl PixelRect {
    /// The rectangle `[x, y, w, h]` (top-left corner, then size); a negative
    /// size gives an empty rectangle.
    pub fn from_xywh([x, y, w, h]: [i64; 4]) -> PixelRect {
        PixelRect {
            x0: x,
            y0: y,
            x1: x.saturating_add(w.max(0)),
            y1: y.saturating_add(h.max(0)),
        }
    }

    /// True when pixel `(x, y)` lies inside.
    pub fn contains(&self, x: i64, y: i64) -> bool {
        (self.x0..self.x1).contains(&x) && (self.y0..self.y1).contains(&y)
    }

    /// Number of pixels (0 when empty; saturates at `u64::MAX`).
    pub fn area(&self) -> u64 {
        (self.width() as u64).saturating_mul(self.height() as u64)
    }
}

/// The offset of world pixel `(x, y)` from `origin`, when it lies neither
/// left of nor above it (and the offset fits in `u32`).
#[inline]
pub(crate) fn offset_from(origin: (i64, i64), x: i64, y: i64) -> Option<(u32, u32)> {
    Some((
        u32::try_from(x - origin.0).ok()?,
        u32::try_from(y - origin.1).ok()?,
    ))
}

impl From<PixelRect> for [i64; 4] {
    /// As `[x, y, w, h]` ([`PixelRect::to_xywh`]).
    fn from(r: PixelRect) -> [i64; 4] {
        r.to_xywh()
    }
}

#[cfg(test)]
mod tests {
    use super::PixelRect;

    #[test]
    fn xywh_round_trips_and_contains_is_half_open() {
        let r = PixelRect::from_xywh([-2, 3, 4, 5]);
        assert_eq!(
            r,
            PixelRect {
                x0: -2,
                y0: 3,
                x1: 2,
                y1: 8
            }
        );
        assert_eq!(r.to_xywh(), [-2, 3, 4, 5]);
        assert_eq!(<[i64; 4]>::from(r), [-2, 3, 4, 5]);
        assert_eq!(r.area(), 20);
        assert!(r.contains(-2, 3) && r.contains(1, 7));
        assert!(!r.contains(2, 3) && !r.contains(-2, 8));
        assert!(PixelRect::from_xywh([0, 0, -1, 5]).is_empty());
    }
}
