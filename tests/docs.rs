//! The Markdown pages: generated parts are current, relative links resolve.
//!
//! `docs/settings.md` and the setting-flag lists in `docs/cli.md` and
//! `docs/demo.md` are generated from `settings::rows()`, the module map
//! in `docs/design.md` from each source file's first `//!` line (library,
//! app, its table writer and the benches), and `docs/features.md` from the
//! two manifests' `[features]` tables and their comments. (docs/cli.md's
//! flag reference comes from the app's own flag rows, so the app's test
//! `flags::` checks it.) A stale page fails here;
//! `HITFIELD_BLESS=1 cargo test --test tests docs::` rewrites it.
//! docs/performance.md's tables and the README's "Performance at a glance"
//! come from `docs/perf/figures.toml` (`docs/perf.rs`). Links, and the
//! crates.io README's lack of images and relative links, are checked in
//! `docs/links.rs`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use hitfield::settings::{rows, Settings};

#[path = "docs/links.rs"]
mod links;
#[path = "docs/perf.rs"]
mod perf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn bless() -> bool {
    std::env::var_os("HITFIELD_BLESS").is_some_and(|v| v == "1")
}

/// Compares `path` with `expected`, or rewrites it when blessing.
fn check_generated(path: &Path, expected: &str) {
    let found = fs::read_to_string(path).unwrap_or_default();
    if found == expected {
        return;
    }
    if bless() {
        // Written beside it and renamed, so a test reading it meanwhile
        // sees the old page or the new one, never half of one.
        let tmp = path.with_extension("md.tmp");
        fs::write(&tmp, expected).expect("write the generated page");
        fs::rename(&tmp, path).expect("replace the generated page");
        return;
    }
    panic!(
        "{} is stale: run `HITFIELD_BLESS=1 cargo test --test tests docs::` and commit the result",
        path.display()
    );
}

/// `page` (named `page_name` in the panic) with what lies between its
/// `<!-- NAME:start -->` and `<!-- NAME:end -->` markers replaced by `body`.
fn with_region(page: &str, name: &str, body: &str, page_name: &str) -> String {
    let start = format!("<!-- {name}:start -->");
    let end = format!("<!-- {name}:end -->");
    let (Some(a), Some(b)) = (page.find(&start), page.find(&end)) else {
        panic!("{page_name} lost its {name} markers");
    };
    format!("{}{start}{body}{}", &page[..a], &page[b..])
}

/// A value of `settings` at a dotted key, as TOML prints it.
fn value_at(settings: &Settings, key: &str) -> String {
    let mut v = toml::Value::try_from(settings).expect("settings serialise");
    for part in key.split('.') {
        v = v
            .get(part)
            .unwrap_or_else(|| panic!("no key {key}"))
            .clone();
    }
    match v {
        toml::Value::String(s) => s,
        other => other.to_string(),
    }
}

fn settings_page() -> String {
    let (defaults, demo) = (Settings::default(), Settings::demo());
    let mut out = String::from(
        "# Settings\n\n\
         <!-- Generated from the rows in src/settings/table.rs by tests/docs.rs: \
         HITFIELD_BLESS=1 cargo test --test tests docs:: -->\n\n\
         Every tunable, with the preset key (TOML, `--preset PATH`), the \
         command-line flag and the link's short name where there is one, the \
         allowed range and the default. The library, the command line, \
         presets, links and the demo's panel all check values against this \
         one table, and a value out of range is refused with an error naming \
         the key. *Demo* is `Settings::demo()`, what the desktop demo starts \
         from, where it differs from the library default.\n\n\
         | key | flag | link | what it sets | range | default | demo |\n\
         |---|---|---|---|---|---:|---:|\n",
    );
    for row in rows() {
        let range = if row.unit.is_empty() {
            row.range_text()
        } else {
            format!("{} {}", row.range_text(), row.unit)
        };
        let code = |t: Option<String>| t.map(|t| format!("`{t}`")).unwrap_or_default();
        let flag = code(row.flag_text());
        let link = code(row.link.map(str::to_string));
        let demo_value = value_at(&demo, row.key);
        let demo_cell = if demo_value == value_at(&defaults, row.key) {
            String::new()
        } else {
            demo_value
        };
        out.push_str(&format!(
            "| `{}` | {flag} | {link} | {} | {range} | {} | {demo_cell} |\n",
            row.key,
            row.doc,
            row.default_value()
        ));
    }
    out
}

/// The setting flags as docs list them: `--width W`, `--height H`, ...
fn setting_flags() -> String {
    let flags: Vec<String> = rows()
        .iter()
        .filter_map(|r| r.flag.map(|f| format!("`--{} {}`", f.long, f.value_name)))
        .collect();
    flags.join(", ")
}

#[test]
fn settings_page_is_generated_from_the_rows() {
    // Every key a preset holds has a row, and every row is a preset key.
    let toml = toml::Value::try_from(Settings::default()).expect("settings serialise");
    let mut keys = BTreeSet::new();
    for (name, value) in toml.as_table().expect("a table") {
        match value {
            toml::Value::Table(inner) => keys.extend(inner.keys().map(|k| format!("{name}.{k}"))),
            _ => {
                keys.insert(name.clone());
            }
        }
    }
    let row_keys: BTreeSet<String> = rows().iter().map(|r| r.key.to_string()).collect();
    assert_eq!(keys, row_keys, "every setting needs exactly one row");
    check_generated(&root().join("docs/settings.md"), &settings_page());
}

