//! docs/performance.md's figure tables and the README's "Performance at a
//! glance" are rendered from `docs/perf/figures.toml`: one table per CPU
//! class, the commands that reproduce them, and the README's chosen rows.

use std::fs;

use super::{check_generated, root, with_region};

const FIGURES: &str = "docs/perf/figures.toml";

fn table(value: &toml::Value, key: &str) -> Vec<toml::Table> {
    value
        .get(key)
        .and_then(|v| v.as_array())
        .unwrap_or_else(|| panic!("{FIGURES} has no [[{key}]]"))
        .iter()
        .map(|row| {
            row.as_table()
                .unwrap_or_else(|| panic!("[[{key}]] rows are tables"))
                .clone()
        })
        .collect()
}

fn text<'a>(row: &'a toml::Table, key: &str) -> &'a str {
    row.get(key)
        .and_then(|v| v.as_str())
        .unwrap_or_else(|| panic!("{FIGURES}: a row has no string `{key}`: {row:?}"))
}

fn cell(s: &str) -> &str {
    if s.is_empty() {
        "–"
    } else {
        s
    }
}

struct Figures {
    commands: Vec<toml::Table>,
    cpus: Vec<toml::Table>,
    figures: Vec<toml::Table>,
}

fn figures() -> Figures {
    let source = fs::read_to_string(root().join(FIGURES)).expect(FIGURES);
    let value: toml::Value = toml::from_str(&source).expect("figures.toml parses");
    let f = Figures {
        commands: table(&value, "command"),
        cpus: table(&value, "cpu"),
        figures: table(&value, "figure"),
    };
    for row in &f.figures {
        let (cpu, command) = (text(row, "cpu"), text(row, "command"));
        assert!(
            f.cpus.iter().any(|c| text(c, "id") == cpu),
            "{FIGURES}: figure {:?} names an unknown CPU class {cpu}",
            text(row, "measure")
        );
        assert!(
            f.commands.iter().any(|c| text(c, "id") == command),
            "{FIGURES}: figure {:?} names an unknown command {command}",
            text(row, "measure")
        );
    }
    f
}

fn commands_table(f: &Figures) -> String {
    let mut out = String::from("| id | command | what it measures |\n|---|---|---|\n");
    for c in &f.commands {
        out.push_str(&format!(
            "| `{}` | `{}` | {} |\n",
            text(c, "id"),
            text(c, "run"),
            text(c, "what")
        ));
    }
    out
}

fn cpu_tables(f: &Figures) -> String {
    let mut out = String::new();
    for cpu in &f.cpus {
        let id = text(cpu, "id");
        out.push_str(&format!(
            "### {}\n\n{}.\n\n",
            text(cpu, "title"),
            text(cpu, "about")
        ));
        out.push_str("| measure | CPU | hitfield | peer | target | status | command |\n");
        out.push_str("|---|---|---:|---:|---:|---|---|\n");
        for row in f.figures.iter().filter(|r| text(r, "cpu") == id) {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | `{}` |\n",
                text(row, "measure"),
                text(row, "machine"),
                text(row, "hitfield"),
                cell(text(row, "peer")),
                cell(text(row, "target")),
                cell(text(row, "status")),
                text(row, "command"),
            ));
        }
        out.push('\n');
    }
    out
}

fn readme_table(f: &Figures) -> String {
    let mut out = String::from("| measure | hitfield | peer |\n|---|---:|---:|\n");
    for row in &f.figures {
        if !row.get("readme").and_then(|v| v.as_bool()).unwrap_or(false) {
            continue;
        }
        let class = f
            .cpus
            .iter()
            .find(|c| text(c, "id") == text(row, "cpu"))
            .map(|c| text(c, "title"))
            .unwrap_or_default();
        let measure = row
            .get("readme_measure")
            .and_then(|v| v.as_str())
            .unwrap_or_else(|| text(row, "measure"));
        out.push_str(&format!(
            "| {measure} ({}, {class}) | {} | {} |\n",
            text(row, "machine"),
            text(row, "hitfield"),
            cell(text(row, "peer")),
        ));
    }
    out
}

#[test]
fn performance_tables_are_generated_from_the_figures() {
    let f = figures();
    let path = root().join("docs/performance.md");
    let page = fs::read_to_string(&path).expect("docs/performance.md");
    let page = with_region(
        &page,
        "perf-commands",
        &format!("\n{}", commands_table(&f)),
        "docs/performance.md",
    );
    let page = with_region(
        &page,
        "perf-figures",
        &format!("\n{}", cpu_tables(&f)),
        "docs/performance.md",
    );
    check_generated(&path, &page);

    let path = root().join("README.md");
    let page = fs::read_to_string(&path).expect("README.md");
    let page = with_region(
        &page,
        "perf-glance",
        &format!("\n{}", readme_table(&f)),
        "README.md",
    );
    check_generated(&path, &page);
}

#[test]
fn performance_page_stays_a_reference() {
    let page = fs::read_to_string(root().join("docs/performance.md")).expect("performance.md");
    let lines = page.lines().count();
    assert!(
        lines <= 300,
        "docs/performance.md has {lines} lines (at most 300)"
    );
    for doc in super::links::pages() {
        let text = fs::read_to_string(&doc).expect("page").to_lowercase();
        if !doc.starts_with(root().join("docs")) {
            continue;
        }
        for word in ["sitting", "load average", " utc"] {
            assert!(
                !text.contains(word),
                "{} says {word:?}: docs say what is true now; history goes in commits",
                doc.display()
            );
        }
    }
}
