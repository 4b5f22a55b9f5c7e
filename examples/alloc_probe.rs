use hitfield::prelude::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
struct A;
static ON: AtomicBool = AtomicBool::new(false);
static N: AtomicUsize = AtomicUsize::new(0);
static BYTES: AtomicUsize = AtomicUsize::new(0);
thread_local! { static IN: Cell<bool> = const { Cell::new(false) }; }
unsafe impl GlobalAlloc for A {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        note(l.size());
        unsafe { System.alloc(l) }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        note(l.size());
        unsafe { System.alloc_zeroed(l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        note(n);
        unsafe { System.realloc(p, l, n) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        unsafe { System.dealloc(p, l) }
    }
}
fn note(size: usize) {
    if !ON.load(Ordering::Relaxed) {
        return;
    }
    N.fetch_add(1, Ordering::Relaxed);
    BYTES.fetch_add(size, Ordering::Relaxed);
    if size >= 16384 {
        IN.with(|f| {
            if !f.get() {
                f.set(true);
                let bt = std::backtrace::Backtrace::force_capture().to_string();
                let frames: Vec<&str> = bt
                    .lines()
                    .filter(|l| l.contains("hitfield::"))
                    .take(3)
                    .collect();
                eprintln!("{size}: {}", frames.join(" | "));
                f.set(false);
            }
        });
    }
}
#[global_allocator]
static G: A = A;
fn main() {
    rayon::ThreadPoolBuilder::new()
        .use_current_thread()
        .build_global()
        .unwrap();
    let mut s = Settings::default();
    s.field.particles = 1_000_000;
    s.field.seed = 1;
    s.ships.count = 0;
    let mut w = World::new(s, Vec::new()).unwrap();
    for _ in 0..1000 {
        w.step();
    }
    ON.store(true, Ordering::Relaxed);
    for _ in 0..100 {
        w.step();
    }
    ON.store(false, Ordering::Relaxed);
    println!(
        "100 steps: {} allocations, {} bytes",
        N.load(Ordering::Relaxed),
        BYTES.load(Ordering::Relaxed)
    );
}
