//! Chunks of a slice handed out one at a time to whichever thread asks
//! next: the calling thread and rayon's helpers share a frame's posed-mask
//! builds, then its pair tests, with one hand-over to the pool a frame and
//! no thread idle while chunks are left. Chunks shrink as the slice runs
//! out (a share of what is left, down to one item), so the threads end a
//! stage close together: a thread that finds nothing left waits at most
//! for one small chunk of another's.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A mutably borrowed slice handed out in chunks of at most `chunk` items,
/// each claimed by exactly one thread ([`Claims::work`]); once every item
/// is done the whole slice can be read by all ([`Claims::finished`]).
pub(super) struct Claims<'a, T> {
    ptr: *mut T,
    len: usize,
    chunk: usize,
    /// The first item not yet handed out (at most `len`).
    next: AtomicUsize,
    /// Items whose chunk's work has ended (normally or by a panic).
    done: AtomicUsize,
    _borrow: PhantomData<&'a mut [T]>,
}

// SAFETY: the slice is reached only through `work`, which gives each item
// range to one thread (a successful compare-exchange of `next` from its
// start to its end), and `finished`, which gives shared access once no
// chunk is borrowed mutably; so sharing a `Claims` between threads is
// sharing `&mut [T]` chunks (needs `T: Send`) and then `&[T]` (needs
// `T: Sync`).
unsafe impl<T: Send + Sync> Sync for Claims<'_, T> {}

/// A claim takes at most this share of the items left (so two threads
/// end a stage within about one small chunk of each other).
const SHARE_OF_LEFT: usize = 8;

impl<'a, T> Claims<'a, T> {
    /// `items` handed out in chunks of at most `chunk` items (at least one).
    pub(super) fn new(items: &'a mut [T], chunk: usize) -> Self {
        Claims {
            ptr: items.as_mut_ptr(),
            len: items.len(),
            chunk: chunk.max(1),
            next: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            _borrow: PhantomData,
        }
    }

    /// Claims chunks until none is left, calling `f(first index, chunk)`
    /// on each.
    pub(super) fn work(&self, mut f: impl FnMut(usize, &mut [T])) {
        let mut start = self.next.load(Ordering::Relaxed);
        loop {
            if start >= self.len {
                return;
            }
            let left = self.len - start;
            let len = self.chunk.min(left.div_ceil(SHARE_OF_LEFT));
            if let Err(now) = self.next.compare_exchange_weak(
                start,
                start + len,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                start = now;
                continue;
            }
            // Counted done when `f` returns or unwinds, so `finished` never
            // waits for a chunk whose thread panicked (the panic then
            // reaches the caller through `team::Team::run`).
            let _done = Done(&self.done, len);
            // SAFETY: the range `start..start + len` (in bounds: `len ≤
            // self.len − start`) was handed out by this thread's successful
            // exchange, once, so no other reference to these items exists
            // until `done` counts them; the items are borrowed mutably for
            // `'a`, which outlives `self`.
            let part = unsafe { std::slice::from_raw_parts_mut(self.ptr.add(start), len) };
            f(start, part);
            start = self.next.load(Ordering::Relaxed);
        }
    }

    /// The whole slice, once every item's work has ended (waits for the
    /// chunks other threads are still on: at most one each).
    pub(super) fn finished(&self) -> &[T] {
        let mut spins = 0u32;
        while self.done.load(Ordering::Acquire) < self.len {
            spins += 1;
            if spins < 256 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        // SAFETY: every item was claimed (`done` counts only claimed items)
        // and its chunk's `&mut` ended before `done` counted it (the
        // Release there pairs with the Acquire above), and nothing is left
        // to claim; so only shared references exist from here on.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

/// Counts a chunk's items done when dropped.
struct Done<'a>(&'a AtomicUsize, usize);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(self.1, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two threads share the chunks: every item is visited exactly once,
    /// and `finished` sees every write. (wasm32-wasip1 has no threads.)
    #[test]
    #[cfg_attr(target_family = "wasm", ignore = "no threads on wasm32-wasip1")]
    fn every_item_once_across_threads() {
        for (n, chunk) in [(0usize, 3usize), (1, 1), (10, 3), (1000, 7), (64, 64)] {
            let mut items = vec![0u32; n];
            let claims = Claims::new(&mut items, chunk);
            let sum = std::thread::scope(|s| {
                let worker = || {
                    claims.work(|start, part| {
                        for (k, v) in part.iter_mut().enumerate() {
                            *v += (start + k) as u32 + 1;
                        }
                    });
                    claims.finished().iter().map(|&v| u64::from(v)).sum::<u64>()
                };
                let other = s.spawn(worker);
                let mine = worker();
                assert_eq!(other.join().expect("no panic"), mine);
                mine
            });
            assert_eq!(sum, (n as u64) * (n as u64 + 1) / 2);
            assert!(items.iter().enumerate().all(|(k, &v)| v == k as u32 + 1));
        }
    }
}
