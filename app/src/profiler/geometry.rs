//! The profiler card's sizes and shapes, which the window's layout
//! (`demo::layout`) and the card's views both read, and the graphs' scale.

use macroquad::math::Rect;

/// Frames the profiler keeps and draws.
pub const PROFILER_FRAMES: usize = 300;
/// Height of the card's upper half (the frames graph); the long view is
/// below it.
pub const FRAMES_H: f32 = 202.0;
/// Height the long view adds to the profiler card under the frames.
pub const LONG_VIEW_H: f32 = 98.0;
/// Room in the long view's band above and below its graph (title, axis).
pub const LONG_VIEW_FRAME_H: f32 = LONG_VIEW_H - 56.0;
/// The profiler card's width for everything at its natural size: its
/// graph (one pixel per frame) and legend take 514 px, the frame history
/// column the rest (`history_view`). A wider card gives the history
/// column the extra.
pub const PROFILER_W: f32 = 934.0;
/// The profiler card's height with the long view under the frames.
pub const PROFILER_H: f32 = FRAMES_H + LONG_VIEW_H;
/// The long view's width when it stands right of the history column.
pub const LONG_VIEW_W: f32 = 520.0;
/// The narrowest profiler card that still shows every number.
pub const PROFILER_MIN_W: f32 = 400.0;

/// How the profiler card arranges its parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProfilerShape {
    /// The long view under the frames graph (the usual card).
    Stacked,
    /// The long view right of the history column, one band tall: for
    /// windows wide enough, where a stacked card would leave room beside it.
    Beside,
    /// The frames graph and history only: for short windows.
    Short,
}

impl ProfilerShape {
    /// The shape of a card laid out by the window's layout.
    pub fn of(card: Rect) -> ProfilerShape {
        if card.h >= PROFILER_H {
            ProfilerShape::Stacked
        } else if card.w >= PROFILER_W + LONG_VIEW_W {
            ProfilerShape::Beside
        } else {
            ProfilerShape::Short
        }
    }
}

/// The smallest "nice" graph height (ms) that holds `ms` with some headroom.
pub fn graph_ceiling(ms: f64) -> f64 {
    const NICE: [f64; 12] = [
        2.0, 5.0, 10.0, 20.0, 40.0, 50.0, 100.0, 200.0, 500.0, 1000.0, 2000.0, 5000.0,
    ];
    let want = if ms.is_finite() { ms * 1.15 } else { 0.0 };
    NICE.iter()
        .copied()
        .find(|&n| n >= want)
        .unwrap_or(10_000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graph_ceiling_is_nice_and_has_headroom() {
        assert_eq!(graph_ceiling(0.0), 2.0);
        assert_eq!(graph_ceiling(4.0), 5.0);
        assert_eq!(graph_ceiling(16.7), 20.0);
        assert_eq!(graph_ceiling(18.0), 40.0);
        assert_eq!(graph_ceiling(f64::NAN), 2.0);
        assert_eq!(graph_ceiling(1e9), 10_000.0);
    }
}
