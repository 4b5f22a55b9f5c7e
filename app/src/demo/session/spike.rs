//! The window's side of capture on spike (`trace::spike`): the panel's
//! threshold followed, each frame's work handed to the watch, and what it
//! wrote named in the status bar.

use super::super::platform;
use super::Session;
use crate::trace::spike::{SpikeOptions, SpikeWatch};

impl Session {
    /// Starts capture on spike with `options` (desktop only: the browser
    /// writes no files).
    pub(super) fn start_spike_watch(&mut self, options: SpikeOptions) {
        if !platform::FILES {
            return;
        }
        let Some(tracing) = self.busy.tracing() else {
            self.controls.state.spike_ms = 0.0;
            self.status.post(
                "no spike capture: another tracing subscriber is installed".to_string(),
                true,
            );
            return;
        };
        self.controls.state.spike_ms = options.threshold_ms;
        self.spike = Some(SpikeWatch::new(tracing, options, "frame"));
    }

    /// Follows the panel's *Spike trace* slider: starts, retunes or stops
    /// capture on spike.
    pub(super) fn follow_spike_setting(&mut self) {
        let ms = self.controls.state.spike_ms;
        match self.spike.as_mut() {
            Some(watch) if ms > 0.0 => watch.set_threshold_ms(ms),
            Some(_) => {
                if let Some(watch) = self.spike.take() {
                    watch.stop();
                }
                self.status.post("spike capture off".to_string(), false);
            }
            None if ms > 0.0 => {
                let options = SpikeOptions {
                    threshold_ms: ms,
                    dir: self.options.traces.dir.clone(),
                    cap_bytes: self.options.traces.cap_bytes,
                };
                self.start_spike_watch(options);
            }
            None => {}
        }
    }

    /// After a frame whose work (every stage) took `work_ms`: a spike is
    /// noted, or an earlier one's file written.
    pub(super) fn watch_spike(&mut self, work_ms: f64) {
        let frame = self.frames_drawn;
        let step = self.stepping.world.steps().saturating_sub(1);
        let news = self
            .spike
            .as_mut()
            .and_then(|w| w.end_frame(frame, step, work_ms));
        if let Some(news) = news {
            self.tell_spike(news);
        }
    }

    /// Says on stderr and in the status bar what a spike capture did.
    pub(super) fn tell_spike(&mut self, news: Result<String, String>) {
        let line = crate::trace::spike::tell(&news, "spike capture");
        self.status.post(line, news.is_err());
    }
}
