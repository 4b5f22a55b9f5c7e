//! The ship half of the data flow: ship state, movement, the sampling
//! schedule, sampling the canvas, and the hit maps samples fill.
//!
//! Per step, in order: [`movement`] moves every ship, `schedule` says which
//! ships sample now, [`sample_posed()`] tests their pixels against the canvas
//! through their posed masks and fills their [`HitMap`] (texels) and
//! [`HitPixels`] (world pixels); [`sample()`] does the same from a mask and a
//! pose. Ship-against-ship contacts are [`crate::collide`]'s.

pub mod hits;
pub mod movement;
mod posed_rows;
mod posed_sample;
pub mod sample;
internal! {
    /// Which code a posed sample runs (feature `internals`).
    pub mod sample_path;
}
internal! {
    /// The staggered sampling schedule (feature `internals`).
    pub mod schedule;
}
mod scratch;
mod ship;
mod texels;
#[cfg(target_arch = "x86_64")]
mod x86;

pub use hits::{HitMap, HitPixels};
pub use movement::Steer;
pub use posed_sample::sample_posed;
internal! {
    pub use posed_sample::sample_posed_with;
}
pub use sample::{sample, Thresholds};
internal! {
    pub use sample_path::{SamplePath, TexelWrites};
}
pub use ship::{Contact, Ship, ShipSprite};
