//! The kernel layout of `docs/design.md` ("Where kernels live") matches the
//! files: every path in its table exists, every kernel file or folder the
//! rule names (`x86/{sse2,avx2,avx512}` and `v128`, as `.rs` or folder,
//! under `src/field`, `src/ships`, `src/collide`) is in the table, and the
//! CPU is asked, and the 128-bit `cfg` predicate written, in one file.

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The table between the kernel-layout markers, as rows of cells.
fn table() -> Vec<Vec<String>> {
    let design = fs::read_to_string(root().join("docs/design.md")).expect("docs/design.md");
    let start = design
        .find("<!-- kernel-layout:start -->")
        .expect("docs/design.md lost its kernel-layout start marker");
    let end = design
        .find("<!-- kernel-layout:end -->")
        .expect("docs/design.md lost its kernel-layout end marker");
    design[start..end]
        .lines()
        .filter(|l| l.starts_with('|') && !l.starts_with("|---"))
        .skip(1)
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// The path a cell names (in backticks, under `src/`), if any.
fn path_of(cell: &str) -> Option<String> {
    let inner = cell.strip_prefix('`')?.strip_suffix('`')?;
    inner.starts_with("src/").then(|| inner.to_string())
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("readable source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Kernel files and folders the rule names: `x86/<set>.rs`, `x86/<set>/`,
/// `v128.rs`, `v128/`, relative to the crate root.
fn kernel_places() -> Vec<String> {
    let mut found = Vec::new();
    let mut files = Vec::new();
    for domain in ["src/field", "src/ships", "src/collide"] {
        rust_files(&root().join(domain), &mut files);
    }
    for file in files {
        let rel = file
            .strip_prefix(root())
            .expect("under the root")
            .to_string_lossy()
            .replace('\\', "/");
        let parts: Vec<&str> = rel.split('/').collect();
        for (k, part) in parts.iter().enumerate() {
            let last = k + 1 == parts.len();
            let name = part.strip_suffix(".rs").unwrap_or(part);
            let in_x86 = k > 0 && parts[k - 1] == "x86";
            let kernel = (in_x86 && ["sse2", "avx2", "avx512"].contains(&name)) || name == "v128";
            if kernel && (last || !part.ends_with(".rs")) {
                let place = if last {
                    parts[..=k].join("/")
                } else {
                    format!("{}/", parts[..=k].join("/"))
                };
                if !found.contains(&place) {
                    found.push(place);
                }
            }
        }
    }
    found.sort();
    found
}

#[test]
fn table_paths_exist_and_every_kernel_place_is_listed() {
    let rows = table();
    assert!(rows.len() >= 4, "the kernel-layout table lost rows");
    let mut listed = Vec::new();
    for row in &rows {
        assert_eq!(row.len(), 6, "row {row:?}: domain and five columns");
        for cell in &row[1..] {
            match path_of(cell) {
                Some(path) => {
                    assert!(
                        root().join(&path).exists(),
                        "docs/design.md names {path}, which does not exist"
                    );
                    listed.push(path);
                }
                None => assert_eq!(cell, "—", "row {row:?}: a cell is a `src/…` path or —"),
            }
        }
    }
    for place in kernel_places() {
        assert!(
            listed.contains(&place),
            "{place} holds kernels by the layout rule but is not in docs/design.md's table"
        );
    }
}

/// Files under `src/` whose text contains `needle`.
fn files_with(needle: &str) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    let mut hits: Vec<String> = files
        .into_iter()
        .filter(|f| fs::read_to_string(f).is_ok_and(|t| t.contains(needle)))
        .map(|f| {
            f.strip_prefix(root())
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/")
        })
        .collect();
    hits.sort();
    hits
}

#[test]
fn the_cpu_is_asked_and_the_simd128_predicate_written_in_one_place() {
    assert_eq!(files_with("is_x86_feature_detected"), ["src/cpu/mod.rs"]);
    let predicate = ["target_feature", " = \"simd128\""].concat();
    assert_eq!(files_with(&predicate), ["src/cpu/mod.rs"]);
    let cpu = fs::read_to_string(root().join("src/cpu/mod.rs")).expect("src/cpu/mod.rs");
    assert_eq!(
        cpu.matches(&predicate).count(),
        1,
        "written once in src/cpu/mod.rs"
    );
}
