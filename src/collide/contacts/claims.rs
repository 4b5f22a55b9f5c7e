//! Chunks of a slice handed out one at a time to whichever thread asks
//! next: the calling thread and rayon's helpers share a frame's posed-mask
//! builds, then its pair tests, with one hand-over to the pool a frame and
//! no thread idle while chunks are left.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A mutably borrowed slice cut into chunks of `chunk` items, each claimed
/// by exactly one thread ([`Claims::work`]); once every chunk is done the
/// whole slice can be read by all ([`Claims::finished`]).
pub(super) struct Claims<'a, T> {
    ptr: *mut T,
    len: usize,
    chunk: usize,
    chunks: usize,
    /// The next chunk to hand out (grows past `chunks` by at most one per
    /// thread that asks after the last).
    next: AtomicUsize,
    /// Chunks whose work has ended (normally or by a panic).
    done: AtomicUsize,
    _borrow: PhantomData<&'a mut [T]>,
}

// SAFETY: the slice is reached only through `work`, which gives each chunk
// to one thread (a unique `fetch_add` ticket), and `finished`, which gives
// shared access once no chunk is borrowed mutably; so sharing a `Claims`
// between threads is sharing `&mut [T]` chunks (needs `T: Send`) and then
// `&[T]` (needs `T: Sync`).
unsafe impl<T: Send + Sync> Sync for Claims<'_, T> {}

impl<'a, T> Claims<'a, T> {
    /// `items` cut into chunks of `chunk` items (at least one).
    pub(super) fn new(items: &'a mut [T], chunk: usize) -> Self {
        let chunk = chunk.max(1);
        Claims {
            ptr: items.as_mut_ptr(),
            len: items.len(),
            chunk,
            chunks: items.len().div_ceil(chunk),
            next: AtomicUsize::new(0),
            done: AtomicUsize::new(0),
            _borrow: PhantomData,
        }
    }

    /// Claims chunks until none is left, calling `f(first index, chunk)`
    /// on each.
    pub(super) fn work(&self, mut f: impl FnMut(usize, &mut [T])) {
        loop {
            let c = self.next.fetch_add(1, Ordering::Relaxed);
            if c >= self.chunks {
                return;
            }
            // Counted done when `f` returns or unwinds, so `finished` never
            // waits for a chunk whose thread panicked (the panic then
            // reaches the caller through `team::share`).
            let _done = Done(&self.done);
            let start = c * self.chunk;
            let len = self.chunk.min(self.len - start);
            // SAFETY: ticket `c < chunks` is handed out once, so no other
            // reference to items `start..start + len` (in bounds: `start <
            // len` since `c < chunks`) exists until `done` counts it; the
            // items are borrowed mutably for `'a`, which outlives `self`.
            let part = unsafe { std::slice::from_raw_parts_mut(self.ptr.add(start), len) };
            f(start, part);
        }
    }

    /// The whole slice, once every chunk's work has ended (waits for the
    /// ones other threads are still on: at most one chunk each).
    pub(super) fn finished(&self) -> &[T] {
        let mut spins = 0u32;
        while self.done.load(Ordering::Acquire) < self.chunks {
            spins += 1;
            if spins < 256 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        // SAFETY: every chunk was claimed (`done` counts only claimed
        // chunks) and its `&mut` ended before `done` counted it (the
        // Release there pairs with the Acquire above), and no chunk is
        // left to claim; so only shared references exist from here on.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

/// Counts a chunk done when dropped.
struct Done<'a>(&'a AtomicUsize);

impl Drop for Done<'_> {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::Release);
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
