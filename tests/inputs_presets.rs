//! Presets: TOML round trips, partial files, and every kind of bad file
//! giving a one-line error that names the file and the key, with atomic saves.

use std::path::{Path, PathBuf};

use hitfield::settings::preset::{PresetError, PresetErrorKind};
use hitfield::settings::{Channel, Settings};

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("writing a test preset");
    path
}

fn custom() -> Settings {
    let mut s = Settings::default();
    s.field.width = 640;
    s.field.height = 360;
    s.field.particles = 250_000;
    s.field.seed = u64::MAX;
    s.field.noise_frequency = 0.0123;
    s.field.fade = 9;
    s.field.parallel = false;
    s.ships.count = 3;
    s.ships.sample_interval_ms = 33.3;
    s.ships.colour_channel = Channel::Blue;
    s.ships.scale = 0.5;
    s.ships.collision_accuracy = 0.25;
    s.step_ms = 1000.0 / 30.0;
    s
}

/// Loads `text` as a preset and returns the error, checking it is one line
/// naming the file.
fn load_err(text: &str) -> PresetError {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write(dir.path(), "bad.toml", text);
    let before = std::fs::read(&path).expect("read back");
    let err = match Settings::load_preset(&path) {
        Ok(s) => panic!("{text:?} loaded as {s:?}"),
        Err(err) => err,
    };
    let shown = err.to_string();
    assert!(!shown.contains('\n'), "multi-line: {shown:?}");
    assert!(
        shown.starts_with(&path.display().to_string()),
        "does not name the file: {shown}"
    );
    // A failed load never writes.
    assert_eq!(std::fs::read(&path).expect("read back"), before);
    err
}

/// Files in `dir`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("list")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn round_trip_keeps_every_value() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("p.toml");
    let s = custom();
    s.save_preset(&path).expect("save");
    assert_eq!(Settings::load_preset(&path).expect("load"), s);
    assert_eq!(listing(dir.path()), ["p.toml"]);
    // Defaults round-trip too (step_ms is 16.666…).
    Settings::default()
        .save_preset(&path)
        .expect("save defaults");
    assert_eq!(
        Settings::load_preset(&path).expect("load"),
        Settings::default()
    );
}

#[test]
fn partial_preset_takes_defaults_for_missing_keys() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write(
        dir.path(),
        "partial.toml",
        "# just two keys\n[field]\nparticles = 5000\n\n[ships]\nsample_interval_ms = 0\n",
    );
    let s = Settings::load_preset(&path).expect("partial preset");
    let mut expected = Settings::default();
    expected.field.particles = 5000;
    expected.ships.sample_interval_ms = 0.0;
    assert_eq!(s, expected);
    let empty = write(dir.path(), "empty.toml", "");
    assert_eq!(
        Settings::load_preset(&empty).expect("empty preset"),
        Settings::default()
    );
}

#[test]
fn corrupt_toml_gives_line_and_column() {
    let err = load_err("[field]\nwidth = 640\nheight = = 3\n");
    assert!(
        matches!(err.kind(), PresetErrorKind::Syntax { line: 3, .. }),
        "{err}"
    );
    assert!(err.to_string().contains(":3:"), "{err}");
    assert!(err.to_string().contains("invalid TOML"), "{err}");
    for text in [
        "[field",
        "\u{0}\u{1}garbage",
        "x = \"unterminated",
        "[a]\n[a]\n",
    ] {
        let err = load_err(text);
        assert!(
            matches!(err.kind(), PresetErrorKind::Syntax { .. }),
            "{text:?}: {err}"
        );
    }
}

#[test]
fn binary_file_is_not_text() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("bin.toml");
    std::fs::write(&path, [0xff, 0xfe, 0x00, 0x80]).expect("write");
    let err = Settings::load_preset(&path).expect_err("binary");
    assert!(matches!(err.kind(), PresetErrorKind::NotText), "{err}");
}

#[test]
fn out_of_range_value_names_the_key() {
    let err = load_err("[ships]\nsample_interval_ms = -5.0\n");
    assert_eq!(err.key(), Some("ships.sample_interval_ms"));
    assert!(matches!(err.kind(), PresetErrorKind::Invalid(_)));
    let shown = err.to_string();
    assert!(
        shown.contains("ships.sample_interval_ms = -5: must be at least 0"),
        "{shown}"
    );

    let err = load_err("[ships]\nsample_interval_ms = nan\n");
    assert_eq!(err.key(), Some("ships.sample_interval_ms"));
    let err = load_err("[field]\nparticles = 10000000000\n");
    assert_eq!(err.key(), Some("field.particles"));
    assert!(err.to_string().contains("at most 4000000"), "{err}");
    let err = load_err("step_ms = 0\n");
    assert_eq!(err.key(), Some("step_ms"));
}

#[test]
fn unrepresentable_value_names_the_key() {
    for (text, key) in [
        ("[field]\nfade = 300\n", "field.fade"),
        ("[field]\nparticles = -1\n", "field.particles"),
        ("[field]\nwidth = 4294967296\n", "field.width"),
    ] {
        let err = load_err(text);
        assert_eq!(err.key(), Some(key), "{err}");
    }
}

