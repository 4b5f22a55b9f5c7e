//! Drawing the world ([`View`]): the field canvas as one nearest-filtered texture,
//! ships as rotated sprites with their hit texels painted cold blue, and
//! ship-ship contacts as outline flashes, markers and normal arrows.

use hitfield::draw::PoseQuad;
use hitfield::rgba::RgbaImage;
use hitfield::ships::HitMap;
use hitfield::ships::{Contact, Ship, ShipSprite};
use hitfield::world::World;
use macroquad::color::{Color, WHITE};
use macroquad::math::{vec2, Rect, Vec2};
use macroquad::shapes::draw_rectangle;
use macroquad::texture::{draw_texture_ex, DrawTextureParams, FilterMode, Texture2D};
use macroquad::window::get_internal_gl;

use super::markers;
use crate::ui::theme;
use hitfield::draw::Letterbox;

/// Largest canvas side shown as a texture (common GL limit).
pub const MAX_TEXTURE_SIDE: u32 = 16384;

/// What the window shows of the world, kept on the GPU between frames:
/// the field canvas as one texture, and the ships' ([`ShipViews`]).
#[derive(Default)]
pub struct View {
    field: Option<(Texture2D, u32, u32)>,
    /// The field must be uploaded even if no step ran (settings changed,
    /// reset); true before the first upload.
    pub field_dirty: bool,
    ships: ShipViews,
}

impl View {
    /// Nothing uploaded yet: the first frame uploads the field.
    pub fn new() -> View {
        View {
            field_dirty: true,
            ..View::default()
        }
    }

    /// Uploads what changed after `steps` steps and fades contact flashes
    /// by `dt` seconds. Returns an error to show when a forced upload
    /// failed: a canvas too large to show.
    pub fn upload(&mut self, world: &World, steps: u32, dt: f32) -> Option<String> {
        let mut error = None;
        if steps > 0 || self.field_dirty {
            let canvas = world.field().canvas();
            let (w, h, bytes) = (canvas.width(), canvas.height(), canvas.rgba_bytes());
            match &self.field {
                Some((tex, tw, th)) if (*tw, *th) == (w, h) => tex.update_from_bytes(w, h, bytes),
                _ => self.field = texture(w, h, bytes).map(|tex| (tex, w, h)),
            }
            if self.field.is_none() && self.field_dirty {
                error = Some(format!(
                    "the {w}x{h} canvas is too large to show (at most {MAX_TEXTURE_SIDE} per side); the simulation still runs"
                ));
            }
            self.field_dirty = false;
        }
        self.ships
            .sync(world.sprites(), world.ships(), world.contacts(), dt);
        error
    }

    /// Forgets every texture (after a reset).
    pub fn clear(&mut self) {
        self.ships.clear();
        self.field_dirty = true;
    }

    /// Draws the canvas into the letterbox over a black backdrop, the
    /// ships over it, and the paused badge.
    pub fn draw(&self, lb: &Letterbox, world: &World, paused: bool, time: f64) {
        if !lb.is_visible() {
            return;
        }
        let r = lb.screen_rect();
        let frame = theme::FIELD_FRAME;
        draw_rectangle(r.x - 1.0, r.y - 1.0, r.w + 2.0, r.h + 2.0, frame);
        draw_rectangle(r.x, r.y, r.w, r.h, theme::FIELD_BG);
        if let Some((tex, _, _)) = &self.field {
            let dest_size = Some(vec2(r.w, r.h));
            let params = DrawTextureParams {
                dest_size,
                ..Default::default()
            };
            draw_texture_ex(tex, r.x, r.y, WHITE, params);
        }
        self.ships
            .draw(lb, world.sprites(), world.ships(), world.contacts(), time);
        if paused {
            super::overlay::draw_paused_badge(lb);
        }
    }
}

