//! The calling thread and rayon's helpers on one frame, without waiting for
//! a helper that has not started: a helper that wakes after the caller has
//! finished finds the frame closed and leaves at once, so a busy machine
//! (where a pool thread can wait milliseconds for a core) costs the frame
//! nothing but the chunks the caller then does itself.

use std::any::Any;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Runs `work` on this thread and on up to `threads − 1` of rayon's pool
/// threads, each call of `work` claiming what is left (so every call may
/// find nothing to do); returns when this thread's call has returned and
/// every helper call that started has returned. A panic in a helper's
/// call is raised here.
pub(super) fn share(threads: usize, work: &(dyn Fn() + Sync)) {
    if threads <= 1 {
        work();
        return;
    }
    // SAFETY: the erased reference is only called by a helper between a
    // successful `Door::enter` and its `leave`, and this function does not
    // return (so `work` outlives every such call) before `close` has seen
    // every entered helper leave; no helper enters after `close`.
    let erased: &'static (dyn Fn() + Sync) = unsafe { std::mem::transmute(work) };
    let shared = Arc::new(Shared {
        door: Door(AtomicUsize::new(0)),
        work: erased,
        panic: Mutex::new(None),
    });
    for _ in 1..threads {
        let shared = Arc::clone(&shared);
        rayon::spawn(move || {
            if !shared.door.enter() {
                return;
            }
            let result = catch_unwind(AssertUnwindSafe(shared.work));
            shared.door.leave();
            if let Err(panic) = result {
                if let Ok(mut slot) = shared.panic.lock() {
                    slot.get_or_insert(panic);
                }
            }
        });
    }
    let mine = catch_unwind(AssertUnwindSafe(work));
    shared.door.close();
    if let Err(panic) = mine {
        resume_unwind(panic);
    }
    let theirs = shared.panic.lock().ok().and_then(|mut slot| slot.take());
    if let Some(panic) = theirs {
        resume_unwind(panic);
    }
}

/// What the caller shares with its helpers.
struct Shared {
    door: Door,
    work: &'static (dyn Fn() + Sync),
    panic: Mutex<Option<Box<dyn Any + Send>>>,
}

/// Helpers inside the frame (twice their count) and whether it is closed
/// (bit 0).
struct Door(AtomicUsize);

const CLOSED: usize = 1;

impl Door {
    /// Counts a helper in, unless the frame is closed.
    fn enter(&self) -> bool {
        let mut state = self.0.load(Ordering::Acquire);
        loop {
            if state & CLOSED != 0 {
                return false;
            }
            match self.0.compare_exchange_weak(
                state,
                state + 2,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                Ok(_) => return true,
                Err(now) => state = now,
            }
        }
    }

    fn leave(&self) {
        self.0.fetch_sub(2, Ordering::Release);
    }

    /// Closes the frame and waits for the helpers inside to leave (each is
    /// at most one claimed chunk from the end).
    fn close(&self) {
        self.0.fetch_or(CLOSED, Ordering::AcqRel);
        let mut spins = 0u32;
        while self.0.load(Ordering::Acquire) != CLOSED {
            spins += 1;
            if spins < 256 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    /// Work shared by claims: every item done once whoever joins.
    #[test]
    fn every_claim_once() {
        for threads in [1, 2, 4] {
            for _ in 0..200 {
                let next = AtomicUsize::new(0);
                let sum = AtomicU64::new(0);
                share(threads, &|| loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    if k >= 100 {
                        return;
                    }
                    sum.fetch_add(k as u64, Ordering::Relaxed);
                });
                assert_eq!(sum.into_inner(), 4950);
            }
        }
    }

    /// A helper's panic reaches the caller. (wasm32-wasip1 aborts on a
    /// panic, so there is nothing to catch there.)
    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "panics abort on wasm32-wasip1")]
    fn a_helpers_panic_reaches_the_caller() {
        let caught = catch_unwind(|| {
            share(2, &|| {
                if rayon::current_thread_index().is_some() {
                    panic!("helper");
                }
                // The caller waits a little so a helper can join.
                std::thread::sleep(std::time::Duration::from_millis(20));
            })
        });
        // The helper may not have joined in time: then nothing panicked.
        if let Err(p) = caught {
            assert_eq!(p.downcast_ref::<&str>(), Some(&"helper"));
        }
    }
}
