//! Which kernel flips the edges: the chosen instruction set's.

use crate::cpu::Chosen;

/// The edge rasteriser's kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(in crate::collide) enum EdgeKernel {
    Portable,
    /// The portable flips, the prefix pass two words per vector (the
    /// 128-bit layer: NEON, simd128).
    Simd128,
    /// Four edges at a time (x86-64 AVX2), with AVX2 and POPCNT in the
    /// prefix pass.
    Avx2,
    /// Eight edges at a time (x86-64 AVX-512).
    Avx512,
}

impl EdgeKernel {
    /// The kernel of the chosen instruction set ([`crate::cpu::Isa::chosen`]), where
    /// the CPU supports it.
    pub fn available() -> EdgeKernel {
        match Chosen::now() {
            #[cfg(target_arch = "x86_64")]
            Chosen::Avx512(_) => EdgeKernel::Avx512,
            #[cfg(target_arch = "x86_64")]
            Chosen::Avx2(_) => EdgeKernel::Avx2,
            Chosen::Simd128(_) => EdgeKernel::Simd128,
            Chosen::Scalar => EdgeKernel::Portable,
        }
    }

    /// Every kernel this CPU runs.
    #[cfg(test)]
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    pub fn supported() -> Vec<EdgeKernel> {
        let mut all = vec![EdgeKernel::Portable];
        if crate::cpu::Simd128::detect().is_some() {
            all.push(EdgeKernel::Simd128);
        }
        #[cfg(target_arch = "x86_64")]
        {
            if crate::collide::x86::Avx2::detect().is_some() {
                all.push(EdgeKernel::Avx2);
            }
            if crate::collide::x86::Avx512::detect().is_some() {
                all.push(EdgeKernel::Avx512);
            }
        }
        all
    }
}
