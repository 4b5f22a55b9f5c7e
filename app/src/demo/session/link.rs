//! Settings in a link on the web page: the fragment applied to the first
//! world's settings (its messages on the status line and the page), and
//! the fragment kept in step with the panel from then on.

use hitfield::settings::Settings;

use super::super::{page, platform};
use super::status::Status;
use super::Session;
use crate::link;

/// What the page's fragment is written against.
pub struct PageLink {
    /// The settings the page starts with before its fragment: a fragment
    /// holds only the keys that differ from them.
    base: Settings,
    /// The settings last written to the page (to see when they change).
    written: Option<Settings>,
}

/// Applies the page's fragment to `settings` (the first world's, already
/// fitted to the window), posting its messages. `None` on the desktop.
pub fn start(settings: &mut Settings, status: &mut Status) -> Option<PageLink> {
    let fragment = page::read_fragment()?;
    let base = settings.clone();
    let applied = link::apply(&base, &fragment);
    *settings = applied.settings;
    platform::adapt(settings);
    if !applied.messages.is_empty() {
        status.post(applied.messages.join("; "), true);
    }
    page::report(&applied.messages);
    Some(PageLink {
        base,
        written: None,
    })
}

impl Session {
    /// Writes the fragment when the settings in force changed.
    pub(super) fn keep_link(&mut self) {
        let Some(link) = &mut self.link else {
            return;
        };
        let settings = self.stepping.world.settings();
        if link.written.as_ref() == Some(&settings) {
            return;
        }
        page::write_fragment(
            &link::fragment_between(&link.base, &settings),
            &link::describe(&settings),
        );
        link.written = Some(settings);
    }
}
