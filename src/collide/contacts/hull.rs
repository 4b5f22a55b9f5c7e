//! A mask's convex hull (of its solid texels' squares), kept in the mask,
//! and the separating-axis test the touch path runs on two posed hulls:
//! tighter than the solid boxes, so more candidate pairs are proved apart
//! without rasterising.

use crate::mask::{Mask, Slot};

/// The convex hull of a mask's solid texel squares, in texel coordinates,
/// with each edge's unit outward normal and the hull's extent along it.
#[derive(Debug, Default)]
pub(super) struct Hull {
    /// Corners, counter-clockwise in texel coordinates (y down).
    pub corners: Vec<[f64; 2]>,
    /// Per edge `k` (from corner `k` to `k + 1`): its unit normal and the
    /// hull's least and greatest projection on it.
    pub axes: Vec<([f64; 2], f64, f64)>,
}

impl Hull {
    /// The hull of `mask`, worked out once and kept in the mask.
    pub(super) fn cached(mask: &Mask) -> &Hull {
        mask.derived(Slot::Hull, || Hull::of(mask))
    }

    /// The hull of `mask`'s solid texels (empty when none is solid).
    fn of(mask: &Mask) -> Hull {
        // Each row's leftmost and rightmost solid texel: the hull of their
        // squares' corners is the hull of every solid square.
        let mut points: Vec<[i64; 2]> = Vec::new();
        for y in 0..mask.height() {
            let row = mask.row(y);
            let first = row.iter().position(|&w| w != 0);
            let last = row.iter().rposition(|&w| w != 0);
            let (Some(f), Some(l)) = (first, last) else {
                continue;
            };
            let x0 = (f * 64) as i64 + i64::from(row[f].trailing_zeros());
            let x1 = (l * 64) as i64 + 64 - i64::from(row[l].leading_zeros());
            let y = i64::from(y);
            points.extend([[x0, y], [x0, y + 1], [x1, y], [x1, y + 1]]);
        }
        let exact: Vec<[f64; 2]> = monotone_chain(points)
            .into_iter()
            .map(|[x, y]| [x as f64, y as f64])
            .collect();
        if exact.is_empty() {
            return Hull::default();
        }
        // The hull's extent on DIRECTIONS evenly turned axes (widened by a
        // hair against rounding), and the polygon they bound: a box clipped
        // by the other axes' slabs.
        let axes: Vec<([f64; 2], f64, f64)> = (0..DIRECTIONS)
            .map(|m| {
                let t = std::f64::consts::PI * m as f64 / DIRECTIONS as f64;
                let n = if m == 0 {
                    [1.0, 0.0]
                } else if 2 * m == DIRECTIONS {
                    [0.0, 1.0]
                } else {
                    [t.cos(), t.sin()]
                };
                let (lo, hi) = project(&exact, n);
                (n, lo - HAIR, hi + HAIR)
            })
            .collect();
        let (x, y) = (axes[0], axes[DIRECTIONS / 2]);
        let bounds = vec![[x.1, y.1], [x.2, y.1], [x.2, y.2], [x.1, y.2]];
        let mut corners = bounds.clone();
        for &(n, lo, hi) in &axes {
            corners = clip(&corners, n, hi);
            corners = clip(&corners, [-n[0], -n[1]], -lo);
        }
        if corners.len() > MAX_CORNERS || corners.is_empty() {
            corners = bounds;
        }
        Hull { corners, axes }
    }
}

/// A hull in a pose: world corners, and world normals with the hull's
/// extent along each (fixed arrays: posed for every sprite every frame).
#[derive(Clone, Debug, Default)]
pub(super) struct PosedHull {
    corners: [[f64; 2]; MAX_CORNERS],
    /// Corners in use (0: the sprite covers nothing).
    len: usize,
    axes: [([f64; 2], f64, f64); DIRECTIONS],
}

impl PosedHull {
    /// `hull` turned by `(sin, cos)`, scaled by `s` about texel `half`
    /// (the mask's centre), placed with that centre at world `centre`.
    pub(super) fn set(
        &mut self,
        hull: &Hull,
        (sin, cos): (f64, f64),
        s: f64,
        half: [f64; 2],
        centre: [f64; 2],
    ) {
        let turn = |[x, y]: [f64; 2]| [cos * x - sin * y, sin * x + cos * y];
        self.len = hull.corners.len().min(MAX_CORNERS);
        for (out, &[x, y]) in self.corners.iter_mut().zip(&hull.corners) {
            let [dx, dy] = turn([x - half[0], y - half[1]]);
            *out = [centre[0] + s * dx, centre[1] + s * dy];
        }
        for (out, &(n, lo, hi)) in self.axes.iter_mut().zip(&hull.axes) {
            let w = turn(n);
            let at = w[0] * centre[0] + w[1] * centre[1] - s * (n[0] * half[0] + n[1] * half[1]);
            *out = (w, at + s * lo, at + s * hi);
        }
    }

    /// Its world corners.
    pub(super) fn corners(&self) -> &[[f64; 2]] {
        &self.corners[..self.len]
    }

