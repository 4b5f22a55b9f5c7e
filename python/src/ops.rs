//! The `Mask` methods that make new masks from whole masks (`convolve`,
//! `connected_component`), over the library's `Mask` operations.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::args::{offset_of, sized};
use crate::mask::PyMask;

/// pygame's `Mask.convolve`: `output` (or a new mask of size `(w + ow − 1,
/// h + oh − 1)`) with `a`'s convolution with `other` at `offset` ORed in;
/// returns `output` itself when given.
pub(crate) fn convolve<'py>(
    a: &Bound<'py, PyMask>,
    other: &Bound<'py, PyMask>,
    output: Option<Bound<'py, PyMask>>,
    offset: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = a.py();
    let offset = match offset {
        Some(o) => offset_of(o, "offset")?,
        None => (0, 0),
    };
    let lhs = a.borrow().lib().clone();
    let rhs = other.borrow().lib().clone();
    match output {
        Some(out) => {
            let onto = out.borrow().lib().clone();
            let done = py.detach(|| lhs.convolved_onto(&rhs, onto, offset));
            out.borrow_mut().overwrite(done.words());
            Ok(out.into_any())
        }
        None => {
            let grow = |s: u32, t: u32| (i64::from(s) + i64::from(t) - 1).max(0);
            let size = (
                grow(lhs.width(), rhs.width()),
                grow(lhs.height(), rhs.height()),
            );
            let what = format!("convolve's output size ({}, {})", size.0, size.1);
            let (w, h) = sized(size, &what, "negative size")?;
            let blank = hitfield::Mask::try_from_fn(w as u32, h as u32, |_, _| false)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            let done = py.detach(|| lhs.convolved_onto(&rhs, blank, offset));
            Ok(Bound::new(py, PyMask::from_owned(done))?.into_any())
        }
    }
}

/// pygame's `Mask.connected_component(pos)`: the group at `pos`, or the
/// largest group when `pos` is not given.
pub(crate) fn connected_component(
    m: &PyMask,
    py: Python<'_>,
    pos: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyMask> {
    let at = pos.map(|p| m.at(p)).transpose()?;
    let lib = m.lib();
    let out = py.detach(|| match at {
        None => lib.largest_component(),
        Some((x, y)) => lib
            .component_at(x as u32, y as u32)
            .unwrap_or_else(|| lib.largest_component()),
    });
    Ok(PyMask::from_owned(out))
}
