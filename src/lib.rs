//! # hitfield
//!
//! Pixel-perfect collision against a dense, fading particle field.
//!
//! Thousands to millions of particles drift through a Perlin flow field and
//! leave fading trails in one shared RGBA [`field::Canvas`]. Ship sprites
//! sample the window of that canvas under themselves ([`sample`]) and collide
//! with each other pixel-perfectly, rotated and scaled ([`collide`]).
//! [`world::World`] ties it together with a fixed simulation step; nothing in
//! this library needs a window.
//!
//! ## Pixel coverage (used everywhere)
//!
//! A [`pose::Pose`] places a `w`×`h` sprite with its top-left corner at
//! `(x, y)`, rotated by `θ` radians about its centre and scaled uniformly by
//! `s > 0`. In screen coordinates (y down) a local point `p` maps to
//!
//! ```text
//! world = (x, y) + (w/2, h/2) + s·R(θ)·(p − (w/2, h/2)),   R(θ) = [[cos θ, −sin θ], [sin θ, cos θ]]
//! ```
//!
//! so a positive `θ` turns clockwise on screen. World pixel `(X, Y)` is the
//! square `[X, X+1) × [Y, Y+1)`. It **belongs to** a posed sprite when its
//! centre `(X + 0.5, Y + 0.5)`, mapped back through the inverse pose, lands on
//! a solid texel. With `θ = 0` and `s = 1`, texel `(i, j)` of a sprite at
//! integer `(x, y)` covers world pixel `(x + i, y + j)`.
//!
//! Sprite-against-sprite queries ([`collide`]) and sprite-against-field
//! sampling ([`sample`]) both use this one definition.
//!
//! ## Exact by default
//!
//! Every fast path is checked against the plain versions in [`crate::reference`].
//! Speed-for-accuracy knobs (sample interval, collision stride, accuracy
//! scale) are opt-in and documented where they live.
#![warn(missing_docs)]

pub mod accuracy;
pub mod assets;
pub mod broadphase;
pub mod collide;
pub mod field;
pub mod mask;
pub mod pose;
pub mod profile;
pub mod reference;
pub mod report;
pub mod rgba;
pub mod sample;
pub mod settings;
pub mod ship;
pub mod sweep;
pub mod world;
