//! The ship half of the data flow: ship state, movement, the sampling
//! schedule, sampling the canvas, and the hit maps samples fill.
//!
//! Per step, in order: [`movement`] moves every ship, [`schedule`] says which
//! ships sample now, [`sample()`] tests their pixels against the canvas and
//! fills their [`HitMap`]. Ship-against-ship contacts are [`crate::collide`]'s.

pub mod hits;
pub mod movement;
pub mod sample;
pub mod schedule;
mod ship;

pub use hits::HitMap;
pub use movement::Steer;
pub use sample::{sample, Thresholds};
pub use ship::{Contact, Ship, ShipSprite};
