//! Why the world refused a call.

use crate::settings::SettingsError;

/// A call the world refused, naming the value and the reason. The world is
/// left as it was.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum WorldError {
    /// A setting out of range (the same rules as the command line and presets).
    #[error(transparent)]
    Settings(#[from] SettingsError),
    /// Ships were asked for, but no sprite was given.
    #[error("ships.count is {count} but no ship sprite was given; give at least one")]
    NoSprites {
        /// The number of ships asked for.
        count: usize,
    },
    /// A sprite outside the limits of [`crate::assets::load_png`].
    #[error("sprite {index} ({name}): image is {width}×{height} pixels; {reason}")]
    BadSprite {
        /// Its index in the sprite list.
        index: usize,
        /// Its name.
        name: String,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A sprite whose coverage at the scale asked for would pass
    /// [`crate::world::World::MAX_POSED_SIDE`] world pixels a side.
    #[error("{what} is {scale}: sprite {index} ({width}×{height}) would cover {side:.0} pixels a side at that scale; the limit is {max}", max = crate::world::World::MAX_POSED_SIDE)]
    PosedTooLarge {
        /// Which value (`pose.scale`, `ships.scale`).
        what: &'static str,
        /// The scale given.
        scale: f32,
        /// The sprite's index in [`crate::world::World::sprites`].
        index: usize,
        /// Its width.
        width: u32,
        /// Its height.
        height: u32,
        /// The side its coverage would have (its diagonal times the scale).
        side: f32,
    },
    /// No ship at that index.
    #[error("ship {index}: there is no such ship (the world has {count})")]
    NoShip {
        /// The index asked for.
        index: usize,
        /// The number of ships.
        count: usize,
    },
    /// No sprite at that index.
    #[error("sprite {index}: there is no such sprite (the world has {count})")]
    NoSprite {
        /// The index asked for.
        index: usize,
        /// The number of sprites.
        count: usize,
    },
    /// A NaN or infinite number.
    #[error("{what} is {value}; it must be a finite number")]
    NotFinite {
        /// Which value (`pose.x`, `at[1]`, `steer.turn`, …).
        what: &'static str,
        /// The value given.
        value: f32,
    },
    /// A finite number outside its range.
    #[error("{what} is {value}; it must be from {min} to {max}")]
    OutOfRange {
        /// Which value.
        what: &'static str,
        /// The value given.
        value: f32,
        /// Smallest accepted.
        min: f32,
        /// Largest accepted.
        max: f32,
    },
}
