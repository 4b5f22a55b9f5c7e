//! The profiler card's lower half: step time per simulated second over the
//! last ten minutes (min, median and max of each second), and each thread's
//! busy time per frame (time inside hitfield's task spans, see
//! `hitfield::trace`), so slow phases and thread imbalance show.

use hitfield::stats::percentile;
use macroquad::math::Rect;
use macroquad::shapes::draw_rectangle;

use super::geometry::{graph_ceiling, LONG_VIEW_FRAME_H as FRAME_H};
use crate::stats::history::{FrameRecord, History};
use crate::stats::per_second::{PerSecond, SecondSummary};
use crate::trace::Tracing;
use crate::ui::text::{note, note_right, small, small_right};
use crate::ui::theme;

/// Frames the busy times are averaged over.
pub const BUSY_FRAMES: usize = 60;
/// Threads listed (more are summed into the last row's note).
const SHOWN_THREADS: usize = 4;

/// Each thread's busy milliseconds in the latest frame, read from the
/// trace subscriber (none without it); the frame history keeps them.
pub struct Busy {
    tracing: Option<&'static Tracing>,
    latest: Vec<f64>,
}

impl Busy {
    /// Busy times read from `tracing`.
    pub fn new(tracing: Option<&'static Tracing>) -> Busy {
        Busy {
            tracing,
            latest: Vec::new(),
        }
    }

    /// The subscriber the times come from.
    pub fn tracing(&self) -> Option<&'static Tracing> {
        self.tracing
    }

    /// Each thread's busy ms in the latest frame ([`Busy::take_frame`]).
    pub fn latest(&self) -> &[f64] {
        &self.latest
    }

    /// Takes each thread's busy time since the last call as this frame's.
    pub fn take_frame(&mut self) {
        if let Some(tracing) = self.tracing {
            tracing.take_busy(&mut self.latest);
        }
    }
}

/// Each thread's mean busy ms over the last [`BUSY_FRAMES`] frames of
/// `history` that ran a step, and those frames' mean step ms.
fn means(history: &History) -> (Vec<f64>, f64) {
    let ran = history.recent().rev().filter(|f| f.step_ms() > 0.0);
    let frames: Vec<&FrameRecord> = ran.take(BUSY_FRAMES).collect();
    let n = frames.len().max(1) as f64;
    let threads = frames.iter().map(|f| f.busy.len()).max().unwrap_or(0);
    let mut busy = vec![0.0; threads];
    let mut step = 0.0;
    for frame in frames {
        for (b, x) in busy.iter_mut().zip(&frame.busy) {
            *b += x / n;
        }
        step += frame.step_ms() / n;
    }
    (busy, step)
}

/// One column of the long graph: `k` seconds folded into one pixel.
fn fold(group: &[SecondSummary]) -> Option<(f64, f64, f64)> {
    let min = group.iter().map(|s| s.min_ms).reduce(f64::min)?;
    let max = group.iter().map(|s| s.max_ms).reduce(f64::max)?;
    let mut medians: Vec<f64> = group.iter().map(|s| s.median_ms).collect();
    Some((min, percentile(&mut medians, 0.5), max))
}

/// Seconds per pixel column so `capacity` seconds fit in `width` pixels.
pub fn seconds_per_column(capacity: usize, width: f32) -> usize {
    let w = (width.max(1.0)) as usize;
    capacity.div_ceil(w).max(1)
}

