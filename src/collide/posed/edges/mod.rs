//! Rasterising by boundary edges: the cost follows the sprite's outline,
//! not its area.
//!
//! Walk a world row pixel by pixel: pixel `k`'s sample sits in texel
//! `(⌊u_k⌋, ⌊v_k⌋)` (the coverage rule of [`PixelMap`]). Going from sample
//! `k − 1` to sample `k`, first along the texel row of `k − 1` to the column
//! of `k`, then along that column to the row of `k`, crosses grid lines; the
//! pixel's solidity flips once for every crossed grid-line segment that
//! separates a solid texel from a clear one (a **boundary edge**). So:
//!
//! - a horizontal edge (grid line `v = t`, columns `[a, b)`) flips pixel
//!   `K`, the first sample past the line, when `⌊u_K⌋ ∈ [a, b)`;
//! - a vertical edge (grid line `u = t`, rows `[a, b)`) flips pixel `K`, the
//!   first sample past the line, when `⌊v_{K−1}⌋ ∈ [a, b)`.
//!
//! `K` comes from one exact bound per edge and world row
//! ([`Crossing::first_past`]),
//! the check from one multiply. The flips are XORed into the output rows and
//! a prefix XOR along each row turns them into coverage. Flips left of the
//! output are dropped: when the output starts left of every covered pixel
//! they cancel; when it cuts the sprite (a clipped build), each row's
//! first bit is seeded with the exact coverage of the pixel just left of
//! the output, which is what they add up to.
//!
//! The row's centre line crosses the grid line at most one pixel step
//! before the flipped pixel (horizontal edges) or after the checked sample
//! (vertical ones), so each edge, extended by one pixel step in the checked
//! coordinate, visits only the world rows whose centre lines cross it.

mod outline;

pub(crate) use outline::Outline;

use crate::collide::kernels::raster::{
    Crossing, EdgeScratch, Edges, Family, Flips, Geometry, RasterKernels, Seeds,
};
use crate::mask::{Mask, Summary};
use crate::pose::{PixelMap, PixelRect, FRAC_BITS};

impl Outline {
    /// Estimated cost of [`Outline::fill`] with `K`'s kernels under `map`,
    /// in pixels of the solid box walked by the pixel walker in the same
    /// time.
    pub(in crate::collide) fn cost_estimate<K: RasterKernels>(&self, map: &PixelMap) -> f64 {
        let per_visit = K::EDGE_VISIT;
        let g = Geometry::of(map);
        let one = (1u64 << FRAC_BITS) as f64;
        let (h, v) = (self.units.0 as f64, self.units.1 as f64);
        // Each unit edge reaches its extent plus one pixel step's worth of
        // rows (merged edges share it, so this errs high).
        let visits = h * (g.dy_du.abs() * one) + v * (g.dy_dv.abs() * one) + (h + v) * g.reach;
        visits * per_visit
    }

    /// Sets, in `words` (zeroed rows of `out`, whole words each), the
    /// pixels of `out` that `map` covers with solid texels of `mask` (the
    /// mask this outline is of), with `isa`'s kernels. `map` must satisfy
    /// [`fits`] over `out`; `cut_left` says that covered pixels may lie
    /// left of `out` (a clipped build). Returns the coverage's summary
    /// (solid box and count).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(in crate::collide) fn fill<K: RasterKernels>(
        &self,
        isa: K,
        mask: &Mask,
        scratch: &mut EdgeScratch,
        map: &PixelMap,
        out: &PixelRect,
        cut_left: bool,
        words: &mut [u64],
    ) -> Summary {
        let [horizontal, vertical] = self.edges(mask);
        let per_row = (out.width() as usize).div_ceil(64);
        let flips = Flips {
            kmin: out.x0 - map.origin.0,
            width: out.width(),
            ymin: out.y0 - map.origin.1,
            ymax: out.y1 - map.origin.1,
            per_row,
        };
        let g = Geometry::of(map);
        let families = [
            // Horizontal edges: v passes the line, u at that pixel picks the
            // column. The row's crossing with the line lies within one pixel
            // step (du_dx in u) before the flipped pixel.
            Crossing::new(map.dv_dx).map(|cross| Family {
                cross,
                start: (map.v0, map.dv_dy),
                check: (map.u0, map.du_dy, map.du_dx),
                line0: map.v0,
                dy_line: g.dy_dv,
                p0: map.u0,
                dy_p: g.dy_du,
                dx_line: g.dx_dv,
                dx_p: g.dx_du,
                ext: (-map.du_dx.max(0), -map.du_dx.min(0)),
            }),
            // Vertical edges: u passes the line, v one pixel earlier picks
            // the row; the crossing lies within one pixel step (dv_dx in v)
            // after that sample.
            Crossing::new(map.du_dx).map(|cross| Family {
                cross,
                start: (map.u0, map.du_dy),
                check: (map.v0 - map.dv_dx, map.dv_dy, map.dv_dx),
                line0: map.u0,
                dy_line: g.dy_du,
                p0: map.v0,
                dy_p: g.dy_dv,
                dx_line: g.dx_du,
                dx_p: g.dx_dv,
                ext: (map.dv_dx.min(0), map.dv_dx.max(0)),
            }),
        ];
        let mask_side = mask.width().max(mask.height());
        for (list, family) in [horizontal, vertical].into_iter().zip(families) {
            if let Some(family) = &family {
                let out = &flips;
                let e = Edges {
                    list,
                    family,
                    out,
                    mask_side,
                };
                isa.flip_edges(&e, words, scratch);
            }
        }
        if cut_left {
            isa.seed_left(mask, &Seeds::of(map, out), per_row, words);
        }
        let tail = match out.width() % 64 {
            0 => u64::MAX,
            n => (1u64 << n) - 1,
        };
        isa.prefix_xor_rows(words, per_row, tail)
    }
}

