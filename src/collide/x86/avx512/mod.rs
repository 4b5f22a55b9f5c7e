//! The AVX-512 kernels of `collide/`: the translation path's row, strided
//! and statistics kernels, eight words per step, and the posed-mask
//! rasteriser's edge flips, prefix pass and sixteen-lane pixel walk.

pub(in crate::collide::x86) mod edges;
pub(in crate::collide::x86) mod pixel_walk;
pub(in crate::collide::x86) mod prefix;
pub(in crate::collide::x86) mod rows;
pub(in crate::collide::x86) mod stats;
pub(in crate::collide::x86) mod strided;
