//! Runs a step's bin tasks on the thread pool, each as soon as the tasks
//! it must follow have finished, instead of in two passes with a wait
//! between them.
//!
//! With two passes, a thread that ran out of even tasks sat idle until
//! the other finished its last one, and again at the end of the odd pass:
//! at 1M particles on 2 threads about 12% of the particles stage. Here a
//! free thread takes the ready task with the most work ahead of it (its
//! own and that of the longest chain of tasks waiting on it), so only the
//! last tasks of the step can leave a thread idle.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// Tasks, what each must wait for, and how much work each is.
pub(crate) struct Tasks<T> {
    tasks: Vec<Option<T>>,
    /// `waiting[i]`: unfinished tasks task `i` must follow.
    waiting: Vec<u32>,
    /// `unlocks[i]`: the tasks that follow task `i`.
    unlocks: Vec<Vec<usize>>,
    /// `work[i]`: task `i`'s work, in any unit (particles, say).
    work: Vec<u64>,
}

impl<T: Send> Tasks<T> {
    /// `tasks`, each with an estimate of its work; add orderings with
    /// [`Tasks::after`].
    pub fn new(tasks: Vec<(T, u64)>) -> Tasks<T> {
        let n = tasks.len();
        let (tasks, work) = tasks.into_iter().map(|(t, w)| (Some(t), w)).unzip();
        Tasks {
            tasks,
            waiting: vec![0; n],
            unlocks: vec![Vec::new(); n],
            work,
        }
    }

    /// Each task's work plus that of the longest chain of tasks that
    /// follow it: ready tasks are taken highest first.
    ///
    /// # Panics
    /// When the orderings form a cycle.
    fn work_ahead(&self) -> Vec<u64> {
        // Kahn's order: every task after all the tasks it follows.
        let mut waiting = self.waiting.clone();
        let mut order: Vec<usize> = (0..waiting.len()).filter(|&i| waiting[i] == 0).collect();
        let mut k = 0;
        while let Some(&i) = order.get(k) {
            for &next in &self.unlocks[i] {
                waiting[next] -= 1;
                if waiting[next] == 0 {
                    order.push(next);
                }
            }
            k += 1;
        }
        assert_eq!(
            order.len(),
            waiting.len(),
            "the tasks' orderings form a cycle"
        );
        let mut ahead = self.work.clone();
        for &i in order.iter().rev() {
            let longest = self.unlocks[i].iter().map(|&j| ahead[j]).max();
            ahead[i] += longest.unwrap_or(0);
        }
        ahead
    }

    /// Task `later` starts only after task `first` has finished.
    pub fn after(&mut self, later: usize, first: usize) {
        self.waiting[later] += 1;
        self.unlocks[first].push(later);
    }

    /// Runs every task with `work` on `threads` threads, the calling one
    /// and `threads − 1` of the current rayon pool, then returns (the
    /// caller starts at once, where a scope run by the pool waited for a
    /// pool thread to wake: 100k particles, 2 threads, particles stage
    /// 0.73–1.07 → 0.62–0.74 ms). `work` gets each task by value, once,
    /// after all the tasks it must follow.
    ///
    /// # Panics
    /// When `work` panics (after the other threads stop), or when the
    /// orderings form a cycle.
    pub fn run(self, threads: usize, work: impl Fn(T) + Sync) {
        let left = self.tasks.len();
        let ready = (0..left).filter(|&i| self.waiting[i] == 0).collect();
        let rank = self.work_ahead();
        let state = Mutex::new(State {
            tasks: self,
            rank,
            ready,
            left,
            running: 0,
            failed: false,
        });
        let signal = Signal {
            wake: Condvar::new(),
            finished: AtomicU64::new(0),
        };
        let worker = || work_until_done(&state, &signal, &work);
        if threads <= 1 {
            worker();
        } else {
            rayon::in_place_scope(|scope| {
                for _ in 1..threads {
                    scope.spawn(|_| worker());
                }
                worker();
            });
        }
    }
}

/// What the workers share, under one lock.
struct State<T> {
    tasks: Tasks<T>,
    /// [`Tasks::work_ahead`]: ready tasks are taken highest first.
    rank: Vec<u64>,
    /// Tasks whose predecessors have all finished, not yet taken.
    ready: Vec<usize>,
    /// Tasks not yet finished.
    left: usize,
    /// Tasks taken and not yet finished.
    running: usize,
    /// A task panicked: the others stop taking tasks.
    failed: bool,
}

/// How long a worker with no task ready watches for one to finish before
/// it sleeps: a thread asleep on the condition variable took tens to
/// hundreds of microseconds to wake on the 2-core virtual machine this was
/// measured on, as long as a whole task at 100k particles, and the last
/// task's end waited for it every step.
const SPIN: Duration = Duration::from_micros(100);

/// How workers learn that a task finished: a count to watch while
/// spinning, and a condition variable to sleep on after [`SPIN`].
struct Signal {
    wake: Condvar,
    /// Tasks finished (or failed) so far; changed only under the state's
    /// lock, read without it while spinning.
    finished: AtomicU64,
}

/// Returns when `finished` moves past `seen` or after [`SPIN`].
fn spin_while(finished: &AtomicU64, seen: u64) {
    if cfg!(target_family = "wasm") {
        // Never reached there (one worker never waits on another), and
        // `Instant` panics on wasm32-unknown-unknown.
        return;
    }
    let start = Instant::now();
    while finished.load(Ordering::Relaxed) == seen && start.elapsed() < SPIN {
        for _ in 0..32 {
            std::hint::spin_loop();
        }
    }
}

