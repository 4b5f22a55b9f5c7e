//! The x86-64 sampling kernels: AVX2 and AVX-512 implementations of
//! [`Kernels`], the field test and the scratch pack written once over a
//! group of 32-bit lanes ([`Lanes`]: eight with AVX2, sixteen with
//! AVX-512), and the row loop compiled for each; SSE2 (the baseline) for
//! the plain sampler's field test. Marking texels differs by set: AVX2
//! sends the lanes that missed to a junk bit, AVX-512 compresses the hit
//! lanes into a queue (AVX2 has no compress).
//!
//! As in `collide/`: portable code defines the trait, this folder
//! implements it, and only `sample/posed.rs` picks an instruction set.

mod avx2;
mod avx512;
pub(super) mod sse2;

pub(in crate::ships) use crate::cpu::{Avx2, Avx512};

use super::texels::{mark_portable, TexelGrid, Texels};
use crate::collide::x86::lanes32::Lanes32;
use crate::ships::hits::HitPixels;
use crate::ships::sample::rows::{sample_with, Kernels, Rows, Target};
use crate::ships::sample::FieldTest;

/// A group of 32-bit lanes, one pixel each, with what the sampling
/// kernels do per group beyond [`Lanes32`]. Every method is `unsafe` only
/// for the CPU features: it runs inlined into an entry point that enables
/// them.
#[allow(clippy::missing_safety_doc)]
pub(in crate::ships) trait Lanes: Lanes32 {
    /// Whether [`Lanes::send`] sends the lanes that missed to the texels'
    /// junk bit (AVX2, which has no compress; else they are dropped).
    const JUNK: bool;
    /// One texel axis: the lane offsets `l·d`.
    type Axis: Copy;

    unsafe fn axis(d: i64) -> Self::Axis;
    /// The integer halves of `start + l·d`, biased (exact modulo 2^64,
    /// as [`TexelGrid::uv`]).
    unsafe fn integer_parts(axis: &Self::Axis, start: i64) -> Self::V;

    /// Bit `l` set when lane `l` of `group` passes the per-byte minimums
    /// `min` (every byte of the pixel at least its minimum); the pixels
    /// from `from`, read only in the lanes of `group` (masked loads).
    unsafe fn field_group(min: i32, from: *const i32, group: u32) -> u32;
    /// The sign bits of 64 bytes from `p`, which are then zeroed.
    unsafe fn take64(p: *mut u8) -> u64;
    /// Sets texel `bit` of each lane of `ok` (each below the texels'
    /// size); `junk` is the texels' junk bit when [`Lanes::JUNK`].
    unsafe fn send<T: Texels>(ok: Self::M, bit: Self::V, junk: usize, texels: &mut T);
}

/// A sample's [`TexelGrid`] as vectors for [`mark`]: the lanes' texel
/// axes ([`Lanes::Axis`]) and the sprite's limits, biased.
#[derive(Clone, Copy)]
pub(in crate::ships) struct Map<L: Lanes> {
    grid: TexelGrid,
    /// Whether every bit index fits in 31 bits (else marking is portable).
    fits: bool,
    u: L::Axis,
    v: L::Axis,
    width_b: L::V,
    height_b: L::V,
    stride: L::V,
    /// Takes the biases out of `j·stride + i` computed on biased lanes.
    unbias: L::V,
}

/// [`Kernels::map`].
#[inline(always)]
unsafe fn map<L: Lanes>(grid: &TexelGrid) -> Map<L> {
    let biased = |n: u32| L::splat(n as i32 ^ L::BIAS);
    let stride = grid.stride as i32;
    Map {
        grid: *grid,
        fits: grid.bits() <= i32::MAX as usize,
        u: L::axis(grid.du),
        v: L::axis(grid.dv),
        width_b: biased(grid.width),
        height_b: biased(grid.height),
        stride: L::splat(stride),
        unbias: L::splat(L::BIAS.wrapping_mul(stride.wrapping_add(1)).wrapping_neg()),
    }
}

/// [`Kernels::mark`]: `N` pixels per step, texel `i` and `j` of every
/// lane checked against the sprite and turned into bit indices
/// `j·stride + i`, those of the hit lanes sent ([`Lanes::send`]).
/// Portable when the indices do not fit or the texels lack a junk bit
/// that [`Lanes::send`] needs.
#[inline(always)]
unsafe fn mark<L: Lanes, T: Texels>(m: &Map<L>, u: i64, v: i64, hit: u64, texels: &mut T) {
    let junk = match texels.junk() {
        _ if !m.fits => None,
        Some(junk) => Some(junk),
        None => (!L::JUNK).then_some(0),
    };
    let Some(junk) = junk else {
        mark_portable(&m.grid, u, v, hit, texels);
        return;
    };
    let n = L::N;
    // Only the groups up to the last hit.
    let groups = (64 - hit.leading_zeros() as usize).div_ceil(n);
    for q in 0..groups {
        let first = (n * q) as i64;
        let i = L::integer_parts(&m.u, u.wrapping_add(first.wrapping_mul(m.grid.du)));
        let j = L::integer_parts(&m.v, v.wrapping_add(first.wrapping_mul(m.grid.dv)));
        // Unsigned: a negative i or j is outside too.
        let ok = L::mask_of((hit >> (n * q)) as u32);
        let ok = L::below_where(L::below_where(ok, i, m.width_b), j, m.height_b);
        let i = if L::BIAS == 0 { i } else { L::add(i, m.unbias) };
        let bit = L::add(L::mul(j, m.stride), i);
        L::send(ok, bit, junk, texels);
    }
}