/// Copies `image` into `out` with every hit texel set to [`theme::HIT_RGBA`].
pub fn paint_hits(image: &RgbaImage, hits: &HitMap, out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(image.as_bytes());
    let w = image.width();
    if hits.width() != w || hits.height() != image.height() {
        return;
    }
    for (i, px) in out.chunks_exact_mut(4).enumerate() {
        let (x, y) = (i as u32 % w, i as u32 / w);
        if hits.contains(x, y) {
            px.copy_from_slice(&theme::HIT_RGBA);
        }
    }
}

/// A white copy of `image` keeping its alpha (tinted when drawn: outlines).
fn silhouette(image: &RgbaImage) -> Vec<u8> {
    let mut out = image.as_bytes().to_vec();
    for px in out.chunks_exact_mut(4) {
        px[0] = 255;
        px[1] = 255;
        px[2] = 255;
    }
    out
}

/// A nearest-filtered texture of `bytes`, `None` for a side of 0 or past
/// [`MAX_TEXTURE_SIDE`].
fn texture(w: u32, h: u32, bytes: &[u8]) -> Option<Texture2D> {
    if w == 0 || h == 0 || w > MAX_TEXTURE_SIDE || h > MAX_TEXTURE_SIDE {
        return None;
    }
    // Sides are at most MAX_TEXTURE_SIDE, so they fit u16.
    let tex = Texture2D::from_rgba8(w as u16, h as u16, bytes);
    tex.set_filter(FilterMode::Nearest);
    Some(tex)
}

/// One ship's texture: its sprite with the last sample's hits painted in.
struct ShipView {
    sprite: usize,
    hits: HitMap,
    texture: Option<Texture2D>,
    /// Contact flash level, 1 at contact, fading to 0.
    flash: f32,
}

/// Per-ship textures (re-uploaded only when a ship's hit map changes),
/// per-sprite silhouettes, and contact flashes.
#[derive(Default)]
struct ShipViews {
    ships: Vec<ShipView>,
    silhouettes: Vec<Option<Texture2D>>,
    scratch: Vec<u8>,
}

impl ShipViews {
    /// Forgets every texture (after a reset: sprites may have changed).
    pub fn clear(&mut self) {
        self.ships.clear();
        self.silhouettes.clear();
    }

    /// Brings the textures up to date with the ships and fades the contact
    /// flashes by `dt` seconds. Returns how many textures were uploaded.
    pub fn sync(
        &mut self,
        sprites: &[ShipSprite],
        ships: &[Ship],
        contacts: &[Contact],
        dt: f32,
    ) -> usize {
        let mut uploads = 0;
        if self.silhouettes.len() != sprites.len() {
            self.silhouettes = sprites
                .iter()
                .map(|s| {
                    texture(
                        s.image().width(),
                        s.image().height(),
                        &silhouette(s.image()),
                    )
                })
                .collect();
            uploads += sprites.len();
        }
        self.ships.truncate(ships.len());
        for (i, ship) in ships.iter().enumerate() {
            let Some(sprite) = sprites.get(ship.sprite()) else {
                continue;
            };
            let (w, h) = (sprite.image().width(), sprite.image().height());
            if i == self.ships.len() {
                self.ships.push(ShipView {
                    sprite: usize::MAX,
                    hits: HitMap::default(),
                    texture: None,
                    flash: 0.0,
                });
            }
            let view = &mut self.ships[i];
            if view.sprite == ship.sprite() && view.hits == *ship.hits() && view.texture.is_some() {
                continue;
            }
            paint_hits(sprite.image(), ship.hits(), &mut self.scratch);
            match &view.texture {
                Some(tex) if view.sprite == ship.sprite() => {
                    tex.update_from_bytes(w, h, &self.scratch)
                }
                _ => view.texture = texture(w, h, &self.scratch),
            }
            view.sprite = ship.sprite();
            view.hits.clone_from(ship.hits());
            uploads += 1;
        }
        for view in &mut self.ships {
            view.flash = (view.flash - dt * 3.0).max(0.0);
        }
        for c in contacts {
            for i in [c.a, c.b] {
                if let Some(v) = self.ships.get_mut(i) {
                    v.flash = 1.0;
                }
            }
        }
        uploads
    }

