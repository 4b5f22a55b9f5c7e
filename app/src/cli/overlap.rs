//! `hitfield overlap A.png B.png`: pixel-perfect overlap of two sprites as JSON.
//!
//! Prints one JSON object: `colliding`, `count`, `rect` (`[x, y, w, h]`),
//! `point`, `centroid` and `normal` (A towards B); the last four are `null`
//! when the sprites do not touch. The sprites load through the library's
//! PNG loader with its limits and its messages; the flags (rows in
//! `flags/rows.rs`) are read once for each side. A bad file or number is
//! a one-line usage error with exit status 2.

use std::path::PathBuf;
use std::process::ExitCode;

use hitfield::collide::overlap;
use hitfield::mask::Mask;
use hitfield::pose::Pose;
use serde_json::json;

use super::flags::Given;

/// Runs the overlap query.
pub fn run(given: &Given) -> ExitCode {
    match query(given) {
        Ok(report) => super::print_report(report),
        Err(message) => super::usage_error(message),
    }
}

/// The JSON report, or a one-line message naming the file or flag at fault.
fn query(given: &Given) -> Result<serde_json::Value, String> {
    let alpha_min = given.get::<u64>("alpha-min").unwrap_or(1);
    let alpha_min = u8::try_from(alpha_min).map_err(|_| "--alpha-min: above 255".to_string())?;
    let [a, b] = ["a", "b"].map(|side| side_of(given, side, alpha_min));
    let ((mask_a, pose_a), (mask_b, pose_b)) = (a?, b?);
    Ok(match overlap(&mask_a, &pose_a, &mask_b, &pose_b) {
        Some(o) => json!({
            "colliding": true,
            "count": o.count,
            "rect": o.rect.to_xywh(),
            "point": o.point,
            "centroid": o.centroid,
            "normal": o.normal,
        }),
        None => json!({
            "colliding": false,
            "count": 0,
            "rect": null,
            "point": null,
            "centroid": null,
            "normal": null,
        }),
    })
}

/// One side's sprite (`A` or `B`) and its pose from `--S-at`,
/// `--S-rotate` and `--S-scale`, where S is `side`.
fn side_of(given: &Given, side: &str, alpha_min: u8) -> Result<(Mask, Pose), String> {
    let id = |what: &str| format!("{side}-{what}");
    let flag = |what: &str| format!("--{}", id(what));
    // Checked here rather than by clap so the one-line message names the flag.
    let at: String = given.get(&id("at")).ok_or_else(|| {
        let name = side.to_uppercase();
        format!("{}: required: X,Y of {name}'s top-left corner", flag("at"))
    })?;
    let (x, y) = parse_xy(&at).map_err(|e| format!("{} {at}: {e}", flag("at")))?;
    let degrees: f64 = given.get(&id("rotate")).unwrap_or(0.0);
    let scale: f64 = given.get(&id("scale")).unwrap_or(1.0);
    let path: PathBuf = given.get(&side.to_uppercase()).unwrap_or_default();
    let image = hitfield::assets::load_png(&path).map_err(|e| e.to_string())?;
    let pose = Pose {
        x,
        y,
        rotation: degrees.to_radians() as f32,
        scale: scale as f32,
    };
    Ok((Mask::from_rgba(&image, alpha_min), pose))
}

/// `X,Y`: two finite numbers within ±2^30.
fn parse_xy(text: &str) -> Result<(f32, f32), String> {
    let limit = f64::from(Pose::MAX_COORD);
    let coord = |v: &str| match super::number::real(v) {
        Ok(v) if v.is_finite() && v.abs() <= limit => Ok(v as f32),
        _ => Err("must be X,Y: two numbers within ±2^30".to_string()),
    };
    match text.split(',').collect::<Vec<_>>()[..] {
        [x, y] => Ok((coord(x)?, coord(y)?)),
        _ => Err("must be X,Y: two numbers within ±2^30".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_checked() {
        assert_eq!(parse_xy("3,-4.5"), Ok((3.0, -4.5)));
        assert_eq!(parse_xy(" 1 , 2 "), Ok((1.0, 2.0)));
        for bad in ["", "1", "1,2,3", "a,b", "nan,0", "0,inf", "1e10,0", ","] {
            assert!(parse_xy(bad).is_err(), "{bad}");
        }
    }
}
