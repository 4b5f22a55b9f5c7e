//! What the app measures about its frames, on the library's
//! [`hitfield::stats`] ring and percentiles: a frame's parts
//! ([`frame`]), percentiles and the runners' frame rings ([`profile`]),
//! step time per simulated second ([`per_second`]), the demo's frame clock
//! ([`frame_clock`]) and its frame history, which the profiler card draws
//! ([`history`]). No drawing here; the views are in `profiler/`.

pub mod frame;
pub mod frame_clock;
pub mod history;
pub mod per_second;
pub mod profile;
