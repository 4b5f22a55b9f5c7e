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

use super::texels::{TexelGrid, Texels};
use crate::ships::hits::HitPixels;
use crate::ships::sample::rows::{sample_with, Kernels, Rows, Target};
use crate::ships::sample::FieldTest;

/// A group of 32-bit lanes, one pixel each, with what the sampling
/// kernels do per group. Every method is `unsafe` only for the CPU
/// features: it runs inlined into an entry point that enables them.
#[allow(clippy::missing_safety_doc)]
trait Lanes: Copy {
    /// Pixels a group.
    const N: usize;
    /// What [`Lanes::mark`] needs of a [`TexelGrid`], as vectors.
    type Map: Copy;

    unsafe fn map(grid: &TexelGrid) -> Self::Map;
    /// Bit `l` set when lane `l` of `group` passes the per-byte minimums
    /// `min` (every byte of the pixel at least its minimum); the pixels
    /// from `from`, read only in the lanes of `group` (masked loads).
    unsafe fn field_group(min: i32, from: *const i32, group: u32) -> u32;
    /// The sign bits of 64 bytes from `p`, which are then zeroed.
    unsafe fn take64(p: *mut u8) -> u64;
    /// [`Kernels::mark`].
    unsafe fn mark<T: Texels>(m: &Self::Map, u: i64, v: i64, hit: u64, texels: &mut T);
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

/// [`Kernels`] for the set `$isa` (an `$isa` value exists only once its
/// features were detected, so calling the kernels is sound).
macro_rules! kernels {
    ($isa:ty, $map:ty) => {
        impl Kernels for $isa {
            type Map = $map;

            #[inline(always)]
            fn map(self, grid: &TexelGrid) -> Self::Map {
                // SAFETY: see the macro.
                unsafe { <$isa as Lanes>::map(grid) }
            }

            #[inline(always)]
            fn field_bits(self, test: &FieldTest, pixels: &[[u8; 4]], care: u64) -> u64 {
                // SAFETY: see the macro; `care` stays inside `pixels`.
                unsafe { field_bits::<$isa>(test.pattern(), pixels, care) }
            }

            #[inline(always)]
            fn mark<T: Texels>(self, map: &Self::Map, u: i64, v: i64, hit: u64, texels: &mut T) {
                // SAFETY: see the macro.
                unsafe { <$isa as Lanes>::mark(map, u, v, hit, texels) }
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

kernels!(Avx2, avx2::Map);
kernels!(Avx512, avx512::Map);

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

/// The row loop compiled for AVX2.
pub(in crate::ships) fn sample_avx2(
    isa: Avx2,
    rows: &Rows,
    target: Target,
    pixels: &mut HitPixels,
) -> u32 {
    // SAFETY: `isa` proves the CPU has every feature enabled there.
    unsafe { rows_avx2(isa, rows, target, pixels) }
}

/// The row loop compiled for AVX-512.
pub(in crate::ships) fn sample_avx512(
    isa: Avx512,
    rows: &Rows,
    target: Target,
    pixels: &mut HitPixels,
) -> u32 {
    // SAFETY: `isa` proves the CPU has every feature enabled there.
    unsafe { rows_avx512(isa, rows, target, pixels) }
}

#[target_feature(enable = "avx2,bmi1,popcnt")]
fn rows_avx2(isa: Avx2, rows: &Rows, target: Target, pixels: &mut HitPixels) -> u32 {
    sample_with(isa, rows, target, pixels)
}

#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi2,avx2,bmi1,popcnt")]
fn rows_avx512(isa: Avx512, rows: &Rows, target: Target, pixels: &mut HitPixels) -> u32 {
    sample_with(isa, rows, target, pixels)
}