/// [`Kernels::field_bits`]: only the groups from the first cared-for
/// pixel to the last.
#[inline(always)]
unsafe fn field_bits<L: Lanes>(min: i32, pixels: &[[u8; 4]], care: u64) -> u64 {
    debug_assert!(pixels.len() <= 64 && (pixels.len() == 64 || care >> pixels.len() == 0));
    if care == 0 {
        return 0;
    }
    let n = L::N;
    let lanes = u64::MAX >> (64 - n);
    let mut bits = 0u64;
    let first = care.trailing_zeros() as usize / n;
    let end = (64 - care.leading_zeros() as usize).div_ceil(n);
    for q in first..end {
        let group = ((care >> (n * q)) & lanes) as u32;
        // Not dereferenced beyond the lanes of `group`, which lie in the
        // slice (none when it is 0).
        let from = pixels.as_ptr().wrapping_add(n * q).cast::<i32>();
        bits |= u64::from(L::field_group(min, from, group)) << (n * q);
    }
    bits
}

/// [`Kernels::pack`].
#[inline(always)]
unsafe fn pack<L: Lanes>(bytes: &mut [u8], words: &mut [u64]) {
    for (chunk, word) in bytes.chunks_exact_mut(64).zip(words) {
        // SAFETY: `chunk` is 64 bytes.
        *word = L::take64(chunk.as_mut_ptr());
    }
}

/// [`Kernels`] for the set `$isa`, and its row loop `$sample`, compiled
/// with `$features` as `$rows` (an `$isa` value exists only once its
/// features were detected, so calling the kernels is sound).
macro_rules! kernels {
    ($isa:ty, $sample:ident, $rows:ident, $features:literal) => {
        /// The row loop compiled for the set.
        pub(in crate::ships) fn $sample(
            isa: $isa,
            rows: &Rows,
            target: Target,
            pixels: &mut HitPixels,
        ) -> u32 {
            // SAFETY: `isa` proves the CPU has every feature enabled there.
            unsafe { $rows(isa, rows, target, pixels) }
        }

        #[target_feature(enable = $features)]
        fn $rows(isa: $isa, rows: &Rows, target: Target, pixels: &mut HitPixels) -> u32 {
            sample_with(isa, rows, target, pixels)
        }

        impl Kernels for $isa {
            type Map = Map<$isa>;

            #[inline(always)]
            fn map(self, grid: &TexelGrid) -> Self::Map {
                // SAFETY: see the macro.
                unsafe { map(grid) }
            }

            #[inline(always)]
            fn field_bits(self, test: &FieldTest, pixels: &[[u8; 4]], care: u64) -> u64 {
                // SAFETY: see the macro; `care` stays inside `pixels`.
                unsafe { field_bits::<$isa>(test.pattern(), pixels, care) }
            }

            #[inline(always)]
            fn mark<T: Texels>(self, map: &Self::Map, u: i64, v: i64, hit: u64, texels: &mut T) {
                // SAFETY: see the macro.
                unsafe { mark(map, u, v, hit, texels) }
            }

            #[inline(always)]
            fn pack(self, bytes: &mut [u8], words: &mut [u64]) {
                // SAFETY: see the macro.
                unsafe { pack::<$isa>(bytes, words) }
            }

            #[inline(always)]
            fn prefetch(self, pixels: &[[u8; 4]]) {
                prefetch(pixels);
            }
        }
    };
}

kernels!(Avx2, sample_avx2, rows_avx2, "avx2,bmi1,popcnt");
kernels!(
    Avx512,
    sample_avx512,
    rows_avx512,
    "avx512f,avx512bw,avx512dq,avx512vbmi2,avx2,bmi1,popcnt"
);

/// Hints every cache line of `pixels` into L1.
#[inline(always)]
fn prefetch(pixels: &[[u8; 4]]) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    let bytes = pixels.as_flattened();
    for line in bytes.chunks(64) {
        // SAFETY: a prefetch is a hint and reads nothing; SSE is part of
        // x86-64's baseline.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(line.as_ptr().cast()) };
    }
    if let Some(last) = bytes.last() {
        // The last line when the slice does not start on a line boundary.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((last as *const u8).cast()) };
    }
}
