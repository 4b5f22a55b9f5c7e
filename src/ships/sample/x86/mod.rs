//! The x86-64 sampling kernels: AVX2 and AVX-512 implementations of
//! [`Kernels`], and the row loop compiled for each; SSE2 (the baseline)
//! for the plain sampler's field test.
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

/// [`Kernels`] for the set `$isa` by the kernels of module `$m` (an `$isa`
/// value exists only once its features were detected, so calling them is
/// sound).
macro_rules! kernels {
    ($isa:ty, $m:ident) => {
        impl Kernels for $isa {
            type Map = $m::Map;

            #[inline(always)]
            fn map(self, grid: &TexelGrid) -> $m::Map {
                // SAFETY: see the macro.
                unsafe { $m::Map::new(grid) }
            }

            #[inline(always)]
            fn field_bits(self, test: &FieldTest, pixels: &[[u8; 4]], care: u64) -> u64 {
                // SAFETY: see the macro.
                unsafe { $m::field_bits(test.pattern(), pixels, care) }
            }

            #[inline(always)]
            fn mark<T: Texels>(self, map: &$m::Map, u: i64, v: i64, hit: u64, texels: &mut T) {
                // SAFETY: see the macro.
                unsafe { $m::mark(map, u, v, hit, texels) }
            }

            #[inline(always)]
            fn pack(self, bytes: &mut [u8], words: &mut [u64]) {
                // SAFETY: see the macro.
                unsafe { $m::pack(bytes, words) }
            }

            #[inline(always)]
            fn prefetch(self, pixels: &[[u8; 4]]) {
                prefetch(pixels);
            }
        }
    };
}

kernels!(Avx2, avx2);
kernels!(Avx512, avx512);

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
