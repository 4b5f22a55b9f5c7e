//! Two PNG sprites collided pixel-perfectly, rotated and scaled: print the
//! shared pixel count, the box, the centroid and the normal.
//!
//! ```sh
//! cargo run --example two_sprites [-- A.png B.png]
//! ```
//! Without arguments it uses two of the bundled ships in `assets/`.

use hitfield::prelude::*;

/// Texels with at least this alpha are solid.
const ALPHA_MIN: u8 = 100;

mod cli;

fn main() -> std::process::ExitCode {
    cli::exit(run())
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    let path_a = args.next().unwrap_or(format!("{dir}/ship_dart.png"));
    let path_b = args.next().unwrap_or(format!("{dir}/ship_manta.png"));
    // Errors name the file and the reason (not a PNG, too large, truncated, …).
    let a = Mask::from_rgba(&load_png(&path_a)?, ALPHA_MIN);
    let b = Mask::from_rgba(&load_png(&path_b)?, ALPHA_MIN);

    // Top-left corner, then rotation (radians, clockwise on screen) and
    // scale, both about the sprite's centre.
    let pose_a = Pose::at(100.0, 100.0).rotated(0.4).scaled(1.5);
    let pose_b = Pose::at(120.0, 110.0).rotated(-1.1).scaled(0.75);

    println!("A = {path_a} ({}×{}) at {pose_a:?}", a.width(), a.height());
    println!("B = {path_b} ({}×{}) at {pose_b:?}", b.width(), b.height());
    match collide::overlap(&a, &pose_a, &b, &pose_b) {
        None => println!("no pixel shared"),
        Some(o) => {
            let [x, y, w, h] = o.rect.to_xywh();
            println!("{} world pixels shared", o.count);
            println!("box: x {x}, y {y}, {w}×{h}");
            println!("centroid: ({:.2}, {:.2})", o.centroid[0], o.centroid[1]);
            println!(
                "normal, from A towards B: ({:.3}, {:.3})",
                o.normal[0], o.normal[1]
            );
        }
    }
    Ok(())
}
