//! The flags' rows: well formed, parsed as their types say, and
//! docs/cli.md's flag tables generated from them (stale tables fail here;
//! `HITFIELD_BLESS=1 cargo test -p hitfield-app flags::` rewrites them).

use std::collections::BTreeSet;
use std::path::PathBuf;

use hitfield::pose::Pose;

use super::*;

impl Flag {
    /// `--name VALUE` (or `NAME` for a positional).
    pub fn usage(&self) -> String {
        match (self.value, self.value_text().0) {
            (Value::File, name) => name.to_string(),
            (_, "") => format!("--{}", self.name),
            (_, value) => format!("--{} {value}", self.name),
        }
    }
}

/// docs/cli.md's table of the flags of `at`: flag, value, default, help.
pub fn markdown(at: Where) -> String {
    let mut md = String::from("\n| flag | value | default | what it does |\n|---|---|---|---|\n");
    for f in on(at) {
        let range = f.value_text().1;
        let default = match f.default {
            Default::Value(v) => format!("`{v}`"),
            Default::Note(n) => n.replace('<', "&lt;").replace('>', "&gt;"),
        };
        md.push_str(&format!(
            "| `{}` | {range} | {default} | {}. |\n",
            f.usage(),
            f.help
        ));
    }
    md
}

/// docs/cli.md with every command's flag table regenerated.
fn cli_page(page: &str) -> String {
    let mut page = page.to_string();
    for (name, at) in [
        ("demo", Where::Demo),
        ("headless", Where::Headless),
        ("overlap", Where::Overlap),
        ("bench", Where::Bench),
    ] {
        let start = format!("<!-- flags-{name}:start -->");
        let end = format!("<!-- flags-{name}:end -->");
        let (Some(a), Some(b)) = (page.find(&start), page.find(&end)) else {
            panic!("docs/cli.md lost its flags-{name} markers");
        };
        page = format!("{}{start}{}{}", &page[..a], markdown(at), &page[b..]);
    }
    page
}

#[test]
fn cli_page_tables_are_generated_from_the_rows() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/cli.md");
    let found = std::fs::read_to_string(&path).expect("docs/cli.md");
    let expected = cli_page(&found);
    if found == expected {
        return;
    }
    if std::env::var_os("HITFIELD_BLESS").is_some_and(|v| v == "1") {
        std::fs::write(&path, expected).expect("write docs/cli.md");
        return;
    }
    panic!("docs/cli.md's flag tables are stale: run `HITFIELD_BLESS=1 cargo test -p hitfield-app flags::` and commit the result");
}

#[test]
fn names_are_unique_per_command_and_defaults_pass_their_own_checks() {
    for at in [Where::Demo, Where::Headless, Where::Overlap, Where::Bench] {
        let mut seen = BTreeSet::new();
        for f in on(at) {
            assert!(seen.insert(f.name), "{} twice in {at:?}", f.name);
            assert!(
                !f.help.ends_with('.'),
                "{}: the table adds the full stop",
                f.name
            );
            let Default::Value(v) = f.default else {
                continue;
            };
            let ok = match f.value {
                Value::Count { min, max, .. } => crate::cli::number::count(v, min, max).is_ok(),
                Value::Real { .. } => real(v, &f.value).is_ok(),
                _ => true,
            };
            assert!(ok, "--{} defaults to {v}, which it refuses", f.name);
        }
    }
}

#[test]
fn rows_agree_with_the_constants_they_describe() {
    let row = |name: &str| FLAGS.iter().find(|f| f.name == name).expect("a row");
    let default = |name: &str| row(name).default_text().parse::<f64>().expect("a number");
    let mib = (crate::trace::DEFAULT_CAP_BYTES >> 20) as f64;
    assert_eq!(default("trace-max-mb"), mib);
    assert_eq!(default("record-scale"), crate::clip::DEFAULT_SCALE);
    assert_eq!(default("record-max-mb"), crate::clip::DEFAULT_MAX_MB);
    let size = crate::demo::WindowSize::default().to_string();
    assert_eq!(row("window-size").default_text(), size);
    let Value::Real { min, max, .. } = row("a-scale").value else {
        panic!("--a-scale is a real number")
    };
    assert_eq!(
        (min, max),
        (f64::from(Pose::MIN_SCALE), f64::from(Pose::MAX_SCALE))
    );
}

#[test]
fn values_are_checked_by_their_rows() {
    let parse = |args: &[&str]| crate::cli::command().try_get_matches_from(args);
    let refused = |args: &[&str]| {
        let err = parse(args).expect_err("refused");
        crate::cli::clap_message(&err)
    };
    assert_eq!(
        refused(&["x", "headless", "--spike-ms", "0"]),
        "--spike-ms 0: must be more than 0 and at most 60000 milliseconds"
    );
    assert_eq!(
        refused(&["x", "headless", "--record-scale", "2"]),
        "--record-scale 2: must be from 0.05 to 1"
    );
    assert_eq!(
        refused(&["x", "overlap", "a", "b", "--alpha-min", "300"]),
        "--alpha-min 300: must be at most 255"
    );
    assert_eq!(
        refused(&["x", "--frames", "0"]),
        "--frames 0: must be at least 1"
    );
    let m = parse(&["x", "headless", "--record-every", "2"]).expect("parses");
    let (_, sub) = m.subcommand().expect("headless");
    let given = Given(sub);
    assert_eq!(given.get::<u64>("frames"), Some(600));
    assert_eq!(given.typed::<u64>("frames"), None);
    assert_eq!(given.typed::<u64>("record-every"), Some(2));
    assert_eq!(given.get::<f64>("trace-max-mb"), Some(64.0));
}
