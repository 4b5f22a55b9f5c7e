//! `hitfield.Mask`: pygame-ce's `pygame.mask.Mask`, same names, arguments
//! and results, over the library's `hitfield::Mask` for posed queries.

use std::sync::OnceLock;

use pyo3::exceptions::{PyBufferError, PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyTuple};

use crate::args::{checked_size, named, offset_of, sized};
use crate::bits::Bits;
use crate::{buffer, ops, rect, two_ints};

/// A 2D bit mask with pygame-ce's `pygame.mask.Mask` API.
///
/// `Mask(size, fill=False)`; texel `(x, y)` is 1 or 0. Methods take and
/// return what pygame's do (offsets are `(x, y)` of `other`'s top-left in
/// this mask's coordinates).
#[pyclass(module = "hitfield", name = "Mask", subclass)]
pub struct PyMask {
    pub(crate) bits: Bits,
    /// The library's mask, built on first posed use after each change.
    lib: OnceLock<hitfield::Mask>,
    /// Buffer views of `bits` alive, and the shape and strides they point at.
    pub(crate) views: buffer::Views,
}

impl PyMask {
    pub(crate) fn from_bits(bits: Bits) -> PyMask {
        PyMask {
            bits,
            lib: OnceLock::new(),
            views: buffer::Views::default(),
        }
    }

    pub(crate) fn from_lib(mask: &hitfield::Mask) -> PyMask {
        let (w, h) = (mask.width() as usize, mask.height() as usize);
        let bits = Bits {
            w,
            h,
            per_row: w.div_ceil(64),
            words: mask.words().to_vec(),
        };
        PyMask {
            bits,
            lib: OnceLock::from(mask.clone()),
            views: buffer::Views::default(),
        }
    }

    /// A mask of the library's, its words taken over without a copy (the
    /// library's copy is made again on first posed use).
    pub(crate) fn from_owned(mask: hitfield::Mask) -> PyMask {
        let (w, h) = (mask.width() as usize, mask.height() as usize);
        PyMask::from_bits(Bits {
            w,
            h,
            per_row: w.div_ceil(64),
            words: mask.into_words(),
        })
    }

    /// Replaces the bits with `bits` of the same size, in place (buffer
    /// views stay valid).
    pub(crate) fn overwrite(&mut self, words: &[u64]) {
        self.bits.words.copy_from_slice(words);
        self.changed();
    }

    /// The library's mask for these bits (built once per change).
    pub(crate) fn lib(&self) -> &hitfield::Mask {
        self.lib.get_or_init(|| {
            hitfield::Mask::try_from_words(
                self.bits.w as u32,
                self.bits.h as u32,
                self.bits.words.clone(),
            )
            .unwrap_or_else(|| hitfield::Mask::from_fn(0, 0, |_, _| false))
        })
    }

    /// Drops the library's copy and updates live buffer views.
    pub(crate) fn changed(&mut self) {
        self.lib = OnceLock::new();
        self.views.refresh(&self.bits);
    }

    pub(crate) fn at(&self, pos: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
        let (x, y) = two_ints(pos, "pos")?;
        if x < 0 || y < 0 || x >= self.bits.w as i64 || y >= self.bits.h as i64 {
            return Err(PyIndexError::new_err(format!("{x}, {y} is out of bounds")));
        }
        Ok((x as usize, y as usize))
    }
}

/// `a` at the origin and `b` at `(x, y)` as the library's masks and
/// integer poses, when the library answers for them exactly (offsets
/// within the masks' reach, so f32 holds them); `None` otherwise.
fn translated<'m>(
    a: &'m PyMask,
    b: &'m PyMask,
    x: i64,
    y: i64,
) -> Option<(
    &'m hitfield::Mask,
    hitfield::Pose,
    &'m hitfield::Mask,
    hitfield::Pose,
)> {
    let reach = |v: i64, lo: usize, hi: usize| v > -(lo as i64) && v < hi as i64;
    if !(reach(x, b.bits.w, a.bits.w) && reach(y, b.bits.h, a.bits.h)) {
        return None;
    }
    let pose = hitfield::Pose::at(x as f32, y as f32);
    Some((a.lib(), hitfield::Pose::at(0.0, 0.0), b.lib(), pose))
}

#[pymethods]
impl PyMask {
    /// An empty mask; `__init__` sizes it (as pygame's `tp_new` and
    /// `tp_init`), so subclasses may call `super().__init__(size, fill)`.
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> PyMask {
        PyMask::from_bits(Bits::new(0, 0, false))
    }

