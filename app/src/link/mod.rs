//! Settings in a link: the web page's URL fragment
//! (`#particles=200000&sample_ms=50&seed=7`) read into settings, and
//! settings written back as one. Pure text in, settings and messages out;
//! the page's glue is in `demo::page`.
//!
//! A fragment is input from anyone who sends a link. Each `key=value` pair
//! is checked as a preset holding that one key would be (the same
//! deserialiser, the same range checks, the same messages with `link` in
//! place of the file's name) and applied on its own, so a bad or unknown
//! one is reported and the rest still apply. Keys are the preset's
//! (`field.fade`, `ships.colour_channel`, `step_ms`) and the short names
//! in [`keys::short_names`] (the settings' rows); a repeated key takes its last good value.

mod keys;

use hitfield::settings::Settings;
use percent_encoding::{percent_decode_str, utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// Bytes a key or value keeps as they are: ASCII letters, digits and `-._~`.
const KEEP: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// What the messages call the fragment, where a preset's name its file.
pub const SOURCE: &str = "link";
/// Longest fragment read, in bytes; pairs that end after it are not read.
pub const MAX_FRAGMENT_BYTES: usize = 4096;
/// Most `key=value` pairs read from one fragment.
pub const MAX_PAIRS: usize = 64;
/// Longest message, in characters (a value is echoed in some).
const MAX_MESSAGE_CHARS: usize = 200;

/// A fragment applied to settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Applied {
    /// The settings with every good pair applied (always valid).
    pub settings: Settings,
    /// One line for each pair that was not applied, and for what was not read.
    pub messages: Vec<String>,
}

/// Applies `fragment` (with or without its `#`) to `base`, which must be
/// valid settings. Never panics; the result is always valid.
pub fn apply(base: &Settings, fragment: &str) -> Applied {
    let fragment = fragment.strip_prefix('#').unwrap_or(fragment);
    let mut messages = Vec::new();
    let Some(mut table) = as_table(base) else {
        messages.push(format!(
            "{SOURCE}: the settings in force cannot be written as TOML"
        ));
        return Applied {
            settings: base.clone(),
            messages,
        };
    };
    let text = within_limit(fragment);
    if text.len() < fragment.len() {
        messages.push(format!(
            "{SOURCE}: longer than {MAX_FRAGMENT_BYTES} bytes; the pairs after byte {} were not read",
            text.len()
        ));
    }
    let mut settings = base.clone();
    for (index, pair) in text.split('&').filter(|p| !p.is_empty()).enumerate() {
        if index == MAX_PAIRS {
            messages.push(format!(
                "{SOURCE}: more than {MAX_PAIRS} settings; the rest were not read"
            ));
            break;
        }
        match apply_pair(&mut table, pair) {
            Ok(next) => settings = next,
            Err(message) => messages.push(one_short_line(&message)),
        }
    }
    Applied { settings, messages }
}

/// The fragment (without `#`) that takes `base` to `settings`: the keys
/// whose values differ, short names where there are some.
pub fn fragment_between(base: &Settings, settings: &Settings) -> String {
    let before = flat(base);
    let pairs: Vec<String> = flat(settings)
        .into_iter()
        .filter(|(key, value)| !before.iter().any(|(k, v)| k == key && v == value))
        .map(|(key, value)| pair_text(keys::link_name(&key), &value))
        .collect();
    pairs.join("&")
}

/// Every setting as `preset.key=value` pairs, for the page's record.
pub fn describe(settings: &Settings) -> String {
    let pairs: Vec<String> = flat(settings)
        .iter()
        .map(|(key, value)| pair_text(key, value))
        .collect();
    pairs.join("&")
}

/// `name=value`, each percent-encoded.
fn pair_text(name: &str, value: &toml::Value) -> String {
    format!(
        "{}={}",
        utf8_percent_encode(name, KEEP),
        utf8_percent_encode(&keys::value_text(value), KEEP)
    )
}

/// `settings` as the TOML table a preset holds.
fn as_table(settings: &Settings) -> Option<toml::Table> {
    match toml::Value::try_from(settings) {
        Ok(toml::Value::Table(table)) => Some(table),
        _ => None,
    }
}

/// `settings` as (dotted preset key, value) pairs.
fn flat(settings: &Settings) -> Vec<(String, toml::Value)> {
    let mut out = Vec::new();
    for (name, value) in as_table(settings).unwrap_or_default() {
        match value {
            toml::Value::Table(inner) => {
                out.extend(inner.into_iter().map(|(k, v)| (format!("{name}.{k}"), v)));
            }
            other => out.push((name, other)),
        }
    }
    out
}

/// The longest start of `fragment` within [`MAX_FRAGMENT_BYTES`] that ends
/// between pairs.
fn within_limit(fragment: &str) -> &str {
    if fragment.len() <= MAX_FRAGMENT_BYTES {
        return fragment;
    }
    let head = &fragment.as_bytes()[..=MAX_FRAGMENT_BYTES];
    // `&` is ASCII, so the cut is on a character boundary.
    head.iter()
        .rposition(|&b| b == b'&')
        .map_or("", |end| &fragment[..end])
}

/// Percent-decoded text, as the page's `URLSearchParams` reads it (`%XY`
/// is a byte, `+` a space, a `%` not followed by two hex digits stands for
/// itself), or the message for bytes that are not UTF-8.
fn decoded(raw: &str) -> Result<String, String> {
    let spaced = raw.replace('+', "%20");
    let bytes: Vec<u8> = percent_decode_str(&spaced).collect();
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{SOURCE}: {}: not UTF-8 text",
            String::from_utf8_lossy(e.as_bytes())
        )
    })
}

/// Checks and applies one `key=value` pair to `table` as the preset
/// loader checks a file holding `table` with the pair: the new settings,
/// or the message (and `table` unchanged).
fn apply_pair(table: &mut toml::Table, pair: &str) -> Result<Settings, String> {
    let (raw_name, raw_value) = pair.split_once('=').unwrap_or((pair, ""));
    let name = decoded(raw_name)?;
    let value = keys::toml_value(&decoded(raw_value)?);
    let key = keys::preset_key(&name).ok_or_else(|| {
        format!(
            "{SOURCE}: {name}: unknown key; use a preset key (such as field.fade) or one of {}",
            keys::short_names_text()
        )
    })?;
    let mut next = table.clone();
    match key.split_once('.') {
        Some((section, inner)) => match next
            .entry(section)
            .or_insert_with(|| toml::Value::Table(toml::Table::new()))
        {
            toml::Value::Table(sub) => {
                sub.insert(inner.to_owned(), value);
            }
            _ => return Err(format!("{SOURCE}: {key}: not a setting")),
        },
        None => {
            next.insert(key.to_owned(), value);
        }
    }
    let text = toml::to_string(&next).map_err(|e| format!("{SOURCE}: {key}: {e}"))?;
    let settings = Settings::from_preset_text(&text, SOURCE).map_err(|e| e.to_string())?;
    *table = next;
    Ok(settings)
}

/// `text` on one line (control characters as spaces), cut to
/// [`MAX_MESSAGE_CHARS`] characters with an ellipsis.
fn one_short_line(text: &str) -> String {
    let mut out: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(MAX_MESSAGE_CHARS)
        .collect();
    if text.chars().count() > MAX_MESSAGE_CHARS {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests;
