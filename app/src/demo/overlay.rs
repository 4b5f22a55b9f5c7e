//! Overlays drawn over the field: the profiler graph, the help card and
//! the status bar.

use crate::profile::{PerSecond, Profiler, Summary};
use hitfield::profile::Stage;
use macroquad::math::Rect;
use macroquad::shapes::{draw_line, draw_rectangle, draw_rectangle_lines};

use super::history::History;
use super::history_view::{self, Mouse};
use super::keys::SHORTCUTS;
use super::layout::{ProfilerShape, LONG_VIEW_W};
use super::scales::count;
use super::theme;
use super::widgets::{measure, text};

/// Frames the profiler keeps and draws.
pub const PROFILER_FRAMES: usize = 300;

/// Height of the card's upper half (the frames graph); the long view
/// ([`super::long_view`]) is below it.
pub const FRAMES_H: f32 = 202.0;

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

/// Frame-rate facts the profiler card shows next to the graph.
pub struct FrameStats {
    /// Frames per second (measured between frames).
    pub fps: f64,
    /// Percentiles of the real time between frames.
    pub frame: Summary,
    /// Simulation steps run in the last frame.
    pub steps: u32,
    /// Simulated time per real time (1 keeps up).
    pub sim_speed: f64,
}

/// The stacked per-stage graph of the last frames, a legend with each
/// stage's median, FPS and frame-time percentiles, in `card` (see
/// [`super::layout`]: at full width the graph holds [`PROFILER_FRAMES`]
/// frames, a narrower card shows the most recent ones); below it the long
/// view of `seconds` and the threads' `busy` times. Right of the legend,
/// when there is room, the frame `history` ([`super::history_view`]);
/// the mouse picks frames. Returns true when *Freeze* was clicked.
pub fn draw_profiler(
    profiler: &mut Profiler,
    stats: &FrameStats,
    long: (&PerSecond, &super::long_view::Busy),
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

    let total = profiler.total_summary();
    text(
        "PROFILER",
        card.x + pad,
        card.y + 17.0,
        theme::FONT_SMALL,
        theme::ACCENT_HOT,
    );
    let fps = format!("{:.0} fps", stats.fps);
    text(
        &fps,
        card.x + pad + 80.0,
        card.y + 17.0,
        theme::FONT,
        theme::TEXT,
    );
    let rows = [("frame", stats.frame), ("work", total)];
    for (i, (name, sum)) in rows.iter().enumerate() {
        let y = card.y + 35.0 + 16.0 * i as f32;
        text(name, card.x + pad, y, theme::FONT_SMALL, theme::TEXT_DIM);
        let v = format!(
            "p50 {:6.2}  p95 {:6.2}  p99 {:6.2} ms",
            sum.p50_ms, sum.p95_ms, sum.p99_ms
        );
        text(&v, card.x + pad + 50.0, y, theme::FONT_SMALL, theme::TEXT);
    }
    let freeze = history_view::freeze_button(
        card.x + pad + 150.0,
        card.y + 4.0,
        history.is_frozen(),
        mouse,
    );
    let steps = format!(
        "{}/frame  sim {:.2}x",
        count(u64::from(stats.steps), "step", "steps"),
        stats.sim_speed
    );
    let sw = measure(&steps, theme::FONT_SMALL);
    let shape = ProfilerShape::of(card);
    // The right edge of the frames' part (the long view may stand beside it).
    let frames_right = match shape {
        ProfilerShape::Beside => card.x + card.w - LONG_VIEW_W,
        _ => card.x + card.w,
    };
    text(
        &steps,
        frames_right - pad - sw,
        card.y + 17.0,
        theme::FONT_SMALL,
        theme::TEXT_DIM,
    );

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
        let lw = measure(&label, theme::FONT_SMALL);
        text(
            &label,
            gx - 6.0 - lw,
            y + 5.0,
            theme::FONT_SMALL,
            theme::TEXT_DIM,
        );
    }
    text(
        "ms",
        gx - 24.0,
        gy + graph_h,
        theme::FONT_SMALL,
        theme::TEXT_DIM,
    );
    let n = profiler.len().min(graph_w as usize);
    let x0 = gx + graph_w - n as f32;
    for (i, frame) in profiler.frames().skip(profiler.len() - n).enumerate() {
        let mut y = gy + graph_h;
        let bx = x0 + i as f32;
        for stage in Stage::ALL {
            let hpx = (frame.get(stage) * px_per_ms) as f32;
            if hpx <= 0.0 {
                continue;
            }
            let top = (y - hpx).max(gy);
            draw_rectangle(bx, top, 1.0, y - top, theme::stage_color(stage));
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
        text(
            label,
            gx + 4.0,
            base,
            theme::FONT_SMALL,
            theme::rgb(0x7BD88F, 0.9),
        );
    }

    // Legend: colour, stage, median ms.
    let lx = gx + graph_w + pad;
    let mut ly = gy + 2.0;
    for stage in Stage::ALL {
        let s = profiler.stage_summary(stage);
        draw_rectangle(lx, ly + 1.0, 10.0, 10.0, theme::stage_color(stage));
        text(
            stage.name(),
            lx + 16.0,
            ly + 11.0,
            theme::FONT_SMALL,
            theme::TEXT,
        );
        let v = format!("{:.2}", s.p50_ms);
        let vw = measure(&v, theme::FONT_SMALL);
        text(
            &v,
            lx + legend_w - vw,
            ly + 11.0,
            theme::FONT_SMALL,
            theme::TEXT_DIM,
        );
        ly += 14.0;
    }
    text(
        "p50 ms",
        lx + legend_w - measure("p50 ms", theme::FONT_SMALL),
        card.y + 51.0,
        theme::FONT_SMALL,
        theme::TEXT_DIM,
    );
    let note = if graph_w >= 280.0 {
        "stacked time per frame, newest on the right"
    } else {
        "time per frame, newest on the right"
    };
    text(
        note,
        gx,
        gy + graph_h + 16.0,
        theme::FONT_SMALL,
        theme::TEXT_DIM,
    );
    // The long view: under the frames, right of the history column, or
    // (short windows) not at all.
    match shape {
        ProfilerShape::Stacked => {
            let band = Rect::new(card.x, card.y + FRAMES_H, card.w, card.h - FRAMES_H);
            draw_line(
                band.x + 1.0,
                band.y,
                band.x + band.w - 1.0,
                band.y,
                1.0,
                theme::BORDER,
            );
            // The ten-minute graph takes the card's width, less the busy
            // times' column (one second a pixel at most).
            let long_w = (card.x + card.w - pad - legend_w - pad - gx)
                .clamp(graph_w, seconds.capacity() as f32)
                .floor();
            let columns = [gx, long_w, gx + long_w + pad, legend_w];
            super::long_view::draw(seconds, busy, band, columns);
        }
        ProfilerShape::Beside => {
            let band = Rect::new(frames_right, card.y, LONG_VIEW_W, card.h);
            draw_line(
                band.x,
                band.y + 1.0,
                band.x,
                band.y + band.h - 1.0,
                1.0,
                theme::BORDER,
            );
            let lgx = band.x + pad + 34.0;
            let columns = [lgx, graph_w, lgx + graph_w + pad, legend_w];
            super::long_view::draw(seconds, busy, band, columns);
        }
        ProfilerShape::Short => {}
    }
    let cx = lx + legend_w + pad + 8.0;
    let column = Rect::new(cx, card.y + 28.0, frames_right - pad - cx, FRAMES_H - 32.0);
    let names = |i: usize| busy.tracing().map(|t| t.thread_name(i)).unwrap_or_default();
    history_view::draw_column(history, hovered.as_ref(), column, mouse, &names);
    freeze
}

