//! The names of the `tracing` spans hitfield opens with the `trace` feature.
//!
//! With the feature on, [`crate::World::step`] opens a span for each stage
//! and one for each parallel task inside it, so a subscriber
//! (`tracing-tracy`, `tracing-chrome`, Bevy's `trace_chrome`/`trace_tracy`,
//! puffin through its layer) shows where a step's time goes, thread by
//! thread, nested in the game's own frame. With the feature off the spans are
//! compiled out; on with no subscriber each costs the check of one atomic.
//! Every span is at level `INFO`, with the target of the module it is in
//! (`hitfield::…`), so `hitfield=info` keeps them and `hitfield=off` drops
//! them.
//!
//! A stage span is opened on the thread that calls [`crate::World::step`];
//! a task span on whichever thread rayon runs the task (the calling thread
//! works too when it is in the pool). Tasks are never nested in tasks, so a
//! thread's busy time is the sum of its task spans ([`is_task`]).
//!
//! | span | kind | fields | what |
//! | --- | --- | --- | --- |
//! | `world.step` | stage | `step` | one [`crate::World::step`] |
//! | `field.flow` | stage | | the flow grid recomputed |
//! | `field.flow.row` | task | `row` | one row of flow cells (the next step's rows run in `field.particles`) |
//! | `field.particles` | stage | | particles moved and drawn: an odd bin after the even bins beside it |
//! | `field.bin` | task | `bin`, `particles` | one bin's particles moved and drawn (the rows of its zone that no earlier task held faded first) |
//! | `field.trails` | stage | | the far pieces drawn, particles moved between bins |
//! | `field.trails.band` | task | `band` | one band's far pieces drawn |
//! | `field.settle.bin` | task | `bin` | particles arriving in one bin appended |
//! | `ships.move` | task | | ships moved |
//! | `ships.sample` | stage | | ships whose sample is due read the canvas |
//! | `ships.sample.ship` | task | `ship` | one ship's sample |
//! | `world.contacts` | stage | | ship-ship contacts |
//! | `collide.broadphase` | task | `ships` | sweep-and-prune over the ships' boxes |
//! | `collide.posed` | task | `ship` | one ship's posed mask made ready |
//! | `collide.pair` | task | `a`, `b` | one candidate pair's exact test |

internal! {
/// Every span name, stages and tasks, in the order a step opens them.
pub const SPANS: [&str; 15] = [
    "world.step",
    "field.flow",
    "field.flow.row",
    "field.particles",
    "field.bin",
    "field.trails",
    "field.trails.band",
    "field.settle.bin",
    "ships.move",
    "ships.sample",
    "ships.sample.ship",
    "world.contacts",
    "collide.broadphase",
    "collide.posed",
    "collide.pair",
];
}

internal! {
/// The task spans: the work itself, never nested in one another. A thread's
/// busy time in a step is the sum of its task spans; the rest of a stage
/// span on the calling thread is waiting for the pool (and a little setup).
pub const TASK_SPANS: [&str; 9] = [
    "field.flow.row",
    "field.bin",
    "field.trails.band",
    "field.settle.bin",
    "ships.move",
    "ships.sample.ship",
    "collide.broadphase",
    "collide.posed",
    "collide.pair",
];
}

/// True for a task span's name (the spans of kind "task" in the table
/// above): a subscriber that sums these per thread gets each thread's busy
/// time, as the demo's profiler does.
pub fn is_task(name: &str) -> bool {
    TASK_SPANS.contains(&name)
}

/// Opens an `INFO` span named `$name` (with `tracing`'s field syntax after
/// it) until the end of the enclosing block, with the `trace` feature;
/// nothing without it (the field expressions are not evaluated).
#[cfg(feature = "trace")]
macro_rules! span {
    ($name:literal $(, $($fields:tt)*)?) => {
        let _hitfield_span = ::tracing::info_span!($name $(, $($fields)*)?).entered();
    };
}

/// Opens an `INFO` span named `$name` (with `tracing`'s field syntax after
/// it) until the end of the enclosing block, with the `trace` feature;
/// nothing without it (the field expressions are not evaluated).
#[cfg(not(feature = "trace"))]
macro_rules! span {
    ($name:literal $(, $($fields:tt)*)?) => {};
}

pub(crate) use span;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_is_a_span_and_the_table_lists_every_span() {
        let doc = include_str!("trace.rs");
        for name in SPANS {
            assert!(
                doc.contains(&format!("//! | `{name}` |")),
                "{name} undocumented"
            );
        }
        for name in TASK_SPANS {
            assert!(SPANS.contains(&name), "{name}");
            assert!(doc.contains(&format!("//! | `{name}` | task |")), "{name}");
        }
        assert!(!is_task("world.step") && is_task("field.bin"));
    }
}
