//! What the shortcuts and the panel's buttons do: pause, step, reset,
//! presets, the profiler CSV and screenshots.

use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use hitfield::settings::Settings;

use super::super::keys::{Action, TRACE_FRAMES};
use super::super::platform;
use super::super::screenshot::save_window_png;
use super::{Session, TraceRecording};

impl Session {
    /// Does what `action` asks. Returns true to quit.
    pub(super) fn act(&mut self, action: Action) -> bool {
        match action {
            Action::TogglePause => {
                self.stepping.toggle_pause();
            }
            Action::Step => {
                self.stepping.step_once();
            }
            Action::Reset => self.reset(),
            Action::SavePreset
            | Action::LoadPreset
            | Action::WriteCsv
            | Action::Screenshot
            | Action::RecordTrace
            | Action::RecordClip
            | Action::CopySettings
            | Action::PasteSettings
                if !platform::FILES =>
            {
                self.status.post(platform::NO_FILES_NOTE.to_string(), true);
            }
            Action::SavePreset => self.save_preset(),
            Action::LoadPreset => self.load_preset(),
            Action::WriteCsv => self.write_csv(),
            Action::Screenshot => {
                let path = fresh_path("hitfield", "png");
                match save_window_png(&path) {
                    Ok(()) => {
                        let shown = crate::paths::shown(&path);
                        eprintln!("hitfield: saved screenshot {}", shown.display());
                        self.status
                            .post(format!("saved screenshot {}", shown.display()), false)
                    }
                    Err(e) => self.status.post(format!("screenshot failed: {e}"), true),
                }
            }
            Action::RecordTrace => {
                let path = fresh_path_in(&self.options.traces.dir, "hitfield-trace", "json");
                self.start_trace(path, TRACE_FRAMES)
            }
            Action::RecordClip => self.start_clip(),
            Action::CopySettings => self.copy_settings(),
            Action::PasteSettings => self.paste_settings(),
            Action::ToggleHelp => self.controls.show_help = !self.controls.show_help,
            Action::TogglePanel => {
                self.controls.show_panel = !self.controls.show_panel;
                self.controls.ui.unfocus();
            }
            Action::ToggleProfiler => self.controls.show_profiler = !self.controls.show_profiler,
            Action::ToggleFreeze => {
                self.history.toggle_freeze();
                self.frozen = self.history.is_frozen().then(|| self.profiler.clone());
                let what = if self.frozen.is_some() {
                    "profiler graph frozen (the world runs on); F resumes"
                } else {
                    "profiler graph running"
                };
                self.status.post(what.to_string(), false);
            }
            Action::Back => {
                if self.controls.show_help {
                    self.controls.show_help = false;
                } else if platform::CAN_QUIT {
                    return true;
                }
            }
        }
        false
    }

    /// A new world from the settings in force and the panel's seed.
    fn reset(&mut self) {
        let seed = match self.controls.state.seed.trim().parse::<u64>() {
            Ok(s) => s,
            Err(_) => {
                self.status.post(
                    format!(
                        "seed `{}` is not a whole number in 0..=18446744073709551615",
                        self.controls.state.seed
                    ),
                    true,
                );
                return;
            }
        };
        self.stepping.reset(seed);
        self.view.clear();
        self.profiler.clear();
        self.history.clear();
        self.frozen = None;
        self.status.post(format!("reset with seed {seed}"), false);
    }

    /// The preset path typed in the panel, or an error message.
    fn preset_path(&mut self) -> Option<PathBuf> {
        let typed = self.controls.state.preset_path.trim();
        if typed.is_empty() {
            self.status
                .post("type a preset file name first".to_string(), true);
            return None;
        }
        Some(PathBuf::from(typed))
    }

