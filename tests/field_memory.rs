//! The field's memory stays flat: a crowd of particles sweeping through
//! every band (each bin in turn holds most of them) leaves no bin holding
//! the capacity it had at its fullest. The heap is counted by a global
//! allocator that keeps the bytes live, as `tests/settings_wild.rs` does
//! for the largest request.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};

use hitfield::field::Field;
use hitfield::profile::StageTimes;
use hitfield::settings::FieldSettings;

/// The system allocator, counting the bytes live.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

// SAFETY: every call is forwarded unchanged to the system allocator.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size() as isize, Ordering::Relaxed);
        }
        p
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_add(
                new_size as isize - layout.size() as isize,
                Ordering::Relaxed,
            );
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size() as isize, Ordering::Relaxed);
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn live() -> isize {
    LIVE.load(Ordering::Relaxed)
}

/// Bytes of state per particle (x, y, speed, wander, identity).
const PARTICLE_BYTES: usize = 20;

#[test]
fn a_crowd_sweeping_every_band_leaves_the_heap_flat() {
    const PARTICLES: usize = 40_000;
    // Noise frequency 0 and no evolution: every cell has brightness 0.5,
    // so every particle heads down at 0.3π–0.6π rad, 2 px a step: the
    // crowd crosses a 32-row band in about 20 steps.
    let settings = FieldSettings {
        width: 256,
        height: 32,
        particles: PARTICLES,
        seed: 3,
        noise_frequency: 0.0,
        evolution_speed: 0.0,
        base_speed: 2.0,
        speed_scale: 0.0,
        wander: 0.6,
        ..FieldSettings::default()
    };
    let before = live();
    let mut field = Field::new(&settings).expect("valid settings");
    // Grown to 1024 rows, the particles stay in the top band: one crowd.
    let tall = FieldSettings {
        height: 1024,
        ..settings
    };
    field.apply_settings(&tall).expect("valid settings");
    let canvas = 256 * 1024 * 4;
    // The crowd's bin, and the few it left in the last 64 steps (a bin
    // gives back its room after 64 steps under two thirds full), may each hold
    // room for a quarter more than the crowd: 8 times the particle state
    // covers them, plus the canvas and 1 MB for the flow grid, the
    // leftovers' lists and the thread pool (5.1 MB measured). Bins that
    // keep the capacity they had at their fullest need about 32 times the
    // particle state here (25 MB).
    let bound = (canvas + 8 * PARTICLE_BYTES * PARTICLES + (1 << 20)) as isize;
    let mut times = StageTimes::default();
    let mut worst = 0;
    for step in 0..1200 {
        field.step(1.0 / 60.0, &mut times);
        if step >= 200 {
            worst = worst.max(live() - before);
        }
    }
    let brightness = field.flow().brightness();
    assert!(brightness.iter().all(|&b| b == 0.5), "a uniform flow");
    // The crowd went round the canvas more than once.
    let ys = &field.particles().y;
    let mean = ys.iter().map(|&y| f64::from(y)).sum::<f64>() / ys.len() as f64;
    assert!(mean > 64.0, "the crowd moved: mean row {mean}");
    assert!(
        worst <= bound,
        "heap {worst} bytes after a crowd swept the bands, bound {bound} ({} particles)",
        PARTICLES
    );
}
