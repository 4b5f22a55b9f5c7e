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

use super::edges::{self, EdgeScratch, Outline};
pub(crate) use crate::collide::kernels::Plain;
use crate::collide::kernels::ScanKernels;
use crate::collide::sprite::{Place, Placed};
use crate::collide::transformed::Source;
use crate::cpu::Chosen;
use crate::mask::Mask;
use crate::pose::{PixelMap, PixelRect, Pose, FRAC_BITS};

#[cfg(target_arch = "x86_64")]
use crate::collide::x86;

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
            let by_edges = edges::fits(&full, &rect) && method != RasterMethod::PixelWalk && {
                let pixels = (rect.width() * rect.height()) as f64;
                // A clipped build reaches about its share of the outline.
                let share = pixels / (placed.solid.width() * placed.solid.height()) as f64;
                method == RasterMethod::Edges
                    || Outline::cached(mask).cost_estimate(&full) * share < pixels
            };
            if !by_edges {
                fill(&placed, &rect, &mut words);
                return (Mask::from_words(w, h, words), (rect.x0, rect.y0));
            }
            let cut_left = rect.x0 > placed.solid.x0;
            let summary =
                Outline::cached(mask).fill(mask, scratch, &full, &rect, cut_left, &mut words);
            (
                Mask::from_summarised(w, h, words, summary),
                (rect.x0, rect.y0),
            )
        }
    }
}

/// Sets the covered pixels of `placed` in `words`, rows of `rect`.
fn fill(placed: &Placed, rect: &PixelRect, words: &mut [u64]) {
    match crate::cpu::Chosen::now() {
        #[cfg(target_arch = "x86_64")]
        Chosen::Avx512(isa) => {
            if let Place::Map(map) = placed.place {
                // SAFETY: the proof confirms AVX-512F, all `fill_walk_avx512`
                // enables.
                if unsafe { x86::fill_walk_avx512(placed.mask, &map, rect, words) } {
                    return;
                }
                words.fill(0);
            }
            // SAFETY: the proof confirms every feature `fill_avx2` enables.
            unsafe { fill_avx2(isa.avx2, placed, rect, words) };
        }
        #[cfg(target_arch = "x86_64")]
        Chosen::Avx2(isa) => {
            if let Place::Map(map) = placed.place {
                // SAFETY: the proof confirms AVX2, all `fill_windowed_avx2`
                // enables.
                if unsafe { x86::fill_windowed_avx2(placed.mask, &map, rect, words) } {
                    return;
                }
            }
            // SAFETY: the proof confirms every feature `fill_avx2` enables.
            unsafe { fill_avx2(isa, placed, rect, words) };
        }
        Chosen::Scalar | Chosen::Simd128(_) => fill_with(Plain, placed, rect, words),
    }
}

/// [`fill_with`] compiled for AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn fill_avx2(isa: x86::Avx2, placed: &Placed, rect: &PixelRect, words: &mut [u64]) {
    fill_with(isa, placed, rect, words);
}

/// Reads each row's span 64 samples at a time and stores the words.
#[inline(always)]
pub(crate) fn fill_with<I: ScanKernels>(
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

/// ORs `bits` into a packed row from bit `at` on (bits past the row's end
/// must be zero).
#[inline(always)]
pub(crate) fn or_bits(row: &mut [u64], at: usize, bits: u64) {
    if bits == 0 {
        return;
    }
    let (word, shift) = (at / 64, at % 64);
    if let Some(w) = row.get_mut(word) {
        *w |= bits << shift;
    }
    if shift != 0 {
        if let Some(w) = row.get_mut(word + 1) {
            *w |= bits >> (64 - shift);
        }
    }
}

/// Random cases for tests that compare a pixel walk with the portable one
/// (the x86 walks' tests; other targets have none).
#[cfg(all(test, target_arch = "x86_64"))]
pub(crate) mod walk_cases {
    use crate::mask::Mask;
    use crate::pose::Pose;

    /// Case `case`'s random mask (up to 149×69, random density) and pose:
    /// a right-angle turn every 7th case, any angle otherwise; the scale is
    /// `scales[case % 4]`, or for every 4th case one from `lowest` to
    /// `lowest + 4`.
    pub(crate) fn mask_and_pose(
        rng: &mut fastrand::Rng,
        case: usize,
        scales: [f32; 3],
        lowest: f32,
    ) -> (Mask, Pose) {
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
            scale: [scales[0], scales[1], scales[2], lowest + rng.f32() * 4.0][case % 4],
        };
        (mask, pose)
    }
}
