//! One run of the demo window. A frame reads input, steps the world,
//! uploads and draws it, draws the panel (applying its edits live) and the
//! status bar, then does what was asked: each in its own module.

mod actions;
mod input;
mod panel;
mod status;
mod stepping;
mod view;

use std::path::PathBuf;
use std::time::Instant;

use hitfield::assets::NamedImage;
use hitfield::profile::{Profiler, Stage, StageTimes};
use hitfield::settings::{Settings, SettingsError};
use macroquad::input::clear_input_queue;
use macroquad::math::Rect;
use macroquad::time::get_time;
use macroquad::window::{
    clear_background, get_internal_gl, next_frame, screen_height, screen_width,
};

use super::letterbox::Letterbox;
use super::overlay;
use super::screenshot::save_window_png;
use super::stepper::FrameClock;
use super::theme;
use super::Capture;
use input::Pointer;
use panel::Controls;
use status::Status;
use stepping::Stepping;
use view::View;

/// Options that are not simulation settings.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Capture mode.
    pub capture: Option<Capture>,
    /// Where C writes the profiler CSV.
    pub profile_csv: Option<PathBuf>,
}

/// Where things go in the window this frame.
pub struct Layout {
    /// The window's size.
    pub screen: (f32, f32),
    /// The area above the status bar.
    pub field_area: Rect,
    /// The canvas fitted into `field_area`.
    pub letterbox: Letterbox,
    /// The settings panel, if shown.
    pub panel: Option<Rect>,
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
}

impl Session {
    /// A session over a new world; settings out of range are an error naming the key.
    pub fn new(
        settings: Settings,
        images: Vec<NamedImage>,
        options: Options,
    ) -> Result<Session, SettingsError> {
        let stepping = Stepping::new(settings, images)?;
        Ok(Session {
            controls: Controls::new(&stepping),
            stepping,
            view: View::new(),
            pointer: Pointer::default(),
            status: Status::default(),
            profiler: panel::new_profiler(),
            clock: FrameClock::default(),
            options,
            frames_drawn: 0,
        })
    }

    /// Runs frames until the user quits or the capture is done. Returns the
    /// exit status.
    pub async fn run(mut self) -> u8 {
        let mut last = Instant::now();
        loop {
            let now = Instant::now();
            let dt = now.duration_since(last).as_secs_f64();
            last = now;
            if self.frames_drawn > 0 {
                self.clock.record(dt, self.stepping.last_sim_ms);
            }
            let (quit, code) = self.frame(dt);
            clear_input_queue();
            if quit {
                return code;
            }
            next_frame().await;
        }
    }

    fn layout(&self) -> Layout {
        let screen = (screen_width(), screen_height());
        let field_area = Rect::new(0.0, 0.0, screen.0, (screen.1 - theme::STATUS_H).max(0.0));
        let canvas = self.stepping.world.field().canvas();
        Layout {
            screen,
            field_area,
            letterbox: Letterbox::fit(field_area, canvas.width(), canvas.height()),
            panel: self.controls.panel_rect(screen),
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

        let mut times = StageTimes::default();
        let capture = self.options.capture.is_some();
        let steps = self.stepping.advance(dt, capture, &mut times);

        let upload = Instant::now();
        if let Some(e) = self.view.upload(&self.stepping.world, steps, dt as f32) {
            self.status.post(e, true);
        }
        times.add(Stage::Upload, upload.elapsed().as_secs_f64() * 1e3);

        let draw = Instant::now();
        self.draw(&layout, &input, steps, time);
        let mut actions = input.actions;
        actions.extend(self.controls.draw_panel(
            layout.panel,
            &mut self.stepping,
            &mut self.view,
            &self.status,
            time,
        ));
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
        times.add(Stage::Draw, draw.elapsed().as_secs_f64() * 1e3);
        self.profiler.record(times);
        self.frames_drawn += 1;

        for action in actions {
            if self.act(action) {
                return (true, 0);
            }
        }
        self.finish_capture()
    }

    /// Draws the world, the hover card and the profiler (the panel and
    /// status bar come after).
    fn draw(&mut self, layout: &Layout, input: &input::FrameInput, steps: u32, time: f64) {
        clear_background(theme::WINDOW_BG);
        let world = &self.stepping.world;
        self.view
            .draw(&layout.letterbox, world, self.stepping.paused, time);
        if !input.over_panel && !self.pointer.dragging_player && !self.controls.show_help {
            view::draw_hover_card(&layout.letterbox, world, input.mouse, layout.screen);
        }
        if self.controls.show_profiler {
            panel::draw_profiler(&mut self.profiler, &mut self.clock, steps, layout.screen.1);
        }
    }

    /// In capture mode after the last frame: save and quit.
    fn finish_capture(&mut self) -> (bool, u8) {
        let Some(capture) = &self.options.capture else {
            return (false, 0);
        };
        if self.frames_drawn < capture.frames {
            return (false, 0);
        }
        let mut code = 0;
        if let Some(path) = &capture.screenshot {
            match save_window_png(path) {
                Ok(()) => eprintln!("hitfield: saved screenshot {}", shown(path).display()),
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
                    shown(path).display()
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

/// `path` made absolute for messages (as given when that fails).
fn shown(path: &std::path::Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}
