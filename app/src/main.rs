//! The `hitfield` binary, a thin shell over the library.
//!
//! With the `cli` feature (the default) it parses the command line: no
//! subcommand opens the demo window, and `headless`, `overlap` and `bench`
//! run the tools. With `app` alone it opens the demo with default settings
//! and reads no flags (the web build is this one).
//!
//! Dependencies point one way: `cli/` parses and validates flags into plain
//! options and hands them to `demo/` (the window) or `bench/` (the sweep and
//! accuracy report); `demo/` never imports `cli/`. `stats/` measures frames
//! (no drawing), `profiler/` draws what it measured, `ui/` is the window's
//! theme, text and widgets, and `trace/` writes trace files.

#[cfg(feature = "cli")]
mod bench;
#[cfg(feature = "cli")]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod clip;
mod demo;
mod link;
mod memory;
mod paths;
mod profiler;
mod stats;
mod threads;
mod trace;
mod ui;

use std::process::ExitCode;

#[cfg(feature = "cli")]
fn main() -> ExitCode {
    memory::return_freed_memory();
    threads::join_global_pool();
    cli::main()
}

#[cfg(not(feature = "cli"))]
fn main() -> ExitCode {
    memory::return_freed_memory();
    threads::join_global_pool();
    demo::run(demo::DemoOptions::with_defaults())
}
