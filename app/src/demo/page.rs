//! The web page's side of settings in a link: the URL fragment read once
//! at start, written back (without a reload) whenever the settings change,
//! and the link's messages recorded on the page for people and tests. The
//! JavaScript half is in `web/index.html` (`hitfield_link_*`). On the
//! desktop there is no page: nothing is read and writes do nothing.

/// The page's URL fragment without its `#`, on the web (empty when it has
/// none); `None` on the desktop. A fragment longer than the link parser
/// reads comes back cut just past its limit, so the parser says so.
pub fn read_fragment() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        use crate::link::MAX_FRAGMENT_BYTES;
        let mut buf = vec![0u8; MAX_FRAGMENT_BYTES + 1];
        // SAFETY: the page's `hitfield_link_read` writes at most `cap`
        // bytes at `ptr` (a live buffer of that size) and keeps no pointer.
        let len = unsafe { hitfield_link_read(buf.as_mut_ptr(), buf.len() as u32) };
        buf.truncate((len as usize).min(MAX_FRAGMENT_BYTES + 1));
        Some(String::from_utf8_lossy(&buf).into_owned())
    }
    #[cfg(not(target_arch = "wasm32"))]
    None
}

/// Puts `fragment` in the page's address (replacing the history entry, so
/// no reload) and records `settings` (every key, for tests) on the page.
pub fn write_fragment(fragment: &str, settings: &str) {
    #[cfg(target_arch = "wasm32")]
    // SAFETY: the page reads each (pointer, length) as UTF-8 during the
    // call and keeps no pointer.
    unsafe {
        hitfield_link_write(
            fragment.as_ptr(),
            fragment.len() as u32,
            settings.as_ptr(),
            settings.len() as u32,
        );
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = (fragment, settings);
}

/// Records the link's messages (one a line) on the page.
pub fn report(messages: &[String]) {
    #[cfg(target_arch = "wasm32")]
    {
        let text = messages.join("\n");
        // SAFETY: as in `write_fragment`.
        unsafe {
            hitfield_link_report(text.as_ptr(), text.len() as u32, messages.len() as u32);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = messages;
}

#[cfg(target_arch = "wasm32")]
extern "C" {
    /// Copies at most `cap` bytes of the fragment (UTF-8, no `#`) to `ptr`;
    /// returns its whole length in bytes.
    fn hitfield_link_read(ptr: *mut u8, cap: u32) -> u32;
    /// Sets the fragment and the page's record of the settings.
    fn hitfield_link_write(ptr: *const u8, len: u32, all: *const u8, all_len: u32);
    /// Records `count` messages, given as lines.
    fn hitfield_link_report(ptr: *const u8, len: u32, count: u32);
}
