//! The AVX2-only kernels of `collide/`: the walker with masked hardware
//! gathers and the rasteriser's pixel walk through texel windows.

pub(in crate::collide::x86) mod walker;
pub(in crate::collide::x86) mod window_walk;
