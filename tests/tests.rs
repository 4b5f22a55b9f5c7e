//! Most of the library's integration tests, built as one binary (one link
//! instead of one per file, as ripgrep's `tests/tests.rs`). Each file stays
//! where it is, with its own doc comment, and is a module here; proptest's
//! regression files keep their paths. Files that need a process of their
//! own are separate `[[test]]` targets in `Cargo.toml`: a counting global
//! allocator (`field_memory`, `settings_wild`, `world_calls`), a global
//! `tracing` subscriber (`trace_spans`), peak-memory readings
//! (`inputs_assets`, `soak`) or children started with a test filter
//! (`no_abort`). `every_test_file_is_built` below keeps a new file from
//! being left out.
//!
//! Property tests take [`cases`] for their case counts, so CI's emulated
//! targets can run fewer.

// Files that share a helper folder (`overlap_bits/`, `sampling_inputs/`)
// each declare it, as they did as binaries of their own.
#![allow(clippy::duplicate_mod)]

#[path = "broadphase_props.rs"]
mod broadphase_props;
#[cfg(feature = "internals")]
#[path = "collide_cases.rs"]
mod collide_cases;
#[cfg(feature = "internals")]
#[path = "collide_isa_props.rs"]
mod collide_isa_props;
#[cfg(feature = "internals")]
#[path = "collide_props.rs"]
mod collide_props;
#[cfg(feature = "internals")]
#[path = "contacts_props.rs"]
mod contacts_props;
#[cfg(feature = "internals")]
#[path = "docs.rs"]
mod docs;
#[path = "examples.rs"]
mod examples;
#[cfg(feature = "internals")]
#[path = "field_props.rs"]
mod field_props;
#[cfg(feature = "internals")]
#[path = "fuzz_corpus.rs"]
mod fuzz_corpus;
#[cfg(feature = "internals")]
#[path = "golden.rs"]
mod golden;
#[path = "inputs_presets.rs"]
mod inputs_presets;
#[path = "kernel_layout.rs"]
mod kernel_layout;
#[cfg(feature = "internals")]
#[path = "mask_ops_props.rs"]
mod mask_ops_props;
#[cfg(feature = "internals")]
#[path = "overlap_mask_props.rs"]
mod overlap_mask_props;
#[path = "player.rs"]
mod player;
#[cfg(feature = "internals")]
#[path = "posed_props.rs"]
mod posed_props;
#[cfg(feature = "internals")]
#[path = "posed_sample_props.rs"]
mod posed_sample_props;
#[cfg(feature = "internals")]
#[path = "sample_props.rs"]
mod sample_props;
#[path = "settings_rows.rs"]
mod settings_rows;
#[path = "world.rs"]
mod world;
#[path = "world_api.rs"]
mod world_api;
#[path = "world_clock_and_demo.rs"]
mod world_clock_and_demo;

/// `n` property-test cases, divided by `HITFIELD_PROPTEST_DIVISOR` when it
/// is set (CI sets it on targets run under emulation, whose every case
/// costs 10 to 50 times more), and never below 16. Broken kernels fail on
/// most cases, so a fraction still finds them.
pub fn cases(n: u32) -> u32 {
    let divisor = std::env::var("HITFIELD_PROPTEST_DIVISOR")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .filter(|&d| d > 0)
        .unwrap_or(1);
    (n / divisor).max(16).min(n)
}

/// Every `tests/*.rs` file is a module above or a `[[test]]` of its own in
/// `Cargo.toml` (`autotests = false` builds nothing else).
#[test]
fn every_test_file_is_built() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let this = std::fs::read_to_string(dir.join("tests/tests.rs")).expect("tests.rs");
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).expect("Cargo.toml");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir.join("tests")).expect("tests/") {
        let name = entry
            .expect("entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let Some(stem) = name.strip_suffix(".rs") else {
            continue;
        };
        let module = this.contains(&format!("#[path = \"{name}\"]"));
        let target = manifest.contains(&format!("[[test]]\nname = \"{stem}\"\n"));
        if stem != "tests" && !module && !target {
            missing.push(name);
        }
    }
    assert!(
        missing.is_empty(),
        "test files built by nothing: {missing:?}"
    );
}
