//! The calling thread and rayon's helpers on one frame, without waiting for
//! a helper that has not started: helpers are woken first thing
//! ([`Team::wake`]), before the frame's serial stages, and wait for its
//! work ([`Team::run`]); a helper that wakes after the caller has finished
//! finds the frame closed and leaves at once, so a busy machine (where a
//! pool thread can wait milliseconds for a core) costs the frame nothing
//! but the chunks the caller then does itself.

use std::any::Any;
use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Work a helper runs: a reference the caller keeps alive until every
/// helper that entered the frame has left.
type Work = &'static (dyn Fn() + Sync);

/// Helpers woken for one frame, waiting for its work.
pub(super) struct Team {
    /// `None`: no helper was woken (the work runs on this thread alone).
    shared: Option<Arc<Shared>>,
}

impl Team {
    /// No helpers: [`Team::run`] runs the work on this thread alone.
    pub(super) fn alone() -> Team {
        Team { shared: None }
    }

    /// Wakes `threads − 1` of rayon's pool threads now; each waits for the
    /// work [`Team::run`] posts (or for the team to be dropped) and then
    /// takes its share of it.
    pub(super) fn wake(threads: usize) -> Team {
        if threads <= 1 {
            return Team::alone();
        }
        let shared = Arc::new(Shared {
            door: Door(AtomicUsize::new(0)),
            work: OnceLock::new(),
            panic: Mutex::new(None),
        });
        for _ in 1..threads {
            let shared = Arc::clone(&shared);
            rayon::spawn(move || shared.help());
        }
        Team {
            shared: Some(shared),
        }
    }

    /// True when helpers were woken.
    pub(super) fn is_woken(&self) -> bool {
        self.shared.is_some()
    }

    /// Runs `work` on this thread and on the woken helpers, each call of
    /// `work` claiming what is left (so every call may find nothing to
    /// do); returns when this thread's call has returned and every helper
    /// call that started has returned. A panic in a helper's call is
    /// raised here.
    pub(super) fn run(mut self, work: &(dyn Fn() + Sync)) {
        let Some(shared) = self.shared.take() else {
            work();
            return;
        };
        // SAFETY: the erased reference is only called by a helper between
        // a successful `Door::enter` and its `leave`, and this function
        // does not return (so `work` outlives every such call) before
        // `close` has seen every entered helper leave (a panic here is
        // caught first); no helper enters after `close`.
        let erased: Work = unsafe { std::mem::transmute::<&(dyn Fn() + Sync), Work>(work) };
        let _ = shared.work.set(Some(erased));
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
}

impl Drop for Team {
    /// Dismisses the woken helpers when no work was run.
    fn drop(&mut self) {
        if let Some(shared) = self.shared.take() {
            let _ = shared.work.set(None);
            shared.door.close();
        }
    }
}

/// Runs `work` on this thread and on up to `threads − 1` of rayon's pool
/// threads, as [`Team::wake`] then [`Team::run`].
#[cfg(test)]
pub(super) fn share(threads: usize, work: &(dyn Fn() + Sync)) {
    Team::wake(threads).run(work);
}

/// What the caller shares with its helpers.
struct Shared {
    door: Door,
    /// The work once posted (`None`: dismissed).
    work: OnceLock<Option<Work>>,
    panic: Mutex<Option<Box<dyn Any + Send>>>,
}

impl Shared {
    /// A helper's part: in unless the frame is closed, wait for the work,
    /// run it, out.
    fn help(&self) {
        if !self.door.enter() {
            return;
        }
        let mut spins = 0u32;
        let work = loop {
            if let Some(&work) = self.work.get() {
                break work;
            }
            pause(&mut spins);
        };
        if let Some(work) = work {
            if let Err(panic) = catch_unwind(AssertUnwindSafe(work)) {
                if let Ok(mut slot) = self.panic.lock() {
                    slot.get_or_insert(panic);
                }
            }
        }
        // After the panic is stored: the caller reads it once all are out.
        self.door.leave();
    }
}

/// Spins a while, then yields the core.
fn pause(spins: &mut u32) {
    *spins += 1;
    if *spins < 256 {
        std::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
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
            pause(&mut spins);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    /// Runs `run` on work that claims items 0..100 one at a time and sums
    /// them; checks every item was done once (the sum is 4950).
    fn claims_each_once(run: impl FnOnce(&(dyn Fn() + Sync))) {
        let next = AtomicUsize::new(0);
        let sum = AtomicU64::new(0);
        run(&|| loop {
            let k = next.fetch_add(1, Ordering::Relaxed);
            if k >= 100 {
                return;
            }
            sum.fetch_add(k as u64, Ordering::Relaxed);
        });
        assert_eq!(sum.into_inner(), 4950);
    }

    /// Work shared by claims: every item done once whoever joins.
    #[test]
    fn every_claim_once() {
        for threads in [1, 2, 4] {
            for _ in 0..200 {
                claims_each_once(|work| share(threads, work));
            }
        }
    }

    /// Helpers woken early wait for the work, however late it comes, and
    /// leave when dismissed without any (dropping the team returns).
    #[test]
    fn woken_helpers_wait_or_leave() {
        for k in 0..100 {
            let dismissed = Team::wake(2);
            drop(dismissed);
            let team = Team::wake(3);
            if k % 10 == 0 {
                std::thread::sleep(std::time::Duration::from_micros(200));
            }
            claims_each_once(|work| team.run(work));
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
