//! One run of the demo window: the world, the view of it, the panel and
//! the frame loop.

use std::f32::consts::{PI, TAU};
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use hitfield::assets::NamedImage;
use hitfield::profile::{Profiler, Stage, StageTimes};
use hitfield::settings::Settings;
use hitfield::ship::ShipSprite;
use hitfield::world::World;
use macroquad::input::{
    clear_input_queue, is_mouse_button_down, is_mouse_button_pressed, mouse_position, MouseButton,
};
use macroquad::math::{vec2, Rect, Vec2};
use macroquad::time::get_time;
use macroquad::window::{
    clear_background, get_internal_gl, next_frame, screen_height, screen_width,
};

use super::input::{self, Action, Steer};
use super::letterbox::Letterbox;
use super::overlay::{self, FrameStats, PROFILER_FRAMES};
use super::panel::{self, Message, PanelInfo, PanelState};
use super::render::{self, FieldView, ShipViews};
use super::scales::{compact, thousands};
use super::screenshot::save_window_png;
use super::stepper::{FrameClock, Stepper};
use super::theme;
use super::widgets::Ui;
use super::Capture;

/// Most real time spent catching up with steps in one frame (after the first step).
const CATCH_UP_BUDGET: std::time::Duration = std::time::Duration::from_millis(50);
/// How long a message stays in the status bar, in seconds.
const MESSAGE_SECS: f64 = 8.0;
/// Player speed in world pixels per second (Shift: ×2.5).
const PLAYER_SPEED: f32 = 260.0;
/// Player turn rate (Q/E) in radians per second.
const PLAYER_TURN: f32 = 3.0;
/// How fast the player's ship turns to face where it flies, radians per second.
const PLAYER_AIM: f32 = 10.0;

/// Options that are not simulation settings.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Capture mode.
    pub capture: Option<Capture>,
    /// Where C writes the profiler CSV.
    pub profile_csv: Option<PathBuf>,
}

/// Everything the window keeps between frames.
pub struct Session {
    world: World,
    images: Vec<NamedImage>,
    settings: Settings,
    options: Options,
    panel: PanelState,
    ui: Ui,
    field_view: FieldView,
    field_dirty: bool,
    ship_views: ShipViews,
    stepper: Stepper,
    profiler: Profiler,
    paused: bool,
    pending_steps: u32,
    show_help: bool,
    show_panel: bool,
    show_profiler: bool,
    message: Option<Message>,
    frames_drawn: u64,
    dragging_player: bool,
    clock: FrameClock,
    last_sim_ms: f64,
}

/// A world from `settings`, with sprite masks built at its ship alpha threshold.
fn new_world(settings: &Settings, images: &[NamedImage]) -> World {
    let sprites = images
        .iter()
        .map(|(name, img)| {
            ShipSprite::new(name.clone(), img.clone(), settings.ships.ship_alpha_min)
        })
        .collect();
    World::new(settings.clone(), sprites)
}

