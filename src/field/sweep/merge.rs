//! How stage 2 merges a usual trail's three pixels ([`Merge3`]): plain
//! `u32` compares, or (x86 with AVX2) one 128-bit unsigned maximum.

/// Merges colour key `c` into three pixels of a zone, as
/// [`crate::field::raster::merge_pixels`] does: every pixel is read before
/// any is written, so an index listed twice gets the same value twice.
pub(super) trait Merge3 {
    /// # Safety
    /// Every index in `at` must be below the length in pixels of the zone
    /// `p` points to (`[u8; 4]` pixels read as little-endian `u32`), and
    /// the CPU must have the instruction set the implementation names.
    unsafe fn merge3(p: *mut u32, at: [usize; 3], c: u32);
}

/// Portable code: three loads, three unsigned maxima, three stores.
pub(super) struct Plain;

impl Merge3 for Plain {
    #[inline(always)]
    unsafe fn merge3(p: *mut u32, at: [usize; 3], c: u32) {
        let old = at.map(|i| u32::from_le(p.add(i).read_unaligned()));
        for (i, o) in at.into_iter().zip(old) {
            p.add(i).write_unaligned(o.max(c).to_le());
        }
    }
}

/// AVX2 (and AVX-512, which has it): the three pixels loaded into one
/// vector's lanes, one `vpmaxud` against the broadcast colour, three lane
/// stores: 8 instructions against plain code's 12.
#[cfg(target_arch = "x86_64")]
pub(super) struct Avx2;

#[cfg(target_arch = "x86_64")]
impl Merge3 for Avx2 {
    #[inline(always)]
    unsafe fn merge3(p: *mut u32, at: [usize; 3], c: u32) {
        use std::arch::x86_64::*;
        let [a, b, m] = at.map(|i| p.add(i).read_unaligned() as i32);
        let v = _mm_insert_epi32::<2>(_mm_insert_epi32::<1>(_mm_cvtsi32_si128(a), b), m);
        let v = _mm_max_epu32(v, _mm_set1_epi32(c as i32));
        p.add(at[0]).write_unaligned(_mm_cvtsi128_si32(v) as u32);
        p.add(at[1])
            .write_unaligned(_mm_extract_epi32::<1>(v) as u32);
        p.add(at[2])
            .write_unaligned(_mm_extract_epi32::<2>(v) as u32);
    }
}
