//! `hitfield._hitfield`: the Rust half of the `hitfield` Python package.
//!
//! - [`mask`]: `Mask`, pygame-ce's `pygame.mask.Mask` with the same names,
//!   arguments and results (the scan order of `overlap` included);
//! - [`posed`]: `Pose`, `Overlap`, `PosedMask` and the posed queries
//!   (`overlap`, `intersects`, `overlap_mask`, `collide_all`);
//! - [`world`]: `World`, the field and its ships;
//! - [`settings`]: `World`'s keywords and `settings()`, from the library's
//!   setting rows.
//!
//! The package `hitfield/` (Python) re-exports these and adds the pygame
//! glue (`from_surface`, `to_surface`).

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

mod args;
mod bits;
mod buffer;
mod mask;
mod ops;
mod posed;
mod settings;
mod surface;
mod world;

/// One number as pygame reads it: an int, or a float truncated.
fn int_of(obj: &Bound<'_, PyAny>) -> Option<i64> {
    if let Ok(v) = obj.extract::<i64>() {
        return Some(v);
    }
    let v = obj.extract::<f64>().ok()?;
    v.is_finite().then_some(v.trunc() as i64)
}

/// Two numbers from a tuple or any two-item sequence (pygame's
/// `pg_TwoIntsFromObj`); `TypeError("{what} must be two numbers")` otherwise.
pub(crate) fn two_ints(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<(i64, i64)> {
    let fail = || PyTypeError::new_err(format!("{what} must be two numbers"));
    if let Ok(t) = obj.cast::<PyTuple>() {
        if t.len() == 2 {
            let (a, b) = (t.get_borrowed_item(0)?, t.get_borrowed_item(1)?);
            return match (int_of(&a), int_of(&b)) {
                (Some(x), Some(y)) => Ok((x, y)),
                _ => Err(fail()),
            };
        }
        return Err(fail());
    }
    if obj.len().ok() == Some(2) {
        if let (Ok(a), Ok(b)) = (obj.get_item(0), obj.get_item(1)) {
            if let (Some(x), Some(y)) = (int_of(&a), int_of(&b)) {
                return Ok((x, y));
            }
        }
    }
    Err(fail())
}

/// A `pygame.Rect` when pygame is already imported, else an `(x, y, w, h)`
/// tuple (which a `pygame.Rect` compares equal to).
pub(crate) fn rect(py: Python<'_>, r: [i64; 4]) -> PyResult<Bound<'_, PyAny>> {
    let modules = py.import("sys")?.getattr("modules")?;
    if let Ok(pygame) = modules.get_item("pygame") {
        if let Ok(class) = pygame.getattr("Rect") {
            return class.call1((r[0], r[1], r[2], r[3]));
        }
    }
    Ok(PyTuple::new(py, r)?.into_any())
}

#[pymodule]
fn _hitfield(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<mask::PyMask>()?;
    m.add_class::<posed::PyPose>()?;
    m.add_class::<posed::PyOverlap>()?;
    m.add_class::<posed::PyPosedMask>()?;
    m.add_class::<world::PyWorld>()?;
    m.add_class::<world::PyContact>()?;
    m.add_function(wrap_pyfunction!(surface::from_rgba, m)?)?;
    m.add_function(wrap_pyfunction!(surface::_from_pixels_key, m)?)?;
    m.add_function(wrap_pyfunction!(surface::_from_pixels_alpha, m)?)?;
    m.add_function(wrap_pyfunction!(surface::_from_threshold, m)?)?;
    m.add_function(wrap_pyfunction!(posed::overlap, m)?)?;
    m.add_function(wrap_pyfunction!(posed::intersects, m)?)?;
    m.add_function(wrap_pyfunction!(posed::overlap_mask, m)?)?;
    m.add_function(wrap_pyfunction!(posed::collide_all, m)?)?;
    m.add_function(wrap_pyfunction!(world::default_sprites, m)?)?;
    m.add_function(wrap_pyfunction!(settings::settings, m)?)?;
    Ok(())
}
