//! `hitfield.World`: the field and its ships, one fixed step at a time.
//!
//! Settings go through one adapter, [`settings_from`]: keyword arguments
//! and an optional preset become preset TOML, which the library's own
//! preset parser reads and validates, so the names, ranges and error
//! messages are the library's.

use std::ffi::c_char;

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyString};

use hitfield::{RgbaImage, Settings, ShipSprite, Steer};

use crate::mask::PyMask;
use crate::posed::{PyOverlap, PyPose};

/// CPython's `PyBUF_READ` (a read-only view), part of the stable ABI.
const PYBUF_READ: std::ffi::c_int = 0x100;

/// Where a keyword's errors are said to come from.
const ORIGIN: &str = "settings";

/// A Python value as TOML (bool, int, float, str), or a `TypeError`.
fn toml_value(key: &str, v: &Bound<'_, PyAny>) -> PyResult<toml::Value> {
    if v.is_instance_of::<PyBool>() {
        return Ok(toml::Value::Boolean(v.extract()?));
    }
    if v.is_instance_of::<PyInt>() {
        return match v.extract::<i64>() {
            Ok(i) => Ok(toml::Value::Integer(i)),
            Err(_) => Err(PyValueError::new_err(format!(
                "{ORIGIN}: {key}: {} does not fit in a 64-bit integer",
                v.repr()?
            ))),
        };
    }
    if v.is_instance_of::<PyFloat>() {
        return Ok(toml::Value::Float(v.extract()?));
    }
    if v.is_instance_of::<PyString>() {
        return Ok(toml::Value::String(v.extract()?));
    }
    Err(PyTypeError::new_err(format!(
        "{ORIGIN}: {key}: expected a bool, int, float or str, got {}",
        v.get_type().name()?
    )))
}

/// The table (`""` for the top level) that holds setting `name` by default.
fn table_of(defaults: &toml::Table, name: &str) -> Option<String> {
    if defaults.get(name).is_some_and(|v| !v.is_table()) {
        return Some(String::new());
    }
    defaults
        .iter()
        .find(|(_, v)| v.as_table().is_some_and(|t| t.contains_key(name)))
        .map(|(table, _)| table.clone())
}

/// The one adapter from Python to the library's settings: a preset's text
/// (or none), then keyword arguments on top, each `name=value` for a key
/// (`particles`, `count`, `step_ms`: found in whichever table holds it) or
/// `table={...}` (`field={"particles": 1000}`). The result goes through
/// [`Settings::from_preset_text`]; its error is a `ValueError` with the
/// library's message.
pub fn settings_from(
    preset: Option<&str>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Settings> {
    let mut table: toml::Table = match preset {
        Some(text) => match text.parse() {
            Ok(t) => t,
            // The library reports broken TOML with its line and column.
            Err(_) => {
                return Err(value_error(
                    Settings::from_preset_text(text, "preset").err(),
                ))
            }
        },
        None => toml::Table::new(),
    };
    let defaults = toml::Table::try_from(Settings::default())
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    for (k, v) in kwargs.into_iter().flat_map(|d| d.iter()) {
        let name: String = k.extract()?;
        let mut put = |table_name: &str, key: &str, value: toml::Value| {
            if table_name.is_empty() {
                table.insert(key.to_string(), value);
            } else if let Some(t) = table
                .entry(table_name.to_string())
                .or_insert_with(|| toml::Value::Table(toml::Table::new()))
                .as_table_mut()
            {
                t.insert(key.to_string(), value);
            }
        };
        if let Ok(inner) = v.cast::<PyDict>() {
            for (ik, iv) in inner.iter() {
                let ik: String = ik.extract()?;
                let value = toml_value(&format!("{name}.{ik}"), &iv)?;
                put(&name, &ik, value);
            }
            continue;
        }
        let value = toml_value(&name, &v)?;
        // Unknown names go to the top level, where the library names them.
        let at = table_of(&defaults, &name).unwrap_or_default();
        put(&at, &name, value);
    }
    let text = toml::to_string(&table).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Settings::from_preset_text(&text, ORIGIN).map_err(|e| value_error(Some(e)))
}

fn value_error(e: Option<hitfield::settings::preset::PresetError>) -> PyErr {
    PyValueError::new_err(e.map_or_else(|| "preset: invalid TOML".to_string(), |e| e.to_string()))
}

fn world_error(e: hitfield::WorldError) -> PyErr {
    PyValueError::new_err(e.to_string())
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
/// TOML text; keyword arguments override it by key name (`particles=...`,
/// `count=...`, `step_ms=...`) or by table (`field={...}`). A bad value
/// raises `ValueError` with the library's message. `sprites` is a list of
/// `(name, (w, h), rgba_bytes)`, by default `default_sprites()`.
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
        let settings = settings_from(preset, settings)?;
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
    #[pyo3(signature = (steps = 1))]
    fn step(&mut self, py: Python<'_>, steps: u32) {
        let world = &mut self.world;
        py.detach(|| {
            for _ in 0..steps {
                world.step();
            }
        });
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
    fn hit_pixels(&self, index: usize) -> PyResult<Vec<(i64, i64)>> {
        let ship = self
            .world
            .ship(index)
            .map_err(|e| PyIndexError::new_err(e.to_string()))?;
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
    fn place_player(&mut self, index: usize, at: (f32, f32)) -> PyResult<()> {
        self.world
            .place_player(index, [at.0, at.1])
            .map_err(world_error)
    }

    /// Flies ship `index` as the player's for `dt` seconds along `direction`
    /// (`(dx, dy)`, length ≤ 1, y down), turning by `turn` (-1 to 1).
    #[pyo3(signature = (index, direction, dt, turn = 0.0, boost = false))]
    fn steer_player(
        &mut self,
        index: usize,
        direction: (f32, f32),
        dt: f32,
        turn: f32,
        boost: bool,
    ) -> PyResult<()> {
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
    fn set_pose(&mut self, index: usize, pose: PyPose) -> PyResult<()> {
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
