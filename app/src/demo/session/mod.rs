//! One run of the demo window. A frame reads input, steps the world,
//! uploads and draws it, draws the panel (applying its edits live) and the
//! status bar, then does what was asked: each in its own module.

mod actions;
mod clip;
mod clipboard;
mod controls;
mod input;
mod link;
mod spike;
mod status;
mod stepping;
mod view;

use std::path::PathBuf;

use crate::profiler::geometry::PROFILER_FRAMES;
use crate::profiler::history_view::Mouse;
use crate::profiler::long_view::Busy;
use crate::stats::frame::FrameTimes;
use crate::stats::frame_clock::FrameClock;
use crate::stats::history::{FrameRecord, History};
use crate::stats::profile::Profiler;
use crate::ui::text::warm_font_cache;
use crate::ui::theme;
use hitfield::assets::NamedImage;
use hitfield::clock::Clock;
use hitfield::profile::StageTimes;
use hitfield::settings::Settings;
use hitfield::world::WorldError;
use macroquad::input::{
    clear_input_queue, is_mouse_button_pressed, is_quit_requested, prevent_quit, MouseButton,
};
use macroquad::math::Rect;
use macroquad::time::get_time;
use macroquad::window::{
    clear_background, get_internal_gl, next_frame, screen_height, screen_width,
};

use super::fit::{fit_to_window, FitToWindow};
use super::layout::{Regions, Wanted};
use super::letterbox::Letterbox;
use super::overlay;
use super::screenshot::save_window_png;
use super::Capture;
use crate::trace::spike::SpikeWatch;
use crate::trace::Tracing;
use controls::Controls;
use input::Pointer;
use status::Status;
use stepping::Stepping;
use view::View;

/// Frames a second at most while the window is too small to show anything
/// (shrunk to a sliver or minimised that way): there the frame costs
/// almost nothing and, with no display to wait for, the loop would spin a
/// core at thousands of frames a second.
const HIDDEN_FPS: f64 = 60.0;

/// Waits out the rest of a `1 / HIDDEN_FPS` frame that began at `started`
/// (on [`FRAME_CLOCK`]) when the window is under two pixels on a side.
/// Browsers pace hidden pages themselves, so the web build never waits.
fn pace_while_hidden(started: f64) {
    if cfg!(target_arch = "wasm32") || (screen_width() >= 2.0 && screen_height() >= 2.0) {
        return;
    }
    let left = 1.0 / HIDDEN_FPS - (FRAME_CLOCK.now() - started);
    if left > 0.0 {
        std::thread::sleep(std::time::Duration::from_secs_f64(left));
    }
}

/// Options that are not simulation settings.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Capture mode.
    pub capture: Option<Capture>,
    /// Where C writes the profiler CSV.
    pub profile_csv: Option<PathBuf>,
    /// Record a trace of the first frames here: every frame of a capture,
    /// else the first [`super::keys::TRACE_FRAMES`].
    pub trace: Option<PathBuf>,
    /// Trace files' cap and folder, and capture on spike.
    pub traces: super::TraceOptions,
    /// What the first world sizes from the window.
    pub fit: FitToWindow,
}

/// The demo's clock: macroquad's, the same on the desktop and in the
/// browser (the world's stage timings read it too).
pub const FRAME_CLOCK: Clock = Clock::new(get_time);

/// The binary's subscriber, installed on first use: per-thread busy time
/// for the profiler card, trace files for the T key. Timed by the system
/// clock on the desktop (macroquad's may only be read on the main thread,
/// and rayon's workers time their spans too), by [`FRAME_CLOCK`] in the
/// browser (one thread, no system clock).
fn tracing() -> Option<&'static Tracing> {
    #[cfg(not(target_arch = "wasm32"))]
    let clock = Clock::system();
    #[cfg(target_arch = "wasm32")]
    let clock = FRAME_CLOCK;
    crate::trace::install(clock)
}

/// Where things go in the window this frame (see [`Regions`]: nothing
/// overlaps).
pub struct Layout {
    /// The window's size.
    pub screen: (f32, f32),
    /// The field's room: left of the panel, above the profiler.
    pub field_area: Rect,
    /// The canvas fitted into `field_area`.
    pub letterbox: Letterbox,
    /// The settings panel, if shown and there is room.
    pub panel: Option<Rect>,
    /// The profiler card, if shown and there is room.
    pub profiler: Option<Rect>,
}

