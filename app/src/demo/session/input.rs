//! Input: this frame's shortcuts, and the player's ship steered by keys or
//! placed by the mouse (the steering itself is the library's).

use hitfield::ships::Steer;
use hitfield::world::World;
use macroquad::input::{
    is_mouse_button_down, is_mouse_button_pressed, mouse_position, MouseButton,
};
use macroquad::math::Vec2;

use super::super::keys::{self, Action};
use super::Layout;
use crate::ui::widgets::Ui;

/// The player's ship is ship 0.
const PLAYER: usize = 0;

/// What the user did this frame that the rest of the frame needs.
pub struct FrameInput {
    /// Shortcuts pressed (the panel's buttons are added later).
    pub actions: Vec<Action>,
    /// Mouse position in window pixels.
    pub mouse: Vec2,
    /// The mouse is over the settings panel.
    pub over_panel: bool,
}

/// Mouse state kept between frames.
#[derive(Default)]
pub struct Pointer {
    /// The left button went down on the field and is still held: the
    /// player's ship follows the mouse.
    pub dragging_player: bool,
}

/// Reads keys and mouse. Arrows/WASD fly ship 0 and clicking (or dragging)
/// on the field puts it there; either makes it the player's from then on.
/// The keyboard is ignored while a text field has focus; the mouse is
/// ignored over the panel and under the help overlay.
pub fn read(
    ui: &Ui,
    pointer: &mut Pointer,
    world: &mut World,
    layout: &Layout,
    show_help: bool,
    dt: f32,
) -> FrameInput {
    let (actions, steer) = if ui.wants_keyboard() {
        (Vec::new(), Steer::default())
    } else {
        (keys::shortcuts(), keys::steer())
    };
    // Refused only without ships (`ships.count` 0): then nothing to steer.
    let _ = world.steer_player(PLAYER, steer, dt);
    let mouse = Vec2::from(mouse_position());
    let over_panel = layout.regions.panel.is_some_and(|r| r.contains(mouse));
    let on_field = layout.letterbox.to_world(mouse);
    if is_mouse_button_pressed(MouseButton::Left) {
        pointer.dragging_player = !over_panel && !show_help && on_field.is_some();
    }
    if !is_mouse_button_down(MouseButton::Left) {
        pointer.dragging_player = false;
    }
    if let (true, Some(at)) = (pointer.dragging_player, on_field) {
        let _ = world.place_player(PLAYER, [at.x, at.y]);
    }
    FrameInput {
        actions,
        mouse,
        over_panel,
    }
}
