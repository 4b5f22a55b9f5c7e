//! Helpers shared by the tests that run the demo: its picture (the desktop
//! window under Xvfb and the web build in headless Chromium), child
//! processes, a static file server and the window driven with `xdotool`.
//! Each test crate uses only part of it.
#![allow(dead_code)]

pub mod picture;
pub mod process;
pub mod serve;
pub mod window;
