//! What the app measures about its frames, on the library's
//! [`hitfield::stats`] ring and percentiles: a frame's parts
//! ([`frame`]), the profiler's last frames and their percentiles
//! ([`profile`]), step time per simulated second ([`per_second`]), the
//! demo's frame clock ([`frame_clock`]) and its readable frame history
//! ([`history`]). No drawing here; the views are in `profiler/`.

pub mod frame;
pub mod frame_clock;
pub mod history;
pub mod per_second;
pub mod profile;
