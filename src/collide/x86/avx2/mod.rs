//! The AVX2 kernels of `collide/`: the walker with masked hardware gathers,
//! the rasteriser's pixel walk through texel windows, the translation
//! path's row, stream and statistics kernels, and the edge rasteriser's
//! flips and prefix pass, four words or eight samples per step.

pub(in crate::collide::x86) mod edges;
pub(in crate::collide::x86) mod prefix;
pub(in crate::collide::x86) mod rows;
pub(in crate::collide::x86) mod stats;
pub(in crate::collide::x86) mod stream;
pub(in crate::collide::x86) mod walker;
pub(in crate::collide::x86) mod window_walk;
