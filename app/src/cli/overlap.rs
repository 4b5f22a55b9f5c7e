//! `hitfield overlap A.png B.png`: pixel-perfect overlap of two sprites as JSON.
//!
//! Prints one JSON object: `colliding`, `count`, `rect` (`[x, y, w, h]`),
//! `point`, `centroid` and `normal` (A towards B); the last four are `null`
//! when the sprites do not touch. Bad files and bad numbers are one-line
//! usage errors with exit status 2.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use hitfield::collide::overlap;
use hitfield::mask::Mask;
use hitfield::pose::Pose;
use hitfield::rgba::RgbaImage;
use image::io::{Limits, Reader as ImageReader};
use image::ImageFormat;
use serde_json::json;

/// Largest accepted PNG side, in pixels.
const MAX_DECODE_SIDE: u32 = 16_384;
/// Largest decoder allocation, in bytes.
const MAX_ALLOC: u64 = 1 << 30;

/// Flags of `hitfield overlap`.
#[derive(Args, Debug, Clone)]
pub struct OverlapArgs {
    /// Sprite A (PNG).
    pub a: PathBuf,
    /// Sprite B (PNG).
    pub b: PathBuf,
    /// World position of A's top-left corner.
    #[arg(
        long = "a-at",
        value_name = "X,Y",
        default_value = "0,0",
        allow_hyphen_values = true
    )]
    pub a_at: String,
    /// World position of B's top-left corner (required).
    #[arg(long = "b-at", value_name = "X,Y", allow_hyphen_values = true)]
    pub b_at: Option<String>,
    /// A's rotation about its centre, degrees clockwise on screen.
    #[arg(
        long = "a-rotate",
        value_name = "DEG",
        default_value = "0",
        allow_hyphen_values = true
    )]
    pub a_rotate: String,
    /// B's rotation about its centre, degrees clockwise on screen.
    #[arg(
        long = "b-rotate",
        value_name = "DEG",
        default_value = "0",
        allow_hyphen_values = true
    )]
    pub b_rotate: String,
    /// A's uniform scale (1/65536 to 64).
    #[arg(
        long = "a-scale",
        value_name = "S",
        default_value = "1",
        allow_hyphen_values = true
    )]
    pub a_scale: String,
    /// B's uniform scale (1/65536 to 64).
    #[arg(
        long = "b-scale",
        value_name = "S",
        default_value = "1",
        allow_hyphen_values = true
    )]
    pub b_scale: String,
    /// A texel is solid when its alpha is at least this (0 to 255).
    #[arg(
        long = "alpha-min",
        value_name = "N",
        default_value = "1",
        allow_hyphen_values = true
    )]
    pub alpha_min: String,
}

/// Runs the overlap query.
pub fn run(args: OverlapArgs) -> ExitCode {
    match query(&args) {
        Ok(report) => super::print_report(report),
        Err(message) => super::usage_error(message),
    }
}