/// Everything the window keeps between frames.
pub struct Session {
    stepping: Stepping,
    view: View,
    controls: Controls,
    pointer: Pointer,
    status: Status,
    profiler: Profiler,
    clock: FrameClock,
    options: Options,
    frames_drawn: u64,
    /// Each thread's busy time per frame, for the profiler card.
    busy: Busy,
    /// The trace being recorded (T key), and the frames it still takes.
    trace: Option<TraceRecording>,
    /// Capture on spike (`--spike-ms`), when on.
    spike: Option<SpikeWatch>,
    /// The frames' history: breakdowns, the slowest, the frozen graph.
    history: History,
    /// The profiler as it was when the graph was frozen.
    frozen: Option<Profiler>,
    /// The clip being recorded (G key; never on the page).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    clip: Option<clip::Recording>,
    /// The page's URL fragment kept in step with the settings (web only).
    link: Option<link::PageLink>,
}

/// A trace the T key started.
struct TraceRecording {
    tracing: &'static Tracing,
    /// Frames asked for, and still to record.
    frames: u64,
    frames_left: u64,
    /// Frames drawn when it started (that frame, if any, is not recorded).
    started: u64,
}

impl Session {
    /// A session over a new world. Call it once the window is open: the
    /// world may be sized to it (`options.fit`). Settings out of range are an
    /// error naming the key.
    pub fn new(
        mut settings: Settings,
        images: Vec<NamedImage>,
        options: Options,
    ) -> Result<Session, WorldError> {
        fit_to_window(&mut settings, options.fit, screen_width(), screen_height());
        let mut status = Status::default();
        let link = link::start(&mut settings, &mut status);
        warm_font_cache();
        let stepping = Stepping::new(settings, images)?;
        let mut session = Session {
            controls: Controls::new(&stepping),
            stepping,
            view: View::new(),
            pointer: Pointer::default(),
            status,
            profiler: controls::new_profiler(),
            clock: FrameClock::default(),
            options,
            frames_drawn: 0,
            busy: Busy::new(tracing()),
            trace: None,
            spike: None,
            history: History::new(PROFILER_FRAMES),
            frozen: None,
            clip: None,
            link,
        };
        if let Some(spike) = session.options.traces.spike.clone() {
            session.start_spike_watch(spike);
        }
        if let Some(path) = session.options.trace.clone() {
            let frames = session.options.capture.as_ref().map(|c| c.frames);
            session.start_trace(path, frames.unwrap_or(super::keys::TRACE_FRAMES));
        }
        Ok(session)
    }

    /// Runs frames until the user quits or the capture is done. Returns the
    /// exit status.
    pub async fn run(mut self) -> u8 {
        // Closing the window asks, as Esc does, so files being written
        // (a clip) are finished first.
        prevent_quit();
        let mut last = FRAME_CLOCK.now();
        loop {
            let now = FRAME_CLOCK.now();
            let dt = (now - last).max(0.0);
            last = now;
            if self.frames_drawn > 0 {
                self.clock.record(dt, self.stepping.last_sim_ms);
            }
            let (quit, code) = self.frame(dt);
            clear_input_queue();
            if quit || is_quit_requested() {
                self.finish_clip_on_quit();
                self.finish_trace_on_quit();
                return code;
            }
            next_frame().await;
            pace_while_hidden(now);
        }
    }

    fn layout(&self) -> Layout {
        let screen = (screen_width(), screen_height());
        let wanted = Wanted {
            panel: self.controls.show_panel,
            panel_h: self.controls.panel_height(),
            profiler: self.controls.show_profiler,
        };
        let regions = Regions::arrange(screen.0, screen.1, wanted);
        let canvas = self.stepping.world.field().canvas();
        Layout {
            screen,
            field_area: regions.field,
            letterbox: Letterbox::fit(regions.field, canvas.width(), canvas.height()),
            panel: regions.panel,
            profiler: regions.profiler,
        }
    }

