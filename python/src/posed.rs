//! Poses and the posed queries: exact, rotated and scaled (the library's
//! `collide` module, its coverage rule and its broad phase).

use std::cell::RefCell;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use hitfield::collide::{ContactError, ContactOptions, Contacts, Touch};
use hitfield::{Pose, PosedMask};

use crate::mask::PyMask;

/// Where a mask is: top-left `(x, y)` before rotation, `rotation` in radians
/// clockwise on screen about the mask's centre, uniform `scale`.
///
/// From pygame's `transform.rotate(surface, angle)` (degrees,
/// counter-clockwise): `rotation = -math.radians(angle)`. A pose with a NaN
/// or infinite field, or a scale outside [2^-16, 64], covers no pixel.
#[pyclass(module = "hitfield", name = "Pose", from_py_object)]
#[derive(Clone, Copy)]
pub struct PyPose {
    #[pyo3(get, set)]
    x: f32,
    #[pyo3(get, set)]
    y: f32,
    #[pyo3(get, set)]
    rotation: f32,
    #[pyo3(get, set)]
    scale: f32,
}

impl PyPose {
    pub(crate) fn lib(&self) -> Pose {
        Pose {
            x: self.x,
            y: self.y,
            rotation: self.rotation,
            scale: self.scale,
        }
    }

    pub(crate) fn of(p: Pose) -> PyPose {
        PyPose {
            x: p.x,
            y: p.y,
            rotation: p.rotation,
            scale: p.scale,
        }
    }
}

/// A mask size `(w, h)` from Python: two ints from 0 to 2^32 - 1, else a
/// `ValueError` (`TypeError` for what is not two ints) naming `size`.
fn size_arg(size: &Bound<'_, PyAny>) -> PyResult<[u32; 2]> {
    let (w, h): (i128, i128) = size
        .extract()
        .map_err(|_| pyo3::exceptions::PyTypeError::new_err("size must be two ints (w, h)"))?;
    match (u32::try_from(w), u32::try_from(h)) {
        (Ok(w), Ok(h)) => Ok([w, h]),
        _ => Err(PyValueError::new_err(format!(
            "size is ({w}, {h}); each side must be from 0 to {}",
            u32::MAX
        ))),
    }
}

#[pymethods]
impl PyPose {
    #[new]
    #[pyo3(signature = (x, y, rotation = 0.0, scale = 1.0))]
    fn new(x: f32, y: f32, rotation: f32, scale: f32) -> PyPose {
        PyPose {
            x,
            y,
            rotation,
            scale,
        }
    }

    /// The pose whose `size` mask has its centre at `centre`.
    #[staticmethod]
    #[pyo3(signature = (centre, size, rotation = 0.0, scale = 1.0))]
    fn from_centre(
        centre: (f32, f32),
        size: &Bound<'_, PyAny>,
        rotation: f32,
        scale: f32,
    ) -> PyResult<PyPose> {
        let p = Pose::from_centre([centre.0, centre.1], size_arg(size)?);
        Ok(PyPose {
            rotation,
            scale,
            ..PyPose::of(p)
        })
    }

    /// The centre of a `size` mask in this pose.
    fn centre(&self, size: &Bound<'_, PyAny>) -> PyResult<(f32, f32)> {
        let [x, y] = self.lib().centre(size_arg(size)?);
        Ok((x, y))
    }

    fn __repr__(&self) -> String {
        format!(
            "Pose(x={}, y={}, rotation={}, scale={})",
            self.x, self.y, self.rotation, self.scale
        )
    }

    fn __eq__(&self, other: PyRef<'_, PyPose>) -> bool {
        self.lib() == other.lib()
    }
}

/// What two posed masks share: `count` pixels, their bounding `rect`
/// `(x, y, w, h)`, `point` (the rect's centre), `centroid` (mean of the
/// shared pixels' centres) and `normal` (unit vector from A towards B).
#[pyclass(module = "hitfield", name = "Overlap", frozen)]
pub struct PyOverlap {
    #[pyo3(get)]
    count: u64,
    #[pyo3(get)]
    rect: (i64, i64, i64, i64),
    #[pyo3(get)]
    point: (f64, f64),
    #[pyo3(get)]
    centroid: (f64, f64),
    #[pyo3(get)]
    normal: (f64, f64),
}

impl PyOverlap {
    pub(crate) fn of(o: &hitfield::Overlap) -> PyOverlap {
        let [x, y, w, h] = o.rect.to_xywh();
        PyOverlap {
            count: o.count,
            rect: (x, y, w, h),
            point: (o.point[0], o.point[1]),
            centroid: (o.centroid[0], o.centroid[1]),
            normal: (o.normal[0], o.normal[1]),
        }
    }
}

