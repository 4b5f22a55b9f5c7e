//! Fixed-step timing: real time accumulates, the simulation advances in
//! whole steps, and a slow frame never makes the next one slower.

use hitfield::stats::Ring;

use super::profile::Summary;

/// Most steps run in one frame; time beyond that is dropped.
pub const MAX_STEPS_PER_FRAME: u32 = 4;

/// A real-time accumulator that hands out whole fixed steps.
#[derive(Clone, Debug, Default)]
pub struct Stepper {
    acc_ms: f64,
    /// Steps dropped so far because a frame fell too far behind.
    pub dropped: u64,
}

impl Stepper {
    /// Adds `frame_ms` of real time and returns how many `step_ms` steps to
    /// run now (at most [`MAX_STEPS_PER_FRAME`]). Paused, nothing
    /// accumulates. A non-positive or non-finite step or frame time counts as
    /// no time at all.
    pub fn due(&mut self, frame_ms: f64, step_ms: f64, paused: bool) -> u32 {
        if paused || !(step_ms.is_finite() && step_ms > 0.0) {
            self.acc_ms = 0.0;
            return 0;
        }
        if frame_ms.is_finite() && frame_ms > 0.0 {
            self.acc_ms += frame_ms;
        }
        let whole = (self.acc_ms / step_ms).floor();
        if whole > f64::from(MAX_STEPS_PER_FRAME) {
            self.dropped += (whole as u64).saturating_sub(u64::from(MAX_STEPS_PER_FRAME));
            // Keep the fraction of a step so pacing stays smooth after a stall.
            self.acc_ms = self.acc_ms.rem_euclid(step_ms);
            return MAX_STEPS_PER_FRAME;
        }
        self.acc_ms -= whole * step_ms;
        whole as u32
    }

    /// Forgets accumulated time (after a reset or unpause).
    pub fn reset(&mut self) {
        self.acc_ms = 0.0;
    }
}

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
    fn accumulates_fractions_into_whole_steps() {
        let mut s = Stepper::default();
        assert_eq!(s.due(10.0, 16.0, false), 0);
        assert_eq!(s.due(10.0, 16.0, false), 1);
        assert_eq!(s.due(12.0, 16.0, false), 1);
        assert_eq!(s.due(0.0, 16.0, false), 0);
        assert_eq!(s.due(32.0, 16.0, false), 2);
    }

    #[test]
    fn caps_catch_up_and_drops_the_rest() {
        let mut s = Stepper::default();
        assert_eq!(s.due(1000.0, 10.0, false), MAX_STEPS_PER_FRAME);
        assert_eq!(s.dropped, 96);
        // The next normal frame is normal again: no spiral.
        assert_eq!(s.due(10.0, 10.0, false), 1);
    }

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

    #[test]
    fn paused_and_bad_inputs_run_nothing() {
        let mut s = Stepper::default();
        assert_eq!(s.due(100.0, 10.0, true), 0);
        assert_eq!(s.due(0.0, 10.0, false), 0);
        assert_eq!(s.due(100.0, 0.0, false), 0);
        assert_eq!(s.due(100.0, f64::NAN, false), 0);
        assert_eq!(s.due(f64::INFINITY, 10.0, false), 0);
        assert_eq!(s.due(-5.0, 10.0, false), 0);
    }
}