    /// One frame. Returns (quit, exit status).
    fn frame(&mut self, dt: f64) -> (bool, u8) {
        let time = get_time();
        self.controls.ui.begin_frame(time);
        let layout = self.layout();
        let input = input::read(
            &self.controls.ui,
            &mut self.pointer,
            &mut self.stepping.world,
            &layout,
            self.controls.show_help,
            dt as f32,
        );

        let mut times = StageTimes::with_clock(FRAME_CLOCK);
        let capture = self.options.capture.is_some();
        if let Some(spike) = &self.spike {
            spike.start_frame(self.frames_drawn);
        }
        let steps = {
            let _frame = tracing::info_span!("demo.frame", frame = self.frames_drawn).entered();
            self.stepping.advance(dt, capture, &mut times)
        };
        self.busy.record_frame(times.total());
        let mut times = FrameTimes::from(times);

        let upload = FRAME_CLOCK.now();
        if let Some(e) = self.view.upload(&self.stepping.world, steps, dt as f32) {
            self.status.post(e, true);
        }
        times.upload_ms = FRAME_CLOCK.ms_since(upload);

        let draw = FRAME_CLOCK.now();
        let freeze = self.draw(&layout, &input, steps, time);
        let mut actions = input.actions;
        actions.extend(freeze);
        actions.extend(self.controls.draw_panel(
            layout.panel,
            &mut self.stepping,
            &mut self.view,
            &mut self.status,
            time,
        ));
        self.follow_spike_setting();
        self.keep_link();
        if self.controls.show_help {
            overlay::draw_help(layout.field_area);
        }
        self.status.draw(
            &self.stepping.world,
            self.stepping.paused,
            time,
            layout.screen,
        );
        // Submit the batched draw calls now so their cost lands in Draw, not
        // in the buffer swap (which waits for vsync).
        // SAFETY: macroquad's context lives on this thread and is not borrowed
        // across this call.
        unsafe { get_internal_gl() }.flush();
        times.draw_ms = FRAME_CLOCK.ms_since(draw);
        self.profiler.record(times);
        self.history.record(FrameRecord {
            frame: self.frames_drawn,
            step: self.stepping.world.steps().saturating_sub(1),
            steps,
            times,
            busy: self.busy.latest().to_vec(),
        });
        self.watch_spike(times.total());
        self.frames_drawn += 1;
        // Before the actions, so the frame a quit comes in is counted too.
        self.count_trace_frame();

        for action in actions {
            if self.act(action) {
                return (true, 0);
            }
        }
        self.feed_clip(steps);
        self.finish_capture()
    }

    /// Draws the world, the hover card and the profiler (the panel and
    /// status bar come after).
    fn draw(
        &mut self,
        layout: &Layout,
        input: &input::FrameInput,
        steps: u32,
        time: f64,
    ) -> Option<super::keys::Action> {
        clear_background(theme::WINDOW_BG);
        let world = &self.stepping.world;
        self.view
            .draw(&layout.letterbox, world, self.stepping.paused, time);
        if !input.over_panel && !self.pointer.dragging_player && !self.controls.show_help {
            super::hover::draw_hover_card(&layout.letterbox, world, input.mouse, layout.screen);
        }
        let card = layout.profiler?;
        let long = (&self.stepping.seconds, &self.busy);
        let mouse = Mouse {
            at: input.mouse,
            clicked: is_mouse_button_pressed(MouseButton::Left) && !self.controls.show_help,
        };
        let profiler = self.frozen.as_mut().unwrap_or(&mut self.profiler);
        let history = (&mut self.history, mouse);
        let freeze = controls::draw_profiler(profiler, &mut self.clock, steps, long, history, card);
        freeze.then_some(super::keys::Action::ToggleFreeze)
    }

    /// In capture mode after the last frame: save and quit.
    fn finish_capture(&mut self) -> (bool, u8) {
        let Some(capture) = &self.options.capture else {
            return (false, 0);
        };
        if self.frames_drawn < capture.frames {
            return (false, 0);
        }
        let screenshot = capture.screenshot.clone();
        let mut code = 0;
        if let Some(news) = self.spike.as_mut().and_then(SpikeWatch::finish) {
            self.tell_spike(news);
        }
        if let Some(path) = &screenshot {
            match save_window_png(path) {
                Ok(()) => eprintln!(
                    "hitfield: saved screenshot {}",
                    crate::paths::shown(path).display()
                ),
                Err(e) => {
                    eprintln!("hitfield: error: screenshot: {e}");
                    code = super::EXIT_FAILURE;
                }
            }
        }
        if let Some(path) = &self.options.profile_csv {
            match std::fs::write(path, self.profiler.to_csv()) {
                Ok(()) => eprintln!(
                    "hitfield: wrote {} frames to {}",
                    self.profiler.len(),
                    crate::paths::shown(path).display()
                ),
                Err(e) => {
                    eprintln!("hitfield: error: could not write {}: {e}", path.display());
                    code = super::EXIT_FAILURE;
                }
            }
        }
        (true, code)
    }
}
