//! Fly one ship with the keys and react when its pixels touch the field:
//! the ship's hit texels turn blue and the screen edge flashes red.
//!
//! ```sh
//! cargo run --release --example player_ship
//! ```
//! Arrows or WASD fly, Q/E turn, Shift boosts, Esc quits.
//! `HITFIELD_EXAMPLE_FRAMES=N` quits after N frames (see `support/`).

use hitfield::draw::{PoseQuad, ScreenMap};
use hitfield::prelude::*;
use macroquad::prelude::*;

mod support;

fn window() -> Conf {
    Conf {
        window_title: "hitfield: player_ship".into(),
        window_width: 800,
        window_height: 600,
        ..Default::default()
    }
}

fn axis(minus: &[KeyCode], plus: &[KeyCode]) -> f32 {
    let down = |keys: &[KeyCode]| keys.iter().any(|&k| is_key_down(k));
    f32::from(u8::from(down(plus))) - f32::from(u8::from(down(minus)))
}

#[macroquad::main(window)]
async fn main() {
    let mut settings = Settings::default();
    (settings.field.width, settings.field.height) = (800, 600);
    settings.field.particles = 40_000;
    settings.ships.count = 1;
    settings.ships.sample_interval_ms = 0.0; // sample every step: react at once
    let alpha_min = settings.ships.ship_alpha_min;
    let sprites = ShipSprite::defaults(alpha_min);
    let mut world = match World::new(settings, sprites) {
        Ok(world) => world,
        Err(e) => return eprintln!("settings refused: {e}"),
    };
    if let Err(e) = world.place_player(0, [400.0, 300.0]) {
        return eprintln!("cannot place the ship: {e}");
    }
    let image = world.sprites()[world.ships()[0].sprite()].image().clone();
    let (w, h) = (image.width(), image.height());
    let ship_tex = Texture2D::from_rgba8(w as u16, h as u16, image.as_bytes());
    let field = Texture2D::from_rgba8(800, 600, world.field().canvas().rgba_bytes());
    let mut touches = 0u64;
    for frame in 1.. {
        let steer = Steer {
            dir: [
                axis(&[KeyCode::Left, KeyCode::A], &[KeyCode::Right, KeyCode::D]),
                axis(&[KeyCode::Up, KeyCode::W], &[KeyCode::Down, KeyCode::S]),
            ],
            turn: axis(&[KeyCode::Q], &[KeyCode::E]),
            boost: is_key_down(KeyCode::LeftShift),
        };
        if let Err(e) = world.steer_player(0, steer, get_frame_time()) {
            return eprintln!("cannot steer the ship: {e}");
        }
        world.step();
        field.update_from_bytes(800, 600, world.field().canvas().rgba_bytes());

        let ship = &world.ships()[0];
        let touching = ship.last_hit_count() > 0; // world pixels hit by the last sample
        touches += u64::from(touching);
        let mut pixels = image.as_bytes().to_vec();
        for (i, px) in pixels.chunks_exact_mut(4).enumerate() {
            if ship.hits().contains(i as u32 % w, i as u32 / w) {
                px.copy_from_slice(&[0x4E, 0x88, 0xC9, 255]);
            }
        }
        ship_tex.update_from_bytes(w, h, &pixels);

        clear_background(BLACK);
        draw_texture(&field, 0.0, 0.0, WHITE);
        if let Some(quad) = PoseQuad::new(&ship.pose(), w, h, ScreenMap::IDENTITY) {
            quad.draw(&ship_tex, WHITE);
        }
        if touching {
            draw_rectangle_lines(0.0, 0.0, 800.0, 600.0, 8.0, RED);
        }
        let status = format!(
            "{} pixels touching the field; touched in {touches} steps",
            ship.last_hit_count()
        );
        draw_text(&status, 12.0, 24.0, 24.0, WHITE);
        if support::last_frame(frame) || is_key_pressed(KeyCode::Escape) {
            break;
        }
        next_frame().await;
    }
}
