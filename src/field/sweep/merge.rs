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
/// stores: 7 instructions against plain code's 9 (and 12 counting their
/// own index registers' moves). Written as `asm!`: from the intrinsics
/// LLVM built the vector by two `vmovd` loads and two unpacks (9
/// instructions), not by `vpinsrd` from memory (2 instructions a trail
/// fewer, counted with `step_count`, docs/performance.md).
#[cfg(target_arch = "x86_64")]
pub(super) struct Avx2;

#[cfg(target_arch = "x86_64")]
impl Merge3 for Avx2 {
    #[inline(always)]
    unsafe fn merge3(p: *mut u32, [a, b, m]: [usize; 3], c: u32) {
        use std::arch::x86_64::*;
        let c = _mm_set1_epi32(c as i32);
        // Every load happens before any store, as `Plain` (an index listed
        // twice gets the same merged value twice); the pixels are
        // little-endian `u32`s as on any x86.
        std::arch::asm!(
            "vmovd {v}, dword ptr [{p} + {a}*4]",
            "vpinsrd {v}, {v}, dword ptr [{p} + {b}*4], 1",
            "vpinsrd {v}, {v}, dword ptr [{p} + {m}*4], 2",
            "vpmaxud {v}, {v}, {c}",
            "vmovd dword ptr [{p} + {a}*4], {v}",
            "vpextrd dword ptr [{p} + {b}*4], {v}, 1",
            "vpextrd dword ptr [{p} + {m}*4], {v}, 2",
            p = in(reg) p,
            a = in(reg) a,
            b = in(reg) b,
            m = in(reg) m,
            c = in(xmm_reg) c,
            v = out(xmm_reg) _,
            options(nostack, preserves_flags),
        );
    }
}
