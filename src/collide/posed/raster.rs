//! Rasterising a mask in a pose into world-aligned coverage (the storage of
//! a [`crate::collide::PosedMask`]).
//!
//! An integer translation is the mask itself. Any other pose takes the
//! cheaper of two exact methods (or the one asked for):
//! - **edges** ([`super::edges`]): the mask's boundary edges flip pixels
//!   along each world row, a prefix XOR fills between; cost follows the
//!   outline (how many world rows its edges reach);
//! - **pixel walk**: row by row over the solid box, each row's column span
//!   estimated (a superset), the samples along it read 64 at a time by the
//!   exact walkers the general scanner uses; cost follows the pixels.

use super::edges::{self, Outline};
use crate::collide::kernels::raster::{or_bits, EdgeScratch, RasterKernels};
use crate::collide::kernels::Plain;
use crate::collide::sprite::{Place, Placed};
use crate::collide::transformed::Source;
use crate::cpu::Chosen;
use crate::mask::{Mask, Summary};
use crate::pose::{PixelMap, PixelRect, Pose, FRAC_BITS};

/// How a posed mask is rasterised. Every method gives the same bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RasterMethod {
    /// The cheaper of the two for this mask and pose (estimated).
    #[default]
    Auto,
    /// Boundary edges flipping pixels along each world row.
    Edges,
    /// Every pixel of the solid box's rows, 64 samples at a time.
    PixelWalk,
}

/// The coverage of `mask` in `pose` and the world position of its texel
/// `(0, 0)`, built in `words` (whose old contents are dropped), the edge
/// kernels' scratch in `scratch` (the mask's outline is the mask's own,
/// [`Outline::cached`]). Empty (0×0) when the pose is invalid or the mask
/// has no solid texel. With a `window`, only the pixels inside it are
/// rasterised (exactly; an integer translation keeps the whole mask).
pub(in crate::collide) fn coverage(
    mask: &Mask,
    pose: &Pose,
    mut words: Vec<u64>,
    scratch: &mut EdgeScratch,
    method: RasterMethod,
    window: Option<&PixelRect>,
) -> (Mask, (i64, i64)) {
    words.clear();
    let Some(placed) = Placed::new(mask, pose) else {
        return (Mask::from_words(0, 0, words), (0, 0));
    };
    match placed.place {
        Place::Translate { x, y } => {
            words.extend_from_slice(mask.words());
            (Mask::from_words(mask.width(), mask.height(), words), (x, y))
        }
        Place::Map(map) => {
            let rect = match window {
                None => placed.solid,
                Some(window) => match placed.solid.intersect(window) {
                    Some(rect) => rect,
                    None => return (Mask::from_words(0, 0, words), (0, 0)),
                },
            };
            // The solid box is a few pixels wider than the sprite's world
            // box at most, so its sides fit a mask's.
            let (w, h) = (rect.width() as u32, rect.height() as u32);
            words.resize((w as usize).div_ceil(64) * h as usize, 0);
            // The map of the whole mask (the placed one is cut to the solid box).
            let full = PixelMap {
                bounds: placed.bounds,
                u0: map.map.u0 + (i64::from(map.texel0.0) << FRAC_BITS),
                v0: map.map.v0 + (i64::from(map.texel0.1) << FRAC_BITS),
                width: mask.width(),
                height: mask.height(),
                ..map.map
            };
            debug_assert_eq!(Some(full), pose.pixel_map(mask.width(), mask.height()));
            let job = Job {
                placed: &placed,
                full: &full,
                rect: &rect,
                method,
            };
            let summary = match Chosen::now() {
                // SAFETY: the proofs confirm every feature the wrappers enable.
                #[cfg(target_arch = "x86_64")]
                Chosen::Avx512(isa) => unsafe { build_avx512(isa, &job, scratch, &mut words) },
                #[cfg(target_arch = "x86_64")]
                Chosen::Avx2(isa) => unsafe { build_avx2(isa, &job, scratch, &mut words) },
                Chosen::Simd128(isa) => crate::cpu::simd128!(if {
                    build(isa, &job, scratch, &mut words)
                } else {
                    let _ = isa;
                    build(Plain, &job, scratch, &mut words)
                }),
                Chosen::Scalar => build(Plain, &job, scratch, &mut words),
            };
            let corner = (rect.x0, rect.y0);
            match summary {
                Some(summary) => (Mask::from_summarised(w, h, words, summary), corner),
                None => (Mask::from_words(w, h, words), corner),
            }
        }
    }
}

/// One rasterisation under a map: the placed mask, the map of the whole
/// mask, the rectangle to fill and the method asked for.
struct Job<'a> {
    placed: &'a Placed<'a>,
    full: &'a PixelMap,
    rect: &'a PixelRect,
    method: RasterMethod,
}

/// [`build`] compiled for AVX2, BMI and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn build_avx2(
    isa: crate::cpu::Avx2,
    job: &Job,
    scratch: &mut EdgeScratch,
    words: &mut [u64],
) -> Option<Summary> {
    build(isa, job, scratch, words)
}

/// [`build`] compiled for AVX-512 and AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq,avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn build_avx512(
    isa: crate::cpu::Avx512,
    job: &Job,
    scratch: &mut EdgeScratch,
    words: &mut [u64],
) -> Option<Summary> {
    build(isa, job, scratch, words)
}

