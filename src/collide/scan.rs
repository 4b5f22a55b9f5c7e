//! The scan dispatch: two placed sprites, the lattice of tested pixels, and
//! the scanner and instruction set that suit them. The queries of
//! [`super`] and of posed masks all end here.

use super::kernels::{Plain, ScanKernels};
use super::options::{centre, Lattice, Sampling};
use super::sprite::{integer_offset, Place, Placed};
use super::stats::{Any, Count, Overlap, RawOverlap, Stats, Visit};
use super::{transformed, translate};
use crate::collide::translate::narrow_overlap::{narrow_overlap, narrow_pair};
use crate::cpu::Chosen;
use crate::mask::Mask;
use crate::pose::{PixelRect, Pose};

#[cfg(target_arch = "x86_64")]
use super::x86;

/// [`super::intersects`] for two integer translations, with no more setup
/// than their solid boxes; `None` for any other pair of poses.
#[inline]
pub(super) fn translated_any(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<bool> {
    let ((ax, ay), (bx, by)) = (integer_offset(pose_a)?, integer_offset(pose_b)?);
    let (Some(pa), Some(pb)) = (Placed::translated(a, ax, ay), Placed::translated(b, bx, by))
    else {
        return Some(false);
    };
    Some(any_shared(&pa, &pb, &Lattice::EVERY_PIXEL))
}

/// Lattice step of [`probe_any`]: every fourth pixel of every fourth row.
const PROBE_STEP: i64 = 8;

/// The cheap first half of [`super::intersects`] for any other pair of
/// poses: the exact scan over a coarse lattice of the boxes' overlap
/// (every [`PROBE_STEP`]-th pixel in x and y, about a sixteenth of the
/// pixels). `Some(true)` when a lattice pixel is shared (an exact hit:
/// each lattice pixel is tested exactly), `Some(false)` when the sprites
/// cannot share a pixel (invalid pose, empty mask, boxes apart), `None`
/// when the lattice found nothing and the full test must decide.
#[inline]
pub(super) fn probe_any(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<bool> {
    let (Some(pa), Some(pb)) = (Placed::new(a, pose_a), Placed::new(b, pose_b)) else {
        return Some(false);
    };
    let Some(both) = pa.bounds.intersect(&pb.bounds) else {
        return Some(false);
    };
    any_shared(&pa, &pb, &Lattice::at(&both, PROBE_STEP)).then_some(true)
}

/// [`super::overlap`] for two integer translations, with no more setup
/// than their solid boxes; `None` for any other pair of poses.
#[inline]
pub(super) fn translated_overlap(
    a: &Mask,
    pose_a: &Pose,
    b: &Mask,
    pose_b: &Pose,
) -> Option<Option<Overlap>> {
    let ((ax, ay), (bx, by)) = (integer_offset(pose_a)?, integer_offset(pose_b)?);
    let (Some(pa), Some(pb)) = (Placed::translated(a, ax, ay), Placed::translated(b, bx, by))
    else {
        return Some(None);
    };
    let centres = [
        centre(pose_a, a.width(), a.height()),
        centre(pose_b, b.width(), b.height()),
    ];
    Some(overlap_of(
        &pa,
        &pb,
        &Lattice::EVERY_PIXEL,
        &Sampling::EXACT,
        centres,
    ))
}

/// [`super::overlap_count`] for two integer translations, with no more
/// setup than their solid boxes; `None` for any other pair of poses.
#[inline]
pub(super) fn translated_count(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) -> Option<u64> {
    let ((ax, ay), (bx, by)) = (integer_offset(pose_a)?, integer_offset(pose_b)?);
    let (Some(pa), Some(pb)) = (Placed::translated(a, ax, ay), Placed::translated(b, bx, by))
    else {
        return Some(0);
    };
    Some(count_shared(&pa, &pb, &Lattice::EVERY_PIXEL))
}

/// Shared lattice pixels of the two placed sprites.
pub(super) fn count_shared(pa: &Placed, pb: &Placed, lat: &Lattice) -> u64 {
    let mut count = Count::default();
    scan(pa, pb, lat, &mut count);
    count.count
}

/// True when the two placed sprites share a lattice pixel.
pub(super) fn any_shared(pa: &Placed, pb: &Placed, lat: &Lattice) -> bool {
    let mut any = Any::default();
    // Small masks: one word per row, no instruction-set dispatch.
    if let (Place::Translate { x: ax, y: ay }, Place::Translate { x: bx, y: by }, 1) =
        (pa.place, pb.place, lat.step)
    {
        let Some(region) = pa.solid.intersect(&pb.solid) else {
            return false;
        };
        if translate::narrow((pa.mask, ax, ay), (pb.mask, bx, by), &region, &mut any) {
            return any.found;
        }
    }
    scan(pa, pb, lat, &mut any);
    any.found
}

/// The statistics of what two placed sprites share, gradient included
/// (up to five scans; a search and one pass for small translated pairs),
/// or `None`. `centres` are the boxes' world centres
/// for the normal's fallback.
pub(super) fn overlap_of(
    pa: &Placed,
    pb: &Placed,
    lat: &Lattice,
    sampling: &Sampling,
    centres: [[f64; 2]; 2],
) -> Option<Overlap> {
    // Small translated pairs: one pass for the statistics and the
    // gradient, after a search that stops at the first shared pixel (a
    // pair that shares nothing costs only that).
    if let Some(pair) = (lat.step == 1).then(|| narrow_pair(pa, pb)).flatten() {
        if !any_shared(pa, pb, lat) {
            return None;
        }
        return narrow_overlap(&pair).finish(sampling, centres);
    }
    let mut stats = Stats::default();
    scan(pa, pb, lat, &mut stats);
    let mut raw: RawOverlap = stats.raw;
    if raw.count == 0 {
        return None;
    }
    let n = lat.step;
    let shared_with_b_moved = |dx: i64, dy: i64| {
        let mut c = Count::default();
        scan(pa, &pb.shifted(dx, dy), lat, &mut c);
        c.count as i64
    };
    raw.grad = [
        shared_with_b_moved(-n, 0) - shared_with_b_moved(n, 0),
        shared_with_b_moved(0, -n) - shared_with_b_moved(0, n),
    ];
    raw.finish(sampling, centres)
}

/// Both sprites placed for testing, and the lattice of tested pixels.
pub(super) fn prepare<'a>(
    a: &'a Mask,
    pose_a: &Pose,
    b: &'a Mask,
    pose_b: &Pose,
    sampling: &Sampling,
) -> Option<(Placed<'a>, Placed<'a>, Lattice)> {
    let pa = Placed::new(a, &sampling.pose(pose_a, a.width(), a.height()))?;
    let pb = Placed::new(b, &sampling.pose(pose_b, b.width(), b.height()))?;
    let both = pa.bounds.intersect(&pb.bounds)?;
    Some((pa, pb, Lattice::at(&both, sampling.stride)))
}

/// Visits the shared lattice pixels of two placed sprites, with the
/// instruction set chosen on this thread ([`crate::cpu::Isa::chosen`]: the
/// best this CPU has unless forced).
pub(super) fn scan<V: Visit>(a: &Placed, b: &Placed, lat: &Lattice, visit: &mut V) {
    let Some(region) = a.solid.intersect(&b.solid) else {
        return;
    };
    let pair = Pair {
        a,
        b,
        region: &region,
        lat,
    };
    match Chosen::now() {
        #[cfg(target_arch = "x86_64")]
        Chosen::Avx512(isa)
            if matches!(
                (a.place, b.place),
                (Place::Translate { .. }, Place::Translate { .. })
            ) =>
        {
            // SAFETY: the proof confirms every feature `scan_avx512` enables.
            unsafe { scan_avx512(isa, pair, visit) }
        }
        #[cfg(target_arch = "x86_64")]
        Chosen::Avx512(crate::cpu::Avx512 { avx2: isa }) | Chosen::Avx2(isa) => {
            // SAFETY: the proof confirms every feature `scan_avx2` enables.
            unsafe { scan_avx2(isa, pair, visit) }
        }
        Chosen::Scalar => scan_with(Plain, pair, visit),
        Chosen::Simd128(isa) => crate::cpu::simd128!(if {
            scan_with(isa, pair, visit)
        } else {
            let _ = isa;
            scan_with(Plain, pair, visit)
        }),
    }
}

/// What a scan reads: the two placed sprites, the region their solid
/// boxes share and the lattice.
#[derive(Clone, Copy)]
struct Pair<'p, 'm> {
    a: &'p Placed<'m>,
    b: &'p Placed<'m>,
    region: &'p PixelRect,
    lat: &'p Lattice,
}

/// [`scan_with`] compiled for AVX2, BMI and POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn scan_avx2<V: Visit>(isa: x86::Avx2, pair: Pair, visit: &mut V) {
    scan_with(isa, pair, visit);
}

