//! The ship half of the data flow: ship state, movement, the sampling
//! schedule, sampling the canvas (`sample/`), and the hit maps samples
//! fill.
//!
//! Per step, in order: [`movement`] moves every ship, `schedule` says which
//! ships sample now, `sample_posed` tests their pixels against the canvas
//! through their posed masks and fills their [`HitMap`] (texels) and
//! [`HitPixels`] (world pixels), with the [`Thresholds`] of the settings. Ship-against-ship contacts are [`crate::collide`]'s.

pub mod hits;
pub mod movement;
pub mod sample;
internal! {
    /// The staggered sampling schedule (feature `internals`).
    pub mod schedule;
}
mod ship;

pub use hits::{HitMap, HitPixels};
pub use movement::Steer;
internal! {
    /// One ship's sample through its posed coverage (feature `internals`;
    /// the world calls it, and tests compare it with the reference).
    pub use sample::posed::sample_posed;
}
internal! {
    pub use sample::posed::sample_posed_with;
}
internal! {
    /// One ship's sample, mask and pose (feature `internals`).
    pub use sample::sample;
}
pub use sample::Thresholds;
internal! {
    pub use sample::path::TexelWrites;
}
pub use ship::{Contact, Ship, ShipSprite};
