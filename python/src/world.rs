//! `hitfield.World`: the field and its ships, one fixed step at a time.
//!
//! Settings go through [`crate::settings::settings_from`]: an optional
//! preset's text, then keyword arguments through the library's setting
//! rows, so the names, ranges and error messages are the library's.

use std::ffi::c_char;

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt};

use hitfield::{RgbaImage, ShipSprite, Steer};

use crate::mask::PyMask;
use crate::posed::{PyOverlap, PyPose};

/// CPython's `PyBUF_READ` (a read-only view), part of the stable ABI.
const PYBUF_READ: std::ffi::c_int = 0x100;

/// A count from Python (`steps`): a negative one is a `ValueError` naming
/// `what`.
fn count_arg(v: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    if !v.is_instance_of::<PyInt>() || v.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, got {}",
            v.get_type().name()?
        )));
    }
    match v.extract::<i128>().map(u64::try_from) {
        Ok(Ok(n)) => Ok(n),
        Ok(Err(_)) if v.extract::<i128>()? < 0 => Err(PyValueError::new_err(format!(
            "{what} is {}; it must be 0 or more",
            v.repr()?
        ))),
        _ => Err(PyValueError::new_err(format!(
            "{what} is {}; it must be 0 or more and fit in 64 bits",
            v.repr()?
        ))),
    }
}

/// A ship or sprite index from Python: a negative or huge one is an
/// `IndexError` naming `what` (the argument), not an `OverflowError`.
fn index_arg(v: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    if !v.is_instance_of::<PyInt>() || v.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err(format!(
            "{what} must be an int, got {}",
            v.get_type().name()?
        )));
    }
    match v.extract::<i128>().map(usize::try_from) {
        Ok(Ok(i)) => Ok(i),
        Ok(Err(_)) if v.extract::<i128>()? < 0 => Err(PyIndexError::new_err(format!(
            "{what} is {}; it must be 0 or more",
            v.repr()?
        ))),
        _ => Err(PyIndexError::new_err(format!(
            "{what} is {}; there is no such ship",
            v.repr()?
        ))),
    }
}

