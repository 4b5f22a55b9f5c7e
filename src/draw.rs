//! Pose → draw mapping for macroquad (feature `app`): where a posed sprite
//! lands on screen, so a game draws its ships exactly where the collision
//! code and the field sampling see them.
//!
//! A [`Pose`] rotates and scales a sprite about its centre (see the crate's
//! coverage rule). macroquad's `draw_texture_ex` does the same about the
//! centre of its destination rectangle, with positive angles turning
//! clockwise on a y-down screen, so one [`PoseQuad`] per sprite is enough:
//!
//! ```no_run
//! # use hitfield::draw::{PoseQuad, ScreenMap};
//! # use hitfield::pose::Pose;
//! # use macroquad::prelude::*;
//! # fn f(texture: &Texture2D, pose: &Pose) {
//! // World pixel (0, 0) at the window's top-left corner, one screen pixel each.
//! let map = ScreenMap::IDENTITY;
//! if let Some(quad) = PoseQuad::new(pose, texture.width() as u32, texture.height() as u32, map) {
//!     quad.draw(texture, WHITE);
//! }
//! # }
//! ```

use macroquad::color::Color;
use macroquad::math::{vec2, Vec2};
use macroquad::texture::{draw_texture_ex, DrawTextureParams, Texture2D};

use crate::pose::Pose;

/// World pixels → screen pixels: `screen = origin + world · scale`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ScreenMap {
    /// Screen position of world pixel (0, 0)'s top-left corner.
    pub origin: Vec2,
    /// Screen pixels per world pixel.
    pub scale: f32,
}

impl ScreenMap {
    /// World pixels drawn one to one from the screen's top-left corner.
    pub const IDENTITY: ScreenMap = ScreenMap {
        origin: Vec2::ZERO,
        scale: 1.0,
    };

    /// Screen position of a world point.
    pub fn to_screen(self, world: Vec2) -> Vec2 {
        self.origin + world * self.scale
    }
}

/// Where a posed `w`×`h` sprite lands on screen.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PoseQuad {
    /// Screen position of the sprite's centre.
    pub centre: Vec2,
    /// Size on screen before rotation (sprite size × pose scale × map scale).
    pub size: Vec2,
    /// Rotation in radians about the centre, clockwise on screen (as [`Pose::rotation`]).
    pub rotation: f32,
}

impl PoseQuad {
    /// The screen quad of a `width`×`height` sprite at `pose` through `map`;
    /// `None` for a pose that is not finite or has a scale ≤ 0.
    pub fn new(pose: &Pose, width: u32, height: u32, map: ScreenMap) -> Option<PoseQuad> {
        if !pose.is_valid() {
            return None;
        }
        let half = vec2(width as f32, height as f32) * 0.5;
        Some(PoseQuad {
            centre: map.to_screen(vec2(pose.x, pose.y) + half),
            size: half * 2.0 * pose.scale * map.scale,
            rotation: pose.rotation,
        })
    }

    /// Screen position of the unrotated quad's top-left corner.
    pub fn top_left(&self) -> Vec2 {
        self.centre - self.size * 0.5
    }

    /// `draw_texture_ex` parameters that draw the sprite's texture on this quad
    /// (drawn at [`PoseQuad::top_left`]).
    pub fn params(&self) -> DrawTextureParams {
        DrawTextureParams {
            dest_size: Some(self.size),
            rotation: self.rotation,
            ..Default::default()
        }
    }

    /// Draws `texture` (the sprite's image, nearest-filtered for crisp
    /// texels) on this quad, tinted by `color` (`WHITE` for none).
    pub fn draw(&self, texture: &Texture2D, color: Color) {
        let tl = self.top_left();
        draw_texture_ex(texture, tl.x, tl.y, color, self.params());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quad_centre_and_size_follow_pose_and_map() {
        let map = ScreenMap {
            origin: vec2(4.0, 6.0),
            scale: 2.0,
        };
        let pose = Pose {
            x: 10.0,
            y: 20.0,
            rotation: 0.5,
            scale: 1.5,
        };
        let q = PoseQuad::new(&pose, 8, 4, map).expect("valid pose");
        assert_eq!(q.centre, vec2(4.0 + 14.0 * 2.0, 6.0 + 22.0 * 2.0));
        assert_eq!(q.size, vec2(24.0, 12.0));
        assert_eq!(q.rotation, 0.5);
        assert_eq!(q.top_left(), q.centre - vec2(12.0, 6.0));
        assert_eq!(q.params().dest_size, Some(q.size));
    }

    #[test]
    fn invalid_poses_have_no_quad() {
        let mut bad = Pose::at(0.0, 0.0);
        bad.scale = 0.0;
        assert_eq!(PoseQuad::new(&bad, 8, 8, ScreenMap::IDENTITY), None);
        bad = Pose::at(f32::NAN, 0.0);
        assert_eq!(PoseQuad::new(&bad, 8, 8, ScreenMap::IDENTITY), None);
    }
}
