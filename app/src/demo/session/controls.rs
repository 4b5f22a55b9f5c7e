//! The panel side of a frame: which overlays are shown, the settings panel
//! drawn and its edits applied live.

use crate::ui::widgets::Ui;
use macroquad::math::Rect;

use super::super::keys::Action;
use super::super::platform;
use super::super::render::View;
use super::super::settings_panel::{self, Edit, PanelInfo, PanelState};
use super::super::value_entry::Change;
use super::status::Status;
use super::stepping::Stepping;

/// The widgets, the panel's text fields and which overlays are shown.
pub struct Controls {
    /// Immediate-mode widgets.
    pub ui: Ui,
    /// The panel's text fields (seed, preset path).
    pub state: PanelState,
    /// The help overlay is shown.
    pub show_help: bool,
    /// The settings panel is shown.
    pub show_panel: bool,
    /// The profiler overlay is shown.
    pub show_profiler: bool,
}

impl Controls {
    /// Controls for a session starting with `stepping`'s settings.
    pub fn new(stepping: &Stepping) -> Controls {
        Controls {
            ui: Ui::default(),
            state: PanelState::new(&stepping.world.settings()),
            show_help: false,
            show_panel: true,
            show_profiler: true,
        }
    }

    /// The panel's height for all its content (0 before it was first drawn).
    pub fn panel_height(&self) -> f32 {
        settings_panel::wanted_height(self.ui.content_height())
    }

    /// Draws the panel in `rect` and applies its edits to the running world,
    /// posting any it refuses. Returns the actions its buttons asked for.
    pub fn draw_panel(
        &mut self,
        rect: Option<Rect>,
        stepping: &mut Stepping,
        view: &mut View,
        status: &mut Status,
        time: f64,
    ) -> Vec<Action> {
        let Some(rect) = rect else {
            // No panel, no text field to type into.
            self.ui.unfocus();
            return Vec::new();
        };
        let settings = stepping.world.settings();
        let info = PanelInfo {
            paused: stepping.paused,
            files: platform::FILES,
            message: status.for_panel(time),
        };
        let (actions, edits) =
            settings_panel::panel(&mut self.ui, rect, &settings, &mut self.state, &info);
        for edit in edits {
            match apply(stepping, &edit) {
                Ok(changed) => view.field_dirty |= changed,
                Err(message) => status.post(message, true),
            }
        }
        actions
    }
}

/// Applies one of the panel's edits: a slider's value as it is, typed
/// text parsed and checked by the setting's row. Returns true when the
/// world changed; the error is one line naming the key.
fn apply(stepping: &mut Stepping, edit: &Edit) -> Result<bool, String> {
    let value = match &edit.change {
        Change::Value(value) => *value,
        Change::Text(text) => edit.row.parse(text).map_err(|e| e.to_string())?,
    };
    stepping.set(edit.row.key, value)
}
