//! A demo screenshot made elsewhere (CI's Windows lane runs `hitfield.exe
//! --frames N --screenshot PATH` through wine under Xvfb) checked as
//! `demo_window` checks its own captures: particle trails in the field,
//! ships with hit texels, the panel, the status bar and the profiler card.
//!
//! `HITFIELD_SCREENSHOT=PATH` names the PNG and `HITFIELD_SCREENSHOT_WINDOW=WxH`
//! the window size it was taken at (default 1280x800); without the first,
//! the test only checks that a blank picture is refused.

mod common;

use common::picture::{assert_demo_picture, Layout};
use image::RgbaImage;

fn window() -> (u32, u32) {
    let Ok(size) = std::env::var("HITFIELD_SCREENSHOT_WINDOW") else {
        return (1280, 800);
    };
    let parsed = size
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)));
    parsed.unwrap_or_else(|| panic!("HITFIELD_SCREENSHOT_WINDOW={size}: expected WxH"))
}

#[test]
fn screenshot_shows_field_ships_and_panel() {
    let (w, h) = window();
    let layout = Layout::for_window(w, h);
    // The check itself refuses a blank window.
    let blank = RgbaImage::from_pixel(w, h, image::Rgba([0, 0, 0, 255]));
    let quiet = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let refused = std::panic::catch_unwind(|| assert_demo_picture(&blank, &layout));
    std::panic::set_hook(quiet);
    assert!(refused.is_err(), "a blank picture passed");
    let Ok(path) = std::env::var("HITFIELD_SCREENSHOT") else {
        return;
    };
    let img = image::open(&path)
        .unwrap_or_else(|e| panic!("HITFIELD_SCREENSHOT={path}: {e}"))
        .to_rgba8();
    assert_demo_picture(&img, &layout);
}
