//! What the shortcuts and the panel's buttons do: pause, step, reset,
//! presets, the profiler CSV and screenshots.

use std::path::{Path, PathBuf};

use hitfield::settings::Settings;

use super::super::keys::{Action, TRACE_FRAMES};
use super::super::platform;
use super::super::screenshot::save_window_png;
use super::{Session, TraceRecording};
use crate::paths;

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
            Action::WriteCsv => {
                self.write_csv();
            }
            Action::Screenshot => {
                self.screenshot(&paths::stamped(Path::new("."), "hitfield", "png"));
            }
            Action::RecordTrace => {
                let path = paths::stamped(&self.options.traces.dir, "hitfield-trace", "json");
                self.start_trace(path, TRACE_FRAMES)
            }
            #[cfg(not(target_arch = "wasm32"))]
            Action::RecordClip => self.start_clip(),
            // The page has no files: the note above answers.
            #[cfg(target_arch = "wasm32")]
            Action::RecordClip => {}
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
                let what = if self.history.is_frozen() {
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
        self.history.clear();
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
        let loaded = Settings::load_preset(&path).map_err(|e| e.to_string());
        self.apply_loaded(loaded, &format!("loaded preset {}", path.display()));
    }

    /// Applies settings loaded by `what` (a preset, a paste) to the running
    /// world, live; on error the settings in force stay as they were.
    pub(super) fn apply_loaded(&mut self, loaded: Result<Settings, String>, what: &str) {
        match loaded {
            Ok(loaded) => {
                self.controls.state.seed = loaded.field.seed.to_string();
                self.stepping.apply(loaded);
                self.view.field_dirty = true;
                let text = format!("{what} (live; Reset to start over with their seed)");
                self.status.post(text, false);
            }
            Err(e) => self.status.post(e, true),
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
                self.status.tell(Err(e));
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
        let news = tracing.finish().map(|recorded| {
            let shown = paths::shown(&recorded.path);
            let summary = recorded.summary();
            format!(
                "wrote trace {} ({frames} frames, {summary}{note})",
                shown.display()
            )
        });
        self.status.tell(news);
    }

    /// Writes the profiler's frames as CSV to `--profile-csv` (or a new
    /// file). Returns false when that failed.
    pub(super) fn write_csv(&mut self) -> bool {
        let path = self.options.profile_csv.clone();
        let path = path.unwrap_or_else(|| paths::stamped(Path::new("."), "hitfield-frames", "csv"));
        let (frames, csv) = self.history.to_csv();
        let news = std::fs::write(&path, csv)
            .map(|()| format!("wrote {frames} frames to {}", paths::shown(&path).display()))
            .map_err(|e| format!("could not write {}: {e}", path.display()));
        self.status.tell(news)
    }

    /// Saves the window as a PNG at `path`. Returns false when that failed.
    pub(super) fn screenshot(&mut self, path: &Path) -> bool {
        let news = save_window_png(path)
            .map(|()| format!("saved screenshot {}", paths::shown(path).display()))
            .map_err(|e| format!("screenshot: {e}"));
        self.status.tell(news)
    }
}
