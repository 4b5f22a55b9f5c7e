//! The profiler card's frame history: the *Freeze* button, picking a frame
//! of the graph with the mouse (hover shows it, a click keeps it), and the
//! column right of the legend with the picked frame's breakdown (stages,
//! steps, threads' busy time) and the session's ten slowest frames (a
//! click on one shows it).

use macroquad::math::{Rect, Vec2};
use macroquad::shapes::{draw_rectangle, draw_rectangle_lines};

use crate::stats::frame::Part;
use crate::stats::history::{FrameRecord, History, Selected};
use crate::ui::text::{measure, note, note_right, small, small_right};
use crate::ui::theme;

/// Narrowest room for the history column; narrower cards leave it out.
pub const MIN_COLUMN_W: f32 = 300.0;
/// Row height of the column's lists.
const ROW_H: f32 = 14.0;

/// The mouse this frame, as the card sees it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Mouse {
    /// Position in window pixels.
    pub at: Vec2,
    /// The left button went down this frame.
    pub clicked: bool,
}

/// The *Freeze* / *Resume* button in the card's header at `(x, y)`. Returns
/// true when clicked.
pub fn freeze_button(x: f32, y: f32, frozen: bool, mouse: Mouse) -> bool {
    let label = if frozen { "Resume (F)" } else { "Freeze (F)" };
    let w = measure(label, theme::FONT_SMALL) + 14.0;
    let r = Rect::new(x, y, w, 18.0);
    let hot = r.contains(mouse.at);
    let bg = match (frozen, hot) {
        (true, _) => theme::ACCENT,
        (false, true) => theme::WIDGET_HOT,
        (false, false) => theme::WIDGET_BG,
    };
    draw_rectangle(r.x, r.y, r.w, r.h, bg);
    small(label, r.x + 7.0, r.y + 13.0, theme::TEXT);
    if frozen {
        small(
            "FROZEN: the world runs on",
            r.x + r.w + 8.0,
            r.y + 13.0,
            theme::CONTACT,
        );
    }
    hot && mouse.clicked
}

/// The frame under the mouse in the graph: `graph` holds `frames`, one
/// pixel column each, the newest at its right edge. A click selects it.
/// Returns its index in `frames`, and marks it (and the selected one).
pub fn pick(history: &mut History, frames: &[u64], graph: Rect, mouse: Mouse) -> Option<usize> {
    let x0 = graph.x + graph.w - frames.len() as f32;
    let inside = graph.contains(mouse.at) && mouse.at.x >= x0;
    let hovered = inside.then(|| ((mouse.at.x - x0) as usize).min(frames.len().saturating_sub(1)));
    if let (Some(i), true) = (hovered, mouse.clicked) {
        history.selected = Selected::Frame(frames[i]);
    }
    let selected = match history.selected {
        Selected::Frame(n) => frames.iter().position(|&f| f == n),
        Selected::None => None,
    };
    for (i, alpha) in [(selected, 0.9), (hovered, 0.5)] {
        if let Some(i) = i {
            let x = x0 + i as f32;
            draw_rectangle(
                x - 1.0,
                graph.y,
                3.0,
                graph.h,
                theme::rgb(0xFFFFFF, alpha * 0.35),
            );
        }
    }
    hovered
}

/// Draws the history column in `area`: the shown frame's breakdown (the
/// hovered one, else the selected one) over the ten slowest frames.
/// `thread_name` names a thread by index. A click on a slowest frame
/// selects it.
pub fn draw_column(
    history: &mut History,
    hovered: Option<&FrameRecord>,
    area: Rect,
    mouse: Mouse,
    thread_name: &dyn Fn(usize) -> String,
) {
    if area.w < MIN_COLUMN_W {
        return;
    }
    // The slowest list as wide as its rows; the breakdown gets the rest.
    let list_w = measure(&slowest_row(9999.99, 999_999, 999_999), theme::FONT_SMALL) + 4.0;
    let half = (area.w - list_w).floor();
    let detail = hovered.cloned().or_else(|| history.selected().cloned());
    let left = Rect::new(area.x, area.y, half - 8.0, area.h);
    match &detail {
        Some(frame) => draw_breakdown(frame, left, thread_name),
        None => {
            small("FRAME", left.x, left.y + 12.0, theme::ACCENT_HOT);
            for (i, line) in [
                "hover a frame of the graph",
                "to read it; a click keeps",
                "it, F freezes the graph",
            ]
            .iter()
            .enumerate()
            {
                let y = left.y + 30.0 + ROW_H * i as f32;
                note(line, left.x, y);
            }
        }
    }
    let right = Rect::new(area.x + half, area.y, area.w - half, area.h);
    let shown = detail.map(|f| f.frame);
    if let Some(n) = draw_slowest(history.slowest(), right, mouse, shown) {
        history.selected = Selected::Frame(n);
    }
}

