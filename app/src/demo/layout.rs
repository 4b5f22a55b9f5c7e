//! Where everything goes in a window of any size. The field, the settings
//! panel, the profiler card and the status bar never overlap: the panel
//! takes a column on the right, the profiler a band under the field as
//! wide as the field, and the field canvas is letterboxed into what is
//! left. The card takes one of three shapes ([`ProfilerShape`]) so that
//! neither a wide nor a short window leaves room unused.

use macroquad::math::Rect;

use crate::profiler::geometry::{FRAMES_H, LONG_VIEW_W, PROFILER_H, PROFILER_MIN_W, PROFILER_W};
use crate::ui::theme;

/// Gap between the window edge, the field, the panel and the profiler.
pub const MARGIN: f32 = 10.0;
/// Windows shorter than this show the profiler without its long view, so
/// the field keeps a useful height.
pub const SHORT_WINDOW_H: f32 = 700.0;

/// Narrowest panel worth drawing.
pub const PANEL_MIN_W: f32 = 240.0;
/// Shortest panel worth drawing: its header and a few rows.
pub const PANEL_MIN_H: f32 = 86.0;
/// The field keeps at least this much room; panel and profiler give way.
pub const FIELD_MIN: f32 = 120.0;

/// The parts of one frame's window.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Regions {
    /// The room the field canvas is letterboxed into.
    pub field: Rect,
    /// The settings panel, when shown and there is room for it.
    pub panel: Option<Rect>,
    /// The profiler card, when shown and there is room for it.
    pub profiler: Option<Rect>,
    /// The status bar along the bottom edge.
    pub status: Rect,
}

/// What the user asked to see.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wanted {
    /// Show the panel.
    pub panel: bool,
    /// The panel's height for all its content (from the last frame; 0
    /// before it was first drawn: then it takes all the height it can).
    pub panel_h: f32,
    /// Show the profiler.
    pub profiler: bool,
}

impl Wanted {
    /// Panel (as tall as the window allows) and profiler.
    pub fn everything() -> Wanted {
        Wanted {
            panel: true,
            panel_h: 0.0,
            profiler: true,
        }
    }
}

