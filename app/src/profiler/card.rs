//! The profiler card: the stacked graph of the last frames' parts, a
//! legend with each part's median, FPS and frame-time percentiles; the
//! frame history beside it and the long view under or beside it.

use macroquad::math::Rect;
use macroquad::shapes::{draw_line, draw_rectangle, draw_rectangle_lines};

use super::geometry::{graph_ceiling, ProfilerShape, FRAMES_H, LONG_VIEW_W, PROFILER_FRAMES};
use super::history_view::{self, Mouse};
use super::long_view::{self, Busy};
use crate::stats::frame::{FrameTimes, Part};
use crate::stats::frame_clock::FrameClock;
use crate::stats::history::History;
use crate::stats::per_second::PerSecond;
use crate::stats::profile::Summary;
use crate::ui::numbers::count;
use crate::ui::text::{measure, note, note_right, small, text};
use crate::ui::theme;

/// The stacked per-stage graph of the last frames, a legend with each
/// stage's median, the `clock`'s FPS, frame-time percentiles and
/// simulation speed, and the `steps` of the last frame, in `card` (see
/// `demo::layout`: at full width the graph holds the [`PROFILER_FRAMES`]
/// frames the `history` shows, a narrower card the most recent ones);
/// below it the long view of `seconds` and the threads' `busy` times.
/// Right of the legend, when there is room, the frame history
/// (`history_view`); the mouse picks frames. Returns true when *Freeze*
/// was clicked.
pub fn draw_profiler(
    (clock, steps): (&mut FrameClock, u32),
    long: (&PerSecond, &Busy),
    history: &mut History,
    mouse: Mouse,
    card: Rect,
) -> bool {
    let (seconds, busy) = long;
    let graph_h = 120.0;
    let legend_w = 150.0;
    let pad = 10.0;
    let head = 58.0;
    let graph_w = (card.w - (pad + 34.0 + pad + legend_w + pad))
        .clamp(0.0, PROFILER_FRAMES as f32)
        .floor();
    draw_rectangle(card.x, card.y, card.w, card.h, theme::OVERLAY_BG);
    draw_rectangle_lines(card.x, card.y, card.w, card.h, 1.0, theme::BORDER);

    let shown: Vec<FrameTimes> = history.shown().iter().map(|f| f.times).collect();
    let mut scratch = Vec::with_capacity(shown.len());
    let total = Summary::of(shown.iter().map(FrameTimes::total), &mut scratch);
    small("PROFILER", card.x + pad, card.y + 17.0, theme::ACCENT_HOT);
    let fps = format!("{:.0} fps", clock.fps());
    text(
        &fps,
        card.x + pad + 80.0,
        card.y + 17.0,
        theme::FONT,
        theme::TEXT,
    );
    let rows = [("frame", clock.summary()), ("work", total)];
    for (i, (name, sum)) in rows.iter().enumerate() {
        let y = card.y + 35.0 + 16.0 * i as f32;
        note(name, card.x + pad, y);
        let v = format!(
            "p50 {:6.2}  p95 {:6.2}  p99 {:6.2} ms",
            sum.p50_ms, sum.p95_ms, sum.p99_ms
        );
        small(&v, card.x + pad + 50.0, y, theme::TEXT);
    }
    let freeze = history_view::freeze_button(
        card.x + pad + 150.0,
        card.y + 4.0,
        history.is_frozen(),
        mouse,
    );
    let steps = format!(
        "{}/frame  sim {:.2}x",
        count(u64::from(steps), "step", "steps"),
        clock.sim_speed()
    );
    let shape = ProfilerShape::of(card);
    // The right edge of the frames' part (the long view may stand beside it).
    let frames_right = match shape {
        ProfilerShape::Beside => card.x + card.w - LONG_VIEW_W,
        _ => card.x + card.w,
    };
    note_right(&steps, frames_right - pad, card.y + 17.0);

    // Graph, newest frame on the right.
    let gx = card.x + pad + 34.0;
    let gy = card.y + head;
    draw_rectangle(gx, gy, graph_w, graph_h, theme::rgb(0x05080C, 0.9));
    // Scaled to the 95th percentile: rare spikes are clipped (marked at the top).
    let ceiling = graph_ceiling(total.p95_ms);
    let px_per_ms = graph_h as f64 / ceiling;
    for (label_ms, label) in [
        (ceiling, format!("{ceiling:.0}")),
        (ceiling / 2.0, format!("{:.0}", ceiling / 2.0)),
    ] {
        let y = gy + graph_h - (label_ms * px_per_ms) as f32;
        draw_line(gx, y, gx + graph_w, y, 1.0, theme::rgb(0x263042, 1.0));
        note_right(&label, gx - 6.0, y + 5.0);
    }
    note("ms", gx - 24.0, gy + graph_h);
    let n = shown.len().min(graph_w as usize);
    let x0 = gx + graph_w - n as f32;
    for (i, frame) in shown[shown.len() - n..].iter().enumerate() {
        let mut y = gy + graph_h;
        let bx = x0 + i as f32;
        for part in Part::ALL {
            let hpx = (frame.get(part) * px_per_ms) as f32;
            if hpx <= 0.0 {
                continue;
            }
            let top = (y - hpx).max(gy);
            draw_rectangle(bx, top, 1.0, y - top, theme::part_color(part));
            y = top;
            if y <= gy {
                draw_rectangle(bx - 1.0, gy, 3.0, 2.0, theme::ERROR);
                break;
            }
        }
    }
    let numbers: Vec<u64> = history.shown().iter().map(|f| f.frame).collect();
    let numbers = &numbers[numbers.len().saturating_sub(n)..];
    let graph = Rect::new(
        gx + graph_w - numbers.len() as f32,
        gy,
        numbers.len() as f32,
        graph_h,
    );
    let hovered = history_view::pick(history, numbers, graph, mouse).and_then(|i| {
        history
            .shown()
            .get(history.shown().len() - numbers.len() + i)
            .map(|f| (*f).clone())
    });
    // 60 fps line when it is on the graph.
    let budget = 1000.0 / 60.0;
    if budget < ceiling {
        let y = gy + graph_h - (budget * px_per_ms) as f32;
        draw_line(gx, y, gx + graph_w, y, 1.0, theme::rgb(0x7BD88F, 0.7));
        // On a dark box, so the bars under it do not hide it: above the
        // line, or below it when the line is near the graph's top.
        let (label, tall) = ("60 fps", theme::FONT_SMALL as f32);
        let base = if y - tall - 3.0 < gy {
            y + tall + 2.0
        } else {
            y - 3.0
        };
        draw_rectangle(
            gx + 2.0,
            base - tall + 1.0,
            measure(label, theme::FONT_SMALL) + 4.0,
            tall + 1.0,
            theme::rgb(0x05080C, 0.85),
        );
        small(label, gx + 4.0, base, theme::rgb(0x7BD88F, 0.9));
    }

    // Legend: colour, part, median ms.
    let lx = gx + graph_w + pad;
    let mut ly = gy + 2.0;
    for part in Part::ALL {
        let s = Summary::of(shown.iter().map(|f| f.get(part)), &mut scratch);
        draw_rectangle(lx, ly + 1.0, 10.0, 10.0, theme::part_color(part));
        small(part.name(), lx + 16.0, ly + 11.0, theme::TEXT);
        let v = format!("{:.2}", s.p50_ms);
        note_right(&v, lx + legend_w, ly + 11.0);
        ly += 14.0;
    }
    note_right("p50 ms", lx + legend_w, card.y + 51.0);
    let caption = if graph_w >= 280.0 {
        "stacked time per frame, newest on the right"
    } else {
        "time per frame, newest on the right"
    };
    note(caption, gx, gy + graph_h + 16.0);
    // The long view: under the frames, right of the history column, or
    // (short windows) not at all; a rule parts it from the frames.
    let place = match shape {
        ProfilerShape::Stacked => {
            let band = Rect::new(card.x, card.y + FRAMES_H, card.w, card.h - FRAMES_H);
            let (x0, x1) = (band.x + 1.0, band.x + band.w - 1.0);
            draw_line(x0, band.y, x1, band.y, 1.0, theme::BORDER);
            // The ten-minute graph takes the card's width, less the busy
            // times' column (one second a pixel at most).
            let long_w = (card.x + card.w - pad - legend_w - pad - gx)
                .clamp(graph_w, seconds.capacity() as f32)
                .floor();
            Some((band, gx, long_w))
        }
        ProfilerShape::Beside => {
            let band = Rect::new(frames_right, card.y, LONG_VIEW_W, card.h);
            let (y0, y1) = (band.y + 1.0, band.y + band.h - 1.0);
            draw_line(band.x, y0, band.x, y1, 1.0, theme::BORDER);
            Some((band, band.x + pad + 34.0, graph_w))
        }
        ProfilerShape::Short => None,
    };
    if let Some((band, x, w)) = place {
        long_view::draw(
            (seconds, busy),
            history,
            band,
            [x, w, x + w + pad, legend_w],
        );
    }
    let cx = lx + legend_w + pad + 8.0;
    let column = Rect::new(cx, card.y + 28.0, frames_right - pad - cx, FRAMES_H - 32.0);
    let names = |i: usize| busy.tracing().map(|t| t.thread_name(i)).unwrap_or_default();
    history_view::draw_column(history, hovered.as_ref(), column, mouse, &names);
    freeze
}