/// A "PAUSED" badge in the field's top-left corner.
pub fn draw_paused_badge(lb: &super::letterbox::Letterbox) {
    if !lb.is_visible() {
        return;
    }
    let r = lb.screen_rect();
    let label = "PAUSED   Space resumes   N steps";
    let w = measure(label, theme::FONT) + 24.0;
    let (x, y) = (r.x + 12.0, r.y + 12.0);
    draw_rectangle(x, y, w, 28.0, theme::OVERLAY_BG);
    draw_rectangle(x, y, 3.0, 28.0, theme::CONTACT);
    text(label, x + 12.0, y + 19.0, theme::FONT, theme::TEXT);
}

/// The help card, centred in `area`.
pub fn draw_help(area: Rect) {
    let line_h = 22.0;
    let w = 560.0;
    let h = 70.0 + line_h * SHORTCUTS.len() as f32 + 56.0;
    let x = (area.x + (area.w - w) * 0.5).max(area.x);
    let y = (area.y + (area.h - h) * 0.5).max(area.y);
    draw_rectangle(x, y, w, h, theme::rgb(0x0C1118, 0.96));
    draw_rectangle(x, y, w, 3.0, theme::ACCENT);
    draw_rectangle_lines(x, y, w, h, 1.0, theme::BORDER);
    text(
        "Controls",
        x + 20.0,
        y + 34.0,
        theme::FONT_TITLE,
        theme::TEXT,
    );
    let mut ly = y + 66.0;
    for (keys, what) in SHORTCUTS {
        text(keys, x + 20.0, ly, theme::FONT, theme::ACCENT_HOT);
        text(what, x + 190.0, ly, theme::FONT, theme::TEXT);
        ly += line_h;
    }
    ly += 8.0;
    for line in [
        "Ships sample the field under them every \"Sample every\" ms; texels that hit",
        "turn cold blue. Ships touching each other flash amber; the dot marks the",
        "contact point, the arrow the normal from the lower-numbered ship.",
    ] {
        text(line, x + 20.0, ly, theme::FONT_SMALL, theme::TEXT_DIM);
        ly += 16.0;
    }
}