#[test]
fn flag_lists_are_generated_from_the_rows() {
    let list = setting_flags();
    for page in ["docs/cli.md", "docs/demo.md"] {
        let path = root().join(page);
        let text = fs::read_to_string(&path).expect("page");
        check_generated(&path, &with_region(&text, "setting-flags", &list, page));
    }
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("read src")
        .map(|e| e.expect("entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The first sentence of a file's `//!` docs, on one line.
fn first_doc_line(text: &str) -> String {
    let mut words = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix("//!") else {
            if words.is_empty() && line.trim().is_empty() {
                continue;
            }
            break;
        };
        let rest = rest.trim();
        if rest.is_empty() {
            if words.is_empty() {
                continue;
            }
            break;
        }
        words.push(rest.to_string());
    }
    let paragraph = words.join(" ");
    let sentence = match paragraph.find(". ") {
        Some(end) => &paragraph[..=end],
        None => paragraph.as_str(),
    };
    sentence.replace('|', "\\|")
}

fn module_map() -> String {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    rust_files(&root().join("app/src"), &mut files);
    rust_files(&root().join("app/table/src"), &mut files);
    rust_files(&root().join("benches"), &mut files);
    let mut out = String::from("\n| file | what it holds |\n|---|---|\n");
    for path in files {
        let text = fs::read_to_string(&path).expect("source file");
        let rel = path.strip_prefix(root()).expect("under the root");
        let doc = first_doc_line(&text);
        let doc = if doc.is_empty() { "–".into() } else { doc };
        out.push_str(&format!("| `{}` | {doc} |\n", rel.display()));
    }
    out
}

#[test]
fn module_map_is_generated_from_the_sources() {
    let path = root().join("docs/design.md");
    let page = fs::read_to_string(&path).expect("docs/design.md");
    let expected = with_region(&page, "module-map", &module_map(), "docs/design.md");
    check_generated(&path, &expected);
}

/// One feature of a manifest's `[features]` table: its name, what it turns
/// on, and the comment lines above it.
struct Feature {
    name: String,
    enables: Vec<String>,
    doc: String,
}

/// The `[features]` table of the manifest at `path`, in order, each with
/// the `#` comment lines just above it.
fn features(path: &Path) -> Vec<Feature> {
    let text = fs::read_to_string(path).expect("manifest");
    let mut out = Vec::new();
    let mut inside = false;
    let mut comment: Vec<String> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            inside = line == "[features]";
            comment.clear();
            continue;
        }
        if !inside {
            continue;
        }
        if let Some(c) = line.strip_prefix('#') {
            comment.push(c.trim().to_string());
        } else if let Some((name, list)) = line.split_once('=') {
            let enables = list
                .trim()
                .trim_start_matches('[')
                .trim_end_matches(']')
                .split(',')
                .map(|f| f.trim().trim_matches('"').to_string())
                .filter(|f| !f.is_empty())
                .collect();
            out.push(Feature {
                name: name.trim().to_string(),
                enables,
                doc: comment.join(" ").replace('|', "\\|"),
            });
            comment.clear();
        } else {
            comment.clear();
        }
    }
    out
}

fn features_page() -> String {
    let mut out = String::from(
        "# Cargo features\n\n\
         <!-- Generated from Cargo.toml and app/Cargo.toml by tests/docs.rs: \
         edit the manifests' comments, then run `HITFIELD_BLESS=1 cargo test --test tests docs::`. -->\n\n\
         A game that depends on `hitfield` gets the library with its default \
         features: none of these. The app's features are for building the \
         demo and the command line from this repository.\n",
    );
    for (package, manifest) in [
        ("hitfield", "Cargo.toml"),
        ("hitfield-app", "app/Cargo.toml"),
    ] {
        let table = features(&root().join(manifest));
        let defaults: Vec<String> = table
            .iter()
            .find(|f| f.name == "default")
            .map(|f| f.enables.clone())
            .unwrap_or_default();
        out.push_str(&format!(
            "\n## `{package}` ({manifest})\n\n| feature | default | turns on | what it is for |\n|---|:---:|---|---|\n"
        ));
        for f in table.iter().filter(|f| f.name != "default") {
            let default = if defaults.contains(&f.name) {
                "yes"
            } else {
                "no"
            };
            let enables = if f.enables.is_empty() {
                "–".to_string()
            } else {
                f.enables
                    .iter()
                    .map(|e| format!("`{e}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            out.push_str(&format!(
                "| `{}` | {default} | {enables} | {} |\n",
                f.name, f.doc
            ));
        }
    }
    out
}

#[test]
fn features_page_is_generated_from_the_manifests() {
    let library = features(&root().join("Cargo.toml"));
    assert!(
        library
            .iter()
            .any(|f| f.name == "default" && f.enables.is_empty()),
        "the library's default features must be empty: a game gets the library alone"
    );
    assert!(
        library
            .iter()
            .all(|f| f.name == "default" || !f.doc.is_empty()),
        "every library feature needs a comment above it in Cargo.toml"
    );
    check_generated(&root().join("docs/features.md"), &features_page());
}