    #[pyo3(signature = (size, fill = false))]
    fn __init__(&mut self, size: &Bound<'_, PyAny>, fill: bool) -> PyResult<()> {
        let (w, h) = checked_size(size)?;
        if self.views.live() {
            return Err(PyBufferError::new_err(
                "cannot resize a Mask while a memoryview of it is alive",
            ));
        }
        self.bits = Bits::new(w, h, fill);
        self.changed();
        Ok(())
    }

    /// `(width, height)`.
    fn get_size(&self) -> (usize, usize) {
        (self.bits.w, self.bits.h)
    }

    /// `Rect(0, 0, w, h)`, with keyword arguments set on it as pygame does.
    #[pyo3(signature = (*args, **kwargs))]
    fn get_rect<'py>(
        &self,
        py: Python<'py>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if !args.is_empty() {
            return Err(PyTypeError::new_err(
                "get_rect only supports keyword arguments",
            ));
        }
        let r = rect(py, [0, 0, self.bits.w as i64, self.bits.h as i64])?;
        if let Some(kwargs) = kwargs {
            for (k, v) in kwargs.iter() {
                r.setattr(k.cast::<pyo3::types::PyString>()?, v)?;
            }
        }
        Ok(r)
    }

    /// 1 if texel `pos` is set, else 0; `IndexError` outside.
    fn get_at(&self, pos: &Bound<'_, PyAny>) -> PyResult<i32> {
        let (x, y) = self.at(pos)?;
        Ok(i32::from(self.bits.get(x, y)))
    }

    /// Sets texel `pos` to `value` (1 or 0).
    #[pyo3(signature = (pos, value = 1))]
    fn set_at(&mut self, pos: &Bound<'_, PyAny>, value: i64) -> PyResult<()> {
        let (x, y) = self.at(pos)?;
        self.bits.set(x, y, value != 0);
        self.lib = OnceLock::new();
        self.views.refresh_texel(&self.bits, x, y);
        Ok(())
    }

    /// Number of set texels.
    fn count(&self) -> u64 {
        match self.lib.get() {
            Some(m) => m.solid_count(),
            None => self.bits.count(),
        }
    }

    /// Integer mean of the set texels' coordinates (`(0, 0)` when empty).
    fn centroid(&self) -> (i64, i64) {
        self.lib().moments().centroid()
    }

    /// The orientation of the set texels in degrees (pygame's integer moments).
    fn angle(&self) -> f64 {
        self.lib().moments().angle()
    }

    fn fill(&mut self) {
        self.bits.fill();
        self.changed();
    }

    fn clear(&mut self) {
        self.bits.words.iter_mut().for_each(|w| *w = 0);
        self.changed();
    }

    fn invert(&mut self) {
        self.bits.invert();
        self.changed();
    }

    /// `self.__copy__()` (so a subclass's `__copy__` serves both).
    fn copy<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method0("__copy__")
    }

    /// An equal mask of this mask's own type (subclasses included).
    fn __copy__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let ty = slf.get_type();
        let out = ty.call_method1("__new__", (&ty,))?;
        {
            let me = slf.borrow();
            let mut new = out.cast::<PyMask>()?.borrow_mut();
            new.bits = me.bits.clone();
            new.lib = me.lib.clone();
        }
        Ok(out)
    }

    fn __deepcopy__<'py>(
        slf: &Bound<'py, Self>,
        _memo: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        slf.call_method0("__copy__")
    }

    /// The first shared texel, in pygame-ce's scan order, or `None`.
    fn overlap(
        &self,
        other: PyRef<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(i64, i64)>> {
        let (x, y) = offset_of(offset, "offset")?;
        Ok(self.bits.overlap_pos(&other.bits, x, y))
    }

    /// Number of texels set in both.
    fn overlap_area(&self, other: PyRef<'_, PyMask>, offset: &Bound<'_, PyAny>) -> PyResult<u64> {
        let (x, y) = offset_of(offset, "offset")?;
        Ok(match translated(self, &other, x, y) {
            Some((a, pa, b, pb)) => hitfield::overlap_count(a, &pa, b, &pb),
            None => self.bits.overlap_area(&other.bits, x, y),
        })
    }

    /// A mask of this size, set where both are.
    fn overlap_mask(
        &self,
        other: PyRef<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<PyMask> {
        let (x, y) = offset_of(offset, "offset")?;
        Ok(PyMask::from_bits(self.bits.overlap_mask(&other.bits, x, y)))
    }

    /// Sets the texels where `other` at `offset` is set.
    fn draw(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        draw_or_erase(slf, other, offset, true)
    }

    /// Clears the texels where `other` at `offset` is set.
    fn erase(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<()> {
        draw_or_erase(slf, other, offset, false)
    }

    /// A new mask of size `scale`, nearest texel (pygame's rule).
    fn scale(&self, py: Python<'_>, scale: &Bound<'_, PyAny>) -> PyResult<PyMask> {
        let wh = two_ints(scale, "scale")?;
        let (w, h) = sized(
            wh,
            &named("scale", scale),
            "cannot scale mask to negative size",
        )?;
        let lib = self.lib();
        let out = py.detach(|| lib.scaled(w as u32, h as u32));
        Ok(PyMask::from_owned(
            out.map_err(|e| PyValueError::new_err(e.to_string()))?,
        ))
    }

    /// The outline of the first group of set texels, every `every`-th point.
    #[pyo3(signature = (every = 1))]
    fn outline(&self, every: i64) -> Vec<(u32, u32)> {
        self.lib().outline(every)
    }

    /// `output` (a new `(w + ow - 1, h + oh - 1)` mask by default) with the
    /// convolution of this mask with `other` at `offset` drawn in.
    #[pyo3(signature = (other, output = None, offset = None))]
    fn convolve<'py>(
        slf: &Bound<'py, Self>,
        other: &Bound<'py, PyMask>,
        output: Option<Bound<'py, PyMask>>,
        offset: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let (lhs, rhs) = (slf.borrow().lib().clone(), other.borrow().lib().clone());
        let onto = output.as_ref().map(|out| out.borrow().lib().clone());
        let done = ops::convolve(py, &lhs, &rhs, onto, offset)?;
        match output {
            Some(out) => {
                out.borrow_mut().overwrite(done.words());
                Ok(out.into_any())
            }
            None => Ok(Bound::new(py, PyMask::from_owned(done))?.into_any()),
        }
    }

    /// The group of set texels at `pos` (or the largest), as a new mask.
    #[pyo3(signature = (pos = None))]
    fn connected_component(
        &self,
        py: Python<'_>,
        pos: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyMask> {
        let at = pos.map(|p| self.at(p)).transpose()?;
        Ok(PyMask::from_owned(ops::connected_component(
            py,
            self.lib(),
            at,
        )))
    }

    /// Each group of set texels with at least `minimum` of them, as masks.
    #[pyo3(signature = (minimum = 0))]
    fn connected_components(&self, py: Python<'_>, minimum: i64) -> Vec<PyMask> {
        let lib = self.lib();
        let parts = py.detach(|| lib.components(minimum));
        parts.into_iter().map(PyMask::from_owned).collect()
    }

    /// The bounding rect of each 8-connected group of set texels, in pygame's order.
    fn get_bounding_rects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let lib = self.lib();
        let rects = py.detach(|| lib.component_bounds());
        let items = rects
            .into_iter()
            .map(|[x0, y0, x1, y1]| rect(py, [x0, y0, x1 - x0, y1 - y0].map(i64::from)))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    unsafe fn __getbuffer__(
        mut slf: PyRefMut<'_, Self>,
        view: *mut pyo3::ffi::Py_buffer,
        flags: std::os::raw::c_int,
    ) -> PyResult<()> {
        // SAFETY: Python hands a view to fill; `buffer::fill` keeps to it.
        let obj = slf.as_ptr();
        let mask = &mut *slf;
        unsafe { buffer::fill(obj, &mask.bits, &mut mask.views, view, flags) }
    }

    unsafe fn __releasebuffer__(mut slf: PyRefMut<'_, Self>, _view: *mut pyo3::ffi::Py_buffer) {
        slf.views.release();
    }

    /// The bits in pygame-ce's own layout (64-column stripes, native
    /// `unsigned long`s), for `to_surface` and `to_pygame`.
    fn _pygame_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.bits.pygame_bytes())
    }

    /// pygame-ce's `Mask.to_surface` (same arguments and result; needs
    /// pygame): draws through an equal `pygame.mask.Mask`.
    #[pyo3(signature = (*args, **kwargs))]
    fn to_surface<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let pg = slf
            .py()
            .import("hitfield._pygame")?
            .call_method1("to_pygame", (slf,))?;
        pg.call_method("to_surface", args, kwargs)
    }

    fn __repr__(&self) -> String {
        format!("<Mask({}x{})>", self.bits.w, self.bits.h)
    }
}

/// pygame's `draw` (`on`) or `erase`: `other` may be `slf` itself.
fn draw_or_erase(
    slf: &Bound<'_, PyMask>,
    other: &Bound<'_, PyMask>,
    offset: &Bound<'_, PyAny>,
    on: bool,
) -> PyResult<()> {
    let (x, y) = offset_of(offset, "offset")?;
    let b = other.borrow().bits.clone();
    let mut me = slf.borrow_mut();
    me.bits.draw(&b, x, y, on);
    me.changed();
    Ok(())
}