/// Draws the long view in `band` (of the profiler card): the graph at
/// `gx`, `graph_w` wide and as tall as the band allows, and the threads'
/// busy times (`history`'s, named by `busy`) in the legend column at `lx`,
/// `legend_w` wide.
pub fn draw(
    (seconds, busy): (&PerSecond, &Busy),
    history: &History,
    band: Rect,
    columns: [f32; 4],
) {
    let [gx, graph_w, lx, legend_w] = columns;
    let y0 = band.y;
    let graph_h = (band.h - FRAME_H).max(1.0);
    let gy = y0 + 22.0;
    note(
        "step ms per simulated second: min / median / max",
        gx - 34.0,
        y0 + 15.0,
    );
    draw_rectangle(gx, gy, graph_w, graph_h, theme::rgb(0x05080C, 0.9));

    let mut all: Vec<SecondSummary> = seconds.seconds().copied().collect();
    all.extend(seconds.current());
    let k = seconds_per_column(seconds.capacity(), graph_w);
    // Oldest columns first; the newest column may hold fewer seconds.
    let skip = all.len() % k;
    let mut cols: Vec<(f64, f64, f64)> = Vec::new();
    if skip > 0 {
        cols.extend(fold(&all[..skip]));
    }
    cols.extend(all[skip..].chunks(k).filter_map(fold));
    let cols = &cols[cols.len().saturating_sub(graph_w as usize)..];
    // Scaled to the medians: a rare slow step is clipped (marked at the top).
    let peak = cols.iter().map(|c| c.1).fold(0.0, f64::max);
    let ceiling = graph_ceiling(peak * 1.6);
    let px = graph_h as f64 / ceiling;
    let label = format!("{ceiling:.0}");
    note_right(&label, gx - 6.0, gy + 10.0);
    note("ms", gx - 24.0, gy + graph_h);
    let x0 = gx + graph_w - cols.len() as f32;
    let bottom = gy + graph_h;
    for (i, &(min, median, max)) in cols.iter().enumerate() {
        let x = x0 + i as f32;
        let y = |ms: f64| (bottom - (ms * px) as f32).max(gy);
        let (top, low) = (y(max), y(min));
        draw_rectangle(
            x,
            top,
            1.0,
            (low - top).max(1.0),
            theme::rgb(0x4E88C9, 0.55),
        );
        draw_rectangle(x, y(median) - 1.0, 1.0, 2.0, theme::TEXT);
        if max * px > graph_h as f64 {
            draw_rectangle(x, gy, 1.0, 2.0, theme::ERROR);
        }
    }
    let span_min = seconds.capacity() as f64 / 60.0;
    let left = format!("-{span_min:.0} min ({k} s/px)");
    note(&left, gx, bottom + 14.0);
    let now = "now";
    note_right(now, gx + graph_w, bottom + 14.0);

    // Threads: busy ms per frame, the bar against the frame's step time.
    let head = "busy ms/frame";
    note_right(head, lx + legend_w, y0 + 15.0);
    let (means, step_ms) = means(history);
    if means.is_empty() {
        note("no thread times yet", lx, gy + 12.0);
        return;
    }
    let mut ly = gy;
    for (i, ms) in means.iter().take(SHOWN_THREADS).enumerate() {
        let name = busy.tracing.map(|t| t.thread_name(i)).unwrap_or_default();
        let share = if step_ms > 0.0 {
            (ms / step_ms).clamp(0.0, 1.0)
        } else {
            0.0
        };
        draw_rectangle(lx, ly + 1.0, legend_w, 11.0, theme::rgb(0x1A2230, 1.0));
        draw_rectangle(
            lx,
            ly + 1.0,
            legend_w * share as f32,
            11.0,
            theme::rgb(0x2F5F94, 1.0),
        );
        small(&name, lx + 3.0, ly + 11.0, theme::TEXT);
        let v = format!("{ms:.2}");
        small_right(&v, lx + legend_w - 3.0, ly + 11.0, theme::TEXT);
        ly += 14.0;
    }
    let more = means.len().saturating_sub(SHOWN_THREADS);
    let caption = if more > 0 {
        format!("+{more} more; step {step_ms:.2} ms")
    } else {
        format!("of a {step_ms:.2} ms step")
    };
    note_right(&caption, lx + legend_w, bottom + 14.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ten_minutes_fold_into_the_graph_width() {
        assert_eq!(seconds_per_column(600, 300.0), 2);
        assert_eq!(seconds_per_column(600, 206.0), 3);
        assert_eq!(seconds_per_column(600, 600.0), 1);
        assert_eq!(seconds_per_column(600, 0.0), 600);
    }

    #[test]
    fn a_column_keeps_the_extremes_and_a_median() {
        let s = |min, median, max| SecondSummary {
            second: 0,
            steps: 60,
            min_ms: min,
            median_ms: median,
            max_ms: max,
        };
        assert_eq!(
            fold(&[s(1.0, 2.0, 3.0), s(0.5, 4.0, 9.0), s(2.0, 3.0, 4.0)]),
            Some((0.5, 3.0, 9.0))
        );
        assert_eq!(fold(&[]), None);
    }
}
