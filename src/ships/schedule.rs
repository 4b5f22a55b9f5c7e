//! The sampling schedule: when each ship reads the canvas under it.
//!
//! Sampling is staggered: with `n` ships and an interval `I`, ship `i` first
//! samples at `i·I/n`, then every `I` of simulated time, so the ships do not
//! all sample in the same step. An interval of 0 samples every step. Only
//! simulated time counts, so results do not depend on the frame rate.

/// When ship `index` of `count` first samples: `now + interval·index/count`.
pub fn staggered_start(index: usize, count: usize, now_ms: f64, interval_ms: f64) -> f64 {
    now_ms + interval_ms * index as f64 / count.max(1) as f64
}

/// True when a ship whose next sample is at `next_sample_ms` samples at
/// `now_ms`; if so, moves `next_sample_ms` to its next time strictly after
/// now, keeping the phase. An interval of 0 (or less) is due every step.
pub fn sample_is_due(next_sample_ms: &mut f64, now_ms: f64, interval_ms: f64) -> bool {
    if interval_ms <= 0.0 {
        return true;
    }
    if *next_sample_ms > now_ms {
        return false;
    }
    let behind = ((now_ms - *next_sample_ms) / interval_ms).floor() + 1.0;
    *next_sample_ms += behind.max(1.0) * interval_ms;
    true
}
