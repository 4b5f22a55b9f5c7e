//! Where stage timings read the time, and how a game loop paces the
//! world's fixed steps. The core never asks the system for the time
//! itself: a [`Clock`] is handed to it, so the headless runner, the desktop
//! demo and the web build time their stages the same way.
//! (`std::time::Instant::now()` panics on `wasm32-unknown-unknown`.)
//! [`Stepper`] turns a frame's real time into whole steps.

use std::fmt;

/// A monotonic clock: seconds since an arbitrary start.
///
/// ```
/// use hitfield::clock::Clock;
/// let clock = Clock::new(|| 2.5);
/// assert_eq!(clock.ms_since(2.0), 500.0);
/// assert_eq!(Clock::stopped().now(), 0.0);
/// ```
#[derive(Clone, Copy)]
pub struct Clock {
    now: fn() -> f64,
}

impl Clock {
    /// A clock that reads `now`, in seconds (e.g. macroquad's `get_time`).
    pub const fn new(now: fn() -> f64) -> Clock {
        Clock { now }
    }

    /// `std::time::Instant`, in seconds since the first reading in this
    /// process. Not on `wasm32-unknown-unknown`, which has no system clock.
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    pub fn system() -> Clock {
        fn since_first_reading() -> f64 {
            static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
            START
                .get_or_init(std::time::Instant::now)
                .elapsed()
                .as_secs_f64()
        }
        Clock::new(since_first_reading)
    }

    /// A clock that always reads 0, so every stage times as 0 ms.
    pub const fn stopped() -> Clock {
        fn zero() -> f64 {
            0.0
        }
        Clock::new(zero)
    }

    /// Seconds now.
    pub fn now(&self) -> f64 {
        (self.now)()
    }

    /// Milliseconds from `start` (a reading of this clock) to now; never
    /// negative.
    pub fn ms_since(&self, start: f64) -> f64 {
        let ms = (self.now() - start) * 1e3;
        if ms.is_finite() {
            ms.max(0.0)
        } else {
            0.0
        }
    }
}

/// The system clock where there is one; on `wasm32-unknown-unknown` a
/// stopped clock until the program hands the world a real one.
impl Default for Clock {
    fn default() -> Clock {
        #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
        return Clock::system();
        #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
        return Clock::stopped();
    }
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Clock")
    }
}

/// Most steps a [`Stepper`] hands out for one frame; time beyond that is
/// dropped.
pub const MAX_STEPS_PER_FRAME: u32 = 4;

/// A real-time accumulator that hands out whole fixed steps, for a game
/// loop around [`crate::world::World::step`]: real time accumulates, the
/// world advances in whole steps, and a slow frame never makes the next one
/// slower (what is past [`MAX_STEPS_PER_FRAME`] is dropped).
///
/// ```
/// use hitfield::clock::Stepper;
///
/// let mut stepper = Stepper::default();
/// // 80 Hz frames, 20 ms steps (50 Hz): a step on most frames.
/// let steps: Vec<u32> = (0..6).map(|_| stepper.due(12.5, 20.0, false)).collect();
/// assert_eq!(steps, [0, 1, 0, 1, 1, 0]);
/// assert_eq!(stepper.due(1000.0, 20.0, false), 4, "a stall runs at most 4");
/// ```
#[derive(Clone, Debug, Default)]
pub struct Stepper {
    acc_ms: f64,
    /// Steps dropped so far because a frame fell too far behind.
    pub dropped: u64,
}

impl Stepper {
    /// Adds `frame_ms` of real time and returns how many `step_ms` steps to
    /// run now (at most [`MAX_STEPS_PER_FRAME`]). Paused, nothing
    /// accumulates. A non-positive or non-finite step or frame time counts
    /// as no time at all.
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
    fn paused_and_bad_inputs_run_nothing() {
        let mut s = Stepper::default();
        assert_eq!(s.due(100.0, 10.0, true), 0);
        assert_eq!(s.due(0.0, 10.0, false), 0);
        assert_eq!(s.due(100.0, 0.0, false), 0);
        assert_eq!(s.due(100.0, f64::NAN, false), 0);
        assert_eq!(s.due(f64::INFINITY, 10.0, false), 0);
        assert_eq!(s.due(-5.0, 10.0, false), 0);
    }

    #[test]
    fn system_clock_moves_forward() {
        let clock = Clock::system();
        let start = clock.now();
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert!(clock.ms_since(start) >= 4.0);
    }

    #[test]
    fn readings_that_go_back_or_are_not_numbers_give_zero() {
        assert_eq!(Clock::new(|| 1.0).ms_since(2.0), 0.0);
        assert_eq!(Clock::new(|| f64::NAN).ms_since(0.0), 0.0);
        assert_eq!(Clock::stopped().ms_since(0.0), 0.0);
    }
}