/// True when `map`'s products stay in `i64` over `out` and its rows (else
/// the pixel walkers rasterise it).
pub(in crate::collide) fn fits(map: &PixelMap, out: &PixelRect) -> bool {
    const LIMIT: i64 = 1 << 46;
    let small = |d: i64| d.abs() <= LIMIT;
    let near = |t: i64| t.abs() <= 1 << 14;
    let det = (map.du_dx as f64) * (map.dv_dy as f64) - (map.du_dy as f64) * (map.dv_dx as f64);
    det != 0.0
        && [map.du_dx, map.du_dy, map.dv_dx, map.dv_dy]
            .into_iter()
            .all(small)
        && map.u0.abs() <= 1 << 60
        && map.v0.abs() <= 1 << 60
        && [
            out.x0 - map.origin.0,
            out.x1 - map.origin.0,
            out.y0 - map.origin.1,
            out.y1 - map.origin.1,
        ]
        .into_iter()
        .all(near)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::kernels::Plain;

    /// `outline.fill` with every instruction set this CPU runs but the
    /// portable one, each into zeroed words of `size`: its name, words and
    /// summary.
    #[allow(clippy::too_many_arguments)]
    fn fill_each_set(
        o: &Outline,
        mask: &Mask,
        scratch: &mut EdgeScratch,
        map: &PixelMap,
        out: &PixelRect,
        cut: bool,
        size: usize,
    ) -> Vec<(&'static str, Vec<u64>, Summary)> {
        let mut all = Vec::new();
        let mut run = |name, fill: &mut dyn FnMut(&mut [u64]) -> Summary| {
            let mut words = vec![0u64; size];
            let summary = fill(&mut words);
            all.push((name, words, summary));
        };
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(isa) = crate::cpu::Avx2::detect() {
                run("avx2", &mut |w| {
                    o.fill(isa, mask, scratch, map, out, cut, w)
                });
            }
            if let Some(isa) = crate::cpu::Avx512::detect() {
                run("avx512", &mut |w| {
                    o.fill(isa, mask, scratch, map, out, cut, w)
                });
            }
        }
        crate::cpu::simd128!(if {
            if let Some(isa) = crate::cpu::Simd128::detect() {
                run("simd128", &mut |w| o.fill(isa, mask, scratch, map, out, cut, w));
            }
        } else {
            let _ = &mut run;
        });
        all
    }

    /// Every kernel this CPU runs flips the same pixels as the portable
    /// loop (the property tests compare whichever runs with the per-pixel
    /// reference), whole and clipped.
    #[test]
    fn simd_and_portable_flips_agree() {
        let mut rng = fastrand::Rng::with_seed(21);
        let mut covered = 0;
        for case in 0..2000 {
            let (w, h) = (rng.u32(1..90), rng.u32(1..60));
            let d = rng.f32();
            let mask = Mask::from_fn(w, h, |_, _| rng.f32() < d);
            let quarter = std::f32::consts::FRAC_PI_2 * rng.u32(0..4) as f32;
            let pose = crate::pose::Pose {
                x: rng.f32() * 200.0 - 100.0,
                y: rng.f32() * 200.0 - 100.0,
                rotation: if case % 5 == 0 {
                    quarter
                } else {
                    rng.f32() * 7.0
                },
                scale: [0.5, 1.0, 2.0, 0.3 + rng.f32() * 3.0][case % 4],
            };
            let Some(map) = pose.pixel_map(w, h) else {
                continue;
            };
            let full = map.bounds;
            if !fits(&map, &full) {
                continue;
            }
            let size = |r: &PixelRect| (r.width() as usize).div_ceil(64) * r.height() as usize;
            let o = Outline::of(&mask);
            let mut scratch = EdgeScratch::default();
            // Every third case clipped to a random window of the bounds,
            // which must give the whole build's bits inside it.
            let mut whole = vec![0u64; size(&full)];
            o.fill(Plain, &mask, &mut scratch, &map, &full, false, &mut whole);
            let out = if case % 3 == 0 {
                let mut cut = |a: i64, b: i64| {
                    let (p, q) = (rng.i64(a..=b), rng.i64(a..=b));
                    (p.min(q), p.max(q) + 1)
                };
                let (x0, x1) = cut(full.x0, full.x1 - 1);
                let (y0, y1) = cut(full.y0, full.y1 - 1);
                PixelRect { x0, y0, x1, y1 }
            } else {
                full
            };
            let cut = out.x0 > full.x0;
            let mut plain = vec![0u64; size(&out)];
            let plain_summary = o.fill(Plain, &mask, &mut scratch, &map, &out, cut, &mut plain);
            let sets = fill_each_set(&o, &mask, &mut scratch, &map, &out, cut, size(&out));
            for (name, simd, simd_summary) in sets {
                assert_eq!(plain, simd, "case {case}, {name}");
                assert_eq!(plain_summary, simd_summary, "case {case}, {name}");
            }
            let bit = |words: &[u64], r: &PixelRect, x: i64, y: i64| {
                let (i, j) = ((x - r.x0) as usize, (y - r.y0) as usize);
                let per_row = (r.width() as usize).div_ceil(64);
                words[j * per_row + i / 64] >> (i % 64) & 1
            };
            for y in out.y0..out.y1 {
                for x in out.x0..out.x1 {
                    let want = bit(&whole, &full, x, y);
                    assert_eq!(bit(&plain, &out, x, y), want, "case {case} ({x}, {y})");
                }
            }
            covered += usize::from(plain.iter().any(|&w| w != 0));
        }
        assert!(covered > 1000, "only {covered} cases covered a pixel");
    }
}