/// One frame's numbers: its steps, every stage, and each thread's busy time.
fn draw_breakdown(frame: &FrameRecord, r: Rect, thread_name: &dyn Fn(usize) -> String) {
    let head = format!("FRAME {}  step {}", frame.frame, frame.step);
    small(&head, r.x, r.y + 12.0, theme::ACCENT_HOT);
    let sub = format!(
        "{} step{}  work {:.2} ms",
        frame.steps,
        if frame.steps == 1 { "" } else { "s" },
        frame.work_ms()
    );
    small(&sub, r.x, r.y + 12.0 + ROW_H, theme::TEXT);
    let col_w = (r.w / 2.0).floor();
    let top = r.y + 16.0 + 2.0 * ROW_H;
    // Two columns of parts.
    let rows = Part::ALL.len().div_ceil(2);
    for (i, &part) in Part::ALL.iter().enumerate() {
        let (col, row) = (i / rows, i % rows);
        let x = r.x + col as f32 * col_w;
        let y = top + row as f32 * ROW_H;
        draw_rectangle(x, y - 9.0, 8.0, 8.0, theme::part_color(part));
        note(part.name(), x + 11.0, y);
        let v = format!("{:.2}", frame.times.get(part));
        small_right(&v, x + col_w - 6.0, y, theme::TEXT);
    }
    let busy_y = top + rows as f32 * ROW_H + 2.0;
    let label = format!("busy ms of a {:.2} ms step", frame.step_ms());
    note(&label, r.x, busy_y);
    if frame.busy.is_empty() {
        note("no thread times", r.x, busy_y + ROW_H);
    }
    for (i, ms) in frame.busy.iter().take(4).enumerate() {
        let (col, row) = (i % 2, i / 2);
        let x = r.x + col as f32 * col_w;
        let y = busy_y + ROW_H * (row + 1) as f32;
        let name = thread_name(i);
        note(&name, x, y);
        let v = format!("{ms:.2}");
        small_right(&v, x + col_w - 6.0, y, theme::TEXT);
    }
}

/// The slowest frames, one row each (work, frame, step). Returns the frame
/// clicked on, if any; `shown` is outlined.
fn draw_slowest(slowest: &[FrameRecord], r: Rect, mouse: Mouse, shown: Option<u64>) -> Option<u64> {
    small("SLOWEST", r.x, r.y + 12.0, theme::ACCENT_HOT);
    let unit = "work ms  frame   step";
    note_right(unit, r.x + r.w, r.y + 12.0 + ROW_H);
    let mut clicked = None;
    for (i, frame) in slowest.iter().enumerate() {
        let y = r.y + 16.0 + ROW_H * (i + 1) as f32;
        let row = Rect::new(r.x, y + 1.0, r.w, ROW_H);
        if row.contains(mouse.at) {
            draw_rectangle(row.x, row.y, row.w, row.h, theme::WIDGET_HOT);
            if mouse.clicked {
                clicked = Some(frame.frame);
            }
        }
        if shown == Some(frame.frame) {
            draw_rectangle_lines(row.x, row.y, row.w, row.h, 1.0, theme::ACCENT);
        }
        let line = slowest_row(frame.work_ms(), frame.frame, frame.step);
        small_right(&line, r.x + r.w, y + 12.0, theme::TEXT);
    }
    if slowest.is_empty() {
        note("none yet", r.x, r.y + 28.0 + ROW_H);
    }
    clicked
}

/// One row of the slowest list: work ms, frame, step.
fn slowest_row(work_ms: f64, frame: u64, step: u64) -> String {
    format!("{work_ms:>8.2} {frame:>6} {step:>6}")
}
