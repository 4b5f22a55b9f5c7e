//! The per-thread byte scratch that [`super::texels::ScratchTexels`]
//! writes hits into: zero between samples, grown once to the largest
//! sprite a thread samples.

use std::cell::RefCell;

/// A per-thread byte scratch, all zero between samples.
#[derive(Default)]
struct Scratch {
    bytes: Vec<u8>,
    /// Set while a sample uses it (a sample that did not finish left bytes set).
    dirty: bool,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Runs `f` with this thread's zeroed scratch of `len` bytes (`f` must
/// leave it zeroed), or returns `None` when it is already in use.
pub(in crate::ships) fn with_scratch<R>(len: usize, f: impl FnOnce(&mut [u8]) -> R) -> Option<R> {
    SCRATCH.with(|cell| {
        let mut s = cell.try_borrow_mut().ok()?;
        if s.dirty {
            s.bytes.fill(0);
        }
        if s.bytes.len() < len {
            s.bytes.resize(len, 0);
        }
        s.dirty = true;
        let r = f(&mut s.bytes[..len]);
        s.dirty = false;
        Some(r)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scratch_comes_back_zeroed_even_after_a_dirty_use() {
        let dirty = with_scratch(64, |b| b[3] = 0xFF);
        assert_eq!(dirty, Some(()));
        // A use that leaves bytes set must be marked: simulate one.
        SCRATCH.with(|c| c.borrow_mut().dirty = true);
        let clean = with_scratch(128, |b| b.iter().all(|&x| x == 0));
        assert_eq!(clean, Some(true));
        let nested = with_scratch(8, |_| with_scratch(8, |_| ()));
        assert_eq!(nested, Some(None));
    }
}