/// [`scan_with`] compiled for AVX-512 (F, CD, VPOPCNTDQ) and AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512cd,avx512vpopcntdq,avx2,bmi1,bmi2,popcnt,lzcnt")]
unsafe fn scan_avx512<V: Visit>(isa: x86::Avx512, pair: Pair, visit: &mut V) {
    scan_with(isa, pair, visit);
}

/// Picks the scanner for the pair.
#[inline(always)]
fn scan_with<I: ScanKernels, V: Visit>(isa: I, pair: Pair, visit: &mut V) {
    let Pair { a, b, region, lat } = pair;
    match (a.place, b.place) {
        (Place::Translate { x: ax, y: ay }, Place::Translate { x: bx, y: by }) => {
            translate::scan(isa, (a.mask, ax, ay), (b.mask, bx, by), region, lat, visit)
        }
        _ => transformed::scan(isa, a, b, region, lat, visit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::QueryOptions;

    /// Every instruction set's scanner gives the portable one's statistics.
    #[test]
    fn portable_and_simd_scans_agree() {
        let mut rng = fastrand::Rng::with_seed(3);
        let mut shared = 0;
        for case in 0..600 {
            let mask = |rng: &mut fastrand::Rng| {
                let (w, h) = (rng.u32(1..140), rng.u32(1..30));
                let d = rng.f32();
                Mask::from_fn(w, h, |_, _| rng.f32() < d)
            };
            let (a, b) = (mask(&mut rng), mask(&mut rng));
            let pose = |rng: &mut fastrand::Rng| Pose {
                x: rng.f32() * 100.0 - 50.0,
                y: rng.f32() * 40.0 - 20.0,
                rotation: if case % 3 == 0 { 0.0 } else { rng.f32() * 7.0 },
                scale: if case % 3 == 0 {
                    1.0
                } else {
                    0.3 + rng.f32() * 2.0
                },
            };
            let (pa, pb) = (pose(&mut rng), pose(&mut rng));
            let stride = 1 + (case % 4) as u32;
            let sampling = Sampling::new(&QueryOptions {
                stride,
                accuracy: 1.0,
            });
            let Some((pa, pb, lat)) = prepare(&a, &pa, &b, &pb, &sampling) else {
                continue;
            };
            let Some(region) = pa.solid.intersect(&pb.solid) else {
                continue;
            };
            let pair = Pair {
                a: &pa,
                b: &pb,
                region: &region,
                lat: &lat,
            };
            let mut plain = Stats::default();
            scan_with(Plain, pair, &mut plain);
            #[cfg(target_arch = "x86_64")]
            {
                if let Some(isa) = x86::Avx2::detect() {
                    let mut simd = Stats::default();
                    // SAFETY: `isa` proves the CPU features.
                    unsafe { scan_avx2(isa, pair, &mut simd) };
                    assert_eq!(plain.raw, simd.raw, "AVX2, case {case}");
                }
                if let Some(isa) = x86::Avx512::detect() {
                    let mut simd = Stats::default();
                    // SAFETY: `isa` proves the CPU features.
                    unsafe { scan_avx512(isa, pair, &mut simd) };
                    assert_eq!(plain.raw, simd.raw, "AVX-512, case {case}");
                }
            }
            shared += usize::from(plain.raw.count > 0);
        }
        assert!(shared > 100, "only {shared} cases shared pixels");
    }
}
