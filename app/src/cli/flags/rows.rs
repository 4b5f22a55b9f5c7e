//! The app's own flags, one row each: what `hitfield --help`, the parser
//! and docs/cli.md's flag tables are made from. The settings' flags
//! (`--particles`, …) are the settings' rows (`hitfield::settings::rows`).

use super::{Default::*, Flag, Value::*, Where::*};

const BOTH: &[super::Where] = &[Demo, Headless];

/// Every flag of `hitfield`, `headless`, `overlap` and `bench`: name,
/// value (type and range), default, where it applies, and help.
#[rustfmt::skip]
pub const FLAGS: &[Flag] = &[
    // The demo window (no subcommand).
    Flag::new("frames", Count { name: "N", min: 1, max: u64::MAX }, Note("run until closed"), &[Demo],
        "Render N frames (exactly one simulation step each, so captures are reproducible), then exit with status 0"),
    Flag::new("screenshot", Path { name: "PATH" }, Note("none"), &[Demo],
        "With --frames: save the window as a PNG (the path must end in .png) after the last frame"),
    Flag::new("window-size", Text { name: "WxH" }, Value("1280x800"), &[Demo],
        "Window size in pixels, e.g. 1280x800"),
    Flag::new("no-vsync", Switch, Note("vsync on"), &[Demo],
        "Do not wait for vertical sync (frame rate is then not capped by the display)"),
    Flag::new("profile-csv", Path { name: "PATH" }, Note("hitfield-frames-<unix time>.csv"), &[Demo],
        "Where the C key writes the profiler CSV; with --frames it is also written when the run ends"),
    Flag::new("trace", Path { name: "PATH" }, Note("off"), &[Demo],
        "Record the first frames' spans as Chrome trace-event JSON (every frame with --frames, else the first 120, as the T key does)"),
    // `hitfield headless`.
    Flag::new("frames", Count { name: "N", min: 0, max: u64::MAX }, Value("600"), &[Headless],
        "Number of fixed steps to run"),
    Flag::new("trace", Path { name: "PATH" }, Note("off"), &[Headless],
        "Write a Chrome trace-event JSON file of every step's spans (open it in Perfetto or chrome://tracing)"),
    Flag::new("record", Path { name: "PATH" }, Note("off"), &[Headless],
        "Write the field canvas as an animated GIF to PATH (it must end in .gif and its folder must exist)"),
    Flag::new("record-scale", Real { name: "S", min: 0.05, max: 1.0, above: false, unit: "" }, Value("0.25"), &[Headless],
        "Clip size over canvas size"),
    Flag::new("record-max-mb", Real { name: "MB", min: 0.0625, max: 1024.0, above: false, unit: " MiB" }, Value("8"), &[Headless],
        "Size limit of the clip; at the limit no more frames are added and stderr says so"),
    Flag::new("record-every", Count { name: "K", min: 1, max: u64::MAX }, Value("1"), &[Headless],
        "One clip frame every K steps"),
    // The demo and `headless`.
    Flag::new("ship", Paths { name: "PATH" }, Note("the three bundled ships"), BOTH,
        "A ship sprite PNG, or a folder of them (repeatable)"),
    Flag::new("preset", Path { name: "PATH" }, Note("none, the settings' defaults"), BOTH,
        "A TOML preset of settings, applied before the other flags"),
    Flag::new("trace-max-mb", Real { name: "MB", min: 0.01, max: 1_048_576.0, above: false, unit: " MiB" }, Value("64"), BOTH,
        "Size cap of each trace file (--trace, T, spike captures); at the cap writing stops and the file ends with a note of what was left out"),
    Flag::new("spike-ms", Real { name: "MS", min: 0.0, max: 60_000.0, above: true, unit: " milliseconds" }, Note("off"), BOTH,
        "Capture on spike: when a step's (in the demo, a frame's) work passes MS milliseconds, write a trace of the 120 frames before it and 60 after into --trace-dir"),
    Flag::new("trace-dir", Path { name: "DIR" }, Note("the current directory"), BOTH,
        "Folder for spike captures (and the demo's T traces); it must exist"),
    // `hitfield overlap`.
    Flag::new("A", File, Note("required"), &[Overlap],
        "Sprite A (PNG)"),
    Flag::new("B", File, Note("required"), &[Overlap],
        "Sprite B (PNG)"),
    Flag::new("a-at", Text { name: "X,Y" }, Value("0,0"), &[Overlap],
        "World position of A's top-left corner"),
    Flag::new("b-at", Text { name: "X,Y" }, Note("required"), &[Overlap],
        "World position of B's top-left corner"),
    Flag::new("a-rotate", Real { name: "DEG", min: -1e9, max: 1e9, above: false, unit: " degrees" }, Value("0"), &[Overlap],
        "A's rotation about its centre, degrees clockwise on screen"),
    Flag::new("b-rotate", Real { name: "DEG", min: -1e9, max: 1e9, above: false, unit: " degrees" }, Value("0"), &[Overlap],
        "B's rotation about its centre, degrees clockwise on screen"),
    Flag::new("a-scale", Real { name: "S", min: 1.0 / 65536.0, max: 64.0, above: false, unit: "" }, Value("1"), &[Overlap],
        "A's uniform scale"),
    Flag::new("b-scale", Real { name: "S", min: 1.0 / 65536.0, max: 64.0, above: false, unit: "" }, Value("1"), &[Overlap],
        "B's uniform scale"),
    Flag::new("alpha-min", Count { name: "N", min: 0, max: 255 }, Value("1"), &[Overlap],
        "A texel is solid when its alpha is at least this"),
    // `hitfield bench`.
    Flag::new("out", Path { name: "DIR" }, Value("bench-out"), &[Bench],
        "Folder for results.csv, accuracy.csv, chart.png and report.md (created if missing)"),
    Flag::new("quick", Switch, Note("off"), &[Bench],
        "A short run (under a minute): fewer frames per configuration"),
];
