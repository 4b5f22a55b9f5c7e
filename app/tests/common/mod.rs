//! Helpers shared by the tests that look at the demo's picture: the desktop
//! window under Xvfb (`demo_window.rs`) and the web build in headless
//! Chromium (`web_browser.rs`). Each test crate uses only part of it.
#![allow(dead_code)]

pub mod picture;
pub mod process;
pub mod serve;
