//! The demo's clip recorder (G key): frames go to a background thread that
//! shrinks and encodes them, so drawing never waits on the encoder. When
//! the thread falls behind, frames are skipped rather than queued.

use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError, TrySendError};
use std::thread::JoinHandle;
use std::time::Duration;

use super::{Clip, ClipOptions, ClipSummary};

/// Frames waiting for the encoder before new ones are skipped.
const QUEUE: usize = 4;

/// A clip being recorded from the demo.
pub struct Recorder {
    frames: Option<SyncSender<Vec<u8>>>,
    done: Receiver<Result<ClipSummary, String>>,
    thread: Option<JoinHandle<()>>,
    size: (u32, u32),
    left: u64,
    skipped: u64,
}

/// What [`Recorder::poll`] found.
pub enum Status {
    /// Still taking or encoding frames.
    Recording,
    /// The file is written: its summary and the frames skipped.
    Done(ClipSummary, u64),
    /// Writing failed.
    Failed(String),
}

impl Recorder {
    /// Starts recording `frames` frames of a `width`×`height` canvas to `path`.
    pub fn start(
        path: &Path,
        width: u32,
        height: u32,
        frames: u64,
        options: &ClipOptions,
    ) -> Result<Recorder, String> {
        let mut clip = Clip::new(path, width, height, options)?;
        let (send, take) = mpsc::sync_channel::<Vec<u8>>(QUEUE);
        let (report, done) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("hitfield-clip".into())
            .spawn(move || {
                for rgba in take {
                    if !clip.push(&rgba, width, height) {
                        break;
                    }
                }
                let _ = report.send(clip.finish());
            })
            .map_err(|e| format!("could not start the clip writer: {e}"))?;
        Ok(Recorder {
            frames: Some(send),
            done,
            thread: Some(thread),
            size: (width, height),
            left: frames,
            skipped: 0,
        })
    }

    /// Offers this frame's canvas. Returns `false` once no more frames are
    /// wanted (the count is reached, the size limit closed the clip, or the
    /// canvas was resized).
    pub fn offer(&mut self, rgba: &[u8], width: u32, height: u32) -> bool {
        let Some(send) = &self.frames else {
            return false;
        };
        if self.left == 0 || (width, height) != self.size {
            self.frames = None;
            return false;
        }
        match send.try_send(rgba.to_vec()) {
            Ok(()) => self.left -= 1,
            Err(TrySendError::Full(_)) => self.skipped += 1,
            Err(TrySendError::Disconnected(_)) => {
                self.frames = None;
                return false;
            }
        }
        if self.left == 0 {
            self.frames = None;
        }
        self.frames.is_some()
    }

    /// Whether frames are still being taken.
    pub fn taking(&self) -> bool {
        self.frames.is_some()
    }

    /// Checks, without waiting, whether the file is written.
    pub fn poll(&mut self) -> Status {
        match self.done.try_recv() {
            Ok(result) => self.written(result),
            Err(TryRecvError::Empty) => Status::Recording,
            Err(TryRecvError::Disconnected) => Status::Failed("the clip writer stopped".into()),
        }
    }

    /// The writer's result, once it has sent it: its thread is joined.
    fn written(&mut self, result: Result<ClipSummary, String>) -> Status {
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
        match result {
            Ok(summary) => Status::Done(summary, self.skipped),
            Err(message) => Status::Failed(message),
        }
    }

    /// Takes no more frames and waits at most `wait` for the frames taken
    /// so far to be written: for quitting while recording.
    pub fn finish(mut self, wait: Duration) -> Status {
        // Closing the channel ends the writer's loop; it then writes the file.
        self.frames = None;
        match self.done.recv_timeout(wait) {
            Ok(result) => self.written(result),
            Err(RecvTimeoutError::Timeout) => Status::Failed(format!(
                "still writing after {} s; the clip was left unfinished",
                wait.as_secs_f64()
            )),
            Err(RecvTimeoutError::Disconnected) => Status::Failed("the clip writer stopped".into()),
        }
    }
}
