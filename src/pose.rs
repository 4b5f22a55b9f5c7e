//! Where a sprite is: position of its top-left corner, rotation about its
//! centre, and uniform scale. See the crate docs for the coverage rule.

/// A sprite's placement in world pixels. See the crate docs for the mapping.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pose {
    /// World x of the sprite's top-left corner (before rotation and scale).
    pub x: f32,
    /// World y of the sprite's top-left corner (before rotation and scale).
    pub y: f32,
    /// Rotation about the sprite's centre in radians; positive turns clockwise on screen.
    pub rotation: f32,
    /// Uniform scale, > 0.
    pub scale: f32,
}

impl Pose {
    /// An unrotated, unscaled pose with the top-left corner at `(x, y)`.
    pub fn at(x: f32, y: f32) -> Self {
        Self {
            x,
            y,
            rotation: 0.0,
            scale: 1.0,
        }
    }
}
