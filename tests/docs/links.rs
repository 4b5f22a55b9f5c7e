//! The Markdown pages' links: relative links and their anchors resolve,
//! the crates.io README has no image or relative link, and the README
//! stays short.

use std::collections::BTreeSet;
use std::fs;
use std::path::PathBuf;

use super::root;

#[test]
fn crate_readme_renders_on_crates_io() {
    let text = fs::read_to_string(root().join("crate-README.md")).expect("crate-README.md");
    let prose = prose(&text);
    assert!(
        !prose.contains("![") && !prose.contains("<img"),
        "crate-README.md shows an image, which crates.io cannot find"
    );
    let relative: Vec<String> = link_targets(&text)
        .into_iter()
        .filter(|t| !t.contains("://") && !t.starts_with('#'))
        .collect();
    assert!(
        relative.is_empty(),
        "crate-README.md has relative links, which break on crates.io: {relative:?}"
    );
}

/// The Markdown pages a visitor reads.
pub(super) fn pages() -> Vec<PathBuf> {
    let mut pages: Vec<PathBuf> = ["README.md", "CONTRIBUTING.md", "CHANGELOG.md"]
        .iter()
        .map(|p| root().join(p))
        .filter(|p| p.exists())
        .collect();
    let mut docs: Vec<_> = fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    pages
}

/// The page's text outside fenced code blocks.
fn prose(text: &str) -> String {
    let mut out = String::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if !fenced {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// GitHub's anchor for a heading.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> BTreeSet<String> {
    prose(text)
        .lines()
        .filter_map(|l| l.strip_prefix('#'))
        .map(|l| slug(l.trim_start_matches('#')))
        .collect()
}

/// Targets of `[text](target)` links in `text`.
fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let prose = prose(text);
    let mut rest = prose.as_str();
    while let Some(i) = rest.find("](") {
        rest = &rest[i + 2..];
        if let Some(end) = rest.find(')') {
            out.push(rest[..end].to_string());
        }
    }
    out
}

#[test]
fn relative_links_resolve() {
    let mut broken = Vec::new();
    for page in pages() {
        let text = fs::read_to_string(&page).expect("page");
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = match target.split_once('#') {
                Some((f, a)) => (f, Some(a)),
                None => (target.as_str(), None),
            };
            let resolved = if file.is_empty() {
                page.clone()
            } else {
                page.parent().expect("parent").join(file)
            };
            if !resolved.exists() {
                broken.push(format!("{}: {target} (no such file)", page.display()));
                continue;
            }
            if let Some(anchor) = anchor {
                if resolved.extension().is_some_and(|e| e == "md") {
                    let body = fs::read_to_string(&resolved).expect("linked page");
                    if !anchors(&body).contains(anchor) {
                        broken.push(format!("{}: {target} (no such heading)", page.display()));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn readme_stays_a_front_door() {
    let readme = fs::read_to_string(root().join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(
        lines <= 280,
        "README.md has {lines} lines; depth goes in docs/"
    );
}

#[test]
fn slugs_follow_github() {
    assert_eq!(
        slug("`hitfield headless`: the world without a window"),
        "hitfield-headless-the-world-without-a-window"
    );
    assert_eq!(slug("In a browser (web build)"), "in-a-browser-web-build");
    assert_eq!(
        slug("Bad input, limits and presets"),
        "bad-input-limits-and-presets"
    );
}