#[pymethods]
impl PyOverlap {
    fn __repr__(&self) -> String {
        format!(
            "Overlap(count={}, rect={:?}, point={:?}, centroid={:?}, normal={:?})",
            self.count, self.rect, self.point, self.centroid, self.normal
        )
    }
}

/// What A and B in their poses share, or `None`.
#[pyfunction]
pub fn overlap(
    py: Python<'_>,
    mask_a: PyRef<'_, PyMask>,
    pose_a: PyPose,
    mask_b: PyRef<'_, PyMask>,
    pose_b: PyPose,
) -> Option<PyOverlap> {
    let (a, b) = (mask_a.lib(), mask_b.lib());
    let (pa, pb) = (pose_a.lib(), pose_b.lib());
    py.detach(|| hitfield::overlap(a, &pa, b, &pb))
        .map(|o| PyOverlap::of(&o))
}

/// Whether A and B in their poses share a pixel.
#[pyfunction]
pub fn intersects(
    py: Python<'_>,
    mask_a: PyRef<'_, PyMask>,
    pose_a: PyPose,
    mask_b: PyRef<'_, PyMask>,
    pose_b: PyPose,
) -> bool {
    let (a, b) = (mask_a.lib(), mask_b.lib());
    let (pa, pb) = (pose_a.lib(), pose_b.lib());
    py.detach(|| hitfield::intersects(a, &pa, b, &pb))
}

/// The shared pixels as a mask and the world position of its top-left,
/// `(mask, (x, y))`, or `None` when they share none. Two masks whose shared
/// window could pass the posed size limit raise `ValueError`.
#[pyfunction]
pub fn overlap_mask(
    py: Python<'_>,
    mask_a: PyRef<'_, PyMask>,
    pose_a: PyPose,
    mask_b: PyRef<'_, PyMask>,
    pose_b: PyPose,
) -> PyResult<Option<(PyMask, (i64, i64))>> {
    let (a, b) = (mask_a.lib(), mask_b.lib());
    let (pa, pb) = (pose_a.lib(), pose_b.lib());
    check_shared(a, &pa, b, &pb)?;
    let shared = py.detach(|| hitfield::overlap_mask(a, &pa, b, &pb));
    Ok(shared.map(|s| (PyMask::from_lib(s.mask()), s.origin())))
}

/// Refuses a shared window (the overlap of the two poses' boxes, which
/// `overlap_mask` rasterises) past the posed size limit: only two masks
/// that are both past it can make one, and the error names the first.
fn check_shared(a: &hitfield::Mask, pa: &Pose, b: &hitfield::Mask, pb: &Pose) -> PyResult<()> {
    let (Some(ra), Some(rb)) = (
        pa.world_bounds(a.width(), a.height()),
        pb.world_bounds(b.width(), b.height()),
    ) else {
        return Ok(());
    };
    let Some(window) = ra.intersect(&rb) else {
        return Ok(());
    };
    let max = i64::from(PosedMask::MAX_SIDE);
    if window.x1 - window.x0 <= max && window.y1 - window.y0 <= max {
        return Ok(());
    }
    let which = PosedMask::check_size(a, pa)
        .map_err(|e| ("mask_a", e))
        .and_then(|()| PosedMask::check_size(b, pb).map_err(|e| ("mask_b", e)));
    match which {
        Err((name, e)) => Err(PyValueError::new_err(format!("{name}: {e}"))),
        Ok(()) => Ok(()),
    }
}

/// `ValueError` for a posed mask past the size limit (the library's
/// message: the mask's size, the scale and the limit).
fn size_error(e: hitfield::collide::PosedSizeError) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// A mask rasterised once in a pose, for many queries in that pose (e.g.
/// against every other sprite of a frame). A mask and scale whose coverage
/// could pass 16,384 pixels a side (its diagonal times the scale) raise
/// `ValueError` before anything is built.
#[pyclass(module = "hitfield", name = "PosedMask")]
pub struct PyPosedMask {
    posed: PosedMask,
}

#[pymethods]
impl PyPosedMask {
    #[new]
    fn new(py: Python<'_>, mask: PyRef<'_, PyMask>, pose: PyPose) -> PyResult<PyPosedMask> {
        let m = mask.lib();
        let p = pose.lib();
        PosedMask::check_size(m, &p).map_err(size_error)?;
        Ok(PyPosedMask {
            posed: py.detach(|| PosedMask::new(m, &p)),
        })
    }

    /// Rasterises `mask` again in `pose`, reusing the memory.
    fn rebuild(&mut self, py: Python<'_>, mask: PyRef<'_, PyMask>, pose: PyPose) -> PyResult<()> {
        let m = mask.lib();
        let p = pose.lib();
        PosedMask::check_size(m, &p).map_err(size_error)?;
        let posed = &mut self.posed;
        py.detach(|| posed.rebuild(m, &p));
        Ok(())
    }

