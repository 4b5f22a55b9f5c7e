//! With the `trace` feature, a game's own subscriber sees hitfield's spans
//! nested in its frame: stages under `world.step`, bin tasks under
//! `field.particles` on the thread that runs the stage, every span named in
//! `hitfield::trace::SPANS` (feature `internals`), and the results unchanged.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

use hitfield::prelude::*;
use tracing::span::{Attributes, Id};
use tracing::Subscriber;
use tracing_subscriber::layer::{Context, Layer};
use tracing_subscriber::prelude::*;
use tracing_subscriber::registry::LookupSpan;

/// Every span opened: its name, its parent's name, and its thread.
static SEEN: Mutex<Vec<(String, Option<String>, std::thread::ThreadId)>> = Mutex::new(Vec::new());

struct Record;

impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Record {
    fn on_new_span(&self, _attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
        let span = ctx.span(id).expect("a new span is in the registry");
        let parent = span.parent().map(|p| p.name().to_string());
        SEEN.lock().unwrap_or_else(|e| e.into_inner()).push((
            span.name().to_string(),
            parent,
            std::thread::current().id(),
        ));
    }
}

fn world(parallel: bool) -> World {
    let mut settings = Settings::default();
    settings.field.particles = 30_000;
    settings.field.width = 320;
    settings.field.height = 200;
    settings.field.parallel = parallel;
    settings.ships.count = 12;
    settings.ships.sample_interval_ms = 0.0;
    settings.ships.scale = 1.5;
    let sprites = ShipSprite::defaults(settings.ships.ship_alpha_min);
    World::new(settings, sprites).expect("valid settings")
}

#[test]
fn a_games_subscriber_sees_hitfields_spans_inside_its_frame() {
    // The same world first with no subscriber, then with the game's.
    let mut untraced = world(true);
    for _ in 0..10 {
        untraced.step();
    }
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(Record))
        .expect("the only subscriber in this test binary");
    let main = std::thread::current().id();
    let mut traced = world(true);
    for frame in 0..10 {
        let _frame = tracing::info_span!("game.frame", frame).entered();
        traced.step();
    }
    assert_eq!(
        traced.field().canvas().hash64(),
        untraced.field().canvas().hash64(),
        "spans change nothing"
    );
    let hits = |w: &World| w.ships().iter().map(|s| s.hits_total()).sum::<u64>();
    assert_eq!(hits(&traced), hits(&untraced));

    let seen = SEEN.lock().unwrap_or_else(|e| e.into_inner()).clone();
    let mut parents: BTreeMap<&str, BTreeSet<Option<&str>>> = BTreeMap::new();
    for (name, parent, _) in &seen {
        parents
            .entry(name.as_str())
            .or_default()
            .insert(parent.as_deref());
    }
    let only = |name: &str, parent: &str| {
        assert_eq!(
            parents.get(name),
            Some(&BTreeSet::from([Some(parent)])),
            "{name}'s parent"
        );
    };
    only("world.step", "game.frame");
    for stage in [
        "field.flow",
        "field.particles",
        "field.trails",
        "ships.move",
        "ships.sample",
        "world.contacts",
    ] {
        only(stage, "world.step");
    }
    only("collide.broadphase", "world.contacts");
    // A task is a child of its stage on the thread that runs the stage, and
    // a root span on a worker of the pool.
    // The flow's rows run in the flow stage on a step whose grid was not
    // worked out in the step before, and in the particles stage for the
    // next step.
    for (task, stages) in [
        ("field.bin", &["field.particles"][..]),
        ("field.flow.row", &["field.flow", "field.particles"][..]),
        ("field.trails.band", &["field.trails"][..]),
        ("ships.sample.ship", &["ships.sample"][..]),
    ] {
        for (name, parent, thread) in &seen {
            if name == task && *thread == main {
                let parent = parent.as_deref().unwrap_or("none");
                assert!(
                    stages.contains(&parent),
                    "{task} on the main thread in {parent}"
                );
            }
        }
        // Trail bands run only on steps that left pieces for later (moves
        // reaching past their task's rows), which a short run may not have.
        if task != "field.trails.band" {
            assert!(parents.contains_key(task), "{task} opened");
        }
    }
    let bins = seen.iter().filter(|(n, ..)| n == "field.bin").count();
    // Seven bands of 32 rows; the last shares the first band's bin.
    assert_eq!(
        bins,
        10 * (200usize.div_ceil(32) - 1),
        "one bin task per bin per step"
    );
    for name in parents.keys().filter(|n| **n != "game.frame") {
        assert!(
            hitfield::trace::SPANS.contains(name),
            "{name} is not in trace::SPANS"
        );
    }
}
