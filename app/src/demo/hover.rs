//! The hover card: which ship is under the pointer (picking by the ship's
//! screen quad, the library's `PoseQuad`), and the card about it.

use hitfield::ships::{Ship, ShipSprite};
use hitfield::world::World;
use macroquad::math::{vec2, Vec2};
use macroquad::shapes::draw_rectangle;

use super::markers::radius;
use crate::ui::text::{measure, small};
use crate::ui::theme;
use hitfield::draw::Letterbox;

/// The card of the ship under the mouse, if any.
pub fn draw_hover_card(lb: &Letterbox, world: &World, mouse: Vec2, screen: (f32, f32)) {
    let (sprites, ships) = (world.sprites(), world.ships());
    if let Some(i) = ship_at(lb, sprites, ships, mouse) {
        if let Some(sprite) = sprites.get(ships[i].sprite()) {
            draw_ship_card(i, &ships[i], sprite, mouse, vec2(screen.0, screen.1));
        }
    }
}

/// The ship under screen point `at` (the nearest centre within its
/// radius), for the hover card.
fn ship_at(lb: &Letterbox, sprites: &[ShipSprite], ships: &[Ship], at: Vec2) -> Option<usize> {
    let mut best: Option<(usize, f32)> = None;
    for (i, ship) in ships.iter().enumerate() {
        let Some(q) = lb.ship_quad(ship, sprites) else {
            continue;
        };
        let d = q.centre.distance(at);
        let closer = match best {
            Some((_, bd)) => d < bd,
            None => true,
        };
        if d <= radius(&q).max(6.0) && closer {
            best = Some((i, d));
        }
    }
    best.map(|(i, _)| i)
}

/// A small card next to the pointer about ship `i`.
fn draw_ship_card(i: usize, ship: &Ship, sprite: &ShipSprite, at: Vec2, screen: Vec2) {
    let lines = [
        format!(
            "ship {i}  {}{}",
            sprite.name(),
            if ship.is_player() { "  (you)" } else { "" }
        ),
        format!("hit texels  {}", ship.hits().len()),
        format!(
            "hit pixels  {} last, {} total",
            ship.last_hit_count(),
            ship.hits_total()
        ),
    ];
    let w = lines
        .iter()
        .map(|l| measure(l, theme::FONT_SMALL))
        .fold(0.0, f32::max)
        + 20.0;
    let h = 16.0 * lines.len() as f32 + 12.0;
    let mut p = at + vec2(16.0, 12.0);
    if p.x + w > screen.x {
        p.x = at.x - 16.0 - w;
    }
    if p.y + h > screen.y {
        p.y = at.y - 12.0 - h;
    }
    draw_rectangle(p.x, p.y, w, h, theme::OVERLAY_BG);
    draw_rectangle(p.x, p.y, 2.0, h, theme::ACCENT);
    for (k, line) in lines.iter().enumerate() {
        let color = if k == 0 { theme::TEXT } else { theme::TEXT_DIM };
        small(line, p.x + 10.0, p.y + 18.0 + 16.0 * k as f32, color);
    }
}