/// The lock, taken even when a panicking worker poisoned it (the state is
/// only changed between tasks, so it stays whole).
fn lock<T>(state: &Mutex<State<T>>) -> MutexGuard<'_, State<T>> {
    state.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One worker: takes ready tasks (most work ahead first) and runs them
/// until none is left, waiting while every unfinished task waits on a
/// running one.
fn work_until_done<T>(state: &Mutex<State<T>>, signal: &Signal, work: &impl Fn(T)) {
    let mut guard = lock(state);
    loop {
        if guard.left == 0 || guard.failed {
            return;
        }
        let Some(at) = (0..guard.ready.len()).max_by_key(|&k| guard.rank[guard.ready[k]]) else {
            assert!(guard.running > 0, "no task is ready or running");
            // Spin a little first; then sleep, unless a task finished
            // meanwhile (checked under the lock, so no wake-up is lost).
            let seen = signal.finished.load(Ordering::Relaxed);
            drop(guard);
            spin_while(&signal.finished, seen);
            guard = lock(state);
            if signal.finished.load(Ordering::Relaxed) == seen {
                guard = signal
                    .wake
                    .wait(guard)
                    .unwrap_or_else(PoisonError::into_inner);
            }
            continue;
        };
        let i = guard.ready.swap_remove(at);
        let task = guard.tasks.tasks[i]
            .take()
            .expect("a ready task is taken once");
        guard.running += 1;
        drop(guard);
        let finished = Finished {
            state,
            signal,
            task: i,
        };
        work(task);
        drop(finished);
        guard = lock(state);
    }
}

/// Marks its task finished when dropped, also when the task panicked (the
/// other workers then stop instead of waiting for it forever).
struct Finished<'s, T> {
    state: &'s Mutex<State<T>>,
    signal: &'s Signal,
    task: usize,
}

impl<T> Drop for Finished<'_, T> {
    fn drop(&mut self) {
        let mut s = lock(self.state);
        s.running -= 1;
        s.left -= 1;
        self.signal.finished.fetch_add(1, Ordering::Relaxed);
        if std::thread::panicking() {
            s.failed = true;
        } else {
            for k in 0..s.tasks.unlocks[self.task].len() {
                let next = s.tasks.unlocks[self.task][k];
                s.tasks.waiting[next] -= 1;
                if s.tasks.waiting[next] == 0 {
                    s.ready.push(next);
                }
            }
        }
        drop(s);
        self.signal.wake.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::Tasks;
    use std::sync::Mutex;

    /// Records the order tasks finish in, on `threads` threads of a pool
    /// (on one thread under WASI, which cannot spawn threads).
    fn finish_order(tasks: Tasks<usize>, threads: usize) -> Vec<usize> {
        let done = Mutex::new(Vec::new());
        let work = |threads| {
            tasks.run(threads, |i| {
                std::thread::sleep(std::time::Duration::from_micros(200 * (i as u64 % 3)));
                done.lock().expect("not poisoned").push(i)
            })
        };
        match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
            Ok(pool) => pool.install(|| work(threads)),
            Err(e) if cfg!(target_os = "wasi") => drop((e, work(1))),
            Err(e) => panic!("a pool of {threads} threads: {e}"),
        }
        done.into_inner().expect("not poisoned")
    }

    /// A chain and a fan-in: every task runs once, after what it follows.
    #[test]
    fn every_task_runs_once_after_its_predecessors() {
        for threads in 1..=3 {
            let mut tasks = Tasks::new((0..8).map(|i| (i, i as u64)).collect());
            // 7 after everything even; 1 after 0 and 2; 3 after 2 and 4.
            for first in [0, 2, 4, 6] {
                tasks.after(7, first);
            }
            tasks.after(1, 0);
            tasks.after(1, 2);
            tasks.after(3, 2);
            tasks.after(3, 4);
            let order = finish_order(tasks, threads);
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..8).collect::<Vec<_>>(), "{threads} threads");
            let at = |t: usize| order.iter().position(|&x| x == t).expect("ran");
            assert!([0, 2, 4, 6].iter().all(|&e| at(e) < at(7)), "{order:?}");
            assert!(at(0) < at(1) && at(2) < at(1) && at(2) < at(3) && at(4) < at(3));
        }
    }

    /// One thread takes the ready task with the most work ahead each
    /// time: task 2 is small, but task 3 waits on it.
    #[test]
    fn one_thread_starts_the_longest_chain_first() {
        let mut tasks = Tasks::new(vec![(0, 5), (1, 9), (2, 1), (3, 7)]);
        tasks.after(3, 2);
        assert_eq!(finish_order(tasks, 1), vec![1, 2, 3, 0]);
    }

    #[test]
    #[cfg(panic = "unwind")]
    #[should_panic(expected = "the tasks' orderings form a cycle")]
    fn a_cycle_is_refused() {
        let mut tasks = Tasks::new(vec![(0, 1), (1, 1), (2, 1)]);
        tasks.after(1, 0);
        tasks.after(2, 1);
        tasks.after(1, 2);
        tasks.run(1, drop);
    }

    /// A panicking task stops the others and reaches the caller.
    #[test]
    #[cfg(panic = "unwind")]
    fn a_panic_reaches_the_caller() {
        let mut tasks = Tasks::new((0..6).map(|i| (i, 0)).collect());
        tasks.after(5, 0);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .expect("a pool");
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            pool.install(|| tasks.run(2, |i| assert_ne!(i, 0, "task 0 fails")))
        }));
        assert!(outcome.is_err());
    }
}
