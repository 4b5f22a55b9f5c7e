//! The G key: a clip of the next few seconds of the field, written as a GIF
//! into the `--trace-dir` folder (or the current one) by a background
//! thread; the file is named in the status bar and on stderr. Desktop only:
//! the page has no files.

use super::Session;
use crate::clip::recorder::{Recorder, Status};
use crate::clip::ClipOptions;
use crate::paths;

/// Seconds of simulation a clip holds.
const CLIP_SECONDS: f64 = 4.0;
/// Longest wait, on quitting while a clip records, for the frames taken
/// so far to be written.
const QUIT_WAIT: std::time::Duration = std::time::Duration::from_secs(10);
/// A clip takes every this many frames that stepped (at 60 Hz, 30 frames
/// a second: players round shorter delays up or down unevenly).
const EVERY: u64 = 2;

/// A clip being recorded.
pub(super) struct Recording {
    recorder: Recorder,
    /// Frames that stepped since the start (every [`EVERY`]th is taken).
    seen: u64,
}

impl Session {
    /// Starts a clip (G key), unless one is being written.
    pub(super) fn start_clip(&mut self) {
        if self.clip.is_some() {
            self.status
                .post("a clip is already being recorded".to_string(), true);
            return;
        }
        let step_ms = self.stepping.world.settings().step_ms;
        let frames = (CLIP_SECONDS * 1000.0 / (step_ms * EVERY as f64)).ceil() as u64;
        let options = ClipOptions::with_defaults(step_ms * EVERY as f64);
        let path = paths::stamped(&self.options.traces.dir, "hitfield-clip", "gif");
        let canvas = self.stepping.world.field().canvas();
        let (w, h) = (canvas.width(), canvas.height());
        match Recorder::start(&path, w, h, frames.max(1), &options) {
            Ok(recorder) => {
                self.clip = Some(Recording { recorder, seen: 0 });
                let shown = paths::shown(&path);
                let text = format!("recording a {CLIP_SECONDS} s clip to {}", shown.display());
                self.status.post(text, false);
            }
            Err(e) => {
                self.status.tell(Err(format!("clip: {e}")));
            }
        }
    }

    /// Hands this frame's canvas to the clip (if it stepped), and says
    /// where the clip went once it is written.
    pub(super) fn feed_clip(&mut self, steps: u32) {
        let Some(clip) = &mut self.clip else { return };
        if steps > 0 && clip.recorder.taking() {
            if clip.seen.is_multiple_of(EVERY) {
                let canvas = self.stepping.world.field().canvas();
                clip.recorder
                    .offer(canvas.rgba_bytes(), canvas.width(), canvas.height());
            }
            clip.seen += 1;
        }
        let status = clip.recorder.poll();
        self.report_clip(status, "");
    }

    /// On quitting: a clip being recorded takes no more frames and is
    /// written with the frames it has (waiting at most [`QUIT_WAIT`]), and
    /// named as a finished one is.
    pub(super) fn finish_clip_on_quit(&mut self) {
        if let Some(clip) = self.clip.take() {
            let status = clip.recorder.finish(QUIT_WAIT);
            self.report_clip(status, ", cut short by quitting");
        }
    }

    /// Says where a clip went once it is written (or why not), and drops
    /// it then. `note` follows the clip's summary.
    fn report_clip(&mut self, status: Status, note: &str) {
        match status {
            Status::Recording => {}
            Status::Done(summary, skipped) => {
                self.clip = None;
                let shown = paths::shown(&summary.path);
                let skipped = if skipped > 0 {
                    format!(", {skipped} frames skipped while the encoder caught up")
                } else {
                    String::new()
                };
                let summary = summary.describe();
                let text = format!("wrote clip {} ({summary}{skipped}{note})", shown.display());
                self.status.tell(Ok(text));
            }
            Status::Failed(e) => {
                self.clip = None;
                self.status.tell(Err(format!("clip: {e}")));
            }
        }
    }
}