fn unix_time() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl Session {
    /// A session over a new world.
    pub fn new(settings: Settings, images: Vec<NamedImage>, options: Options) -> Session {
        let world = new_world(&settings, &images);
        Session {
            world,
            images,
            panel: PanelState::new(&settings),
            settings,
            options,
            ui: Ui::default(),
            field_view: FieldView::default(),
            field_dirty: true,
            ship_views: ShipViews::default(),
            stepper: Stepper::default(),
            profiler: Profiler::new(PROFILER_FRAMES),
            paused: false,
            pending_steps: 0,
            show_help: false,
            show_panel: true,
            show_profiler: true,
            message: None,
            frames_drawn: 0,
            dragging_player: false,
            clock: FrameClock::default(),
            last_sim_ms: 0.0,
        }
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
                self.clock.record(dt, self.last_sim_ms);
            }
            let (quit, code) = self.frame(dt);
            clear_input_queue();
            if quit {
                return code;
            }
            next_frame().await;
        }
    }

    /// One frame. Returns (quit, exit status).
    fn frame(&mut self, dt: f64) -> (bool, u8) {
        let time = get_time();
        self.ui.begin_frame(time);
        let (sw, sh) = (screen_width(), screen_height());
        let panel_rect = panel::panel_rect(sw, sh, self.ui.content_height());
        let field_area = Rect::new(0.0, 0.0, sw, (sh - theme::STATUS_H).max(0.0));
        let canvas = self.world.field().canvas();
        let lb = Letterbox::fit(field_area, canvas.width(), canvas.height());

        let mut actions = if self.ui.wants_keyboard() {
            Vec::new()
        } else {
            input::shortcuts()
        };
        let steer = if self.ui.wants_keyboard() {
            Steer::default()
        } else {
            input::steer()
        };
        self.steer_player(steer, dt as f32);
        let mouse = Vec2::from(mouse_position());
        let panel_rect = panel_rect.filter(|_| self.show_panel);
        let over_panel = panel_rect.is_some_and(|r| r.contains(mouse));
        self.mouse_player(&lb, mouse, over_panel);

        // Simulate.
        let mut times = StageTimes::default();
        let steps = match &self.options.capture {
            Some(_) => 1,
            None => self
                .stepper
                .due(dt * 1e3, self.settings.step_ms, self.paused),
        } + std::mem::take(&mut self.pending_steps);
        // A slow step stops the catch-up early rather than stalling the window.
        let sim_start = Instant::now();
        let mut ran = 0;
        while ran < steps && (ran == 0 || sim_start.elapsed() < CATCH_UP_BUDGET) {
            times.accumulate(self.world.step());
            ran += 1;
        }
        self.last_sim_ms = f64::from(ran) * self.settings.step_ms;
        let steps = ran;

        // Upload what changed.
        let upload = Instant::now();
        if steps > 0 || self.field_dirty {
            if let Err(e) = self.field_view.upload(self.world.field().canvas()) {
                if self.field_dirty {
                    self.post(e, true);
                }
            }
            self.field_dirty = false;
        }
        self.ship_views.sync(
            self.world.sprites(),
            self.world.ships(),
            self.world.contacts(),
            dt as f32,
        );
        times.add(Stage::Upload, upload.elapsed().as_secs_f64() * 1e3);

        // Draw.
        let draw = Instant::now();
        clear_background(theme::WINDOW_BG);
        self.field_view.draw(&lb);
        self.ship_views.draw(
            &lb,
            self.world.sprites(),
            self.world.ships(),
            self.world.contacts(),
            time,
        );
        if self.paused {
            overlay::draw_paused_badge(&lb);
        }
        if !over_panel && !self.dragging_player && !self.show_help {
            let (sprites, ships) = (self.world.sprites(), self.world.ships());
            if let Some(i) = render::ship_at(&lb, sprites, ships, mouse) {
                if let Some(sprite) = sprites.get(ships[i].sprite) {
                    render::draw_ship_card(i, &ships[i], sprite, mouse, vec2(sw, sh));
                }
            }
        }
        if self.show_profiler {
            let stats = FrameStats {
                fps: self.clock.fps(),
                sim_speed: self.clock.sim_speed(),
                frame: self.clock.summary(),
                steps,
            };
            overlay::draw_profiler(
                &mut self.profiler,
                &stats,
                10.0,
                sh - theme::STATUS_H - 10.0,
            );
        }
        if let Some(panel_rect) = panel_rect {
            let mut edited = self.settings.clone();
            let info = PanelInfo {
                paused: self.paused,
                presets: true,
                message: live_message(&self.message, time),
            };
            let panel_actions = panel::panel(
                &mut self.ui,
                panel_rect,
                &mut edited,
                &mut self.panel,
                &info,
            );
            actions.extend(panel_actions);
            if edited != self.settings {
                self.world.apply_settings(&edited);
                self.settings = edited;
                self.field_dirty = true;
            }
        } else {
            // No panel, no text field to type into.
            self.ui.unfocus();
        }
        if self.show_help {
            overlay::draw_help(field_area);
        }
        let (left, right, kind) = self.status_texts(time);
        overlay::draw_status(sw, sh, &left, &right, kind);
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
            if let Err(e) = save_window_png(path) {
                eprintln!("hitfield: error: screenshot: {e}");
                code = super::EXIT_FAILURE;
            }
        }
        if let Some(path) = &self.options.profile_csv {
            if let Err(e) = std::fs::write(path, self.profiler.to_csv()) {
                eprintln!("hitfield: error: could not write {}: {e}", path.display());
                code = super::EXIT_FAILURE;
            }
        }
        (true, code)
    }

    /// Arrows/WASD fly ship 0, which becomes the player's from then on.
    fn steer_player(&mut self, steer: Steer, dt: f32) {
        if !(steer.is_active() && dt.is_finite() && dt > 0.0) {
            return;
        }
        let dt = dt.min(0.1);
        let speed = PLAYER_SPEED * if steer.boost { 2.5 } else { 1.0 };
        let (w, h) = self.world_size();
        let Some((sw, sh)) = self.player_sprite_size() else {
            return;
        };
        let rotate = self.settings.ships.rotate;
        let Some(ship) = self.world.ship_mut(0) else {
            return;
        };
        ship.player = true;
        ship.velocity = [steer.dir.x * speed, steer.dir.y * speed];
        let c = vec2(ship.pose.x + sw * 0.5, ship.pose.y + sh * 0.5) + steer.dir * speed * dt;
        let c = c.clamp(Vec2::ZERO, vec2(w, h));
        ship.pose.x = c.x - sw * 0.5;
        ship.pose.y = c.y - sh * 0.5;
        // Turn towards the direction of travel (the shorter way), plus Q/E.
        let mut heading = ship.heading;
        if steer.dir != Vec2::ZERO {
            let target = steer.dir.y.atan2(steer.dir.x);
            let diff = (target - heading + PI).rem_euclid(TAU) - PI;
            heading += diff.clamp(-PLAYER_AIM * dt, PLAYER_AIM * dt);
        }
        heading += steer.turn * PLAYER_TURN * dt;
        ship.heading = heading.rem_euclid(TAU);
        // Sprites point along +x at rotation 0, so rotation = heading.
        ship.pose.rotation = if rotate { ship.heading } else { 0.0 };
    }

    /// Clicking (and dragging) on the field puts the player's ship there.
    fn mouse_player(&mut self, lb: &Letterbox, mouse: Vec2, over_panel: bool) {
        if is_mouse_button_pressed(MouseButton::Left) {
            self.dragging_player = !over_panel && !self.show_help && lb.to_world(mouse).is_some();
        }
        if !is_mouse_button_down(MouseButton::Left) {
            self.dragging_player = false;
        }
        if !self.dragging_player {
            return;
        }
        let Some(at) = lb.to_world(mouse) else {
            return;
        };
        let Some((sw, sh)) = self.player_sprite_size() else {
            return;
        };
        if let Some(ship) = self.world.ship_mut(0) {
            ship.player = true;
            ship.velocity = [0.0, 0.0];
            ship.pose.x = at.x - sw * 0.5;
            ship.pose.y = at.y - sh * 0.5;
        }
    }

    fn world_size(&self) -> (f32, f32) {
        let c = self.world.field().canvas();
        (c.width() as f32, c.height() as f32)
    }

    fn player_sprite_size(&self) -> Option<(f32, f32)> {
        let ship = self.world.ships().first()?;
        let sprite = self.world.sprites().get(ship.sprite)?;
        Some((sprite.image.width() as f32, sprite.image.height() as f32))
    }

    /// Does what `action` asks. Returns true to quit.
    fn act(&mut self, action: Action) -> bool {
        match action {
            Action::TogglePause => {
                self.paused = !self.paused;
                self.stepper.reset();
            }
            Action::Step => {
                self.paused = true;
                self.pending_steps += 1;
            }
            Action::Reset => self.reset(),
            Action::SavePreset => self.save_preset(),
            Action::LoadPreset => self.load_preset(),
            Action::WriteCsv => self.write_csv(),
            Action::Screenshot => {
                let path = fresh_path("hitfield", "png");
                match save_window_png(&path) {
                    Ok(()) => self.post(format!("saved screenshot {}", path.display()), false),
                    Err(e) => self.post(format!("screenshot failed: {e}"), true),
                }
            }
            Action::ToggleHelp => self.show_help = !self.show_help,
            Action::TogglePanel => {
                self.show_panel = !self.show_panel;
                self.ui.unfocus();
            }
            Action::ToggleProfiler => self.show_profiler = !self.show_profiler,
            Action::Back => {
                if self.show_help {
                    self.show_help = false;
                } else {
                    return true;
                }
            }
        }
        false
    }

    /// A new world from the settings in force and the panel's seed.
    fn reset(&mut self) {
        let seed = match self.panel.seed.trim().parse::<u64>() {
            Ok(s) => s,
            Err(_) => {
                self.post(
                    format!(
                        "seed `{}` is not a whole number in 0..=18446744073709551615",
                        self.panel.seed
                    ),
                    true,
                );
                return;
            }
        };
        self.settings.field.seed = seed;
        self.world = new_world(&self.settings, &self.images);
        self.ship_views.clear();
        self.field_dirty = true;
        self.stepper.reset();
        self.profiler.clear();
        self.post(format!("reset with seed {seed}"), false);
    }

    /// The preset path typed in the panel, or an error message.
    fn preset_path(&mut self) -> Option<PathBuf> {
        let typed = self.panel.preset_path.trim();
        if typed.is_empty() {
            self.post("type a preset file name first".to_string(), true);
            return None;
        }
        Some(PathBuf::from(typed))
    }

    /// Saves the settings in force as a TOML preset.
    fn save_preset(&mut self) {
        let Some(path) = self.preset_path() else {
            return;
        };
        match self.settings.save_preset(&path) {
            Ok(()) => self.post(format!("saved preset {}", absolute(&path).display()), false),
            Err(e) => self.post(e.to_string(), true),
        }
    }

    /// Loads a preset and applies it to the running world; on error the
    /// settings in force stay as they were.
    fn load_preset(&mut self) {
        let Some(path) = self.preset_path() else {
            return;
        };
        match Settings::load_preset(&path) {
            Ok(loaded) => {
                self.world.apply_settings(&loaded);
                self.panel.seed = loaded.field.seed.to_string();
                self.settings = loaded;
                self.field_dirty = true;
                self.post(
                    format!(
                        "loaded preset {} (live; Reset to start over with its seed)",
                        path.display()
                    ),
                    false,
                );
            }
            Err(e) => self.post(e.to_string(), true),
        }
    }

    fn write_csv(&mut self) {
        let path = self
            .options
            .profile_csv
            .clone()
            .unwrap_or_else(|| fresh_path("hitfield-frames", "csv"));
        match std::fs::write(&path, self.profiler.to_csv()) {
            Ok(()) => {
                let shown = absolute(&path);
                self.post(
                    format!(
                        "wrote {} frames to {}",
                        self.profiler.len(),
                        shown.display()
                    ),
                    false,
                );
            }
            Err(e) => self.post(format!("could not write {}: {e}", path.display()), true),
        }
    }

    fn post(&mut self, text: String, error: bool) {
        self.message = Some(Message {
            text,
            error,
            at: get_time(),
        });
    }

    fn status_texts(&self, time: f64) -> (String, String, Option<bool>) {
        let run = if self.paused { "PAUSED " } else { "RUNNING" };
        let ships = self.world.ships();
        let hits: u64 = ships.iter().map(|s| u64::from(s.last_hit_count)).sum();
        let left = format!(
            "{run}   step {}   {} particles   {} ships   {} contacts   {} texels hit",
            thousands(self.world.steps()),
            compact(self.world.field().particle_count()),
            ships.len(),
            self.world.contacts().len(),
            thousands(hits),
        );
        match self.message.as_ref().filter(|m| time - m.at < MESSAGE_SECS) {
            Some(m) => (left, m.text.clone(), Some(m.error)),
            None => (
                left,
                "H help   Tab panel   P profiler   Esc quit".to_string(),
                None,
            ),
        }
    }
}

/// `<stem>-<unix time>.<ext>` in the current directory, with `-2`, `-3`, …
/// added when that file already exists.
fn fresh_path(stem: &str, ext: &str) -> PathBuf {
    let t = unix_time();
    let mut path = PathBuf::from(format!("{stem}-{t}.{ext}"));
    let mut n = 2;
    while path.exists() && n < 1000 {
        path = PathBuf::from(format!("{stem}-{t}-{n}.{ext}"));
        n += 1;
    }
    path
}

/// The message to show in the panel: errors stay until replaced.
fn live_message(message: &Option<Message>, time: f64) -> Option<&Message> {
    message
        .as_ref()
        .filter(|m| m.error || time - m.at < MESSAGE_SECS)
}

/// `path` made absolute against the current directory (for messages).
fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}
