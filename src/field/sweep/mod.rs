//! The particles stage: each bin's particles move and draw their trails
//! straight into the canvas rows around their band.
//!
//! A task owns bin `k` and its *zone* ([`zone::Zone`]), rows `k·B − B/2 ..
//! (k+1)·B + B/2` (`B` rows per band). The edge bin, 0, also holds the
//! last band ([`Bands`]), and its zone is the rows around both edges, on
//! a copy laid end to end. A task runs only after the tasks before it
//! whose zones share rows with its own ([`schedule`], [`plan`]), holding its rows
//! while it runs ([`rows`]), so no two tasks ever touch the same pixel at
//! once. A particle whose move stays inside its zone without wrapping is
//! drawn at once: from precomputed pixels when the line is at most four
//! steps long ([`lines::Line`]). A wrapped move is two pieces; each
//! piece whose rows lie in the zone is drawn at once too, clipped to the
//! canvas (the near side of every wrap, both sides of a wrap across the
//! left or right edge, and for the edge bin both sides of a wrap across
//! the top or bottom edge); the rest are filed under every band they
//! touch and drawn band-parallel afterwards ([`super::trails::draw`]).
//! Pixels keep the higher-ranked colour, so none of this order matters
//! to the result.
//!
//! Busy phases of the flow are mostly wraps: where the flow at an edge
//! points out of the canvas, particles bounce between two edges every step
//! (with seed 1 at 1M particles, up to 12% of them), so wrapped lanes stay
//! on the vector path, short wrapped moves are drawn inline, such a
//! particle stays in the edge bin, and the particles that do change bin
//! are filed per destination bin and appended column by column
//! ([`migrate::settle`]).
//!
//! Each block of [`flags::BLOCK`] particles runs in two stages ([`job`]):
//! [`dispatch::prepare`] moves them and records where and how each trail is
//! drawn ([`prepared`], [`flags`]; vector code where the CPU has it, see
//! `crate::cpu`); [`block::draw`] then merges pixels.

mod block;
mod columns;
mod dispatch;
mod flags;
mod job;
mod lines;
mod merge;
mod migrate;
mod plan;
mod prefetch;
mod prepared;
mod rows;
mod scalar;
mod schedule;
mod shared;
mod upkeep;
crate::cpu::simd128! { items: mod v128; }
#[cfg(target_arch = "x86_64")]
mod x86;
mod zone;

use super::bins::Bins;
use super::flow::FlowGrid;
use job::Job;
pub(crate) use lines::LineTable;
pub(crate) use migrate::{settle, Leftovers};
use plan::Plan;
use rows::SharedRows;
pub(crate) use shared::Shared;
pub(crate) use upkeep::trim;

/// The next step's flow grid, worked out as the step's last task: it waits
/// on no bin and no bin waits on it, and with the least work ahead it is
/// taken when no bin's task is ready, so on two threads it mostly fills
/// the wait at the step's end (1M particles: about 0.045 ms of a 2.3 ms
/// step that the flow stage took before, its rows on rayon gaining
/// nothing over one thread). The grid holds the same values either way.
pub(crate) struct NextFlow<'a> {
    pub grid: &'a mut FlowGrid,
    /// Noise time and frequency of the next step.
    pub t: f64,
    pub frequency: f64,
}

/// A task of the particles stage.
enum Task<'a> {
    Bin(Job<'a>),
    Flow(NextFlow<'a>),
}

/// Moves every particle and draws what it can, and works out `next_flow`.
/// `leftovers` gets one entry per bin; `edge` is the edge bin's working
/// copy of its zone, kept from step to step for its capacity.
///
/// Bin `k`'s task owns its zone while it runs. Two tasks whose zones
/// share rows never run at once: an odd task runs after the even ones
/// beside it, and of two even tasks, the lower bin first (the edge bin
/// and the bin above the last band, when there is an odd number of bins).
/// Each task first fades the rows of its zone that no task before it
/// holds, so every row is faded once, before any trail reaches it.
pub(crate) fn run(
    pixels: &mut [[u8; 4]],
    bins: &mut Bins,
    leftovers: &mut Vec<Leftovers>,
    edge: &mut Vec<[u8; 4]>,
    s: &Shared,
    next_flow: NextFlow,
    (fade, parallel): (u8, bool),
) {
    let bands = bins.bands();
    let count = bins.bins_mut().len();
    leftovers.resize_with(count, Leftovers::default);
    for l in leftovers.iter_mut() {
        l.clear(bands);
    }
    let plan = Plan::new(bands);
    let mut edge = Some(edge);
    let jobs = bins
        .bins_mut()
        .iter_mut()
        .zip(leftovers.iter_mut())
        .zip(&plan.zones)
        .zip(&plan.fades)
        .map(|(((bin, left), &z), fade_rows)| {
            let job = Job {
                z,
                fade_rows: fade_rows.clone(),
                fade,
                scratch: if z.wrap != 0 { edge.take() } else { None },
                bin,
                left,
            };
            let particles = job.bin.len() as u64;
            (Task::Bin(job), particles)
        })
        .chain([(Task::Flow(next_flow), 0)])
        .collect();
    let mut tasks = schedule::Tasks::new(jobs);
    for &(later, first) in &plan.after {
        tasks.after(later, first);
    }
    let canvas = SharedRows::new(pixels, s.width);
    let threads = if parallel {
        rayon::current_num_threads()
    } else {
        1
    };
    tasks.run(threads, |task| match task {
        Task::Bin(job) => job.run(&canvas, s),
        // Its rows are `field.flow.row` task spans, as in the flow stage.
        Task::Flow(next) => {
            next.grid.update(next.t, next.frequency, false);
        }
    });
}
