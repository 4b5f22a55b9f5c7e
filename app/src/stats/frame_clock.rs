//! The demo's frame clock: real time between frames, the frame rate and
//! the simulation's speed (its fixed steps are paced by the library's
//! [`hitfield::clock::Stepper`]).

use hitfield::stats::Ring;

use super::profile::Summary;

/// Real time between frames: FPS and simulation speed over the last
/// [`FrameClock::FPS_WINDOW`] frames, percentiles over the last
/// [`FrameClock::CAPACITY`].
#[derive(Clone, Debug)]
pub struct FrameClock {
    /// (real ms, simulated ms) per frame.
    frames: Ring<(f64, f64)>,
    scratch: Vec<f64>,
}

impl Default for FrameClock {
    fn default() -> Self {
        Self {
            frames: Ring::new(Self::CAPACITY),
            scratch: Vec::with_capacity(Self::CAPACITY),
        }
    }
}

impl FrameClock {
    /// Frames kept for percentiles.
    pub const CAPACITY: usize = 300;
    /// Frames averaged for FPS and simulation speed.
    pub const FPS_WINDOW: usize = 60;

    /// Records one frame: the real time it took, in seconds, and the
    /// simulated time it advanced, in milliseconds.
    pub fn record(&mut self, secs: f64, sim_ms: f64) {
        if !(secs.is_finite() && secs >= 0.0) {
            return;
        }
        let sim_ms = if sim_ms.is_finite() {
            sim_ms.max(0.0)
        } else {
            0.0
        };
        self.frames.push((secs * 1e3, sim_ms));
    }

    fn recent(&self) -> (usize, f64, f64) {
        self.frames
            .iter()
            .rev()
            .take(Self::FPS_WINDOW)
            .fold((0, 0.0, 0.0), |(n, real, sim), &(r, s)| {
                (n + 1, real + r, sim + s)
            })
    }

    /// Frames per second over the recent frames, 0 before two frames.
    pub fn fps(&self) -> f64 {
        let (n, real, _) = self.recent();
        if real <= 0.0 {
            return 0.0;
        }
        n as f64 * 1e3 / real
    }

    /// Simulated time per real time over the recent frames: 1 keeps up,
    /// less than 1 falls behind (steps dropped), 0 paused.
    pub fn sim_speed(&self) -> f64 {
        let (_, real, sim) = self.recent();
        if real <= 0.0 {
            return 0.0;
        }
        sim / real
    }

    /// p50/p95/p99/max of the kept frame times, in milliseconds.
    pub fn summary(&mut self) -> Summary {
        Summary::of(self.frames.iter().map(|&(r, _)| r), &mut self.scratch)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frame_clock_gives_fps_speed_and_percentiles() {
        let mut m = FrameClock::default();
        assert_eq!((m.fps(), m.sim_speed()), (0.0, 0.0));
        m.record(0.0, 0.0);
        assert_eq!(m.fps(), 0.0);
        for _ in 0..200 {
            m.record(0.02, 10.0);
        }
        assert!((m.fps() - 50.0).abs() < 1e-6, "{}", m.fps());
        assert!((m.sim_speed() - 0.5).abs() < 1e-9, "{}", m.sim_speed());
        m.record(f64::NAN, 1.0);
        m.record(-1.0, 1.0);
        assert!((m.fps() - 50.0).abs() < 1e-6);
        for _ in 0..3 {
            m.record(0.5, f64::NAN);
        }
        let s = m.summary();
        assert!((s.p50_ms - 20.0).abs() < 1e-9);
        assert!((s.p99_ms - 500.0).abs() < 1e-9);
        // Only the last CAPACITY frames count.
        for _ in 0..FrameClock::CAPACITY {
            m.record(0.01, 10.0);
        }
        assert!((m.summary().max_ms - 10.0).abs() < 1e-9);
        assert!((m.sim_speed() - 1.0).abs() < 1e-9);
    }
}