    /// Saves the settings in force as a TOML preset.
    fn save_preset(&mut self) {
        let Some(path) = self.preset_path() else {
            return;
        };
        match self.stepping.world.settings().save_preset(&path) {
            Ok(()) => self.status.post(
                format!("saved preset {}", crate::paths::shown(&path).display()),
                false,
            ),
            Err(e) => self.status.post(e.to_string(), true),
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
                self.controls.state.seed = loaded.field.seed.to_string();
                self.stepping.apply(loaded);
                self.view.field_dirty = true;
                self.status.post(
                    format!(
                        "loaded preset {} (live; Reset to start over with its seed)",
                        path.display()
                    ),
                    false,
                );
            }
            Err(e) => self.status.post(e.to_string(), true),
        }
    }

    /// Starts recording the next `frames` frames' spans to `path` (between
    /// frames, so no span is cut).
    pub(super) fn start_trace(&mut self, path: PathBuf, frames: u64) {
        if self.trace.is_some() {
            self.status
                .post("a trace is already being recorded".to_string(), true);
            return;
        }
        let Some(tracing) = self.busy.tracing() else {
            self.status.post(
                "no trace: another tracing subscriber is installed".to_string(),
                true,
            );
            return;
        };
        let frames = frames.max(1);
        match tracing.record(&path, self.options.traces.cap_bytes) {
            Ok(()) => {
                self.trace = Some(TraceRecording {
                    tracing,
                    frames,
                    frames_left: frames,
                    started: self.frames_drawn,
                });
                self.status
                    .post(format!("recording a trace of {frames} frames"), false);
            }
            Err(e) => {
                eprintln!("hitfield: error: {e}");
                self.status.post(e, true);
            }
        }
    }

    /// Counts a recorded frame; after the last one, writes the trace file
    /// and says where it is.
    pub(super) fn count_trace_frame(&mut self) {
        let Some(trace) = &mut self.trace else {
            return;
        };
        // Started by a key at the end of this frame: count from the next.
        if self.frames_drawn <= trace.started {
            return;
        }
        trace.frames_left = trace.frames_left.saturating_sub(1);
        if trace.frames_left > 0 {
            return;
        }
        self.write_trace("");
    }

    /// On quitting: a trace being recorded is written with the frames it
    /// has, as a finished one is, so quitting early loses nothing.
    pub(super) fn finish_trace_on_quit(&mut self) {
        self.write_trace(", cut short by quitting");
    }

    /// Ends the trace being recorded (if any), writes its file and says
    /// where it is. `note` follows the trace's summary.
    fn write_trace(&mut self, note: &str) {
        let Some(trace) = self.trace.take() else {
            return;
        };
        let (tracing, frames) = (trace.tracing, trace.frames - trace.frames_left);
        match tracing.finish() {
            Ok(recorded) => {
                let shown = crate::paths::shown(&recorded.path);
                eprintln!(
                    "hitfield: wrote trace {} ({frames} frames, {}{note})",
                    shown.display(),
                    recorded.summary()
                );
                self.status
                    .post(format!("wrote trace {}", shown.display()), false);
            }
            Err(e) => {
                eprintln!("hitfield: error: {e}");
                self.status.post(e, true);
            }
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
                let shown = crate::paths::shown(&path);
                eprintln!(
                    "hitfield: wrote {} frames to {}",
                    self.profiler.len(),
                    shown.display()
                );
                self.status.post(
                    format!(
                        "wrote {} frames to {}",
                        self.profiler.len(),
                        shown.display()
                    ),
                    false,
                );
            }
            Err(e) => self
                .status
                .post(format!("could not write {}: {e}", path.display()), true),
        }
    }
}

fn unix_time() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
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

/// [`fresh_path`] in `dir` (the current directory when `dir` is `.`).
pub(super) fn fresh_path_in(dir: &Path, stem: &str, ext: &str) -> PathBuf {
    if dir == Path::new(".") {
        return fresh_path(stem, ext);
    }
    let t = unix_time();
    let mut path = dir.join(format!("{stem}-{t}.{ext}"));
    let mut n = 2;
    while path.exists() && n < 1000 {
        path = dir.join(format!("{stem}-{t}-{n}.{ext}"));
        n += 1;
    }
    path
}
