//! A minimal macroquad game on hitfield: the world steps every frame, its
//! canvas is uploaded as one texture, and the ships are drawn with the same
//! pose the collision code uses ([`hitfield::draw::PoseQuad`]), their hit
//! texels painted blue.
//!
//! ```sh
//! cargo run --release --example macroquad_field
//! ```
//! `HITFIELD_EXAMPLE_FRAMES=N` quits after N frames (see `support/`).

use hitfield::draw::{PoseQuad, ScreenMap};
use hitfield::prelude::*;
use macroquad::prelude::*;

mod support;

const HIT: [u8; 4] = [0x4E, 0x88, 0xC9, 255];

fn window() -> Conf {
    Conf {
        window_title: "hitfield: macroquad_field".into(),
        window_width: 960,
        window_height: 540,
        ..Default::default()
    }
}

/// A nearest-filtered texture (crisp texels when scaled up).
fn texture(width: u32, height: u32, rgba: &[u8]) -> Texture2D {
    let tex = Texture2D::from_rgba8(width as u16, height as u16, rgba);
    tex.set_filter(FilterMode::Nearest);
    tex
}

#[macroquad::main(window)]
async fn main() {
    let mut settings = Settings::default();
    (settings.field.width, settings.field.height) = (960, 540);
    settings.field.particles = 60_000;
    settings.ships.count = 10;
    let alpha_min = settings.ships.ship_alpha_min;
    let sprites = ShipSprite::defaults(alpha_min);
    let mut world = match World::new(settings, sprites) {
        Ok(world) => world,
        Err(e) => return eprintln!("settings refused: {e}"),
    };
    let canvas = world.field().canvas();
    let (cw, ch) = (canvas.width(), canvas.height());
    let field = texture(cw, ch, canvas.rgba_bytes());
    // One texture per ship: its sprite with the last sample's hits painted in.
    let ship_textures: Vec<Texture2D> = (world.ships().iter())
        .map(|s| world.sprites()[s.sprite()].image())
        .map(|img| texture(img.width(), img.height(), img.as_bytes()))
        .collect();
    let mut pixels = Vec::new();
    for frame in 1.. {
        world.step(); // one fixed step (settings.step_ms) per frame, to keep it short
        field.update_from_bytes(cw, ch, world.field().canvas().rgba_bytes());

        clear_background(BLACK);
        // World pixels → screen: scaled to fit, from the top-left corner.
        let scale = (screen_width() / cw as f32).min(screen_height() / ch as f32);
        let map = ScreenMap {
            origin: Vec2::ZERO,
            scale,
        };
        let size = vec2(cw as f32, ch as f32) * scale;
        let params = DrawTextureParams {
            dest_size: Some(size),
            ..Default::default()
        };
        draw_texture_ex(&field, 0.0, 0.0, WHITE, params);

        for (ship, tex) in world.ships().iter().zip(&ship_textures) {
            let image = &world.sprites()[ship.sprite()].image();
            pixels.clear();
            pixels.extend_from_slice(image.as_bytes());
            for (i, px) in pixels.chunks_exact_mut(4).enumerate() {
                let (x, y) = (i as u32 % image.width(), i as u32 / image.width());
                if ship.hits().contains(x, y) {
                    px.copy_from_slice(&HIT); // a texel the last sample hit
                }
            }
            tex.update_from_bytes(image.width(), image.height(), &pixels);
            if let Some(quad) = PoseQuad::new(&ship.pose(), image.width(), image.height(), map) {
                quad.draw(tex, WHITE);
            }
        }
        for c in world.contacts() {
            let at = map.to_screen(vec2(c.overlap.point[0] as f32, c.overlap.point[1] as f32));
            draw_circle_lines(at.x, at.y, 10.0, 2.0, YELLOW);
        }
        if support::last_frame(frame) {
            break;
        }
        next_frame().await;
    }
}
