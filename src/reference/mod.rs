//! Plain, obviously-correct versions of every fast path: the oracle for the
//! property tests and the baseline for the benches.

pub mod collide;
pub mod field;
pub mod mask_ops;
pub mod sample;
