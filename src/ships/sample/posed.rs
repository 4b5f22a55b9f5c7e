//! Sampling through a posed mask: the ship's exact world coverage
//! ([`PosedMask`]) ANDed with the field test 64 pixels at a time, which also
//! gives the world pixels hit ([`HitPixels`]). Same count and texels as
//! [`sample`] (property tested against the per-pixel reference on every
//! instruction set and [`TexelWrites`]).

use crate::collide::PosedMask;
use crate::field::Canvas;
use crate::mask::Mask;

use super::scratch::with_scratch;
use super::texels::{texel_box, TexelGrid};
use crate::cpu::Chosen;
#[cfg(doc)]
use crate::cpu::Isa;
use crate::ships::hits::{HitMap, HitPixels};
use crate::ships::sample::path::TexelWrites;
use crate::ships::sample::rows::{sample_with, Portable, Rows, Target};
#[cfg(doc)]
use crate::ships::sample::sample;
use crate::ships::sample::{canvas_rect, FieldTest, Thresholds};

/// [`sample`] through the ship's posed coverage (`posed`, built for `mask`
/// in its pose): 64 covered pixels ANDed with 64 field tests at a time.
/// Fills `hits` with the texels hit, `pixels` with the world pixels hit,
/// and returns their number; the same count and texels as [`sample`]. A
/// posed mask not built for `mask` ([`PosedMask::is_for`]: another size,
/// solid count or solid box, or a clipped build) hits nothing. Runs the
/// instruction set chosen on this thread (`cpu::Isa::chosen`, the widest
/// this CPU has unless a test forced another) with scratch texel writes.
pub fn sample_posed(
    canvas: &Canvas,
    mask: &Mask,
    posed: &PosedMask,
    thresholds: &Thresholds,
    hits: &mut HitMap,
    pixels: &mut HitPixels,
) -> u32 {
    sample_posed_with(
        TexelWrites::Scratch,
        canvas,
        mask,
        posed,
        thresholds,
        hits,
        pixels,
    )
}

/// [`sample_posed`] recording texels as `texels` says (both give the same
/// bits; tests and benches try each, with each instruction set forced by
/// [`Isa::force`]).
pub fn sample_posed_with(
    texels: TexelWrites,
    canvas: &Canvas,
    mask: &Mask,
    posed: &PosedMask,
    thresholds: &Thresholds,
    hits: &mut HitMap,
    pixels: &mut HitPixels,
) -> u32 {
    let (w, h) = (mask.width(), mask.height());
    hits.reset(w, h);
    let cover = posed.coverage();
    let origin = posed.origin();
    pixels.reset(origin, cover.width(), cover.height());
    let pose = posed.pose();
    if !posed.is_for(mask, &pose) {
        return 0;
    }
    let Some(rect) = posed.world_rect() else {
        return 0;
    };
    let Some(clip) = rect.intersect(&canvas_rect(canvas)) else {
        return 0;
    };
    let rows = Rows {
        canvas,
        cover,
        origin,
        clip,
        test: FieldTest::new(thresholds),
    };
    let isa = Chosen::now();
    if pose.is_integer_translation() {
        return run(isa, &rows, Target::Translated(hits), pixels);
    }
    let Some(map) = pose.pixel_map(w, h) else {
        return 0;
    };
    let grid = TexelGrid::new(&map, hits.words_per_row);
    if texels == TexelWrites::Scratch && grid.bits() <= TexelWrites::MAX_SCRATCH {
        let texel_box = texel_box(&map, &clip);
        let scratch = with_scratch(grid.bits() + 1, |bytes| {
            let target = Target::Scratch {
                grid,
                bytes,
                texel_box,
                hits: &mut *hits,
            };
            run(isa, &rows, target, &mut *pixels)
        });
        if let Some(count) = scratch {
            return count;
        }
    }
    run(isa, &rows, Target::Bits { grid, hits }, pixels)
}

/// Runs the row loop compiled for `isa`.
fn run(isa: Chosen, rows: &Rows, target: Target, pixels: &mut HitPixels) -> u32 {
    match isa {
        #[cfg(target_arch = "x86_64")]
        Chosen::Avx512(isa) => super::x86::sample_avx512(isa, rows, target, pixels),
        #[cfg(target_arch = "x86_64")]
        Chosen::Avx2(isa) => super::x86::sample_avx2(isa, rows, target, pixels),
        Chosen::Scalar | Chosen::Simd128(_) => sample_with(Portable, rows, target, pixels),
    }
}
