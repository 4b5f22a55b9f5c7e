//! Per-stage step timings: [`Stage`] names each stage of a step and
//! [`StageTimes`] holds one step's milliseconds per stage, as
//! [`crate::World::step`] returns them.

use crate::clock::Clock;

/// One stage of a [`crate::World::step`], in the order the work happens.
/// (The field fades each row inside its particles stage, just before trails
/// are drawn there, so there is no fade stage.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Recomputing the coarse noise velocity grid.
    Flow,
    /// Moving particles (and fading the rows they are drawn into).
    Particles,
    /// Drawing particle segments into the canvas.
    Trails,
    /// Moving ships.
    Ships,
    /// Ships sampling the canvas under them.
    Sample,
    /// Ship-against-ship collision (broad and narrow phase).
    Collide,
}

impl Stage {
    /// Every stage, in step order.
    pub const ALL: [Stage; 6] = [
        Stage::Flow,
        Stage::Particles,
        Stage::Trails,
        Stage::Ships,
        Stage::Sample,
        Stage::Collide,
    ];
    /// Number of stages.
    pub const COUNT: usize = Self::ALL.len();

    /// Lower-case name used in CSV headers and JSON keys.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Flow => "flow",
            Stage::Particles => "particles",
            Stage::Trails => "trails",
            Stage::Ships => "ships",
            Stage::Sample => "sample",
            Stage::Collide => "collide",
        }
    }

    /// Position of this stage in [`Stage::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Milliseconds spent in each stage during one step, and the clock that
/// [`StageTimes::time`] reads.
#[derive(Clone, Copy, Debug, Default)]
pub struct StageTimes {
    ms: [f64; Stage::COUNT],
    clock: Clock,
}

/// Equal when every stage's time is; the clock is not compared.
impl PartialEq for StageTimes {
    fn eq(&self, other: &Self) -> bool {
        self.ms == other.ms
    }
}

impl StageTimes {
    /// All zero, timed with `clock`.
    pub fn with_clock(clock: Clock) -> Self {
        Self {
            ms: [0.0; Stage::COUNT],
            clock,
        }
    }

    /// The clock [`StageTimes::time`] reads.
    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// Times later stages with `clock`.
    pub fn set_clock(&mut self, clock: Clock) {
        self.clock = clock;
    }

    /// Milliseconds recorded for `stage`.
    pub fn get(&self, stage: Stage) -> f64 {
        self.ms[stage.index()]
    }

    /// Adds `ms` to `stage`.
    pub fn add(&mut self, stage: Stage, ms: f64) {
        self.ms[stage.index()] += ms;
    }

    /// Runs `f`, adds the time it took by this record's clock to `stage`,
    /// and returns its result.
    pub fn time<R>(&mut self, stage: Stage, f: impl FnOnce() -> R) -> R {
        let start = self.clock.now();
        let out = f();
        self.add(stage, self.clock.ms_since(start));
        out
    }

    /// Adds every stage of `other` to this one.
    pub fn accumulate(&mut self, other: &StageTimes) {
        for (a, b) in self.ms.iter_mut().zip(other.ms) {
            *a += b;
        }
    }

    /// Sum over all stages.
    pub fn total(&self) -> f64 {
        self.ms.iter().sum()
    }

    /// Sets every stage back to zero.
    pub fn clear(&mut self) {
        self.ms = [0.0; Stage::COUNT];
    }
}
