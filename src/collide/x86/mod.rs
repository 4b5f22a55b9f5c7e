//! The x86-64 kernels: AVX2 walkers with masked hardware gathers, the
//! AVX2 block kernel of the translation path and the AVX-512 kernel of the
//! edge rasteriser.
//!
//! The convention in `collide/`: portable code lives in `collide/*.rs` and
//! defines the traits ([`Isa`], [`crate::collide::gather::Walker`]); each
//! architecture gets one folder (this one, `x86/`) that implements them, and
//! only the scan dispatch picks an instruction set. Portable modules never
//! import from here.

mod detect;
mod edges;
mod rows;
mod walk512;
mod walker;

pub(crate) use detect::Avx2;
pub(crate) use edges::{edges_avx512_available, flip_edges_avx512, prefix_xor_rows_clmul};
pub(crate) use walk512::{fill_walk_avx512, walk_avx512_available};

use super::gather::MapGather;
use super::isa::{Isa, Rows};
use rows::first_block_avx2;
use walker::Avx2Walker;

impl Isa for Avx2 {
    type Walker<'a> = Avx2Walker<'a>;

    #[inline(always)]
    fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> Avx2Walker<'_> {
        Avx2Walker::new(self, g, du, dv)
    }

    #[inline(always)]
    fn first_block(self, rows: &Rows, block_rows: usize) -> Option<usize> {
        if !rows.in_bounds() {
            return rows.first_block_scalar(block_rows);
        }
        // SAFETY: an `Avx2` value exists only once the CPU features were
        // detected, and `in_bounds` checked every index the kernel reads.
        unsafe { first_block_avx2(rows, block_rows) }
    }
}
