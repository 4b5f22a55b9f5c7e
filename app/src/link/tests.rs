//! The link parser against the preset's messages, and property tests of
//! random fragments: no panic, no setting out of range, and round trips.

use proptest::prelude::*;

use super::*;
use hitfield::settings::row;

fn demo() -> Settings {
    Settings::demo()
}

#[test]
fn decoding_reads_escapes_plus_and_stray_percent_signs() {
    assert_eq!(decoded("a%20b+c").as_deref(), Ok("a b c"));
    assert_eq!(decoded("%e2%82%AC").as_deref(), Ok("€"));
    assert_eq!(decoded("100%").as_deref(), Ok("100%"));
    assert_eq!(decoded("%zz%4").as_deref(), Ok("%zz%4"));
    assert_eq!(decoded("%2B").as_deref(), Ok("+"));
    assert!(decoded("%FF").is_err());
    let pair = pair_text("a b&c=d#e", &toml::Value::String("€%+".into()));
    assert_eq!(pair, "a%20b%26c%3Dd%23e=%E2%82%AC%25%2B");
    assert_eq!(
        pair_text("field.seed", &toml::Value::Float(0.5)),
        "field.seed=0.5"
    );
}

#[test]
fn the_issues_example_applies() {
    let applied = apply(&demo(), "#particles=200000&sample_ms=50&seed=7");
    assert_eq!(applied.messages, Vec::<String>::new());
    let s = applied.settings;
    assert_eq!(s.field.particles, 200_000);
    assert_eq!(s.ships.sample_interval_ms, 50.0);
    assert_eq!(s.field.seed, 7);
    assert_eq!(s.field.fade, demo().field.fade, "the rest as they were");
}

#[test]
fn preset_keys_and_every_type_apply() {
    let text = "field.fade=3&ships.colour_channel=green&ships.rotate=false&step_ms=20\
                &field.wander=0.25&seed=18446744073709551615";
    let applied = apply(&demo(), text);
    assert_eq!(applied.messages, Vec::<String>::new());
    let s = applied.settings;
    assert_eq!(s.field.fade, 3);
    assert_eq!(s.ships.colour_channel, hitfield::settings::Channel::Green);
    assert!(!s.ships.rotate);
    assert_eq!(s.step_ms, 20.0);
    assert_eq!(s.field.wander, 0.25);
    assert_eq!(s.field.seed, u64::MAX);
}

#[test]
fn a_bad_value_reads_like_a_bad_preset_and_the_rest_apply() {
    let applied = apply(
        &demo(),
        "particles=5000000&seed=9&particlez=5&field.particlez=1&sample_ms=abc&ships=-1&step_ms=0",
    );
    let s = &applied.settings;
    assert_eq!(s.field.seed, 9, "the good pair applies");
    assert_eq!(s.field.particles, demo().field.particles);
    let m = &applied.messages;
    assert_eq!(m.len(), 6, "{m:#?}");
    assert_eq!(
        m[0],
        format!(
            "link: field.particles = 5000000: {}",
            row("field.particles")
                .and_then(|r| r.value_from_f64(5e6).err())
                .map(|e| e.reason)
                .expect("out of range")
        )
    );
    assert!(
        m[1].starts_with("link: particlez: unknown key;"),
        "{}",
        m[1]
    );
    assert!(m[1].contains("sample_ms"), "{}", m[1]);
    assert!(
        m[2].starts_with("link: field.particlez: unknown key `particlez`"),
        "{}",
        m[2]
    );
    assert!(
        m[3].starts_with("link: ships.sample_interval_ms: invalid type: string \"abc\""),
        "{}",
        m[3]
    );
    assert!(
        m[4].starts_with("link: ships.count: invalid value: integer `-1`"),
        "{}",
        m[4]
    );
    assert!(
        m[5].starts_with("link: step_ms = 0: must be more than 0"),
        "{}",
        m[5]
    );
}

#[test]
fn unknown_tables_and_broken_text_are_named() {
    let m = apply(&demo(), "sheep.count=3&%FF=1&seed=%FE").messages;
    assert!(
        m[0].starts_with("link: sheep: unknown key `sheep`"),
        "{}",
        m[0]
    );
    assert!(m[1].ends_with(": not UTF-8 text"), "{}", m[1]);
    assert!(m[2].ends_with(": not UTF-8 text"), "{}", m[2]);
}

#[test]
fn size_and_count_limits_are_reported() {
    let many = vec!["seed=1"; MAX_PAIRS + 5].join("&");
    let m = apply(&demo(), &many).messages;
    assert_eq!(
        m,
        vec![format!(
            "link: more than {MAX_PAIRS} settings; the rest were not read"
        )]
    );
    let long = format!("seed=3&field.fade={}", "9".repeat(MAX_FRAGMENT_BYTES));
    let applied = apply(&demo(), &long);
    assert_eq!(applied.settings.field.seed, 3);
    assert_eq!(applied.messages.len(), 1, "{:?}", applied.messages);
    assert!(applied.messages[0].contains("longer than 4096 bytes"));
    let huge_value = format!("sample_ms={}", "x".repeat(10_000));
    let m = apply(&demo(), &huge_value).messages;
    assert!(m[0].chars().count() <= MAX_MESSAGE_CHARS + 1, "{}", m[0]);
}

