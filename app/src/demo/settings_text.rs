//! Settings as preset TOML text, for the clipboard (Ctrl+C / Ctrl+V in the
//! demo): the library's preset format and checks, with `clipboard` where
//! a preset's messages name its file. Desktop only.

use hitfield::settings::preset::MAX_PRESET_BYTES;
use hitfield::settings::Settings;

/// What a message calls the pasted text.
const SOURCE: &str = "clipboard";

/// `settings` as the TOML a saved preset holds.
pub fn to_text(settings: &Settings) -> Result<String, String> {
    toml::to_string_pretty(settings).map_err(|e| format!("{SOURCE}: {e}"))
}

/// Settings from preset TOML text ([`Settings::from_preset_text`]):
/// missing keys take their defaults, and any error is the preset loader's
/// one-line message about `clipboard`.
pub fn from_text(text: &str) -> Result<Settings, String> {
    if text.len() as u64 > MAX_PRESET_BYTES {
        return Err(format!(
            "{SOURCE}: larger than {MAX_PRESET_BYTES} bytes; not a preset"
        ));
    }
    Settings::from_preset_text(text, SOURCE).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_names_the_clipboard() {
        let mut settings = Settings::demo();
        settings.field.particles = 123_456;
        settings.field.seed = u64::MAX;
        let text = to_text(&settings).expect("to text");
        assert!(text.contains("particles = 123456"), "{text}");
        assert_eq!(from_text(&text).expect("back"), settings);
        assert_eq!(from_text("").expect("empty"), Settings::default());
        let unknown = from_text("[field]\nparticlez = 5\n").expect_err("unknown key");
        assert!(unknown.starts_with("clipboard: field.particlez: unknown key"));
        let syntax = from_text("[field\n").expect_err("syntax");
        assert!(syntax.starts_with("clipboard:1:") && !syntax.contains('\n'));
        let big = from_text(&"#".repeat(2 << 20)).expect_err("size");
        assert!(big.contains("larger than"), "{big}");
    }
}