/// The library's refusal: a missing ship or sprite is an `IndexError`,
/// anything else a `ValueError`, with the library's message.
fn world_error(e: hitfield::WorldError) -> PyErr {
    use hitfield::WorldError::{NoShip, NoSprite};
    match e {
        NoShip { .. } | NoSprite { .. } => PyIndexError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// The library's embedded ship sprites: `[(name, (w, h), rgba_bytes)]`.
#[pyfunction]
pub fn default_sprites(py: Python<'_>) -> Vec<(String, (u32, u32), Bound<'_, PyBytes>)> {
    hitfield::default_sprites()
        .into_iter()
        .map(|(name, img)| {
            (
                name,
                (img.width(), img.height()),
                PyBytes::new(py, img.as_bytes()),
            )
        })
        .collect()
}

/// A sprite from Python: `(name, (w, h), rgba_bytes)`.
type SpriteArg = (String, (u32, u32), Vec<u8>);

/// Two ships that touch: indices `a < b` and what they share.
#[pyclass(module = "hitfield", name = "Contact", frozen)]
pub struct PyContact {
    #[pyo3(get)]
    a: usize,
    #[pyo3(get)]
    b: usize,
    #[pyo3(get)]
    overlap: Py<PyOverlap>,
}

/// The particle field and its ships (`hitfield::World`).
///
/// `World(preset=None, *, sprites=None, **settings)`: `preset` is preset
/// TOML text; keyword arguments override it, named as the command line and
/// the link name them (`ships=6`, `particles=100_000`, `step_ms=20.0`;
/// `hitfield.settings()` lists them) or by table (`field={...}`). A bad
/// value raises `ValueError` with the library's message. `sprites` is a
/// list of `(name, (w, h), rgba_bytes)`, by default `default_sprites()`.
#[pyclass(module = "hitfield", name = "World")]
pub struct PyWorld {
    world: hitfield::World,
}

#[pymethods]
impl PyWorld {
    #[new]
    #[pyo3(signature = (preset = None, *, sprites = None, **settings))]
    fn new(
        py: Python<'_>,
        preset: Option<&str>,
        sprites: Option<Vec<SpriteArg>>,
        settings: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyWorld> {
        let settings = crate::settings::settings_from(py, preset, settings)?;
        let alpha = settings.ships.ship_alpha_min;
        let images: Vec<(String, RgbaImage)> = match sprites {
            None => hitfield::default_sprites(),
            Some(list) => list
                .into_iter()
                .enumerate()
                .map(|(i, (name, (w, h), data))| {
                    RgbaImage::from_raw(w, h, data)
                        .map(|img| (name, img))
                        .ok_or_else(|| {
                            PyValueError::new_err(format!(
                                "sprite {i}: {w}x{h} RGBA needs {} bytes",
                                u64::from(w) * u64::from(h) * 4
                            ))
                        })
                })
                .collect::<PyResult<_>>()?,
        };
        let sprites = images
            .into_iter()
            .map(|(name, img)| ShipSprite::new(name, img, alpha))
            .collect();
        let world = py
            .detach(|| hitfield::World::new(settings, sprites))
            .map_err(world_error)?;
        Ok(PyWorld { world })
    }

    /// One fixed step: flow, particles, fade, trails, ships, samples, contacts.
    #[pyo3(signature = (steps = None))]
    fn step(&mut self, py: Python<'_>, steps: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let steps = steps.map_or(Ok(1), |s| count_arg(s, "steps"))?;
        let world = &mut self.world;
        for _ in 0..steps {
            py.detach(|| {
                world.step();
            });
            // Ctrl-C stops a long run between steps.
            py.check_signals()?;
        }
        Ok(())
    }

    /// `(width, height)` of the canvas.
    #[getter]
    fn size(&self) -> (u32, u32) {
        let c = self.world.field().canvas();
        (c.width(), c.height())
    }

    /// The canvas's RGBA bytes as a read-only `memoryview`, without a copy:
    /// `pygame.image.frombuffer(world.canvas(), world.size, "RGBA")`. It
    /// shows each step as it is taken and keeps the world alive; do not
    /// read it from another thread during `step()`.
    fn canvas<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let (ptr, len) = {
            let this = slf.borrow();
            let bytes = this.world.field().canvas().rgba_bytes();
            (bytes.as_ptr(), bytes.len())
        };
        // SAFETY: the canvas's buffer lives as long as the world and is never
        // reallocated by it (steps write in place; only the library's
        // `apply_settings` with a new size would, and this class does not
        // offer it); the finalizer below keeps the world alive while the
        // view is.
        let view = unsafe {
            let raw = pyo3::ffi::PyMemoryView_FromMemory(
                ptr as *mut c_char,
                len as pyo3::ffi::Py_ssize_t,
                PYBUF_READ,
            );
            Bound::from_owned_ptr_or_err(py, raw)?
        };
        let keep = py.import("builtins")?.getattr("id")?;
        py.import("weakref")?
            .getattr("finalize")?
            .call1((&view, keep, slf))?;
        Ok(view)
    }

    /// The settings in force, as preset TOML.
    fn settings_toml(&self) -> PyResult<String> {
        toml::to_string_pretty(&self.world.settings())
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// Number of ships.
    fn __len__(&self) -> usize {
        self.world.ships().len()
    }

    /// Each ship's pose.
    fn poses(&self) -> Vec<PyPose> {
        self.world
            .ships()
            .iter()
            .map(|s| PyPose::of(s.pose()))
            .collect()
    }

    /// Each ship's sprite index.
    fn ship_sprites(&self) -> Vec<usize> {
        self.world.ships().iter().map(|s| s.sprite()).collect()
    }

    /// Each ship's hit pixels in the last sample.
    fn hit_counts(&self) -> Vec<u32> {
        self.world
            .ships()
            .iter()
            .map(|s| s.last_hit_count())
            .collect()
    }

    /// Each ship's hit pixels over all samples.
    fn hits_total(&self) -> Vec<u64> {
        self.world.ships().iter().map(|s| s.hits_total()).collect()
    }

    /// The canvas pixels `(x, y)` that hit ship `index` in its last sample.
    fn hit_pixels(&self, index: &Bound<'_, PyAny>) -> PyResult<Vec<(i64, i64)>> {
        let index = index_arg(index, "index")?;
        let ship = self.world.ship(index).map_err(world_error)?;
        Ok(ship.hit_pixels().iter().collect())
    }

    /// Ships that touch, after the last step.
    fn contacts(&self, py: Python<'_>) -> PyResult<Vec<PyContact>> {
        self.world
            .contacts()
            .iter()
            .map(|c| {
                Ok(PyContact {
                    a: c.a,
                    b: c.b,
                    overlap: Py::new(py, PyOverlap::of(&c.overlap))?,
                })
            })
            .collect()
    }

    /// Puts ship `index`, as the player's, stopped, centred on `at`.
    fn place_player(&mut self, index: &Bound<'_, PyAny>, at: (f32, f32)) -> PyResult<()> {
        let index = index_arg(index, "index")?;
        self.world
            .place_player(index, [at.0, at.1])
            .map_err(world_error)
    }

    /// Flies ship `index` as the player's for `dt` seconds along `direction`
    /// (`(dx, dy)`, length ≤ 1, y down), turning by `turn` (-1 to 1).
    #[pyo3(signature = (index, direction, dt, turn = 0.0, boost = false))]
    fn steer_player(
        &mut self,
        index: &Bound<'_, PyAny>,
        direction: (f32, f32),
        dt: f32,
        turn: f32,
        boost: bool,
    ) -> PyResult<()> {
        let index = index_arg(index, "index")?;
        let input = Steer {
            dir: [direction.0, direction.1],
            turn,
            boost,
        };
        self.world
            .steer_player(index, input, dt)
            .map_err(world_error)
    }

    /// Sets ship `index`'s pose (the library's `World::set_pose`).
    fn set_pose(&mut self, index: &Bound<'_, PyAny>, pose: PyPose) -> PyResult<()> {
        let index = index_arg(index, "index")?;
        self.world.set_pose(index, pose.lib()).map_err(world_error)
    }

    /// Each sprite's mask, as the world masks it.
    fn sprite_masks(&self) -> Vec<PyMask> {
        self.world
            .sprites()
            .iter()
            .map(|s| PyMask::from_lib(s.mask()))
            .collect()
    }

    /// Each sprite as `(name, (w, h), rgba_bytes)`.
    fn sprite_images<'py>(
        &self,
        py: Python<'py>,
    ) -> Vec<(String, (u32, u32), Bound<'py, PyBytes>)> {
        self.world
            .sprites()
            .iter()
            .map(|s| {
                let img = s.image();
                (
                    s.name().to_string(),
                    (img.width(), img.height()),
                    PyBytes::new(py, img.as_bytes()),
                )
            })
            .collect()
    }

    /// Steps taken.
    #[getter]
    fn steps(&self) -> u64 {
        self.world.steps()
    }
}