#[test]
fn the_written_fragment_names_only_what_changed() {
    let base = demo();
    assert_eq!(fragment_between(&base, &base), "");
    let mut s = base.clone();
    s.field.particles = 200_000;
    s.ships.sample_interval_ms = 50.0;
    s.field.seed = 7;
    s.field.fade = 3;
    s.ships.colour_channel = hitfield::settings::Channel::Blue;
    let text = fragment_between(&base, &s);
    for pair in ["particles=200000", "sample_ms=50", "seed=7", "field.fade=3"] {
        assert!(text.split('&').any(|p| p == pair), "{pair} in {text}");
    }
    assert_eq!(text.split('&').count(), 5, "{text}");
    assert_eq!(
        apply(&base, &text),
        Applied {
            settings: s.clone(),
            messages: vec![]
        }
    );
    let all = describe(&s);
    assert!(all.contains("field.particles=200000"), "{all}");
    assert!(all.contains("ships.colour_channel=blue"), "{all}");
}

/// Keys a random fragment picks from: short names, preset keys, near misses.
fn any_key() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "particles",
            "seed",
            "width",
            "height",
            "ships",
            "sample_ms",
            "step_ms",
            "field.fade",
            "field.wander",
            "field.cell_size",
            "field.parallel",
            "ships.colour_channel",
            "ships.scale",
            "ships.collision_accuracy",
            "field.base_speed",
            "ships.count",
            "field",
            "ships",
            "field.",
            ".x",
            "",
        ])
        .prop_map(str::to_owned),
        "[a-z_.%]{0,12}",
    ]
}

/// Values: huge and negative numbers, floats, words, escapes.
fn any_value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<i64>().prop_map(|v| v.to_string()),
        any::<u64>().prop_map(|v| v.to_string()),
        any::<f64>().prop_map(|v| v.to_string()),
        "[0-9]{15,40}",
        prop::sample::select(vec![
            "nan",
            "inf",
            "-inf",
            "1e308",
            "1e999",
            "-0",
            "true",
            "red",
            "blue",
            "%",
            "%4",
            "%FF",
            "%E2%82%AC",
            "+",
            "",
            "0x10",
            "1_000",
        ])
        .prop_map(str::to_owned),
        "[ -~]{0,16}",
    ]
}

/// Every setting in its range, as the library checks them.
fn in_range(s: &Settings) {
    assert_eq!(s.validate(), Ok(()), "{s:?}");
}

proptest! {
    #[test]
    fn random_text_never_panics_or_leaves_a_range(text in ".{0,300}") {
        let applied = apply(&demo(), &text);
        in_range(&applied.settings);
        for m in &applied.messages {
            prop_assert!(m.starts_with("link"), "{}", m);
            prop_assert!(!m.chars().any(char::is_control), "{}", m);
        }
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let text = String::from_utf8_lossy(&bytes);
        in_range(&apply(&demo(), &text).settings);
        // The same bytes percent-encoded reach the decoder as raw bytes.
        let escaped: String = bytes.iter().map(|b| format!("%{b:02x}")).collect();
        in_range(&apply(&demo(), &escaped).settings);
    }

    #[test]
    fn random_pairs_with_repeats_stay_in_range(
        pairs in prop::collection::vec((any_key(), any_value()), 0..80),
    ) {
        let text: Vec<String> = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let text = text.join("&");
        let applied = apply(&demo(), &text);
        in_range(&applied.settings);
        // One message a pair at most (a value may hold `&`), and one each
        // for the size and count limits.
        let split = text.split('&').count();
        prop_assert!(applied.messages.len() <= split.min(MAX_PAIRS) + 2);
    }

    #[test]
    fn written_fragments_read_back_as_the_same_settings(
        particles in 0usize..=4_000_000,
        seed in any::<u64>(),
        fade in any::<u8>(),
        sample in 0.0f64..=10_000.0,
        scale in 0.25f32..4.0,
    ) {
        let base = demo();
        let mut s = base.clone();
        s.field.particles = particles;
        s.field.seed = seed;
        s.field.fade = fade;
        s.ships.sample_interval_ms = sample;
        s.ships.scale = scale;
        prop_assume!(s.validate().is_ok());
        let applied = apply(&base, &fragment_between(&base, &s));
        prop_assert_eq!(applied.messages, Vec::<String>::new());
        // f32 settings travel as their shortest decimal, which reads back exactly.
        prop_assert_eq!(applied.settings, s);
    }
}
