//! Upload and draw: the field texture and the ship textures.

use hitfield::world::World;

use super::super::overlay;
use super::super::render::{FieldView, ShipViews};
use hitfield::draw::Letterbox;

/// What the window shows of the world, kept on the GPU between frames.
pub struct View {
    field: FieldView,
    /// The field must be uploaded even if no step ran (settings changed, reset).
    pub field_dirty: bool,
    ships: ShipViews,
}

impl View {
    /// Nothing uploaded yet: the first frame uploads the field.
    pub fn new() -> View {
        View {
            field: FieldView::default(),
            field_dirty: true,
            ships: ShipViews::default(),
        }
    }

    /// Uploads what changed after `steps` steps and fades contact flashes by
    /// `dt` seconds. Returns an error to show when a forced upload failed.
    pub fn upload(&mut self, world: &World, steps: u32, dt: f32) -> Option<String> {
        let mut error = None;
        if steps > 0 || self.field_dirty {
            if let Err(e) = self.field.upload(world.field().canvas()) {
                if self.field_dirty {
                    error = Some(e);
                }
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

    /// Draws the field and the ships, and the paused badge.
    pub fn draw(&self, lb: &Letterbox, world: &World, paused: bool, time: f64) {
        self.field.draw(lb);
        self.ships
            .draw(lb, world.sprites(), world.ships(), world.contacts(), time);
        if paused {
            overlay::draw_paused_badge(lb);
        }
    }
}
