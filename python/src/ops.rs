//! The `Mask` methods that make new masks from whole masks (`convolve`,
//! `connected_component`), on the library's masks: `mask.rs` wraps them
//! for Python (so this file knows nothing of `PyMask`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::args::{offset_of, sized};

/// pygame's `Mask.convolve`: `onto` (or a new mask of size `(w + ow − 1,
/// h + oh − 1)`) with `lhs`'s convolution with `rhs` at `offset` ORed in.
pub(crate) fn convolve(
    py: Python<'_>,
    lhs: &hitfield::Mask,
    rhs: &hitfield::Mask,
    onto: Option<hitfield::Mask>,
    offset: Option<&Bound<'_, PyAny>>,
) -> PyResult<hitfield::Mask> {
    let offset = match offset {
        Some(o) => offset_of(o, "offset")?,
        None => (0, 0),
    };
    let onto = match onto {
        Some(onto) => onto,
        None => {
            let grow = |s: u32, t: u32| (i64::from(s) + i64::from(t) - 1).max(0);
            let size = (
                grow(lhs.width(), rhs.width()),
                grow(lhs.height(), rhs.height()),
            );
            let what = format!("convolve's output size ({}, {})", size.0, size.1);
            let (w, h) = sized(size, &what, "negative size")?;
            hitfield::Mask::try_from_fn(w as u32, h as u32, |_, _| false)
                .map_err(|e| PyValueError::new_err(e.to_string()))?
        }
    };
    Ok(py.detach(|| lhs.convolved_onto(rhs, onto, offset)))
}

/// pygame's `Mask.connected_component(pos)`: the group at `at`, or the
/// largest group when `at` is not given (or clear).
pub(crate) fn connected_component(
    py: Python<'_>,
    lib: &hitfield::Mask,
    at: Option<(usize, usize)>,
) -> hitfield::Mask {
    py.detach(|| match at {
        None => lib.largest_component(),
        Some((x, y)) => lib
            .component_at(x as u32, y as u32)
            .unwrap_or_else(|| lib.largest_component()),
    })
}