    #[getter]
    fn pose(&self) -> PyPose {
        PyPose::of(self.posed.pose())
    }

    /// The world pixels covered, as a mask, and its top-left `(x, y)`.
    fn coverage(&self) -> (PyMask, (i64, i64)) {
        (PyMask::from_lib(self.posed.coverage()), self.posed.origin())
    }

    /// Number of world pixels covered.
    fn count(&self) -> u64 {
        self.posed.pixel_count()
    }

    /// Whether world pixel `(x, y)` is covered (any ints: one past 64 bits
    /// is never covered).
    fn covers(&self, x: &Bound<'_, PyAny>, y: &Bound<'_, PyAny>) -> PyResult<bool> {
        let coord = |v: &Bound<'_, PyAny>, name: &str| -> PyResult<Option<i64>> {
            if let Ok(i) = v.extract::<i64>() {
                return Ok(Some(i));
            }
            if v.extract::<i128>().is_ok() || v.is_instance_of::<pyo3::types::PyInt>() {
                return Ok(None);
            }
            Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "{name} must be an int, got {}",
                v.get_type().name()?
            )))
        };
        Ok(match (coord(x, "x")?, coord(y, "y")?) {
            (Some(x), Some(y)) => self.posed.covers(x, y),
            _ => false,
        })
    }

    /// Bounding rect `(x, y, w, h)` of the covered pixels, or `None`.
    fn world_rect(&self) -> Option<(i64, i64, i64, i64)> {
        self.posed.world_rect().map(|r| {
            let [x, y, w, h] = r.to_xywh();
            (x, y, w, h)
        })
    }

    fn intersects(&self, other: PyRef<'_, PyPosedMask>) -> bool {
        self.posed.intersects(&other.posed)
    }

    fn overlap(&self, other: PyRef<'_, PyPosedMask>) -> Option<PyOverlap> {
        self.posed.overlap(&other.posed).map(|o| PyOverlap::of(&o))
    }
}

/// Posed pixels up to which `collide_all` keeps its posed masks' storage
/// between calls (64 Mi pixels: 8 MiB of coverage).
const KEEP_PIXELS: u64 = 1 << 26;

thread_local! {
    /// `collide_all`'s buffers, kept between calls on each thread (its posed
    /// masks are rebuilt every call: a `Mask` may change in place).
    static CONTACTS: RefCell<Contacts> = RefCell::new(Contacts::new());
}

/// Every pair `(i, j)`, `i < j`, of masks that share a pixel in their poses
/// (`masks[i]` in `poses[i]`), sorted: the library's contact pipeline
/// (`hitfield::collide::Contacts`: boxes, sweep and prune, posed masks of
/// the sprites in a candidate pair, exact tests), on all cores when the
/// frame is large enough to pay for waking them. With `detail=True`,
/// `(i, j, Overlap)` triples. A mask whose posed coverage could pass the
/// size limit at its pose's scale raises `ValueError` (nothing built).
#[pyfunction]
#[pyo3(signature = (masks, poses, detail = false))]
pub fn collide_all(
    py: Python<'_>,
    masks: Vec<PyRef<'_, PyMask>>,
    poses: Vec<PyPose>,
    detail: bool,
) -> PyResult<Vec<Py<PyAny>>> {
    if masks.len() != poses.len() {
        return Err(PyValueError::new_err(format!(
            "{} masks but {} poses; give one pose per mask",
            masks.len(),
            poses.len()
        )));
    }
    let libs: Vec<&hitfield::Mask> = masks.iter().map(|m| m.lib()).collect();
    let poses: Vec<Pose> = poses.iter().map(|p| p.lib()).collect();
    let options = ContactOptions {
        overlap: detail,
        ..ContactOptions::default()
    };
    let found: Result<Vec<Touch>, ContactError> = py.detach(|| {
        // A frame whose posed masks could pass KEEP_PIXELS gets buffers of
        // its own, freed after the call, not kept by the thread.
        let pixels: u64 = (libs.iter().zip(&poses))
            .filter_map(|(m, p)| p.world_bounds(m.width(), m.height()))
            .fold(0u64, |sum, r| sum.saturating_add(r.area()));
        if pixels > KEEP_PIXELS {
            return hitfield::collide::contacts(&libs, &poses, &options);
        }
        CONTACTS.with_borrow_mut(|c| c.find(&libs, &poses, &options).map(|t| t.to_vec()))
    });
    let found = found.map_err(|e| PyValueError::new_err(e.to_string()))?;
    found
        .into_iter()
        .map(|t| match t.overlap {
            Some(o) => Ok((t.a, t.b, PyOverlap::of(&o))
                .into_pyobject(py)?
                .into_any()
                .unbind()),
            None => Ok((t.a, t.b).into_pyobject(py)?.into_any().unbind()),
        })
        .collect()
}
