//! The AVX-512-only kernels of `collide/`: the strided row kernel and the
//! sixteen-lane gathering pixel walk.

pub(in crate::collide::x86) mod pixel_walk;
pub(in crate::collide::x86) mod strided;
