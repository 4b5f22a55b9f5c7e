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

mod crossing;
mod flips;
mod kernel;
mod outline;

pub(crate) use flips::{prefix_xor_rows, Family, Flips};
pub(crate) use outline::{EdgeScratch, Outline};
// What the AVX-512 kernel (`collide/x86/avx512/edges.rs`) reads.
#[cfg(target_arch = "x86_64")]
pub(crate) use {
    flips::{RowStep, ROUNDING},
    outline::EdgeList,
};

use crate::collide::posed::edges::crossing::Crossing;
use crate::mask::{Mask, Summary};
use crate::pose::{PixelMap, PixelRect, FRAC_BITS};
pub(in crate::collide) use flips::prefix_xor;
use flips::{flip_edges, Geometry};
use kernel::EdgeKernel;

impl Outline {
    /// Estimated cost of [`Outline::fill`] under `map`, in pixels of the
    /// solid box walked by the pixel walker in the same time.
    pub(in crate::collide) fn cost_estimate(&self, map: &PixelMap) -> f64 {
        // One (edge, world row) visit costs about this many walked pixels
        // (`posed/128/build` benches: the 80×80 disc with holes at scale 1,
        // about 850 visits, takes 3.1 µs by edges with AVX-512 and 7 µs by
        // walking its 110×110 box; the portable loop is about 1.7× slower).
        let per_visit = match EdgeKernel::available() {
            EdgeKernel::Avx512 => 6.0,
            EdgeKernel::Avx2 => 8.0,
            EdgeKernel::Portable | EdgeKernel::Simd128 => 10.0,
        };
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
    /// mask this outline is of). `map` must
    /// satisfy [`fits`] over `out`; `cut_left` says that covered pixels may
    /// lie left of `out` (a clipped build). Returns the coverage's summary
    /// (solid box and count).
    pub(in crate::collide) fn fill(
        &self,
        mask: &Mask,
        scratch: &mut EdgeScratch,
        map: &PixelMap,
        out: &PixelRect,
        cut_left: bool,
        words: &mut [u64],
    ) -> Summary {
        let kernel = EdgeKernel::available();
        self.fill_with(mask, scratch, map, out, cut_left, words, kernel)
    }

    /// [`Outline::fill`] with the given kernel (tests compare them).
    #[allow(clippy::too_many_arguments)]
    pub(in crate::collide) fn fill_with(
        &self,
        mask: &Mask,
        scratch: &mut EdgeScratch,
        map: &PixelMap,
        out: &PixelRect,
        cut_left: bool,
        words: &mut [u64],
        kernel: EdgeKernel,
    ) -> Summary {
        #[cfg(target_arch = "x86_64")]
        let avx512 = kernel == EdgeKernel::Avx512;
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (kernel, &scratch); // only the portable loop runs here
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
        // The vector kernels' float shortcuts need the mask's lines below
        // 2^46 (`fits_avx2`).
        #[cfg(target_arch = "x86_64")]
        let mask_side = mask.width().max(mask.height());
        for (list, family) in [horizontal, vertical].into_iter().zip(families) {
            let Some(family) = family else { continue };
            #[cfg(target_arch = "x86_64")]
            if avx512 {
                let doubles = crate::collide::x86::fits_avx2(&family, &flips, mask_side);
                // SAFETY: `EdgeKernel::Avx512` is only chosen where AVX-512 was
                // detected.
                unsafe {
                    crate::collide::x86::flip_edges_avx512(
                        list,
                        &family,
                        &flips,
                        words,
                        &mut scratch.lanes,
                        &mut scratch.flipped,
                        doubles,
                    )
                };
                continue;
            }
            #[cfg(target_arch = "x86_64")]
            if kernel == EdgeKernel::Avx2
                && crate::collide::x86::fits_avx2(&family, &flips, mask_side)
            {
                // SAFETY: `EdgeKernel::Avx2` is only chosen where AVX2 was
                // detected; the values' ranges were checked just above.
                unsafe {
                    crate::collide::x86::flip_edges_avx2(
                        list,
                        &family,
                        &flips,
                        words,
                        &mut scratch.lanes,
                    )
                };
                continue;
            }
            flip_edges(list, &family, &flips, words);
        }
        if cut_left {
            #[cfg(target_arch = "x86_64")]
            if avx512 {
                let (dx, dy) = (out.x0 - 1 - map.origin.0, out.y0 - map.origin.1);
                let seeds = crate::collide::x86::Seeds {
                    u: map.u0 + map.du_dx * dx + map.du_dy * dy,
                    v: map.v0 + map.dv_dx * dx + map.dv_dy * dy,
                    du: map.du_dy,
                    dv: map.dv_dy,
                };
                let (texels, width, height) = (mask.words(), mask.width(), mask.height());
                // SAFETY: `EdgeKernel::Avx512` is only chosen where AVX-512 was
                // detected.
                unsafe {
                    crate::collide::x86::seed_left_avx512(
                        &seeds, texels, width, height, per_row, words,
                    )
                };
            } else {
                seed_left(mask, map, out, per_row, words);
            }
            #[cfg(not(target_arch = "x86_64"))]
            seed_left(mask, map, out, per_row, words);
        }
        let tail = match out.width() % 64 {
            0 => u64::MAX,
            n => (1u64 << n) - 1,
        };
        #[cfg(target_arch = "x86_64")]
        if avx512 {
            // SAFETY: `EdgeKernel::Avx512` is only chosen where AVX-512 was
            // detected.
            return unsafe { crate::collide::x86::prefix_xor_rows_avx512(words, per_row, tail) };
        }
        #[cfg(target_arch = "x86_64")]
        if kernel == EdgeKernel::Avx2 {
            // SAFETY: `EdgeKernel::Avx2` is only chosen where AVX2 (with
            // POPCNT) was detected.
            return unsafe { crate::collide::x86::prefix_xor_rows_avx2(words, per_row, tail) };
        }
        if kernel == EdgeKernel::Simd128 {
            crate::cpu::simd128!(if {
                return crate::collide::v128::prefix_xor_rows_v128(words, per_row, tail);
            } else {});
        }
        prefix_xor_rows(words, per_row, tail, prefix_xor)
    }
}

/// XORs into each row's first bit the coverage (by `mask`'s texels) of
/// the pixel just left of `out`: the parity of every flip the row drops on
/// the left. `map` must satisfy [`fits`] over `out` (so the sample
/// coordinates, stepped down the column, stay in `i64`).
fn seed_left(mask: &Mask, map: &PixelMap, out: &PixelRect, per_row: usize, words: &mut [u64]) {
    let (dx, dy) = (out.x0 - 1 - map.origin.0, out.y0 - map.origin.1);
    let mut u = map.u0 + map.du_dx * dx + map.du_dy * dy;
    let mut v = map.v0 + map.dv_dx * dx + map.dv_dy * dy;
    for row in words.chunks_exact_mut(per_row.max(1)) {
        if let Some((i, j)) = map.texel_of(u, v) {
            row[0] ^= u64::from(mask.get(i, j));
        }
        u += map.du_dy;
        v += map.dv_dy;
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

/// Checks a prefix pass against the portable one: the same words and
/// summary for every row width (one and two words, three to eight, wider),
/// on sparse and dense rows, empty ones too, and every kind of last-word cut.
#[cfg(test)]
pub(crate) fn check_prefix_pass(
    name: &str,
    pass: impl Fn(&mut [u64], usize, u64) -> crate::mask::Summary,
) {
    let mut rng = fastrand::Rng::with_seed(17);
    for case in 0..3000 {
        let per_row = rng.usize(1..13);
        let rows = rng.usize(0..40);
        let density = rng.u32(0..4);
        let mut words: Vec<u64> = (0..per_row * rows)
            .map(|_| {
                (0..density).fold(u64::MAX, |w, _| w & rng.u64(..)) * u64::from(rng.u8(..) < 200)
            })
            .collect();
        if case % 7 == 0 {
            words.iter_mut().for_each(|w| *w = 0);
        }
        let tail = match rng.u8(0..3) {
            0 => u64::MAX,
            _ => (1u64 << rng.u32(1..64)) - 1,
        };
        let mut plain = words.clone();
        let prefix = |mut x: u64| {
            let (mut acc, mut out) = (0u64, 0u64);
            for i in 0..64 {
                acc ^= x & 1;
                out |= acc << i;
                x >>= 1;
            }
            out
        };
        let want = prefix_xor_rows(&mut plain, per_row, tail, prefix);
        let got = pass(&mut words, per_row, tail);
        assert_eq!(
            (words, got),
            (plain, want),
            "case {case}: {per_row} words, {name}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every kernel this CPU runs flips the same pixels as the portable
    /// loop (the property tests compare whichever runs with the per-pixel
    /// reference), whole and clipped.
    #[test]
    fn simd_and_portable_flips_agree() {
        let kernels = EdgeKernel::supported();
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
            o.fill_with(
                &mask,
                &mut scratch,
                &map,
                &full,
                false,
                &mut whole,
                EdgeKernel::Portable,
            );
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
            let plain_summary = o.fill_with(
                &mask,
                &mut scratch,
                &map,
                &out,
                cut,
                &mut plain,
                EdgeKernel::Portable,
            );
            for &kernel in &kernels[1..] {
                let mut simd = vec![0u64; size(&out)];
                let simd_summary =
                    o.fill_with(&mask, &mut scratch, &map, &out, cut, &mut simd, kernel);
                assert_eq!(plain, simd, "case {case}, {kernel:?}");
                assert_eq!(plain_summary, simd_summary, "case {case}, {kernel:?}");
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