    /// Empties it (a sprite that covers nothing).
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }
}

/// True when an edge normal of either hull separates them by more than
/// `margin` (each hull standing for the pixels within `margin / 2` of it).
pub(super) fn apart(a: &PosedHull, b: &PosedHull, margin: f64) -> bool {
    let one_way = |a: &PosedHull, b: &PosedHull| {
        a.axes.iter().any(|&(n, lo, hi)| {
            let (blo, bhi) = project(b.corners(), n);
            bhi + margin < lo || hi + margin < blo
        })
    };
    a.len > 0 && b.len > 0 && (one_way(a, b) || one_way(b, a))
}

/// Axes the hull is bounded on (a multiple of 2: the x and y axes among them).
const DIRECTIONS: usize = 4;
/// Texels each extent is widened by, far above the clipping's rounding.
const HAIR: f64 = 1e-7;
/// Corners a hull keeps: a box clipped by `DIRECTIONS − 2` more slabs
/// gains at most one corner per half-plane; a hull that rounding gave
/// more is replaced by its box (a superset, so still a valid bound).
const MAX_CORNERS: usize = 4 + 2 * (DIRECTIONS - 2);

/// The part of convex polygon `poly` where `n · p ≤ limit`.
fn clip(poly: &[[f64; 2]], n: [f64; 2], limit: f64) -> Vec<[f64; 2]> {
    let side = |p: [f64; 2]| p[0] * n[0] + p[1] * n[1] - limit;
    let mut out = Vec::with_capacity(poly.len() + 1);
    for (k, &u) in poly.iter().enumerate() {
        let v = poly[(k + 1) % poly.len()];
        let (su, sv) = (side(u), side(v));
        if su <= 0.0 {
            out.push(u);
        }
        if (su <= 0.0) != (sv <= 0.0) {
            let t = su / (su - sv);
            out.push([u[0] + t * (v[0] - u[0]), u[1] + t * (v[1] - u[1])]);
        }
    }
    out
}

/// Least and greatest projection of `points` on `n` (plain compares, one
/// instruction each: the points are finite, a pose that is not covers
/// nothing and has no hull).
#[inline]
pub(super) fn project(points: &[[f64; 2]], [nx, ny]: [f64; 2]) -> (f64, f64) {
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for v in points {
        let d = v[0] * nx + v[1] * ny;
        lo = if d < lo { d } else { lo };
        hi = if d > hi { d } else { hi };
    }
    (lo, hi)
}

/// Convex hull of integer points, counter-clockwise, no collinear corners
/// (Andrew's monotone chain; exact in `i64`).
fn monotone_chain(mut points: Vec<[i64; 2]>) -> Vec<[i64; 2]> {
    points.sort_unstable();
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let cross = |o: [i64; 2], a: [i64; 2], b: [i64; 2]| {
        (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
    };
    let mut hull: Vec<[i64; 2]> = Vec::with_capacity(points.len() + 1);
    for pass in 0..2 {
        let start = hull.len();
        let ordered: Box<dyn Iterator<Item = &[i64; 2]>> = if pass == 0 {
            Box::new(points.iter())
        } else {
            Box::new(points.iter().rev())
        };
        for &p in ordered {
            while hull.len() >= start + 2
                && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0
            {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hull_of_an_l_holds_every_solid_square() {
        // An L: a column and a foot.
        let mask = Mask::try_from_fn(5, 5, |x, y| x == 1 || (y == 4 && x < 4)).expect("small mask");
        let points = (0..5i64)
            .flat_map(|y| (0..5i64).map(move |x| [x, y]))
            .filter(|&[x, y]| mask.get(x as u32, y as u32))
            .flat_map(|[x, y]| [[x, y], [x + 1, y], [x, y + 1], [x + 1, y + 1]])
            .collect::<Vec<_>>();
        assert_eq!(
            monotone_chain(points.clone()),
            vec![[0, 4], [1, 0], [2, 0], [4, 4], [4, 5], [0, 5]]
        );
        let hull = Hull::of(&mask);
        assert_eq!(hull.axes.len(), DIRECTIONS);
        assert!(hull.corners.len() <= 2 * DIRECTIONS);
        let n = hull.corners.len();
        for p in points {
            let p = [p[0] as f64, p[1] as f64];
            for &(n, lo, hi) in &hull.axes {
                let d = p[0] * n[0] + p[1] * n[1];
                assert!(lo <= d && d <= hi, "{p:?} outside an extent");
            }
            for k in 0..n {
                let (u, v) = (hull.corners[k], hull.corners[(k + 1) % n]);
                let cross = (v[0] - u[0]) * (p[1] - u[1]) - (v[1] - u[1]) * (p[0] - u[0]);
                assert!(cross >= 0.0, "{p:?} outside the polygon");
            }
        }
        // Tighter than the solid box: the corner (4, 0) is cut off.
        let (nd, lo, _) = hull.axes[3];
        assert!(4.0 * nd[0] < lo);
        assert!(
            Hull::of(&Mask::try_from_fn(3, 3, |_, _| false).expect("small"))
                .corners
                .is_empty()
        );
    }
}
