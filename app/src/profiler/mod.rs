//! The demo's profiler card and its views, drawing what `crate::stats`
//! measured: the frames graph and legend ([`card`]), the frame history
//! column ([`history_view`]), the ten-minute view and threads' busy times
//! ([`long_view`]), and the sizes the window's layout reads ([`geometry`]).

pub mod card;
pub mod geometry;
pub mod history_view;
pub mod long_view;