/// The status bar along the bottom: run state and counts on the left,
/// the latest message (or a hint) on the right.
pub fn draw_status(
    screen_w: f32,
    screen_h: f32,
    left: &str,
    right: &str,
    right_is_error: Option<bool>,
) {
    let y = screen_h - theme::STATUS_H;
    draw_rectangle(0.0, y, screen_w, theme::STATUS_H, theme::STATUS_BG);
    draw_line(0.0, y, screen_w, y, 1.0, theme::BORDER);
    text(left, 10.0, y + 17.0, theme::FONT, theme::TEXT);
    let color = match right_is_error {
        Some(true) => theme::ERROR,
        Some(false) => theme::OK,
        None => theme::TEXT_DIM,
    };
    // The right-hand text gives way to the counts: a message is cut short
    // (or left out when too little of it would show), the key hint is shown
    // whole or not at all.
    let room = screen_w - 10.0 - (10.0 + measure(left, theme::FONT) + 24.0);
    let shown = match right_is_error {
        Some(_) => fit_text(right, room, |s| measure(s, theme::FONT)),
        None => Some(right.to_string()).filter(|r| measure(r, theme::FONT) <= room),
    };
    if let Some(right) = shown {
        let rx = screen_w - 10.0 - measure(&right, theme::FONT);
        text(&right, rx, y + 17.0, theme::FONT, color);
    }
}

/// `s`, or as much of it as fits in `room` with "..." after it; `None` when
/// fewer than 8 characters would show.
pub fn fit_text(s: &str, room: f32, width: impl Fn(&str) -> f32) -> Option<String> {
    if width(s) <= room {
        return Some(s.to_string());
    }
    let chars: Vec<char> = s.chars().collect();
    (8..chars.len())
        .rev()
        .map(|n| chars[..n].iter().collect::<String>() + "...")
        .find(|cut| width(cut) <= room)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_text_is_cut_to_fit_or_left_out() {
        let w = |s: &str| 10.0 * s.chars().count() as f32;
        assert_eq!(fit_text("H help", 100.0, w).as_deref(), Some("H help"));
        assert_eq!(
            fit_text("saved preset /tmp/x.toml", 120.0, w).as_deref(),
            Some("saved pre...")
        );
        assert_eq!(fit_text("saved preset /tmp/x.toml", 50.0, w), None);
        assert_eq!(fit_text("anything", -5.0, w), None);
    }

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
