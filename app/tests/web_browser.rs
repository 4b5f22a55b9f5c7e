//! The web build in a real browser: `web/dist` (written by `bash
//! web/build.sh`) is served on 127.0.0.1 and loaded in headless Chromium
//! with SwiftShader WebGL for a fixed number of frames. The page
//! (`web/index.html`) records how the run went and the last frame as a PNG;
//! the test reads both with `--dump-dom`, fails on a wasm panic or a console
//! error, saves the frame and checks that it shows trails, ships with hit
//! texels and the panel, as the desktop window test does.
//!
//! A second load carries settings in its URL fragment: the page applies
//! the good ones, writes the fragment back, and names the bad ones on its
//! status line and in its record.
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
    /// The settings in a link, as `#hitfield-link` records them.
    link: LinkRecord,
}

/// The page's record of the settings in its link.
#[derive(Debug, Default)]
struct LinkRecord {
    /// The fragment the page wrote back.
    fragment: String,
    /// Every setting in force, `key=value` joined by `&`.
    settings: String,
    /// How many pairs were not applied, and their messages.
    count: u32,
    messages: String,
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

/// Chromium and the served `web/dist` (its port), or `None` after
/// skipping.
fn browser_and_page() -> Option<(PathBuf, u16)> {
    let dist = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("web")
        .join("dist");
    let Some(browser) = browser() else {
        skip("no chromium on PATH (apt-get install chromium)");
        return None;
    };
    if !dist.join("hitfield.wasm").is_file() {
        skip("web/dist/hitfield.wasm is missing (run `bash web/build.sh` first)");
        return None;
    }
    Some((browser, common::serve::serve(&dist)))
}

#[test]
fn web_demo_runs_in_headless_chromium_and_shows_the_field() {
    let Some((browser, port)) = browser_and_page() else {
        return;
    };
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

#[test]
fn settings_in_the_link_apply_and_a_bad_one_is_named() {
    let Some((browser, port)) = browser_and_page() else {
        return;
    };
    let fragment = "particles=20000&sample_ms=50&seed=7&field.fade=3&ships=abc&particlez=1";
    let url = format!("http://127.0.0.1:{port}/index.html?frames=30#{fragment}");
    let profile = tempfile::tempdir().expect("temp dir for the browser profile");
    let run = load_page(&browser, &url, profile.path());
    assert_eq!(run.state, "done", "{}", run.message);
    let link = &run.link;
    eprintln!("link record: {link:?}");
    let applied: Vec<&str> = link.settings.split('&').collect();
    let defaults = hitfield::settings::Settings::demo();
    for pair in [
        "field.particles=20000".to_string(),
        "ships.sample_interval_ms=50".to_string(),
        "field.seed=7".to_string(),
        "field.fade=3".to_string(),
        // The bad value leaves the page's own.
        format!("ships.count={}", defaults.ships.count),
    ] {
        assert!(applied.contains(&pair.as_str()), "{pair} in {applied:?}");
    }
    let mut written: Vec<&str> = link.fragment.split('&').collect();
    written.sort_unstable();
    assert_eq!(
        written,
        ["field.fade=3", "particles=20000", "sample_ms=50", "seed=7"],
        "the fragment written back holds the applied keys"
    );
    assert_eq!(link.count, 2, "{}", link.messages);
    let lines: Vec<&str> = link.messages.lines().collect();
    assert!(
        lines[0].starts_with("link: ships.count: invalid type: string \"abc\""),
        "{lines:?}"
    );
    assert!(
        lines[1].starts_with("link: particlez: unknown key"),
        "{lines:?}"
    );
    // The status line names them in the error colour.
    let img = image::load_from_memory(&run.last_frame_png)
        .expect("the page's last frame is a PNG")
        .to_rgba8();
    let (w, h) = img.dimensions();
    let red = picture::fraction(&img, [w / 3, h - 20, w, h], |p| {
        picture::near(p, [0xFF, 0x6B, 0x6B], 40)
    });
    assert!(red > 0.002, "no error message on the status line: {red:.4}");
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

/// A `<pre id="ID" ...>text</pre>` element of a dumped page: its
/// attributes (unescaped) and its text.
struct Element {
    tag: String,
    text: String,
}

impl Element {
    fn find(dom: &str, id: &str) -> Option<Element> {
        let start = dom.find(&format!("<pre id=\"{id}\""))?;
        let tag_end = start + dom[start..].find('>')?;
        let text_end = tag_end + dom[tag_end..].find("</pre>")?;
        Some(Element {
            tag: dom[start..tag_end].to_string(),
            text: unescape(&dom[tag_end + 1..text_end]),
        })
    }

    /// The attribute's value, empty when it is missing.
    fn attr(&self, name: &str) -> String {
        let key = format!("{name}=\"");
        self.tag.find(&key).map_or(String::new(), |i| {
            let v = &self.tag[i + key.len()..];
            unescape(&v[..v.find('"').unwrap_or(v.len())])
        })
    }
}

/// The `#hitfield-run` record, the `#hitfield-link` record and the
/// `#hitfield-last-frame` image of a dumped page.
fn parse_run(dom: &str) -> Option<PageRun> {
    let record = Element::find(dom, "hitfield-run")?;
    let mut run = PageRun {
        state: record.attr("data-state"),
        frames: record.attr("data-frames").parse().unwrap_or(0),
        canvas: record.attr("data-canvas"),
        viewport: record.attr("data-viewport"),
        message: record.text.clone(),
        last_frame_png: Vec::new(),
        link: LinkRecord::default(),
    };
    if let Some(link) = Element::find(dom, "hitfield-link") {
        run.link = LinkRecord {
            fragment: link.attr("data-fragment"),
            settings: link.attr("data-settings"),
            count: link.attr("data-messages").parse().unwrap_or(0),
            messages: link.text,
        };
    }
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
    let dom = r#"<pre id="hitfield-run" data-state="done"></pre><pre id="hitfield-link" data-fragment="seed=7&amp;particles=5" data-settings="" data-messages="1" hidden="">link: x: unknown key</pre>"#;
    let link = parse_run(dom).expect("a record").link;
    assert_eq!(link.fragment, "seed=7&particles=5");
    assert_eq!(
        (link.count, link.messages.as_str()),
        (1, "link: x: unknown key")
    );
}