/// The JSON report, or a one-line message naming the file or flag at fault.
fn query(args: &OverlapArgs) -> Result<serde_json::Value, String> {
    let pose_a = pose(
        "--a-at",
        &args.a_at,
        "--a-rotate",
        &args.a_rotate,
        "--a-scale",
        &args.a_scale,
    )?;
    // Checked here rather than by clap so the one-line message names the flag.
    let b_at = args
        .b_at
        .as_deref()
        .ok_or("--b-at: required: X,Y of B's top-left corner")?;
    let pose_b = pose(
        "--b-at",
        b_at,
        "--b-rotate",
        &args.b_rotate,
        "--b-scale",
        &args.b_scale,
    )?;
    let alpha_min = parse_alpha(&args.alpha_min)?;
    let a = Mask::from_rgba(&load_png(&args.a)?, alpha_min);
    let b = Mask::from_rgba(&load_png(&args.b)?, alpha_min);
    Ok(match overlap(&a, &pose_a, &b, &pose_b) {
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

/// A pose from the position, rotation and scale flags.
fn pose(
    at_flag: &str,
    at: &str,
    rotate_flag: &str,
    rotate: &str,
    scale_flag: &str,
    scale: &str,
) -> Result<Pose, String> {
    let (x, y) = parse_xy(at_flag, at)?;
    let degrees = parse_number(rotate_flag, rotate)?;
    let radians = degrees.to_radians() as f32;
    if !radians.is_finite() {
        return Err(format!("{rotate_flag}: angle {rotate:?} is too large"));
    }
    let s = parse_number(scale_flag, scale)?;
    if s <= 0.0 {
        return Err(format!(
            "{scale_flag}: scale must be greater than 0, got {scale:?}"
        ));
    }
    let (lo, hi) = (f64::from(Pose::MIN_SCALE), f64::from(Pose::MAX_SCALE));
    if !(lo..=hi).contains(&s) {
        return Err(format!(
            "{scale_flag}: scale must be between 1/65536 and 64, got {scale:?}"
        ));
    }
    Ok(Pose {
        x,
        y,
        rotation: radians,
        scale: s as f32,
    })
}

/// A finite number.
fn parse_number(flag: &str, text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        Ok(_) => Err(format!("{flag}: expected a finite number, got {text:?}")),
        Err(_) => Err(format!("{flag}: expected a number, got {text:?}")),
    }
}

/// `X,Y`: two finite numbers within ±2^30.
fn parse_xy(flag: &str, text: &str) -> Result<(f32, f32), String> {
    let parts: Vec<&str> = text.split(',').collect();
    let [x, y] = parts[..] else {
        return Err(format!("{flag}: expected X,Y (two numbers), got {text:?}"));
    };
    let limit = f64::from(Pose::MAX_COORD);
    let coord = |v: &str| {
        let v = parse_number(flag, v)
            .map_err(|_| format!("{flag}: expected X,Y (two finite numbers), got {text:?}"))?;
        if v.abs() > limit {
            return Err(format!(
                "{flag}: coordinates must be within ±2^30, got {text:?}"
            ));
        }
        Ok(v as f32)
    };
    Ok((coord(x)?, coord(y)?))
}

/// An alpha threshold 0..=255.
fn parse_alpha(text: &str) -> Result<u8, String> {
    text.trim()
        .parse::<u8>()
        .map_err(|_| format!("--alpha-min: expected an integer from 0 to 255, got {text:?}"))
}

/// Decodes a PNG with size and memory limits; the error names the file.
fn load_png(path: &Path) -> Result<RgbaImage, String> {
    let name = path.display();
    let one_line = |e: &dyn std::fmt::Display| e.to_string().replace(['\n', '\r'], " ");
    let reader =
        ImageReader::open(path).map_err(|e| format!("{name}: cannot read: {}", one_line(&e)))?;
    let mut reader = reader
        .with_guessed_format()
        .map_err(|e| format!("{name}: cannot read: {}", one_line(&e)))?;
    if reader.format() != Some(ImageFormat::Png) {
        return Err(format!("{name}: not a PNG file"));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DECODE_SIDE);
    limits.max_image_height = Some(MAX_DECODE_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    reader.limits(limits);
    let decoded = reader
        .decode()
        .map_err(|e| format!("{name}: cannot decode PNG: {}", one_line(&e)))?;
    let rgba = decoded.into_rgba8();
    let (w, h) = rgba.dimensions();
    RgbaImage::from_raw(w, h, rgba.into_raw())
        .ok_or_else(|| format!("{name}: unexpected pixel buffer size"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_positions_are_checked() {
        assert_eq!(parse_xy("--b-at", "3,-4.5"), Ok((3.0, -4.5)));
        assert_eq!(parse_xy("--b-at", " 1 , 2 "), Ok((1.0, 2.0)));
        for bad in ["", "1", "1,2,3", "a,b", "nan,0", "0,inf", "1e10,0", ","] {
            let err = parse_xy("--b-at", bad).expect_err(bad);
            assert!(err.starts_with("--b-at: "), "{err}");
        }
        assert!(parse_alpha("256").is_err() && parse_alpha("-1").is_err());
        assert_eq!(parse_alpha("0"), Ok(0));
        let ok = pose("--a-at", "0,0", "--a-rotate", "90", "--a-scale", "2").expect("valid");
        assert!((ok.rotation - std::f32::consts::FRAC_PI_2).abs() < 1e-6 && ok.scale == 2.0);
        for (rot, scale) in [
            ("0", "0"),
            ("0", "-1"),
            ("0", "65"),
            ("nan", "1"),
            ("1e308", "1"),
        ] {
            assert!(pose("--a-at", "0,0", "--a-rotate", rot, "--a-scale", scale).is_err());
        }
    }
}
