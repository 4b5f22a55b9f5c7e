//! Every file of the committed fuzz corpus (`fuzz/corpus/TARGET/`) through
//! the function its libFuzzer target calls (`fuzz/src/targets.rs`), on
//! stable Rust: what fuzzing found stays fixed, and the corpus's coverage
//! is replayed by every `cargo test`.

#[path = "../fuzz/src/targets.rs"]
mod targets;

use std::path::Path;

#[test]
fn every_corpus_file_runs_through_its_target() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus");
    for (name, target) in targets::TARGETS {
        let dir = corpus.join(name);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("corpus entry").path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{}: no corpus", dir.display());
        for file in &files {
            let data = std::fs::read(file).expect("corpus file");
            eprintln!("{name}: {}", file.display());
            target(&data);
        }
    }
}
