//! `collide_all`: every touching pair of many posed masks, through the
//! library's contact pipeline, with poses given as `Pose` objects or as
//! one array of numbers (the fast form for many sprites).

use std::cell::RefCell;

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyTuple};

use hitfield::collide::{ContactOptions, Contacts};
use hitfield::Pose;

use crate::mask::PyMask;
use crate::posed::{PyOverlap, PyPose};

/// Posed-mask storage, in 64-bit words, that `collide_all` keeps between
/// calls (8 MiB: 64 Mi pixels); a larger frame's is freed after it.
const KEEP_WORDS: usize = 1 << 20;

thread_local! {
    /// `collide_all`'s buffers, kept between calls on each thread (its posed
    /// masks are rebuilt every call: a `Mask` may change in place).
    static CONTACTS: RefCell<Contacts> = RefCell::new(Contacts::new());
}

/// Every pair `(i, j)`, `i < j`, of masks that share a pixel in their poses
/// (`masks[i]` in pose `i`), sorted: the library's contact pipeline
/// (`hitfield::collide::Contacts`: boxes, sweep and prune, posed masks of
/// the sprites in a candidate pair, exact tests), shared with a second core
/// when the frame is large enough to pay for it. With `detail=True`,
/// `(i, j, Overlap)` triples.
///
/// `poses` is a sequence of `Pose`, or an object with the buffer protocol
/// (a numpy array, `array.array`, a `memoryview`) holding float32 or
/// float64 rows `(x, y, rotation)` or `(x, y, rotation, scale)`: shape
/// `(n, 3)` or `(n, 4)`, C-contiguous. A mask whose posed coverage could
/// pass the size limit at its pose's scale raises `ValueError` (nothing
/// built).
#[pyfunction]
#[pyo3(signature = (masks, poses, detail = false))]
pub fn collide_all<'py>(
    py: Python<'py>,
    masks: Vec<PyRef<'py, PyMask>>,
    poses: &Bound<'py, PyAny>,
    detail: bool,
) -> PyResult<Bound<'py, PyList>> {
    let poses = pose_list(poses)?;
    if masks.len() != poses.len() {
        return Err(PyValueError::new_err(format!(
            "{} masks but {} poses; give one pose per mask",
            masks.len(),
            poses.len()
        )));
    }
    let libs: Vec<&hitfield::Mask> = masks.iter().map(|m| m.lib()).collect();
    let options = ContactOptions {
        overlap: detail,
        ..ContactOptions::default()
    };
    let found = py.detach(|| {
        CONTACTS.with_borrow_mut(|c| {
            let found = c.find(&libs, &poses, &options).map(|t| t.to_vec());
            c.trim(KEEP_WORDS);
            found
        })
    });
    let found = found.map_err(|e| PyValueError::new_err(e.to_string()))?;
    let list = PyList::empty(py);
    for t in found {
        match t.overlap {
            Some(o) => list.append((t.a, t.b, PyOverlap::of(&o)))?,
            None => list.append(PyTuple::new(py, [t.a, t.b])?)?,
        }
    }
    Ok(list)
}

/// The poses `collide_all` was given: `Pose` objects one by one, or the
/// rows of a float buffer.
fn pose_list(poses: &Bound<'_, PyAny>) -> PyResult<Vec<Pose>> {
    if let Ok(list) = poses.cast::<PyList>() {
        return list.iter().map(|p| one_pose(&p)).collect();
    }
    if let Ok(tuple) = poses.cast::<PyTuple>() {
        return tuple.iter().map(|p| one_pose(&p)).collect();
    }
    if let Ok(buffer) = PyBuffer::<f64>::get(poses) {
        return rows(poses.py(), &buffer, |v| v as f32);
    }
    if let Ok(buffer) = PyBuffer::<f32>::get(poses) {
        return rows(poses.py(), &buffer, |v| v);
    }
    if pyo3::buffer::PyUntypedBuffer::get(poses).is_ok() {
        return Err(PyTypeError::new_err(
            "poses as a buffer must hold float32 or float64 numbers",
        ));
    }
    // Any other sequence (a generator, a deque...): its items are Poses.
    poses.try_iter()?.map(|p| one_pose(&p?)).collect()
}

fn one_pose(p: &Bound<'_, PyAny>) -> PyResult<Pose> {
    match p.cast::<PyPose>() {
        Ok(p) => Ok(p.try_borrow()?.lib()),
        Err(_) => Err(PyTypeError::new_err(format!(
            "poses must be Pose objects (or one float array of rows), got {}",
            p.get_type().name()?
        ))),
    }
}

/// The rows `(x, y, rotation[, scale])` of a C-contiguous `(n, 3)` or
/// `(n, 4)` buffer.
fn rows<T: pyo3::buffer::Element + Copy>(
    py: Python<'_>,
    buffer: &PyBuffer<T>,
    to_f32: impl Fn(T) -> f32,
) -> PyResult<Vec<Pose>> {
    let shape = buffer.shape();
    let columns = match shape {
        [_, c @ (3 | 4)] => *c,
        _ => {
            return Err(PyValueError::new_err(format!(
                "poses as an array must have shape (n, 3) or (n, 4): rows of x, y, rotation[, scale]; got shape {shape:?}"
            )))
        }
    };
    let Some(cells) = buffer.as_slice(py) else {
        return Err(PyValueError::new_err(
            "poses as an array must be C-contiguous (numpy: np.ascontiguousarray(poses))",
        ));
    };
    Ok(cells
        .chunks_exact(columns)
        .map(|row| Pose {
            x: to_f32(row[0].get()),
            y: to_f32(row[1].get()),
            rotation: to_f32(row[2].get()),
            scale: row.get(3).map_or(1.0, |s| to_f32(s.get())),
        })
        .collect())
}
