//! The web build in a real browser: `web/dist` (written by `bash
//! web/build.sh`) is served on 127.0.0.1 and loaded in headless Chromium
//! with SwiftShader WebGL for a fixed number of frames. The page
//! (`web/index.html`) records how the run went and the last frame as a PNG;
//! the test reads both with `--dump-dom`, fails on a wasm panic or a console
//! error, saves the frame and checks that it shows trails, ships with hit
//! texels and the panel, as the desktop window test does.
//!
//! Skipped with a message when Chromium or `web/dist` is missing, unless
//! `HITFIELD_REQUIRE_BROWSER` is set (CI sets it).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::picture::{self, Layout};
use common::process::{find_on_path, run_with_timeout};

/// Frames the page runs before it stops and shows its last frame.
const FRAMES: u32 = 120;
/// Browser window asked for (headless Chromium's page is a little shorter).
const WINDOW: (u32, u32) = (1280, 800);
/// Simulated milliseconds the page may run; far more than FRAMES need at 60 Hz.
const VIRTUAL_TIME_MS: u32 = 120_000;

/// How the page's run went, as `web/index.html` records it.
#[derive(Debug, Default)]
struct PageRun {
    state: String,
    frames: u32,
    canvas: String,
    viewport: String,
    message: String,
    last_frame_png: Vec<u8>,
}

/// Skips the test (or fails it when the browser test is required).
fn skip(reason: &str) {
    assert!(
        std::env::var_os("HITFIELD_REQUIRE_BROWSER").is_none(),
        "HITFIELD_REQUIRE_BROWSER is set but {reason}"
    );
    eprintln!("SKIPPED web_browser: {reason}");
}

/// Chromium: `HITFIELD_CHROMIUM`, else the usual names on PATH.
fn browser() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("HITFIELD_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    ["chromium", "chromium-browser", "google-chrome"]
        .iter()
        .find_map(|name| find_on_path(name))
}

#[test]
fn web_demo_runs_in_headless_chromium_and_shows_the_field() {
    let dist = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("web")
        .join("dist");
    let Some(browser) = browser() else {
        return skip("no chromium on PATH (apt-get install chromium)");
    };
    if !dist.join("hitfield.wasm").is_file() {
        return skip("web/dist/hitfield.wasm is missing (run `bash web/build.sh` first)");
    }
    let port = common::serve::serve(&dist);
    let url = format!("http://127.0.0.1:{port}/index.html?frames={FRAMES}");
    let profile = tempfile::tempdir().expect("temp dir for the browser profile");

    let run = load_page(&browser, &url, profile.path());
    eprintln!(
        "page: {} after {} frames, canvas {}, viewport {}",
        run.state, run.frames, run.canvas, run.viewport
    );
    assert!(
        run.state != "panicked" && run.state != "error",
        "the page recorded a {}: {}",
        run.state,
        run.message
    );
    assert_eq!(run.state, "done", "the page did not finish its frames");
    assert_eq!(run.frames, FRAMES);
    assert_eq!(run.canvas, run.viewport, "the canvas fills the page");

    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-last-frame.png");
    std::fs::write(&shot, &run.last_frame_png).expect("save the last frame");
    eprintln!("last frame saved to {}", shot.display());
    let img = image::load_from_memory(&run.last_frame_png)
        .expect("the page's last frame is a PNG")
        .to_rgba8();
    let (w, h) = img.dimensions();
    assert!(w >= 800 && h >= 600, "canvas too small to check: {w}x{h}");
    picture::assert_demo_picture(&img, &Layout::for_window(w, h));
}

/// Loads `url` in headless Chromium and reads the page's record of the run.
fn load_page(browser: &Path, url: &str, profile: &Path) -> PageRun {
    let mut cmd = Command::new(browser);
    cmd.args([
        "--headless=new",
        "--no-sandbox",
        "--use-angle=swiftshader",
        "--enable-unsafe-swiftshader",
        "--no-first-run",
        "--mute-audio",
        &format!("--window-size={},{}", WINDOW.0, WINDOW.1),
        &format!("--virtual-time-budget={VIRTUAL_TIME_MS}"),
        "--dump-dom",
    ])
    .arg(format!("--user-data-dir={}", profile.display()))
    .arg(url);
    let out = run_with_timeout(cmd, Duration::from_secs(300));
    let dom = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && !dom.is_empty(),
        "chromium failed ({:?}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    parse_run(&dom).unwrap_or_else(|| panic!("no #hitfield-run record in the page:\n{dom}"))
}

/// The `#hitfield-run` record and the `#hitfield-last-frame` image of a dumped page.
fn parse_run(dom: &str) -> Option<PageRun> {
    let start = dom.find("<pre id=\"hitfield-run\"")?;
    let tag_end = start + dom[start..].find('>')?;
    let tag = &dom[start..tag_end];
    let text_end = tag_end + dom[tag_end..].find("</pre>")?;
    let attr = |name: &str| {
        let key = format!("{name}=\"");
        tag.find(&key).map_or(String::new(), |i| {
            let v = &tag[i + key.len()..];
            v[..v.find('"').unwrap_or(v.len())].to_string()
        })
    };
    let mut run = PageRun {
        state: attr("data-state"),
        frames: attr("data-frames").parse().unwrap_or(0),
        canvas: attr("data-canvas"),
        viewport: attr("data-viewport"),
        message: unescape(&dom[tag_end + 1..text_end]),
        last_frame_png: Vec::new(),
    };
    let prefix = "data:image/png;base64,";
    if let Some(i) = dom.find(prefix) {
        let data = &dom[i + prefix.len()..];
        let data = &data[..data.find('"').unwrap_or(data.len())];
        run.last_frame_png = base64_decode(data)?;
    }
    Some(run)
}

/// The entities `--dump-dom` writes in text.
fn unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Standard base64 with padding; `None` on any other character.
fn base64_decode(s: &str) -> Option<Vec<u8>> {
    fn value(c: u8) -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    }
    let bytes = s.trim_end_matches('=').as_bytes();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut acc = 0u32;
        for &c in chunk {
            acc = acc << 6 | value(c)?;
        }
        acc <<= 6 * (4 - chunk.len() as u32);
        let n = chunk.len().saturating_sub(1);
        out.extend_from_slice(&acc.to_be_bytes()[1..1 + n]);
    }
    Some(out)
}

#[test]
fn base64_decodes_padded_and_unpadded_tails() {
    assert_eq!(
        base64_decode("aGl0ZmllbGQ=").as_deref(),
        Some(&b"hitfield"[..])
    );
    assert_eq!(base64_decode("YWJj").as_deref(), Some(&b"abc"[..]));
    assert_eq!(base64_decode("YQ==").as_deref(), Some(&b"a"[..]));
    assert_eq!(base64_decode("Y$==").as_deref(), None);
}

#[test]
fn page_record_is_read_from_a_dumped_dom() {
    let dom = r#"<body><pre id="hitfield-run" data-state="panicked" data-frames="7">panicked at src/x.rs: a &lt; b</pre>
<img id="hitfield-last-frame" src="data:image/png;base64,YWJj"></body>"#;
    let run = parse_run(dom).expect("a record");
    assert_eq!((run.state.as_str(), run.frames), ("panicked", 7));
    assert_eq!(run.message, "panicked at src/x.rs: a < b");
    assert_eq!(run.last_frame_png, b"abc");
}
