//! What differs between the desktop window and the browser page: files,
//! threads, quitting, and where a panic is reported.

use hitfield::settings::Settings;

/// True in the browser build (`wasm32-unknown-unknown`).
pub const WEB: bool = cfg!(target_arch = "wasm32");

/// The demo can read and write files (presets, CSV, screenshots). Not in
/// the browser, where a page has no file system.
pub const FILES: bool = !WEB;

/// Esc (with no help shown) closes the demo. A page cannot close itself.
pub const CAN_QUIT: bool = !WEB;

/// What the panel says in place of the file buttons when there are none.
pub const NO_FILES_NOTE: &str = "Presets, CSV and screenshots need the desktop build.";

/// Fits `settings` to the platform: in the browser the field runs on one
/// thread (wasm32 has no threads for rayon), so it starts unparallel.
pub fn adapt(settings: &mut Settings) {
    if WEB {
        settings.field.parallel = false;
    }
}

/// In the browser, reports panics on the console as `hitfield panicked at
/// FILE:LINE: MESSAGE` (console.error), where `web/index.html` records
/// them. Elsewhere Rust's own report on stderr is kept.
pub fn report_panics() {
    #[cfg(target_arch = "wasm32")]
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(no message)".to_string());
        let at = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()))
            .unwrap_or_default();
        let text = format!("hitfield panicked at {at}: {message}").replace('\0', " ");
        if let Ok(c) = std::ffi::CString::new(text) {
            // SAFETY: macroquad's JS loader provides `console_error`, which
            // reads a NUL-terminated UTF-8 string and keeps no pointer to it.
            unsafe { console_error(c.as_ptr()) };
        }
    }));
}

#[cfg(target_arch = "wasm32")]
extern "C" {
    /// `console.error` of the page, from macroquad's JS loader.
    fn console_error(message: *const std::ffi::c_char);
}
