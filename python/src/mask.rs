//! `hitfield.Mask`: pygame-ce's `pygame.mask.Mask`, same names, arguments
//! and results, over the library's `hitfield::Mask` for posed queries.

use std::sync::OnceLock;

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

use crate::bits::Bits;
use crate::{components, rect, two_ints};

/// Largest side of a mask made from Python (the library's limit).
const MAX_SIDE: i64 = hitfield::Mask::MAX_SIDE as i64;

/// A 2D bit mask with pygame-ce's `pygame.mask.Mask` API.
///
/// `Mask(size, fill=False)`; texel `(x, y)` is 1 or 0. Methods take and
/// return what pygame's do (offsets are `(x, y)` of `other`'s top-left in
/// this mask's coordinates).
#[pyclass(module = "hitfield", name = "Mask")]
pub struct PyMask {
    pub(crate) bits: Bits,
    /// The library's mask, built on first posed use after each change.
    lib: OnceLock<hitfield::Mask>,
}

impl PyMask {
    pub(crate) fn from_bits(bits: Bits) -> PyMask {
        PyMask {
            bits,
            lib: OnceLock::new(),
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
        }
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

    fn changed(&mut self) {
        self.lib = OnceLock::new();
    }

    fn at(&self, pos: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
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

/// A mask of `size` from RGBA bytes (`w * h * 4`, rows top to bottom), set
/// where alpha > `threshold` (pygame's rule for surfaces with alpha), or,
/// given a `colorkey` `(r, g, b, a)`, where the pixel differs from it.
#[pyfunction]
#[pyo3(signature = (data, size, threshold = 127, colorkey = None))]
pub fn from_rgba(
    py: Python<'_>,
    data: &[u8],
    size: &Bound<'_, PyAny>,
    threshold: i64,
    colorkey: Option<(u8, u8, u8, u8)>,
) -> PyResult<PyMask> {
    let (w, h) = checked_size(size)?;
    if data.len() != w * h * 4 {
        return Err(PyValueError::new_err(format!(
            "{w}x{h} RGBA needs {} bytes, got {}",
            w * h * 4,
            data.len()
        )));
    }
    let bits = py.detach(|| {
        let mut bits = Bits::new(w, h, false);
        if let Some((r, g, b, a)) = colorkey {
            let key = [r, g, b, a];
            for y in 0..h {
                for x in 0..w {
                    let i = (y * w + x) * 4;
                    if data[i..i + 4] != key {
                        bits.words[y * bits.per_row + x / 64] |= 1 << (x % 64);
                    }
                }
            }
        } else if threshold < 0 {
            bits.fill();
        } else if threshold < 255 {
            let t = threshold as u8;
            for y in 0..h {
                for x in 0..w {
                    if data[(y * w + x) * 4 + 3] > t {
                        bits.words[y * bits.per_row + x / 64] |= 1 << (x % 64);
                    }
                }
            }
        }
        bits
    });
    Ok(PyMask::from_bits(bits))
}

/// A mask set where each raw pixel (`bpp` bytes, little-endian, rows
/// `pitch` bytes apart) differs from `key`: pygame's colorkey rule on a
/// surface's own pixels.
#[pyfunction]
pub fn _from_pixels_key(
    py: Python<'_>,
    raw: &[u8],
    size: &Bound<'_, PyAny>,
    pitch: usize,
    bpp: usize,
    key: u32,
) -> PyResult<PyMask> {
    let (w, h) = checked_size(size)?;
    if !(1..=4).contains(&bpp)
        || pitch < w * bpp
        || raw.len() < pitch * h.saturating_sub(1) + w * bpp
    {
        return Err(PyValueError::new_err("pixel buffer too short for its size"));
    }
    let bits = py.detach(|| {
        let mut bits = Bits::new(w, h, false);
        for y in 0..h {
            for x in 0..w {
                let at = y * pitch + x * bpp;
                let v = raw[at..at + bpp]
                    .iter()
                    .rev()
                    .fold(0u32, |acc, &b| acc << 8 | u32::from(b));
                if v != key {
                    bits.words[y * bits.per_row + x / 64] |= 1 << (x % 64);
                }
            }
        }
        bits
    });
    Ok(PyMask::from_bits(bits))
}

fn checked_size(size: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
    let (w, h) = two_ints(size, "size")?;
    if w < 0 || h < 0 {
        return Err(PyValueError::new_err(
            "cannot create mask with negative size",
        ));
    }
    if w > MAX_SIDE || h > MAX_SIDE || (w as u64) * (h as u64) > hitfield::Mask::MAX_TEXELS {
        return Err(PyValueError::new_err(
            hitfield::MaskSizeError {
                width: w as u32,
                height: h as u32,
            }
            .to_string(),
        ));
    }
    Ok((w as usize, h as usize))
}

#[pymethods]
impl PyMask {
    #[new]
    #[pyo3(signature = (size, fill = false))]
    fn new(size: &Bound<'_, PyAny>, fill: bool) -> PyResult<PyMask> {
        let (w, h) = checked_size(size)?;
        Ok(PyMask::from_bits(Bits::new(w, h, fill)))
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
        args: &Bound<'py, pyo3::types::PyTuple>,
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
        self.changed();
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
        self.bits.centroid()
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

    fn copy(&self) -> PyMask {
        PyMask {
            bits: self.bits.clone(),
            lib: self.lib.clone(),
        }
    }

    fn __copy__(&self) -> PyMask {
        self.copy()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyMask {
        self.copy()
    }

    /// The first shared texel, in pygame-ce's scan order, or `None`.
    fn overlap(
        &self,
        other: PyRef<'_, PyMask>,
        offset: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(i64, i64)>> {
        let (x, y) = two_ints(offset, "offset")?;
        Ok(self.bits.overlap_pos(&other.bits, x, y))
    }

    /// Number of texels set in both.
    fn overlap_area(&self, other: PyRef<'_, PyMask>, offset: &Bound<'_, PyAny>) -> PyResult<u64> {
        let (x, y) = two_ints(offset, "offset")?;
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
        let (x, y) = two_ints(offset, "offset")?;
        Ok(PyMask::from_bits(self.bits.overlap_mask(&other.bits, x, y)))
    }

    /// Sets the texels where `other` at `offset` is set.
    fn draw(&mut self, other: PyRef<'_, PyMask>, offset: &Bound<'_, PyAny>) -> PyResult<()> {
        let (x, y) = two_ints(offset, "offset")?;
        let b = other.bits.clone();
        self.bits.draw(&b, x, y, true);
        self.changed();
        Ok(())
    }

    /// Clears the texels where `other` at `offset` is set.
    fn erase(&mut self, other: PyRef<'_, PyMask>, offset: &Bound<'_, PyAny>) -> PyResult<()> {
        let (x, y) = two_ints(offset, "offset")?;
        let b = other.bits.clone();
        self.bits.draw(&b, x, y, false);
        self.changed();
        Ok(())
    }

    /// The bounding rect of each 8-connected group of set texels, in pygame's order.
    fn get_bounding_rects<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let bits = &self.bits;
        let rects = py.detach(|| components::bounding_rects(bits));
        let items = rects
            .into_iter()
            .map(|r| rect(py, r))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
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
        args: &Bound<'py, pyo3::types::PyTuple>,
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