    /// Draws ships, contact outlines and markers, clipped to the field.
    pub fn draw(
        &self,
        lb: &Letterbox,
        sprites: &[ShipSprite],
        ships: &[Ship],
        contacts: &[Contact],
        time: f64,
    ) {
        if !lb.is_visible() {
            return;
        }
        let clip = lb.screen_rect();
        set_clip(Some(clip));
        for (i, ship) in ships.iter().enumerate() {
            let Some(view) = self.ships.get(i) else {
                continue;
            };
            let Some(quad) = lb.ship_quad(ship, sprites) else {
                continue;
            };
            if view.flash > 0.0 {
                if let Some(Some(sil)) = self.silhouettes.get(ship.sprite()) {
                    let pulse = 0.75 + 0.25 * (time * 30.0).sin() as f32;
                    let c = theme::with_alpha(theme::CONTACT, view.flash * pulse);
                    let d = (lb.map.scale * ship.pose().scale * 1.5).clamp(1.5, 4.0);
                    // The silhouette moved by d to all eight sides: an outline.
                    for (dx, dy) in [-d, 0.0, d]
                        .into_iter()
                        .flat_map(|x| [(x, -d), (x, 0.0), (x, d)])
                    {
                        if (dx, dy) != (0.0, 0.0) {
                            draw_at(&quad, sil, vec2(dx, dy), c);
                        }
                    }
                }
            }
            if let Some(tex) = &view.texture {
                draw_at(&quad, tex, Vec2::ZERO, WHITE);
            }
            if ship.is_player() {
                markers::draw_player_marker(&quad, time);
            }
        }
        for c in contacts {
            markers::draw_contact(lb, c);
        }
        set_clip(None);
    }
}

/// Draws `tex` on `quad` moved by `offset` (screen pixels).
fn draw_at(quad: &PoseQuad, tex: &Texture2D, offset: Vec2, color: Color) {
    let moved = PoseQuad {
        centre: quad.centre + offset,
        ..*quad
    };
    moved.draw(tex, color);
}

/// Restricts drawing to `rect` (screen pixels), or lifts the restriction.
pub fn set_clip(rect: Option<Rect>) {
    let clip = rect.map(|r| {
        let x = r.x.floor().max(0.0);
        let y = r.y.floor().max(0.0);
        (
            x as i32,
            y as i32,
            (r.w.ceil()).max(0.0) as i32,
            (r.h.ceil()).max(0.0) as i32,
        )
    });
    // SAFETY: macroquad's GL context lives on this (the only) thread and is
    // not borrowed elsewhere while this call runs.
    let gl = unsafe { get_internal_gl() };
    gl.quad_gl.scissor(clip);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paint_hits_keeps_unhit_texels_and_paints_hit_ones() {
        let mut img = RgbaImage::new(3, 2);
        img.set(0, 0, [200, 10, 10, 255]);
        img.set(2, 1, [10, 200, 10, 255]);
        // An empty map of the right size paints nothing.
        let mut out = Vec::new();
        paint_hits(&img, &HitMap::new(3, 2), &mut out);
        assert_eq!(out, img.as_bytes());
        let mut hits = HitMap::new(3, 2);
        hits.insert(2, 1);
        paint_hits(&img, &hits, &mut out);
        let mut want = img.clone();
        want.set(2, 1, theme::HIT_RGBA);
        assert_eq!(out, want.as_bytes());
        // A map of the wrong size is ignored rather than misread.
        let mut wrong = HitMap::new(2, 2);
        wrong.insert(0, 0);
        paint_hits(&img, &wrong, &mut out);
        assert_eq!(out, img.as_bytes());
    }
}
