//! Pose → draw mapping for macroquad (feature `app`): where a posed sprite
//! lands on screen, so a game draws its ships exactly where the collision
//! code and the field sampling see them.
//!
//! A [`Pose`] rotates and scales a sprite about its centre (see the crate's
//! coverage rule). macroquad's `draw_texture_ex` does the same about the
//! centre of its destination rectangle, with positive angles turning
//! clockwise on a y-down screen, so one [`PoseQuad`] per sprite is enough:
//!
//! A [`Letterbox`] fits the field canvas into a window area and maps the
//! mouse back to world pixels.
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
use macroquad::math::{vec2, Rect, Vec2};
use macroquad::texture::{draw_texture_ex, DrawTextureParams, Texture2D};

use crate::pose::Pose;
use crate::ships::{Ship, ShipSprite};

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

/// A `w`×`h` world (the field canvas) fitted into a screen area with its
/// aspect kept, centred, bars on the sides: one [`ScreenMap`] for drawing
/// the canvas, drawing ships over it and turning mouse clicks back into
/// world pixels.
///
/// ```
/// use hitfield::draw::Letterbox;
/// use macroquad::math::{vec2, Rect};
///
/// let lb = Letterbox::fit(Rect::new(0.0, 0.0, 1280.0, 800.0), 1280, 720);
/// assert_eq!(lb.screen_rect(), Rect::new(0.0, 40.0, 1280.0, 720.0));
/// assert_eq!(lb.to_world(vec2(10.0, 50.0)), Some(vec2(10.0, 10.0)));
/// assert_eq!(lb.to_world(vec2(10.0, 20.0)), None, "on the bar above");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Letterbox {
    /// World pixels → screen pixels (scale 0 when nothing fits).
    pub map: ScreenMap,
    /// World size in world pixels.
    pub world: Vec2,
}

impl Letterbox {
    /// Fits a `world_w`×`world_h` canvas into `area`. A degenerate area
    /// (minimised, 1×1, negative, NaN) or an empty world gives scale 0.
    pub fn fit(area: Rect, world_w: u32, world_h: u32) -> Letterbox {
        let world = vec2(world_w as f32, world_h as f32);
        let usable = area.w.is_finite() && area.h.is_finite() && area.w >= 1.0 && area.h >= 1.0;
        if !usable || world_w == 0 || world_h == 0 {
            return Letterbox {
                map: ScreenMap {
                    origin: vec2(area.x, area.y),
                    scale: 0.0,
                },
                world,
            };
        }
        let scale = (area.w / world.x).min(area.h / world.y);
        let size = world * scale;
        // Whole screen pixels keep the nearest-filtered texture free of seams.
        let origin = vec2(
            (area.x + (area.w - size.x) * 0.5).floor(),
            (area.y + (area.h - size.y) * 0.5).floor(),
        );
        Letterbox {
            map: ScreenMap { origin, scale },
            world,
        }
    }

    /// Where `ship` is drawn on screen: its sprite's quad at its pose, or
    /// `None` for a missing sprite or a pose that covers nothing.
    pub fn ship_quad(&self, ship: &Ship, sprites: &[ShipSprite]) -> Option<PoseQuad> {
        let sprite = sprites.get(ship.sprite())?;
        let image = sprite.image();
        PoseQuad::new(&ship.pose(), image.width(), image.height(), self.map)
    }

    /// True when something is visible.
    pub fn is_visible(&self) -> bool {
        self.map.scale > 0.0
    }

    /// The canvas rectangle on screen.
    pub fn screen_rect(&self) -> Rect {
        let ScreenMap { origin, scale } = self.map;
        Rect::new(
            origin.x,
            origin.y,
            self.world.x * scale,
            self.world.y * scale,
        )
    }

    /// Screen position of a world point.
    pub fn to_screen(self, world: Vec2) -> Vec2 {
        self.map.to_screen(world)
    }

    /// World point under a screen position, or `None` when it is outside
    /// the canvas or nothing is visible.
    pub fn to_world(self, screen: Vec2) -> Option<Vec2> {
        if !self.is_visible() {
            return None;
        }
        let w = (screen - self.map.origin) / self.map.scale;
        let inside = w.x >= 0.0 && w.y >= 0.0 && w.x < self.world.x && w.y < self.world.y;
        inside.then_some(w)
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

    #[test]
    fn fits_wide_world_with_bars_above_and_below() {
        let lb = Letterbox::fit(Rect::new(0.0, 0.0, 1280.0, 800.0), 1280, 720);
        assert_eq!(lb.map.scale, 1.0);
        assert_eq!(lb.map.origin, vec2(0.0, 40.0));
        assert_eq!(lb.screen_rect(), Rect::new(0.0, 40.0, 1280.0, 720.0));
    }

    #[test]
    fn fits_tall_area_with_bars_on_the_sides() {
        let lb = Letterbox::fit(Rect::new(10.0, 0.0, 400.0, 1000.0), 200, 100);
        assert_eq!(lb.map.scale, 2.0);
        assert_eq!(lb.map.origin, vec2(10.0, 400.0));
    }

    #[test]
    fn screen_and_world_round_trip() {
        let lb = Letterbox::fit(Rect::new(0.0, 24.0, 900.0, 700.0), 1280, 720);
        let w = vec2(321.5, 100.25);
        let back = lb.to_world(lb.to_screen(w)).expect("inside");
        assert!((back - w).length() < 1e-3, "{back:?}");
        assert_eq!(lb.to_world(lb.map.origin - vec2(1.0, 1.0)), None);
        let far = lb.to_screen(vec2(1280.0, 720.0));
        assert_eq!(lb.to_world(far), None);
    }

    #[test]
    fn degenerate_areas_show_nothing_and_never_divide_by_zero() {
        for area in [
            Rect::new(0.0, 0.0, 0.0, 0.0),
            Rect::new(0.0, 0.0, 0.5, 800.0),
            Rect::new(0.0, 0.0, -20.0, 5.0),
            Rect::new(0.0, 0.0, f32::NAN, 5.0),
        ] {
            let lb = Letterbox::fit(area, 1280, 720);
            assert!(!lb.is_visible());
            assert_eq!(lb.to_world(vec2(0.0, 0.0)), None);
        }
        assert!(!Letterbox::fit(Rect::new(0.0, 0.0, 100.0, 100.0), 0, 720).is_visible());
        // A 1×1 window still shows a (tiny) field.
        assert!(Letterbox::fit(Rect::new(0.0, 0.0, 1.0, 1.0), 1280, 720).is_visible());
    }
}