/// Fills the zeroed `words` (rows of `job.rect`) by the cheaper method (or
/// the one asked for) with `isa`'s kernels; the summary when the edges
/// gave one.
#[inline(always)]
fn build<K: RasterKernels>(
    isa: K,
    job: &Job,
    scratch: &mut EdgeScratch,
    words: &mut [u64],
) -> Option<Summary> {
    let (placed, rect) = (job.placed, job.rect);
    let mask = placed.mask;
    let by_edges = edges::fits(job.full, rect) && job.method != RasterMethod::PixelWalk && {
        let pixels = (rect.width() * rect.height()) as f64;
        // A clipped build reaches about its share of the outline.
        let share = pixels / (placed.solid.width() * placed.solid.height()) as f64;
        job.method == RasterMethod::Edges
            || Outline::cached(mask).cost_estimate::<K>(job.full) * share < pixels
    };
    if by_edges {
        let cut_left = rect.x0 > placed.solid.x0;
        let outline = Outline::cached(mask);
        return Some(outline.fill(isa, mask, scratch, job.full, rect, cut_left, words));
    }
    fill(isa, placed, rect, words);
    None
}

/// Sets the covered pixels of `placed` in the zeroed `words`, rows of
/// `rect`: the set's own pixel walk where it takes the pose, else its
/// scan walker.
#[inline(always)]
pub(crate) fn fill<K: RasterKernels>(isa: K, placed: &Placed, rect: &PixelRect, words: &mut [u64]) {
    if let Place::Map(map) = placed.place {
        if isa.walk(placed.mask, &map, rect, words) {
            return;
        }
        words.fill(0);
    }
    fill_with(isa, placed, rect, words);
}

/// Reads each row's span 64 samples at a time and stores the words.
#[inline(always)]
pub(crate) fn fill_with<I: RasterKernels>(
    isa: I,
    placed: &Placed,
    rect: &PixelRect,
    words: &mut [u64],
) {
    let per_row = (rect.width() as usize).div_ceil(64);
    let mut source = Source::new(isa, placed, 1);
    for (y, row) in (rect.y0..rect.y1).zip(words.chunks_exact_mut(per_row.max(1))) {
        let Some((x0, x1)) = source.span(y, rect) else {
            continue;
        };
        source.start(x0, y, x1 - x0);
        let mut x = x0;
        while x < x1 {
            let len = (x1 - x).min(64) as u32;
            let bits = source.next(len, 1);
            or_bits(row, (x - rect.x0) as usize, bits);
            x += i64::from(len);
        }
    }
}

#[cfg(all(test, target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// Each set's own pixel walk sets the same pixels as the portable
    /// walker (the property tests compare whichever runs with the per-pixel
    /// reference), whole and clipped; AVX-512's takes every pose, AVX2's
    /// those whose steps fit its texel windows.
    #[test]
    fn vector_and_portable_walks_agree() {
        let mut rng = fastrand::Rng::with_seed(31);
        let mut compared = [0usize; 2];
        for case in 0..2000usize {
            let (w, h) = (rng.u32(1..150), rng.u32(1..70));
            let d = rng.f32();
            let mask = Mask::from_fn(w, h, |_, _| rng.f32() < d);
            let pose = Pose {
                x: rng.f32() * 300.0 - 150.0,
                y: rng.f32() * 300.0 - 150.0,
                rotation: if case.is_multiple_of(7) {
                    std::f32::consts::FRAC_PI_2 * rng.u32(0..4) as f32
                } else {
                    rng.f32() * 7.0
                },
                scale: [1.0, 0.9, 2.0, 0.2 + rng.f32() * 4.0][case % 4],
            };
            let Some(placed) = Placed::new(&mask, &pose) else {
                continue;
            };
            let Place::Map(map) = placed.place else {
                continue;
            };
            // The whole solid box, or a window cut out of it.
            let rect = if case % 3 == 0 {
                let s = placed.solid;
                let mut cut = |a: i64, b: i64| {
                    let (p, q) = (rng.i64(a..b), rng.i64(a..b));
                    (p.min(q), p.max(q) + 1)
                };
                let (x0, x1) = cut(s.x0, s.x1);
                let (y0, y1) = cut(s.y0, s.y1);
                PixelRect { x0, y0, x1, y1 }
            } else {
                placed.solid
            };
            let size = (rect.width() as usize).div_ceil(64) * rect.height() as usize;
            let mut plain = vec![0u64; size];
            fill_with(Plain, &placed, &rect, &mut plain);
            let mut check = |k: usize, walk: &dyn Fn(&mut [u64]) -> bool| {
                let mut simd = vec![0u64; size];
                if walk(&mut simd) {
                    assert_eq!(simd, plain, "case {case}, set {k}");
                    compared[k] += 1;
                }
            };
            if let Some(isa) = crate::cpu::Avx2::detect() {
                check(0, &|words| isa.walk(&mask, &map, &rect, words));
            }
            if let Some(isa) = crate::cpu::Avx512::detect() {
                check(1, &|words| isa.walk(&mask, &map, &rect, words));
            }
        }
        let sets = [
            crate::cpu::Avx2::detect().is_some(),
            crate::cpu::Avx512::detect().is_some(),
        ];
        for (k, (&n, has)) in compared.iter().zip(sets).enumerate() {
            assert!(!has || n > 800, "set {k}: only {n} cases compared");
        }
    }
}
