//! The status bar and the latest message.

use hitfield::world::World;
use macroquad::time::get_time;

use super::super::keys::status_hint;
use super::super::overlay;
use super::super::settings_panel::Message;
use crate::ui::numbers::{count, thousands};
use hitfield::settings::compact;

/// How long a message stays in the status bar, in seconds.
const MESSAGE_SECS: f64 = 8.0;

/// The latest message for the user.
#[derive(Default)]
pub struct Status {
    message: Option<Message>,
}

impl Status {
    /// Shows `text` (red when `error`) from now on.
    pub fn post(&mut self, text: String, error: bool) {
        self.message = Some(Message {
            text,
            error,
            at: get_time(),
        });
    }

    /// Says `news` on stderr (`hitfield: `, or `hitfield: error: ` for an
    /// `Err`) and in the status bar. Returns true for good news.
    pub fn tell(&mut self, news: Result<String, String>) -> bool {
        let (text, error) = match news {
            Ok(text) => (text, false),
            Err(text) => (text, true),
        };
        let kind = if error { "error: " } else { "" };
        eprintln!("hitfield: {kind}{text}");
        self.post(text, error);
        !error
    }

    /// The message to show in the panel: errors stay until replaced.
    pub fn for_panel(&self, time: f64) -> Option<&Message> {
        self.message
            .as_ref()
            .filter(|m| m.error || time - m.at < MESSAGE_SECS)
    }

    /// Draws the status bar: run state and counts, then the message or a hint.
    pub fn draw(&self, world: &World, paused: bool, time: f64, screen: (f32, f32)) {
        let (left, right, kind) = self.texts(world, paused, time);
        overlay::draw_status(screen.0, screen.1, &left, &right, kind);
    }

    fn texts(&self, world: &World, paused: bool, time: f64) -> (String, String, Option<bool>) {
        let run = if paused { "PAUSED " } else { "RUNNING" };
        let ships = world.ships();
        let hits: u64 = ships.iter().map(|s| u64::from(s.last_hit_count())).sum();
        let particles = world.field().particle_count();
        let left = format!(
            "{run}   step {}   {} {}   {}   {}   {}",
            thousands(world.steps()),
            compact(particles as u64),
            if particles == 1 {
                "particle"
            } else {
                "particles"
            },
            count(ships.len() as u64, "ship", "ships"),
            count(world.contacts().len() as u64, "contact", "contacts"),
            count(hits, "texel hit", "texels hit"),
        );
        match self.message.as_ref().filter(|m| time - m.at < MESSAGE_SECS) {
            Some(m) => (left, m.text.clone(), Some(m.error)),
            None => (left, status_hint().to_string(), None),
        }
    }
}
