//! Poses and the posed queries: exact, rotated and scaled (the library's
//! `collide` module, its coverage rule and its broad phase).

use pyo3::prelude::*;
use rayon::prelude::*;

use hitfield::{Pose, PosedMask, SweepAndPrune};

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
    fn from_centre(centre: (f32, f32), size: (u32, u32), rotation: f32, scale: f32) -> PyPose {
        let p = Pose::from_centre([centre.0, centre.1], [size.0, size.1]);
        PyPose {
            rotation,
            scale,
            ..PyPose::of(p)
        }
    }

    /// The centre of a `size` mask in this pose.
    fn centre(&self, size: (u32, u32)) -> (f32, f32) {
        let [x, y] = self.lib().centre([size.0, size.1]);
        (x, y)
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
/// `(mask, (x, y))`, or `None` when they share none.
#[pyfunction]
pub fn overlap_mask(
    py: Python<'_>,
    mask_a: PyRef<'_, PyMask>,
    pose_a: PyPose,
    mask_b: PyRef<'_, PyMask>,
    pose_b: PyPose,
) -> Option<(PyMask, (i64, i64))> {
    let (a, b) = (mask_a.lib(), mask_b.lib());
    let (pa, pb) = (pose_a.lib(), pose_b.lib());
    let shared = py.detach(|| hitfield::overlap_mask(a, &pa, b, &pb))?;
    Some((PyMask::from_lib(shared.mask()), shared.origin()))
}

/// A mask rasterised once in a pose, for many queries in that pose (e.g.
/// against every other sprite of a frame).
#[pyclass(module = "hitfield", name = "PosedMask")]
pub struct PyPosedMask {
    posed: PosedMask,
}

#[pymethods]
impl PyPosedMask {
    #[new]
    fn new(py: Python<'_>, mask: PyRef<'_, PyMask>, pose: PyPose) -> PyPosedMask {
        let m = mask.lib();
        let p = pose.lib();
        PyPosedMask {
            posed: py.detach(|| PosedMask::new(m, &p)),
        }
    }

    /// Rasterises `mask` again in `pose`, reusing the memory.
    fn rebuild(&mut self, py: Python<'_>, mask: PyRef<'_, PyMask>, pose: PyPose) {
        let m = mask.lib();
        let p = pose.lib();
        let posed = &mut self.posed;
        py.detach(|| posed.rebuild(m, &p));
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

    /// Whether world pixel `(x, y)` is covered.
    fn covers(&self, x: i64, y: i64) -> bool {
        self.posed.covers(x, y)
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

/// Posed pixels (the sum of the poses' bounds) from which `collide_all`
/// spreads its work over the cores: about 2 ms of rasterising on one.
const PARALLEL_PIXELS: u64 = 5_000_000;

/// Every pair `(i, j)`, `i < j`, of masks that share a pixel in their poses
/// (`masks[i]` in `poses[i]`): the broad phase, then exact tests, on all
/// cores when there is enough work to pay for waking them (see
/// `PARALLEL_PIXELS`). With `detail=True`, `(i, j, Overlap)` triples.
#[pyfunction]
#[pyo3(signature = (masks, poses, detail = false))]
pub fn collide_all(
    py: Python<'_>,
    masks: Vec<PyRef<'_, PyMask>>,
    poses: Vec<PyPose>,
    detail: bool,
) -> PyResult<Vec<Py<PyAny>>> {
    if masks.len() != poses.len() {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "{} masks but {} poses; give one pose per mask",
            masks.len(),
            poses.len()
        )));
    }
    let libs: Vec<&hitfield::Mask> = masks.iter().map(|m| m.lib()).collect();
    let poses: Vec<Pose> = poses.iter().map(|p| p.lib()).collect();
    let found: Vec<(usize, usize, Option<hitfield::Overlap>)> = py.detach(|| {
        // Waking the pool's threads can cost milliseconds on a busy
        // machine: small frames are done on this thread alone.
        let area: u64 = libs
            .iter()
            .zip(&poses)
            .filter_map(|(m, p)| p.world_bounds(m.width(), m.height()))
            .map(|r| r.area())
            .sum();
        let parallel = area >= PARALLEL_PIXELS;
        let build = |(m, p): (&&hitfield::Mask, &Pose)| PosedMask::new(m, p);
        let posed: Vec<PosedMask> = if parallel {
            libs.par_iter().zip(poses.par_iter()).map(build).collect()
        } else {
            libs.iter().zip(&poses).map(build).collect()
        };
        let boxes: Vec<_> = posed.iter().map(|p| p.world_rect()).collect();
        let pairs = SweepAndPrune::new().pairs(&boxes).to_vec();
        let test = |&(i, j): &(usize, usize)| {
            let (i, j) = (i.min(j), i.max(j));
            if detail {
                posed[i].overlap(&posed[j]).map(|o| (i, j, Some(o)))
            } else {
                posed[i].intersects(&posed[j]).then_some((i, j, None))
            }
        };
        if parallel {
            pairs.par_iter().filter_map(test).collect()
        } else {
            pairs.iter().filter_map(test).collect()
        }
    });
    let mut found = found;
    found.sort_by_key(|&(i, j, _)| (i, j));
    found
        .into_iter()
        .map(|(i, j, o)| match o {
            Some(o) => Ok((i, j, PyOverlap::of(&o))
                .into_pyobject(py)?
                .into_any()
                .unbind()),
            None => Ok((i, j).into_pyobject(py)?.into_any().unbind()),
        })
        .collect()
}
