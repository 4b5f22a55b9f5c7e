//! # hitfield
//!
//! Pixel-perfect collision against a dense, fading particle field.
//!
//! Thousands to millions of particles drift through a Perlin flow field and
//! leave fading trails in one shared RGBA [`field::Canvas`]. Ship sprites
//! sample the window of that canvas under themselves ([`ships`]) and collide
//! with each other pixel-perfectly, rotated and scaled ([`collide`]).
//! [`world::World`] ties it together with a fixed simulation step; nothing in
//! this library needs a window.
//!
//! ## Where things are
//!
//! The modules follow the data, once per step:
//!
//! - pixel primitives: [`pose`] (where a sprite is, and the coverage rule
//!   below), [`mask`] (its solid texels as bits), [`rgba`] (images);
//! - [`field`]: flow grid → particles → fade → trails into the canvas;
//! - [`ships`]: ship state, movement (wander, player steering), the sampling
//!   schedule, sampling the canvas, hit maps;
//! - [`collide`]: sprite against sprite, with the broad phase;
//! - [`world`]: one step of everything;
//! - [`settings`]: every tunable, one [`settings::Row`] each (range,
//!   default, unit, flag, preset key, accessors), and presets;
//! - [`assets`] (PNG loading with limits), [`profile`] (stage timings),
//!   [`stats`] (a ring of recent values and their percentiles) and
//!   `reference` (feature `internals`: the plain versions the fast paths are
//!   tested against);
//! - `draw` (feature `app`): the pose → screen mapping for macroquad, so a
//!   game draws ships where the collision code sees them.
//!
//! The `hitfield` binary (features `app`, `cli`) is a thin shell over these.
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
//! sampling ([`World::step`]'s samples, [`ships`]) both use this one definition.
//!
//! ## Using it
//!
//! One import brings what a game needs ([`prelude`]; the same names are at
//! the crate root):
//!
//! ```
//! use hitfield::prelude::*;
//!
//! let mut settings = Settings::default();
//! settings.field.particles = 20_000;
//! settings.ships.count = 8;
//! // The world masks every sprite at `settings.ships.ship_alpha_min`.
//! let sprites: Vec<ShipSprite> = default_sprites()
//!     .into_iter()
//!     .map(|(name, image)| ShipSprite::new(name, image, settings.ships.ship_alpha_min))
//!     .collect();
//! let mut world = World::new(settings, sprites)?; // bad settings or sprites: an error naming them
//! for _ in 0..30 {
//!     world.step(); // one fixed step: flow, particles, fade, trails, ships, samples, contacts
//! }
//! let rgba: &[u8] = world.field().canvas().rgba_bytes(); // upload as a texture
//! assert_eq!(rgba.len(), 1280 * 720 * 4);
//! for ship in world.ships() {
//!     // `hits()` marks the sprite texels hit by the last sample (paint these);
//!     // `hit_pixels()` lists the canvas pixels that hit, exact under rotation.
//!     let first_hit: Option<(i64, i64)> = ship.hit_pixels().iter().next();
//!     println!("{:?}: {} pixels hit (first {first_hit:?}), {} in all", ship.pose(), ship.last_hit_count(), ship.hits_total());
//! }
//! for contact in world.contacts() {
//!     println!("ships {} and {} touch at {:?}", contact.a, contact.b, contact.overlap.point);
//! }
//!
//! // Steer ship 0 through checked setters: NaN, far-off or missing is an error.
//! world.place_player(0, [640.0, 360.0])?;
//! assert!(world.place_player(0, [f32::NAN, 0.0]).is_err());
//! assert!(world.set_pose(99, Pose::at(0.0, 0.0)).is_err());
//!
//! // Sprite against sprite, no world needed: exact, rotated and scaled.
//! let (a, b) = (world.sprites()[0].mask(), world.sprites()[1].mask());
//! let pose_a = Pose::from_centre([120.0, 110.0], [a.width(), a.height()]);
//! let pose_b = Pose { x: 104.0, y: 102.0, rotation: 0.6, scale: 1.5 };
//! if let Some(o) = collide::overlap(a, &pose_a, b, &pose_b) {
//!     println!("{} pixels shared, box {:?}, normal {:?}", o.count, o.rect, o.normal);
//!     let shared = collide::overlap_mask(a, &pose_a, b, &pose_b).expect("they touch");
//!     assert_eq!((shared.count(), shared.rect()), (o.count, o.rect));
//! }
//! assert_eq!(collide::intersects(a, &pose_a, b, &pose_b), collide::overlap(a, &pose_a, b, &pose_b).is_some());
//! # Ok::<(), WorldError>(())
//! ```
//!
//! ## Features
//!
//! - `app` (default): the desktop demo window and the `draw` module
//!   (macroquad).
//! - `cli` (default): the command line of the `hitfield` binary; turns on
//!   `internals`.
//! - `internals`: plumbing for tests and benches, not covered by semver:
//!   instruction sets (`cpu::Isa`) and their forcing (`cpu::Isa::force`, one
//!   way for every domain), rasteriser choice (`collide::RasterMethod`,
//!   `PosedMask::rebuild_with`), the fixed-point `pose::PixelMap`, field
//!   internals (`field::{isa, particles, raster}`), the sampling schedule and
//!   the plain `reference` versions every fast path is tested against.
//!
//! - `trace` (off by default; the binary turns it on): `tracing` spans for
//!   each stage of a step and each parallel task in it, named in [`trace`].
//!
//! A game depends on the library alone, `default-features = false`. Debug
//! builds of a dependent run hitfield unoptimised (posed masks about 35×
//! slower, world steps about 30×); optimise it, and its dependencies (rayon
//! and noise carry the world step), in the game's `Cargo.toml`:
//!
//! ```toml
//! [profile.dev.package.hitfield]
//! opt-level = 3
//! # Optional: release speed for posed masks too (about 1.4× faster).
//! debug-assertions = false
//! overflow-checks = false
//!
//! [profile.dev.package."*"]
//! opt-level = 3
//! ```
//!
//! ## Exact by default
//!
//! Every fast path is checked against the plain per-pixel versions (the
//! `reference` module, feature `internals`).
//! Speed-for-accuracy knobs (sample interval, collision stride, accuracy
//! scale) are opt-in and documented where they live.
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// Declares an item `pub` with the `internals` feature and `pub(crate)`
/// without it: instruction-set forcing, rasteriser choice and the plain
/// reference versions, which tests and benches need and games do not.
macro_rules! internal {
    ($(#[$attr:meta])* pub $($item:tt)*) => {
        #[cfg(feature = "internals")]
        $(#[$attr])*
        pub $($item)*
        #[cfg(not(feature = "internals"))]
        $(#[$attr])*
        #[allow(dead_code, unused_imports)]
        pub(crate) $($item)*
    };
}

// Pixel primitives, shared by both halves of the data flow: where a sprite
// is (`pose`, with the coverage rule above), which of its texels are solid
// (`mask`), and the RGBA images masks are built from (`rgba`).
pub mod mask;
pub mod pose;
pub mod rect;
pub mod rgba;

// The data flow of one step: the field, then the ships, then collisions,
// tied together by the world.
pub mod collide;
pub mod field;
pub mod ships;
pub mod world;

// What a run is made of and how it is measured.
pub mod assets;
pub mod clock;
pub mod profile;
pub mod settings;
pub mod stats;
pub mod trace;

internal! {
    /// The instruction sets the kernels run with, detected once (feature
    /// `internals`).
    pub mod cpu;
}

internal! {
    /// The plain versions every fast path is checked against (feature
    /// `internals`).
    pub mod reference;
}

// Drawing posed sprites with macroquad, as the collision code sees them.
#[cfg(feature = "macroquad")]
#[cfg_attr(docsrs, doc(cfg(feature = "macroquad")))]
pub mod draw;

pub mod prelude;

/// The README's example, compiled and run as a doctest from `README.md`
/// itself, so the front door's code cannot drift from the API.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

/// The same for the README that crates.io shows (`crate-README.md`).
#[cfg(doctest)]
#[doc = include_str!("../crate-README.md")]
pub struct CrateReadmeDoctests;

pub use assets::{default_sprites, load_png, AssetError};
pub use collide::{
    broadphase::SweepAndPrune, intersects, overlap, overlap_count, overlap_mask, Overlap,
    PosedMask, QueryOptions, SharedPixels,
};
pub use mask::{Mask, MaskSizeError};
pub use pose::{PixelRect, Pose};
pub use rgba::{ImageSizeError, RgbaImage};
pub use settings::{Settings, SettingsError};
pub use ships::{Contact, HitMap, HitPixels, Ship, ShipSprite, Steer};
pub use world::{World, WorldError};
