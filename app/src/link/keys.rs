//! A fragment's keys: every preset key (`field.particles`,
//! `ships.sample_interval_ms`, `step_ms`, ...) and a few short names for
//! the settings people share most; and a value's text as the TOML value a
//! preset would hold.

use hitfield::settings::rows;

/// Short names a fragment may use, each with the preset key it stands
/// for: every row's link name. A link the page writes uses these where
/// there is one.
pub fn short_names() -> impl Iterator<Item = (&'static str, &'static str)> {
    rows()
        .iter()
        .filter_map(|r| r.link.map(|short| (short, r.key)))
}

/// The preset key a fragment's `name` stands for: a short name's key, or
/// the name itself when it is written as a preset key (with a table, or a
/// top-level key). `None` for any other bare name.
pub fn preset_key(name: &str) -> Option<&str> {
    if let Some((_, key)) = short_names().find(|(short, _)| *short == name) {
        return Some(key);
    }
    name.contains('.').then_some(name)
}

/// The name a link writes for preset key `key`.
pub fn link_name(key: &str) -> &str {
    short_names()
        .find(|(_, long)| *long == key)
        .map_or(key, |(short, _)| short)
}

/// The short names as a list for messages.
pub fn short_names_text() -> String {
    let names: Vec<&str> = short_names().map(|(short, _)| short).collect();
    names.join(", ")
}

/// `text` as the TOML value a preset would hold: `true`/`false`, an
/// integer, a float (`1e5`, `0.5`, `inf`, `nan`), else a string. Whole
/// numbers too large for TOML's integers stay text, as a preset writes
/// large seeds.
pub fn toml_value(text: &str) -> toml::Value {
    if let Ok(b) = text.parse::<bool>() {
        return toml::Value::Boolean(b);
    }
    if let Ok(i) = text.parse::<i64>() {
        return toml::Value::Integer(i);
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    let whole = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
    if !whole {
        if let Ok(f) = text.parse::<f64>() {
            return toml::Value::Float(f);
        }
    }
    toml::Value::String(text.to_owned())
}

/// A TOML value as a link writes it (the inverse of [`toml_value`] for
/// what settings hold).
pub fn value_text(value: &toml::Value) -> String {
    match value {
        toml::Value::String(s) => s.clone(),
        toml::Value::Integer(i) => i.to_string(),
        toml::Value::Float(f) => f.to_string(),
        toml::Value::Boolean(b) => b.to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_map_to_preset_keys_and_back() {
        assert_eq!(preset_key("particles"), Some("field.particles"));
        assert_eq!(preset_key("sample_ms"), Some("ships.sample_interval_ms"));
        assert_eq!(preset_key("field.fade"), Some("field.fade"));
        assert_eq!(preset_key("fade"), None);
        assert_eq!(link_name("ships.count"), "ships");
        assert_eq!(link_name("field.fade"), "field.fade");
    }

    #[test]
    fn values_take_the_type_a_preset_would_give_them() {
        assert_eq!(toml_value("7"), toml::Value::Integer(7));
        assert_eq!(toml_value("-7"), toml::Value::Integer(-7));
        assert_eq!(toml_value("0.5"), toml::Value::Float(0.5));
        assert_eq!(toml_value("true"), toml::Value::Boolean(true));
        assert_eq!(toml_value("green"), toml::Value::String("green".into()));
        let huge = "18446744073709551615";
        assert_eq!(toml_value(huge), toml::Value::String(huge.into()));
        for text in ["7", "0.5", "true", "green", huge] {
            assert_eq!(value_text(&toml_value(text)), text);
        }
    }
}