#[test]
fn wrong_type_names_the_key() {
    let err = load_err("[field]\nwidth = \"wide\"\n");
    assert_eq!(err.key(), Some("field.width"));
    let shown = err.to_string();
    assert!(shown.contains("field.width: invalid type"), "{shown}");
    for (text, key) in [
        ("[ships]\nrotate = 1\n", "ships.rotate"),
        (
            "[ships]\ncolour_channel = \"purple\"\n",
            "ships.colour_channel",
        ),
        ("step_ms = \"fast\"\n", "step_ms"),
        ("field = 7\n", "field"),
        ("[field.width]\nx = 1\n", "field.width"),
    ] {
        let err = load_err(text);
        assert_eq!(err.key(), Some(key), "{text:?}: {err}");
    }
}

#[test]
fn unknown_key_is_named() {
    let err = load_err("[field]\nwidth = 640\nparticels = 10\n");
    assert_eq!(err.key(), Some("field.particels"));
    let shown = err.to_string();
    assert!(
        shown.contains("field.particels: unknown key `particels`"),
        "{shown}"
    );
    let err = load_err("speed = 3\n");
    assert_eq!(err.key(), Some("speed"));
    let err = load_err("[sheep]\ncount = 3\n");
    assert_eq!(err.key(), Some("sheep"));
}

#[test]
fn missing_preset_is_a_read_error() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("nope.toml");
    let err = Settings::load_preset(&path).expect_err("missing");
    assert!(matches!(err.kind(), PresetErrorKind::Read(_)), "{err}");
    assert!(err.to_string().starts_with(&path.display().to_string()));
    let err = Settings::load_preset(dir.path()).expect_err("a folder");
    assert!(matches!(err.kind(), PresetErrorKind::Read(_)), "{err}");
}

#[test]
fn huge_preset_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("huge.toml");
    let file = std::fs::File::create(&path).expect("create");
    file.set_len(hitfield::settings::preset::MAX_PRESET_BYTES + 1)
        .expect("sparse");
    let err = Settings::load_preset(&path).expect_err("huge");
    assert!(matches!(err.kind(), PresetErrorKind::TooLarge), "{err}");
}

#[test]
fn failed_load_leaves_callers_settings_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write(
        dir.path(),
        "bad.toml",
        "[field]\nparticles = 12\nwidth = 0\n",
    );
    let mut settings = custom();
    match Settings::load_preset(&path) {
        Ok(loaded) => settings = loaded,
        Err(err) => assert_eq!(err.key(), Some("field.width")),
    }
    assert_eq!(settings, custom());
}

#[test]
fn save_into_missing_folder_fails_and_leaves_nothing() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("missing").join("p.toml");
    let err = custom().save_preset(&path).expect_err("missing folder");
    assert!(matches!(err.kind(), PresetErrorKind::Write(_)), "{err}");
    let shown = err.to_string();
    assert!(!shown.contains('\n'));
    assert!(shown.starts_with(&path.display().to_string()), "{shown}");
    assert!(listing(dir.path()).is_empty());
}

#[test]
fn save_over_a_folder_fails_and_leaves_no_temp_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let target = dir.path().join("taken");
    std::fs::create_dir(&target).expect("folder");
    let err = custom()
        .save_preset(&target)
        .expect_err("target is a folder");
    assert!(matches!(err.kind(), PresetErrorKind::Write(_)), "{err}");
    assert_eq!(listing(dir.path()), ["taken"]);
}

#[test]
fn invalid_settings_are_not_saved_and_old_file_is_intact() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("p.toml");
    custom().save_preset(&path).expect("first save");
    let old = std::fs::read(&path).expect("read");
    let mut bad = custom();
    bad.ships.sample_interval_ms = f64::INFINITY;
    let err = bad.save_preset(&path).expect_err("invalid");
    assert_eq!(err.key(), Some("ships.sample_interval_ms"));
    assert_eq!(std::fs::read(&path).expect("read"), old);
    assert_eq!(listing(dir.path()), ["p.toml"]);
}

#[test]
fn save_replaces_the_old_preset_whole() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write(
        dir.path(),
        "p.toml",
        &format!("# a long old file\n{}", "# padding\n".repeat(500)),
    );
    let s = custom();
    s.save_preset(&path).expect("replace");
    let text = std::fs::read_to_string(&path).expect("read");
    assert!(!text.contains("padding"), "old content left behind");
    assert_eq!(Settings::load_preset(&path).expect("load"), s);
    assert_eq!(listing(dir.path()), ["p.toml"]);
}

#[cfg(unix)]
#[test]
fn save_keeps_an_existing_files_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().expect("tempdir");
    let path = write(dir.path(), "p.toml", "");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    custom().save_preset(&path).expect("save");
    let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    let fresh = dir.path().join("new.toml");
    custom().save_preset(&fresh).expect("save new");
    let mode = std::fs::metadata(&fresh)
        .expect("meta")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644);
}
