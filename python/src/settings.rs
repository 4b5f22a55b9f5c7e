//! Settings from Python: `World(...)`'s keywords and `hitfield.settings()`,
//! both straight from the library's rows (`hitfield::settings::rows`), so
//! the names, ranges, defaults and error messages are the ones the command
//! line, the link and docs/settings.md use.
//!
//! A row's keyword is its flag with `_` for `-` (`ships`,
//! `sample_interval_ms`), else its link name (`step_ms`), else its name
//! (`fade`). Also accepted: the dotted key (`**{"ships.count": 6}`), the
//! link name (`sample_ms`), and a table of names (`ships={"count": 6}`).
//! The row's bare name where it differs from all of these (`count`) still
//! works, with a `DeprecationWarning`.

use pyo3::exceptions::{PyDeprecationWarning, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyString};

use hitfield::settings::{rows, Kind, Row, Value};
use hitfield::Settings;

/// The keyword a Python user writes for `row`.
pub fn keyword(row: &Row) -> String {
    match (row.flag, row.link) {
        (Some(flag), _) => flag.long.replace('-', "_"),
        (None, Some(link)) => link.to_string(),
        (None, None) => row.name().to_string(),
    }
}

/// The row a keyword names, and whether that name is deprecated.
fn row_of(name: &str) -> Option<(&'static Row, bool)> {
    let rows = rows();
    let current = rows
        .iter()
        .find(|r| keyword(r) == name || r.key == name || r.link == Some(name));
    if let Some(row) = current {
        return Some((row, false));
    }
    rows.iter().find(|r| r.name() == name).map(|r| (r, true))
}

/// A Python value as `row`'s value, checked by the row (its message).
fn value_of(row: &Row, v: &Bound<'_, PyAny>) -> PyResult<Value> {
    let checked = if v.is_instance_of::<PyBool>() {
        let b: bool = v.extract()?;
        row.check(Value::Switch(b)).map(|()| Value::Switch(b))
    } else if v.is_instance_of::<PyInt>() {
        match v.extract::<i128>() {
            Ok(i) => row.value_from_whole(i),
            // Past ±2^127: its float says how far out of range it is.
            Err(_) => row.value_from_f64(v.extract::<f64>().unwrap_or(f64::INFINITY)),
        }
    } else if v.is_instance_of::<PyFloat>() {
        row.value_from_f64(v.extract()?)
    } else if v.is_instance_of::<PyString>() {
        row.parse(&v.extract::<String>()?)
    } else {
        return Err(PyTypeError::new_err(format!(
            "{}: expected a bool, int, float or str, got {}",
            row.key,
            v.get_type().name()?
        )));
    };
    checked.map_err(|e| PyValueError::new_err(e.to_string()))
}

fn unknown(name: &str) -> PyErr {
    PyValueError::new_err(format!(
        "{name}: not a setting; hitfield.settings() lists them"
    ))
}

/// Sets `row` from a Python value (checked by the row alone: the rules
/// that span settings are checked once all are set).
fn put(settings: &mut Settings, row: &Row, v: &Bound<'_, PyAny>) -> PyResult<()> {
    let value = value_of(row, v)?;
    row.set(settings, value)
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Settings from a preset's text (or the defaults), then keyword arguments
/// on top, each through its row; then the whole checked as a preset is.
/// A bad value is a `ValueError` with the library's message.
pub fn settings_from(
    py: Python<'_>,
    preset: Option<&str>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Settings> {
    let mut settings = match preset {
        Some(text) => Settings::from_preset_text(text, "preset")
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
        None => Settings::default(),
    };
    for (k, v) in kwargs.into_iter().flat_map(|d| d.iter()) {
        let name: String = k.extract()?;
        if let Ok(table) = v.cast::<PyDict>() {
            let section_known = rows().iter().any(|r| r.section() == name);
            if !section_known {
                return Err(unknown(&name));
            }
            for (ik, iv) in table.iter() {
                let inner: String = ik.extract()?;
                let key = format!("{name}.{inner}");
                let row = hitfield::settings::row(&key).ok_or_else(|| unknown(&key))?;
                put(&mut settings, row, &iv)?;
            }
            continue;
        }
        let (row, deprecated) = row_of(&name).ok_or_else(|| unknown(&name))?;
        if deprecated {
            let message = format!(
                "World({name}=...) is deprecated; use {}=... (the name the command line and the link use)",
                keyword(row)
            );
            let message = std::ffi::CString::new(message)
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            let category = py.get_type::<PyDeprecationWarning>();
            PyErr::warn(py, category.as_any(), &message, 1)?;
        }
        put(&mut settings, row, &v)?;
    }
    settings
        .validate()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(settings)
}

/// A row's value as a Python object.
fn py_value<'py>(py: Python<'py>, v: Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match v {
        Value::Whole(n) => n.into_pyobject(py)?.into_any(),
        Value::Real(x) => x.into_pyobject(py)?.into_any(),
        Value::Switch(b) => PyBool::new(py, b).to_owned().into_any(),
        Value::Channel(c) => c.name().into_pyobject(py)?.into_any(),
    })
}

/// Every setting `World(...)` takes, in the order of docs/settings.md: a
/// list of dicts with `name` (the keyword), `key` (the preset's dotted
/// key), `type` (`"int"`, `"float"`, `"bool"` or `"str"`), `min`, `max`
/// (`None` for switches and the channel), `range` (in words), `default`,
/// `unit`, `doc`, `flag` (`"--ships"`, or `None`) and `link` (the link's
/// short name, or `None`).
#[pyfunction]
pub fn settings(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    rows()
        .iter()
        .map(|row| {
            let d = PyDict::new(py);
            d.set_item("name", keyword(row))?;
            d.set_item("key", row.key)?;
            let (kind, min, max) = match row.kind {
                Kind::Whole { min, max, .. } => {
                    ("int", Some(Value::Whole(min)), Some(Value::Whole(max)))
                }
                Kind::Real { min, max, .. } => {
                    ("float", Some(Value::Real(min)), Some(Value::Real(max)))
                }
                Kind::Switch { .. } => ("bool", None, None),
                Kind::Channel { .. } => ("str", None, None),
            };
            d.set_item("type", kind)?;
            d.set_item("min", min.map(|v| py_value(py, v)).transpose()?)?;
            d.set_item("max", max.map(|v| py_value(py, v)).transpose()?)?;
            d.set_item("range", row.range_text())?;
            d.set_item("default", py_value(py, row.default_value())?)?;
            d.set_item("unit", row.unit)?;
            d.set_item("doc", row.doc)?;
            d.set_item("flag", row.flag_text())?;
            d.set_item("link", row.link)?;
            Ok(d)
        })
        .collect()
}
