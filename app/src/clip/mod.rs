//! Clips: the field canvas as an animated GIF a user can post.
//!
//! [`Clip`] takes canvas frames, shrinks them by the clip's scale, and
//! encodes them into memory with a size limit: a frame that would take the
//! file past the limit is left out and the clip is closed, so the file on
//! disk is always within the limit and always a whole GIF. `hitfield
//! headless --record` feeds it every K steps; the demo's G key feeds it
//! from a background thread ([`recorder`]).

pub mod recorder;
pub mod scale;

use std::path::{Path, PathBuf};

/// Default `--record-max-mb`: small enough to post almost anywhere.
pub const DEFAULT_MAX_MB: f64 = 8.0;
/// Default `--record-scale`.
pub const DEFAULT_SCALE: f64 = 0.25;
/// Colour quantiser speed (1 best, 30 fastest): the fastest, about 12 ms for
/// a 320×180 frame on an AVX2 EPYC (speed 10 takes 19 ms for the same size).
const QUANT_SPEED: i32 = 30;
/// Shortest frame delay that players honour (2 centiseconds; shorter ones
/// are played at 10).
const MIN_DELAY_CS: u16 = 2;

/// How a clip is written.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipOptions {
    /// Output size over canvas size, above 0 and at most 1.
    pub scale: f64,
    /// Largest file, in bytes.
    pub max_bytes: u64,
    /// Time between frames in milliseconds (sets the GIF frame delay).
    pub frame_ms: f64,
}

impl ClipOptions {
    /// The default scale and size limit, a frame every `frame_ms`.
    pub fn with_defaults(frame_ms: f64) -> ClipOptions {
        ClipOptions {
            scale: DEFAULT_SCALE,
            max_bytes: (DEFAULT_MAX_MB * f64::from(1u32 << 20)) as u64,
            frame_ms,
        }
    }
}

/// What a finished clip holds.
#[derive(Clone, Debug, PartialEq)]
pub struct ClipSummary {
    /// The file written.
    pub path: PathBuf,
    /// Frames in the file.
    pub frames: u64,
    /// File size in bytes.
    pub bytes: u64,
    /// Output size in pixels.
    pub size: (u32, u32),
    /// Whether frames were left out at the size limit.
    pub at_limit: bool,
}

impl ClipSummary {
    /// One line for stderr and the status bar.
    pub fn describe(&self) -> String {
        let limit = if self.at_limit {
            ", stopped at the size limit"
        } else {
            ""
        };
        format!(
            "{} frames, {}x{}, {:.2} MiB{limit}",
            self.frames,
            self.size.0,
            self.size.1,
            self.bytes as f64 / f64::from(1u32 << 20)
        )
    }
}

/// A GIF being written.
pub struct Clip {
    path: PathBuf,
    encoder: gif::Encoder<Vec<u8>>,
    source: (u32, u32),
    size: (u32, u32),
    max_bytes: u64,
    delay_cs: u16,
    frames: u64,
    at_limit: bool,
}

impl Clip {
    /// Starts a clip of a `width`×`height` canvas, to be written to `path`
    /// by [`Clip::finish`]. Errors name what is wrong with the size.
    pub fn new(
        path: &Path,
        width: u32,
        height: u32,
        options: &ClipOptions,
    ) -> Result<Clip, String> {
        let size = scale::scaled_size(width, height, options.scale);
        let (w, h) = match (u16::try_from(size.0), u16::try_from(size.1)) {
            (Ok(w), Ok(h)) => (w, h),
            _ => {
                return Err(format!(
                    "a {}x{} clip is beyond GIF's 65535 pixels a side; lower the scale",
                    size.0, size.1
                ))
            }
        };
        let mut encoder = gif::Encoder::new(Vec::new(), w, h, &[]).map_err(|e| e.to_string())?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .map_err(|e| e.to_string())?;
        let delay_cs = (options.frame_ms / 10.0)
            .round()
            .clamp(f64::from(MIN_DELAY_CS), 65535.0) as u16;
        Ok(Clip {
            path: path.to_path_buf(),
            encoder,
            source: (width, height),
            size,
            max_bytes: options.max_bytes,
            delay_cs,
            frames: 0,
            at_limit: false,
        })
    }

    /// Frames added so far.
    #[cfg_attr(not(feature = "cli"), allow(dead_code))]
    pub fn frames(&self) -> u64 {
        self.frames
    }

    /// Adds one canvas frame (`rgba` of the size given to [`Clip::new`]).
    /// Returns `false` once the clip is closed: this frame (and any later
    /// one) would pass the size limit, or the canvas size changed.
    pub fn push(&mut self, rgba: &[u8], width: u32, height: u32) -> bool {
        if self.at_limit || (width, height) != self.source {
            self.at_limit = true;
            return false;
        }
        let Some(rgb) = scale::shrink_rgb(rgba, width, height, self.size.0, self.size.1) else {
            self.at_limit = true;
            return false;
        };
        // Sizes fit u16: checked in `new`.
        let mut frame =
            gif::Frame::from_rgb_speed(self.size.0 as u16, self.size.1 as u16, &rgb, QUANT_SPEED);
        frame.delay = self.delay_cs;
        let before = self.encoder.get_ref().len();
        // One byte for the trailer that `finish` adds.
        let fits = self.encoder.write_frame(&frame).is_ok()
            && (self.encoder.get_ref().len() as u64) < self.max_bytes;
        if !fits {
            self.encoder.get_mut().truncate(before);
            self.at_limit = true;
            return false;
        }
        self.frames += 1;
        true
    }

    /// Closes the GIF and writes it to its path, whole
    /// ([`crate::paths::write_whole`]).
    pub fn finish(self) -> Result<ClipSummary, String> {
        let bytes = self.encoder.into_inner().map_err(|e| e.to_string())?;
        crate::paths::write_whole(&self.path, &bytes)?;
        Ok(ClipSummary {
            path: self.path,
            frames: self.frames,
            bytes: bytes.len() as u64,
            size: self.size,
            at_limit: self.at_limit,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rest (frames, scale, the size limit) is `headless --record`'s
    /// test (tests/record_clip.rs).
    #[test]
    fn too_wide_is_an_error() {
        let options = ClipOptions::with_defaults(20.0);
        assert!(Clip::new(
            Path::new("x.gif"),
            70_000,
            1,
            &ClipOptions {
                scale: 1.0,
                ..options
            }
        )
        .is_err());
    }
}
