//! Fitting the field canvas into the window: aspect kept, centred, bars on
//! the sides. One mapping (the library's [`ScreenMap`]) serves drawing the
//! canvas, drawing ships over it and turning mouse clicks back into world
//! pixels.

use hitfield::draw::{PoseQuad, ScreenMap};
use hitfield::ships::{Ship, ShipSprite};
use macroquad::math::{vec2, Rect, Vec2};

/// The canvas fitted into the field's room for one frame.
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
