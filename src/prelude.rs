//! Everything a game uses, in one import:
//!
//! ```
//! use hitfield::prelude::*;
//! ```
//!
//! The world and its settings ([`World`], [`Settings`], [`ShipSprite`],
//! [`Ship`], [`Steer`], [`Contact`]), sprite-against-sprite queries
//! ([`Pose`], [`Mask`], [`PosedMask`], [`Overlap`], [`SharedPixels`],
//! [`PixelRect`], [`SweepAndPrune`], and the [`collide`] module for
//! [`collide::intersects`] and friends), sprite loading ([`load_png`],
//! [`default_sprites`], [`RgbaImage`]) and the errors ([`WorldError`],
//! [`SettingsError`], [`AssetError`], [`ImageSizeError`]).

pub use crate::assets::{default_sprites, load_png, AssetError};
pub use crate::collide::{
    self, broadphase::SweepAndPrune, Overlap, PairQuery, PosedMask, QueryOptions, SharedPixels,
};
pub use crate::mask::{Mask, MaskSizeError};
pub use crate::pose::{PixelRect, Pose};
pub use crate::rgba::{ImageSizeError, RgbaImage};
pub use crate::settings::{Settings, SettingsError};
pub use crate::ships::{Contact, HitMap, HitPixels, Ship, ShipSprite, Steer};
pub use crate::world::{World, WorldError};