impl Regions {
    /// The layout of a `screen_w`×`screen_h` window. Degenerate sizes
    /// (0, negative, NaN) give empty rectangles and no panel or profiler.
    pub fn arrange(screen_w: f32, screen_h: f32, wanted: Wanted) -> Regions {
        let sw = if screen_w.is_finite() {
            screen_w.max(0.0)
        } else {
            0.0
        };
        let sh = if screen_h.is_finite() {
            screen_h.max(0.0)
        } else {
            0.0
        };
        let status_h = theme::STATUS_H.min(sh);
        let status = Rect::new(0.0, sh - status_h, sw, status_h);
        let body_h = sh - status_h;

        // The panel's column on the right, if the field keeps its minimum.
        let mut field_w = sw;
        let mut panel = None;
        let panel_w = theme::PANEL_W.min(sw - FIELD_MIN - 3.0 * MARGIN);
        let panel_room = body_h - 2.0 * MARGIN;
        if wanted.panel && panel_w >= PANEL_MIN_W && panel_room >= PANEL_MIN_H {
            let want = if wanted.panel_h > 0.0 {
                wanted.panel_h
            } else {
                panel_room
            };
            let h = want.clamp(PANEL_MIN_H, panel_room);
            panel = Some(Rect::new(sw - MARGIN - panel_w, MARGIN, panel_w, h));
            field_w = sw - panel_w - 2.0 * MARGIN;
        }

        // The profiler's band under the field, as wide as the field, if the
        // field keeps its minimum. Wide windows put the long view beside
        // the rest, short ones leave it out: either way one band tall.
        let mut field_h = body_h;
        let mut profiler = None;
        let card_w = field_w - 2.0 * MARGIN;
        let card_h = if card_w >= PROFILER_W + LONG_VIEW_W || sh < SHORT_WINDOW_H {
            FRAMES_H
        } else {
            PROFILER_H
        };
        if wanted.profiler
            && card_w >= PROFILER_MIN_W
            && body_h - card_h - 2.0 * MARGIN >= FIELD_MIN
        {
            let y = body_h - MARGIN - card_h;
            // Under a panel that ends above it, the card takes the room
            // under the panel too.
            let under_panel = panel.is_some_and(|p| p.y + p.h + MARGIN <= y);
            let w = if under_panel {
                sw - 2.0 * MARGIN
            } else {
                card_w
            };
            profiler = Some(Rect::new(MARGIN, y, w, card_h));
            field_h = y - MARGIN;
        }

        Regions {
            field: Rect::new(0.0, 0.0, field_w.max(0.0), field_h.max(0.0)),
            panel,
            profiler,
            status,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profiler::geometry::ProfilerShape;

    const ALL: Wanted = Wanted {
        panel: true,
        panel_h: 0.0,
        profiler: true,
    };

    fn overlaps(a: Rect, b: Rect) -> bool {
        a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
    }

    fn inside(r: Rect, w: f32, h: f32) -> bool {
        r.x >= 0.0 && r.y >= 0.0 && r.x + r.w <= w && r.y + r.h <= h
    }

    fn check(w: f32, h: f32, wanted: Wanted) -> Regions {
        let l = Regions::arrange(w, h, wanted);
        let mut parts = vec![l.field, l.status];
        parts.extend(l.panel);
        parts.extend(l.profiler);
        for (i, a) in parts.iter().enumerate() {
            assert!(inside(*a, w, h), "{w}x{h}: {a:?} sticks out");
            for b in &parts[i + 1..] {
                assert!(!overlaps(*a, *b), "{w}x{h}: {a:?} overlaps {b:?}");
            }
        }
        l
    }

    #[test]
    fn nothing_overlaps_at_common_sizes_and_everything_fits() {
        for (w, h) in [
            (800.0, 600.0),
            (1280.0, 800.0),
            (1920.0, 1080.0),
            (1280.0, 661.0),
        ] {
            let l = check(w, h, ALL);
            let panel = l.panel.expect("room for the panel");
            let card = l.profiler.expect("room for the profiler");
            assert!(card.w >= PROFILER_MIN_W, "{w}x{h}: profiler {card:?}");
            assert_eq!(panel.w, theme::PANEL_W);
            assert!(l.field.w >= FIELD_MIN && l.field.h >= FIELD_MIN);
        }
    }

    #[test]
    fn the_profiler_takes_the_fields_width_in_the_shape_that_fits() {
        let shape = |w, h| {
            let l = check(w, h, ALL);
            let card = l.profiler.expect("a profiler");
            assert_eq!(
                card.w,
                l.field.w - 2.0 * MARGIN,
                "{w}x{h}: as wide as the field"
            );
            ProfilerShape::of(card)
        };
        assert_eq!(shape(1280.0, 800.0), ProfilerShape::Stacked);
        assert_eq!(shape(1920.0, 1080.0), ProfilerShape::Beside);
        assert_eq!(shape(1920.0, 600.0), ProfilerShape::Beside);
        assert_eq!(shape(800.0, 600.0), ProfilerShape::Short);
        assert_eq!(shape(1280.0, 661.0), ProfilerShape::Short);
    }

    #[test]
    fn nothing_overlaps_at_any_size() {
        for w in (0..2400).step_by(37) {
            for h in (0..1400).step_by(29) {
                for bits in 0..4 {
                    let wanted = Wanted {
                        panel: bits & 1 != 0,
                        panel_h: if bits & 2 != 0 { 300.0 } else { 0.0 },
                        profiler: bits & 2 != 0,
                    };
                    check(w as f32, h as f32, wanted);
                }
            }
        }
    }

    #[test]
    fn hidden_parts_give_the_field_their_room() {
        let none = Wanted {
            panel: false,
            panel_h: 0.0,
            profiler: false,
        };
        let l = check(1280.0, 800.0, none);
        assert_eq!((l.panel, l.profiler), (None, None));
        assert_eq!(
            l.field,
            Rect::new(0.0, 0.0, 1280.0, 800.0 - theme::STATUS_H)
        );
    }

    #[test]
    fn short_panel_content_gives_a_short_panel() {
        let l = check(
            1280.0,
            800.0,
            Wanted {
                panel_h: 200.0,
                ..ALL
            },
        );
        assert_eq!(l.panel.map(|p| p.h), Some(200.0));
    }

    #[test]
    fn degenerate_windows_give_empty_parts() {
        for (w, h) in [(0.0, 0.0), (1.0, 1.0), (-5.0, 10.0), (f32::NAN, 800.0)] {
            let l = Regions::arrange(w, h, ALL);
            assert_eq!((l.panel, l.profiler), (None, None), "{w}x{h}");
            assert!(l.field.w >= 0.0 && l.field.h >= 0.0);
        }
    }
}
