//! The app's own flags, one row each: what `hitfield --help`, the parser
//! and docs/cli.md's flag tables are made from. The settings' flags
//! (`--particles`, …) are the settings' rows (`hitfield::settings::rows`).

use super::{Default::*, Flag, Value::*, Where::*};

const BOTH: &[super::Where] = &[Demo, Headless];

/// Every flag of `hitfield`, `headless`, `overlap` and `bench`.
pub const FLAGS: &[Flag] = &[
    // The demo window (no subcommand).
    Flag {
        name: "frames",
        value: Count { name: "N", min: 1, max: u64::MAX },
        default: Note("run until closed"),
        help: "Render N frames (exactly one simulation step each, so captures are reproducible), then exit with status 0",
        on: &[Demo],
    },
    Flag {
        name: "screenshot",
        value: Path { name: "PATH" },
        default: Note("none"),
        help: "With --frames: save the window as a PNG (the path must end in .png) after the last frame",
        on: &[Demo],
    },
    Flag {
        name: "window-size",
        value: Text { name: "WxH" },
        default: Value("1280x800"),
        help: "Window size in pixels, e.g. 1280x800",
        on: &[Demo],
    },
    Flag {
        name: "no-vsync",
        value: Switch,
        default: Note("vsync on"),
        help: "Do not wait for vertical sync (frame rate is then not capped by the display)",
        on: &[Demo],
    },
    Flag {
        name: "profile-csv",
        value: Path { name: "PATH" },
        default: Note("hitfield-frames-<unix time>.csv"),
        help: "Where the C key writes the profiler CSV; with --frames it is also written when the run ends",
        on: &[Demo],
    },
    Flag {
        name: "trace",
        value: Path { name: "PATH" },
        default: Note("off"),
        help: "Record the first frames' spans as Chrome trace-event JSON (every frame with --frames, else the first 120, as the T key does)",
        on: &[Demo],
    },
    // `hitfield headless`.
    Flag {
        name: "frames",
        value: Count { name: "N", min: 0, max: u64::MAX },
        default: Value("600"),
        help: "Number of fixed steps to run",
        on: &[Headless],
    },
    Flag {
        name: "trace",
        value: Path { name: "PATH" },
        default: Note("off"),
        help: "Write a Chrome trace-event JSON file of every step's spans (open it in Perfetto or chrome://tracing)",
        on: &[Headless],
    },
    Flag {
        name: "record",
        value: Path { name: "PATH" },
        default: Note("off"),
        help: "Write the field canvas as an animated GIF to PATH (it must end in .gif and its folder must exist)",
        on: &[Headless],
    },
    Flag {
        name: "record-scale",
        value: Real { name: "S", min: 0.05, max: 1.0, above: false, unit: "" },
        default: Value("0.25"),
        help: "Clip size over canvas size",
        on: &[Headless],
    },
    Flag {
        name: "record-max-mb",
        value: Real { name: "MB", min: 0.0625, max: 1024.0, above: false, unit: " MiB" },
        default: Value("8"),
        help: "Size limit of the clip; at the limit no more frames are added and stderr says so",
        on: &[Headless],
    },
    Flag {
        name: "record-every",
        value: Count { name: "K", min: 1, max: u64::MAX },
        default: Value("1"),
        help: "One clip frame every K steps",
        on: &[Headless],
    },
    // The demo and `headless`.
    Flag {
        name: "ship",
        value: Paths { name: "PATH" },
        default: Note("the three bundled ships"),
        help: "A ship sprite PNG, or a folder of them (repeatable)",
        on: BOTH,
    },
    Flag {
        name: "preset",
        value: Path { name: "PATH" },
        default: Note("none, the settings' defaults"),
        help: "A TOML preset of settings, applied before the other flags",
        on: BOTH,
    },
    Flag {
        name: "trace-max-mb",
        value: Real { name: "MB", min: 0.01, max: 1_048_576.0, above: false, unit: " MiB" },
        default: Value("64"),
        help: "Size cap of each trace file (--trace, T, spike captures); at the cap writing stops and the file ends with a note of what was left out",
        on: BOTH,
    },
    Flag {
        name: "spike-ms",
        value: Real { name: "MS", min: 0.0, max: 60_000.0, above: true, unit: " milliseconds" },
        default: Note("off"),
        help: "Capture on spike: when a step's (in the demo, a frame's) work passes MS milliseconds, write a trace of the 120 frames before it and 60 after into --trace-dir",
        on: BOTH,
    },
    Flag {
        name: "trace-dir",
        value: Path { name: "DIR" },
        default: Note("the current directory"),
        help: "Folder for spike captures (and the demo's T traces); it must exist",
        on: BOTH,
    },
    // `hitfield overlap`.
    Flag {
        name: "A",
        value: File,
        default: Note("required"),
        help: "Sprite A (PNG)",
        on: &[Overlap],
    },
    Flag {
        name: "B",
        value: File,
        default: Note("required"),
        help: "Sprite B (PNG)",
        on: &[Overlap],
    },
    Flag {
        name: "a-at",
        value: Text { name: "X,Y" },
        default: Value("0,0"),
        help: "World position of A's top-left corner",
        on: &[Overlap],
    },
    Flag {
        name: "b-at",
        value: Text { name: "X,Y" },
        default: Note("required"),
        help: "World position of B's top-left corner",
        on: &[Overlap],
    },
    Flag {
        name: "a-rotate",
        value: Real { name: "DEG", min: -1e9, max: 1e9, above: false, unit: " degrees" },
        default: Value("0"),
        help: "A's rotation about its centre, degrees clockwise on screen",
        on: &[Overlap],
    },
    Flag {
        name: "b-rotate",
        value: Real { name: "DEG", min: -1e9, max: 1e9, above: false, unit: " degrees" },
        default: Value("0"),
        help: "B's rotation about its centre, degrees clockwise on screen",
        on: &[Overlap],
    },
    Flag {
        name: "a-scale",
        value: Real { name: "S", min: 1.0 / 65536.0, max: 64.0, above: false, unit: "" },
        default: Value("1"),
        help: "A's uniform scale",
        on: &[Overlap],
    },
    Flag {
        name: "b-scale",
        value: Real { name: "S", min: 1.0 / 65536.0, max: 64.0, above: false, unit: "" },
        default: Value("1"),
        help: "B's uniform scale",
        on: &[Overlap],
    },
    Flag {
        name: "alpha-min",
        value: Count { name: "N", min: 0, max: 255 },
        default: Value("1"),
        help: "A texel is solid when its alpha is at least this",
        on: &[Overlap],
    },
    // `hitfield bench`.
    Flag {
        name: "out",
        value: Path { name: "DIR" },
        default: Value("bench-out"),
        help: "Folder for results.csv, accuracy.csv, chart.png and report.md (created if missing)",
        on: &[Bench],
    },
    Flag {
        name: "quick",
        value: Switch,
        default: Note("off"),
        help: "A short run (under a minute): fewer frames per configuration",
        on: &[Bench],
    },
];
