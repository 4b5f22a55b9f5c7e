//! The plan of a step: every bin's zone, the rows each task fades, and
//! which tasks wait for which.

use std::ops::Range;

use super::zone::Zone;
use crate::field::bins::Bands;

/// Every bin's zone, the rows each task fades, and which tasks wait for
/// which (see [`super::run`]).
#[derive(Debug)]
pub(super) struct Plan {
    pub zones: Vec<Zone>,
    /// Canvas rows each task fades: all of a wrapping zone (the edge bin,
    /// which no task precedes), else one range inside the zone.
    pub fades: Vec<Range<u32>>,
    /// `(later, first)`: task `later` starts after task `first` ends.
    pub after: Vec<(usize, usize)>,
}

impl Plan {
    pub fn new(bands: Bands) -> Plan {
        let zones: Vec<Zone> = (0..bands.bins() as u32)
            .map(|k| Zone::of(bands, k))
            .collect();
        let shares_rows = |a: &Zone, b: &Zone| {
            let overlap = |r: &Range<u32>, q: &Range<u32>| r.start < q.end && q.start < r.end;
            let (ra, rb) = (a.canvas_rows(), b.canvas_rows());
            ra.iter().any(|r| rb.iter().any(|q| overlap(r, q)))
        };
        // Even before odd, then the lower bin first.
        let goes_first = |a: usize, b: usize| (a % 2, a) < (b % 2, b);
        // A zone spans at most two bands, so only the next two bins' zones
        // can share its rows, and the edge bin's the last two's too (the
        // unit test checks every pair).
        let n = zones.len();
        let near = |a: usize| {
            (a + 1..(a + 3).min(n)).chain(if a == 0 {
                n.saturating_sub(2).max(3)..n
            } else {
                0..0
            })
        };
        let mut after = Vec::new();
        for a in 0..n {
            for b in near(a) {
                if shares_rows(&zones[a], &zones[b]) {
                    after.push(if goes_first(a, b) { (b, a) } else { (a, b) });
                }
            }
        }
        // Each task's zone less the rows of the tasks before it (which
        // cover its first or its last rows).
        let mut fades: Vec<Range<u32>> = zones
            .iter()
            .map(|z| {
                if z.wrap != 0 {
                    0..0
                } else {
                    z.canvas_rows()[0].clone()
                }
            })
            .collect();
        for &(later, first) in &after {
            let rows = &mut fades[later];
            for held in zones[first].canvas_rows() {
                if held.contains(&rows.start) {
                    rows.start = held.end.min(rows.end);
                }
                if rows.end > rows.start && held.contains(&(rows.end - 1)) {
                    rows.end = held.start.max(rows.start);
                }
            }
        }
        Plan {
            zones,
            fades,
            after,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Plan, Zone};
    use crate::field::bins::Bands;

    /// On every height from 1 to 20 bands (of 4 and of 32 rows): each row
    /// is faded once; two tasks whose zones share a row are ordered; and
    /// each bin's zone holds its bands' rows and half a band beyond them,
    /// and a move of at most four rows (drawn from its ends) that ends in
    /// the zone never crosses the edge bin's seam.
    #[test]
    fn zones_are_faded_once_ordered_and_hold_their_bands() {
        for shift in [2, 5] {
            let rows = 1u32 << shift;
            for height in 1..=20 * rows {
                let bands = Bands::new(height, shift);
                let plan = Plan::new(bands);
                let at = |what: &str| format!("{what}: height {height}, bands of {rows}");
                let mut faded = vec![0u32; height as usize];
                for (z, fade) in plan.zones.iter().zip(&plan.fades) {
                    let fade = if z.wrap != 0 {
                        z.canvas_rows().to_vec()
                    } else {
                        vec![fade.clone()]
                    };
                    for r in fade.into_iter().flatten() {
                        faded[r as usize] += 1;
                    }
                }
                assert!(faded.iter().all(|&n| n == 1), "{} {faded:?}", at("fades"));
                let holds = |z: &Zone, r: u32| z.canvas_rows().iter().any(|q| q.contains(&r));
                for (a, za) in plan.zones.iter().enumerate() {
                    for (b, zb) in plan.zones.iter().enumerate().skip(a + 1) {
                        let shared = (0..height).any(|r| holds(za, r) && holds(zb, r));
                        let ordered = plan.after.contains(&(a, b)) || plan.after.contains(&(b, a));
                        assert_eq!(shared, ordered, "{} {a} {b}", at("order"));
                    }
                }
                for r in 0..height {
                    let z = plan.zones[bands.bin_of(r as f32)];
                    for near in r.saturating_sub(4)..(r + 5).min(height) {
                        if near.abs_diff(r) <= rows / 2 {
                            assert!(holds(&z, near), "{} row {r} → {near}", at("reach"));
                        }
                        if !holds(&z, near) {
                            continue;
                        }
                        let span = (r.min(near) as i32, r.max(near) as i32);
                        assert!(z.holds(span).is_some(), "{} row {r} → {near}", at("seam"));
                        let local = z.index(0, near, 7);
                        assert_eq!(local, z.row_of(near as i32) as u32 * 7, "{}", at("index"));
                        assert!(local < z.len(7), "{}", at("index"));
                    }
                }
            }
        }
    }
}
