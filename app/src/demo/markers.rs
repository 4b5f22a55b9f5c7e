//! Marks drawn over the ships: the player's corner brackets and "YOU"
//! label, and each contact's marker with its normal arrow.

use hitfield::draw::PoseQuad;
use hitfield::ships::Contact;
use macroquad::color::WHITE;
use macroquad::math::vec2;
use macroquad::shapes::{draw_circle, draw_circle_lines, draw_line, draw_triangle};

use crate::ui::text::small;
use crate::ui::theme;
use hitfield::draw::Letterbox;

/// Half the side of the axis-aligned square that holds the rotated quad.
pub fn radius(quad: &PoseQuad) -> f32 {
    quad.size.length() * 0.5
}

/// Corner brackets and a "YOU" label around the player's ship.
pub fn draw_player_marker(quad: &PoseQuad, time: f64) {
    let r = radius(quad) + 6.0;
    let arm = (r * 0.45).max(5.0);
    let c = theme::with_alpha(theme::PLAYER, 0.8 + 0.2 * (time * 4.0).sin() as f32);
    let (x0, y0, x1, y1) = (
        quad.centre.x - r,
        quad.centre.y - r,
        quad.centre.x + r,
        quad.centre.y + r,
    );
    for (cx, cy, sx, sy) in [
        (x0, y0, 1.0, 1.0),
        (x1, y0, -1.0, 1.0),
        (x0, y1, 1.0, -1.0),
        (x1, y1, -1.0, -1.0),
    ] {
        draw_line(cx, cy, cx + sx * arm, cy, 2.0, c);
        draw_line(cx, cy, cx, cy + sy * arm, 2.0, c);
    }
    small("YOU", x0, y0 - 5.0, c);
}

/// A marker at the contact point and a short arrow along the normal (A → B),
/// white on a dark halo so they read over any trail colour.
pub fn draw_contact(lb: &Letterbox, c: &Contact) {
    let [px, py] = c.overlap.point;
    if !(px.is_finite() && py.is_finite()) {
        return;
    }
    let p = lb.to_screen(vec2(px as f32, py as f32));
    let shadow = theme::rgb(0x000000, 0.6);
    let [nx, ny] = c.overlap.normal;
    let n = vec2(nx as f32, ny as f32);
    let arrow = (n.is_finite() && n.length_squared() > 1e-6).then(|| {
        let n = n.normalize();
        let tip = p + n * 34.0;
        let side = vec2(-n.y, n.x) * 5.5;
        let base = tip - n * 10.0;
        (n, tip, side, base)
    });
    draw_circle(p.x, p.y, 10.0, shadow);
    if let Some((n, tip, side, base)) = arrow {
        draw_line(p.x, p.y, base.x, base.y, 5.0, shadow);
        draw_triangle(tip + n * 3.0, base + side * 1.5, base - side * 1.5, shadow);
        draw_line(p.x, p.y, base.x, base.y, 2.0, WHITE);
        draw_triangle(tip, base + side, base - side, WHITE);
    }
    draw_circle_lines(p.x, p.y, 7.0, 2.0, WHITE);
    draw_circle(p.x, p.y, 2.5, theme::CONTACT);
}
