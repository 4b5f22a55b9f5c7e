//! Settings as preset TOML text, for the clipboard (Ctrl+C / Ctrl+V in the
//! demo). The text goes through the library's own preset writer and reader
//! by way of a private temporary file, so a paste is checked exactly as
//! loading a preset file is, and a bad one gets the same message with
//! `clipboard` in place of the file's name. Desktop only.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

use hitfield::settings::preset::MAX_PRESET_BYTES;
use hitfield::settings::Settings;

/// What a message calls the pasted text.
const SOURCE: &str = "clipboard";

/// A temporary file name no other call (or process) uses.
fn scratch() -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("hitfield-settings-{}-{n}.toml", std::process::id()))
}

/// The message of a preset error on `path`, naming the clipboard instead.
fn named(message: String, path: &std::path::Path) -> String {
    let shown = path.display().to_string();
    match message.strip_prefix(&shown) {
        Some(rest) => format!("{SOURCE}{rest}"),
        None => message.replace(&shown, SOURCE),
    }
}

/// `settings` as the TOML a saved preset holds.
pub fn to_text(settings: &Settings) -> Result<String, String> {
    let path = scratch();
    let result = settings
        .save_preset(&path)
        .map_err(|e| named(e.to_string(), &path))
        .and_then(|()| std::fs::read_to_string(&path).map_err(|e| format!("{SOURCE}: {e}")));
    let _ = std::fs::remove_file(&path);
    result
}

/// Settings from preset TOML text: missing keys take their defaults, and
/// any error is the preset loader's one-line message about `clipboard`.
pub fn from_text(text: &str) -> Result<Settings, String> {
    if text.len() as u64 > MAX_PRESET_BYTES {
        return Err(format!(
            "{SOURCE}: larger than {MAX_PRESET_BYTES} bytes; not a preset"
        ));
    }
    let path = scratch();
    let result = std::fs::write(&path, text)
        .map_err(|e| format!("{SOURCE}: cannot check the text: {e}"))
        .and_then(|()| Settings::load_preset(&path).map_err(|e| named(e.to_string(), &path)));
    let _ = std::fs::remove_file(&path);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let mut settings = Settings::demo();
        settings.field.particles = 123_456;
        settings.field.seed = 7;
        let text = to_text(&settings).expect("to text");
        assert!(text.contains("particles = 123456"), "{text}");
        assert_eq!(from_text(&text).expect("back"), settings);
        assert_eq!(from_text("").expect("empty"), Settings::default());
    }

    #[test]
    fn bad_text_reads_like_a_bad_preset() {
        let unknown = from_text("[field]\nparticlez = 5\n").expect_err("unknown key");
        assert!(
            unknown.starts_with("clipboard: field.particlez: unknown key"),
            "{unknown}"
        );
        assert!(unknown.contains("unknown key"), "{unknown}");
        let kind = from_text("[field]\nparticles = -5\n").expect_err("type");
        assert!(
            kind.starts_with("clipboard: field.particles: invalid value"),
            "{kind}"
        );
        let range = from_text("[field]\nwidth = 0\n").expect_err("range");
        assert!(
            range.starts_with("clipboard: ") && range.contains("at least 1"),
            "{range}"
        );
        let syntax = from_text("[field\n").expect_err("syntax");
        assert!(syntax.starts_with("clipboard:1:"), "{syntax}");
        assert!(syntax.contains("invalid TOML"), "{syntax}");
        let big = from_text(&"#".repeat(2 << 20)).expect_err("size");
        assert!(big.contains("larger than"), "{big}");
        for e in [unknown, kind, range, syntax, big] {
            assert!(
                !e.contains('\n') && !e.contains("hitfield-settings-"),
                "{e}"
            );
        }
    }
}
