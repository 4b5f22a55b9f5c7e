//! The ship half of the data flow: ship state, movement, the sampling
//! schedule, sampling the canvas (`sample/`), and the hit maps samples
//! fill.
//!
//! Per step, in order: [`movement`] moves every ship, `schedule` says which
//! ships sample now, [`sample_posed()`] tests their pixels against the canvas
//! through their posed masks and fills their [`HitMap`] (texels) and
//! [`HitPixels`] (world pixels); [`sample()`] does the same from a mask and a
//! pose. Ship-against-ship contacts are [`crate::collide`]'s.

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
pub use sample::posed::sample_posed;
internal! {
    pub use sample::posed::sample_posed_with;
}
pub use sample::{sample, Thresholds};
internal! {
    pub use sample::path::TexelWrites;
}
pub use ship::{Contact, Ship, ShipSprite};
