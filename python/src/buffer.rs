//! `memoryview(mask)`: the buffer protocol as pygame-ce's `Mask` exposes
//! it, a C-order 2D array of native `unsigned long` words indexed
//! `[column, y]` (column `x // 64`, bit `x % 64`). The mask stores rows, so
//! the view shows a copy in pygame's layout, kept in step by every method
//! that changes the mask while a view lives; it is read-only (writes go
//! through `set_at`, `draw` and `erase`).

use std::ffi::{c_int, c_ulong, c_void, CStr};

use pyo3::exceptions::PyBufferError;
use pyo3::ffi;
use pyo3::prelude::*;

use crate::bits::Bits;

/// The buffer views alive on one mask, the words they show (pygame's
/// layout: 64-column stripes, each `h` words top to bottom; kept in step
/// with the mask while a view lives) and their shape and strides
/// (`[columns, h]`, `[h · 8, 8]`, as pygame's).
#[derive(Default)]
pub(crate) struct Views {
    count: usize,
    words: Vec<u64>,
    layout: [ffi::Py_ssize_t; 4],
}

impl Views {
    /// Whether any view is alive (the mask must not change size).
    pub(crate) fn live(&self) -> bool {
        self.count > 0
    }

    /// One view released.
    pub(crate) fn release(&mut self) {
        self.count = self.count.saturating_sub(1);
        if self.count == 0 {
            self.words = Vec::new();
        }
    }

    /// Copies `bits` into the viewed words, in place, when a view lives.
    pub(crate) fn refresh(&mut self, bits: &Bits) {
        if self.live() {
            write_pygame_words(bits, &mut self.words);
        }
    }

    /// Copies the word of `bits` holding texel `(x, y)` into the viewed
    /// words, when a view lives (`set_at` changes one word).
    pub(crate) fn refresh_texel(&mut self, bits: &Bits, x: usize, y: usize) {
        if self.live() {
            let j = x / 64;
            self.words[j * bits.h + y] = bits.words[y * bits.per_row + j];
        }
    }
}

/// The number of 64-column stripes pygame gives a `w`-wide mask (1 at
/// width 0).
fn columns(w: usize) -> usize {
    w.div_ceil(64).max(1)
}

/// `bits` in pygame's layout into `out` (`columns(w) · h` words).
fn write_pygame_words(bits: &Bits, out: &mut [u64]) {
    let h = bits.h;
    for (j, stripe) in out
        .chunks_exact_mut(h.max(1))
        .enumerate()
        .take(bits.per_row)
    {
        for (y, word) in stripe.iter_mut().enumerate().take(h) {
            *word = bits.words[y * bits.per_row + j];
        }
    }
}

/// The struct format of one word: `L` (pygame's) where `unsigned long`
/// is 64 bits, else `Q`.
fn format() -> &'static CStr {
    if std::mem::size_of::<c_ulong>() == 8 {
        c"L"
    } else {
        c"Q"
    }
}

/// Fills `view` with the words of `bits`, the mask `obj` (which the view
/// keeps alive) and its live views `views`.
///
/// # Safety
///
/// `view` is the `Py_buffer` Python passed to `__getbuffer__` of `obj`,
/// and `bits` and `views` are `obj`'s.
pub(crate) unsafe fn fill(
    obj: *mut ffi::PyObject,
    bits: &Bits,
    views: &mut Views,
    view: *mut ffi::Py_buffer,
    flags: c_int,
) -> PyResult<()> {
    if view.is_null() {
        return Err(PyBufferError::new_err(
            "Mask.__getbuffer__: no view to fill",
        ));
    }
    if flags & ffi::PyBUF_WRITABLE == ffi::PyBUF_WRITABLE {
        return Err(PyBufferError::new_err(
            "a Mask's buffer is read-only: change it with set_at, draw or erase",
        ));
    }
    let (columns, h) = (columns(bits.w), bits.h);
    let wants = |f: c_int| flags & f == f;
    if !views.live() {
        let mut words = vec![0u64; columns * h];
        write_pygame_words(bits, &mut words);
        views.words = words;
    }
    let layout = [columns as isize, h as isize, (h * 8) as isize, 8];
    views.layout = layout;
    views.count += 1;
    let words = views.words.as_ptr();
    let shape = views.layout.as_mut_ptr();
    // SAFETY: `view` is valid (checked non-null, given by Python); `shape`
    // and the words live in the mask, which the view keeps alive (`obj`
    // holds a reference) and which cannot resize while the view lives.
    unsafe {
        (*view).buf = words as *mut c_void;
        (*view).len = (columns * h * 8) as ffi::Py_ssize_t;
        (*view).readonly = 1;
        (*view).itemsize = 8;
        (*view).ndim = 2;
        (*view).format = if wants(ffi::PyBUF_FORMAT) {
            format().as_ptr() as *mut _
        } else {
            std::ptr::null_mut()
        };
        (*view).shape = if wants(ffi::PyBUF_ND) {
            shape
        } else {
            std::ptr::null_mut()
        };
        (*view).strides = if wants(ffi::PyBUF_STRIDES) {
            shape.add(2)
        } else {
            std::ptr::null_mut()
        };
        (*view).suboffsets = std::ptr::null_mut();
        (*view).internal = std::ptr::null_mut();
        ffi::Py_IncRef(obj);
        (*view).obj = obj;
    }
    Ok(())
}
