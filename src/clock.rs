//! Where stage timings read the time. The core never asks the system for
//! the time itself: a [`Clock`] is handed to it, so the headless runner,
//! the desktop demo and the web build time their stages the same way.
//! (`std::time::Instant::now()` panics on `wasm32-unknown-unknown`.)

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

#[cfg(test)]
mod tests {
    use super::*;

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
