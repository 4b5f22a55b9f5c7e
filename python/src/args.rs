//! Arguments from Python checked as pygame reads them, with errors that
//! name the argument and the value given: mask sizes (never negative, never
//! past the library's limits, so nothing huge is allocated) and offsets
//! (within a C `int`, as pygame's).

use pyo3::exceptions::{PyOverflowError, PyValueError};
use pyo3::prelude::*;

use crate::two_ints;

/// Largest side of a mask made from Python (the library's limit).
const MAX_SIDE: i64 = hitfield::Mask::MAX_SIDE as i64;

/// A mask size from Python: two numbers, neither negative nor past the
/// library's limits.
pub(crate) fn checked_size(size: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
    let wh = two_ints(size, "size")?;
    sized(
        wh,
        &named("size", size),
        "cannot create mask with negative size",
    )
}

/// `what` and the Python value it names, as errors show them.
pub(crate) fn named(what: &str, obj: &Bound<'_, PyAny>) -> String {
    match obj.repr() {
        Ok(r) => format!("{what} {r}"),
        Err(_) => what.to_string(),
    }
}

/// `(w, h)` checked as [`checked_size`] does, `what` (the argument and its
/// value) and `negative` naming it in the errors.
pub(crate) fn sized((w, h): (i64, i64), what: &str, negative: &str) -> PyResult<(usize, usize)> {
    if w < 0 || h < 0 {
        return Err(PyValueError::new_err(negative.to_string()));
    }
    if w > MAX_SIDE
        || h > MAX_SIDE
        || (w as u64).saturating_mul(h as u64) > hitfield::Mask::MAX_TEXELS
    {
        return Err(PyValueError::new_err(format!(
            "{what} is too large: a mask has at most {} texels a side and {} in all",
            hitfield::Mask::MAX_SIDE,
            hitfield::Mask::MAX_TEXELS
        )));
    }
    Ok((w as usize, h as usize))
}

/// An offset from Python: two numbers within a C `int` each, as pygame
/// takes them (`OverflowError` naming `what` otherwise).
pub(crate) fn offset_of(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(i64, i64)> {
    let (x, y) = two_ints(obj, what)?;
    let fits = |v: i64| i64::from(i32::MIN) <= v && v <= i64::from(i32::MAX);
    if !(fits(x) && fits(y)) {
        return Err(PyOverflowError::new_err(format!(
            "{} is out of range: each coordinate must be within ±2**31",
            named(what, obj)
        )));
    }
    Ok((x, y))
}
