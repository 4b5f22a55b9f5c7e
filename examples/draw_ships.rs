//! Draws the embedded ship sprites into `assets/` (run it from the crate root):
//!
//! ```sh
//! cargo run --no-default-features --example draw_ships [-- --preview sheet.png]
//! ```
//!
//! Each ship is a stack of shapes given as signed distance functions
//! (negative inside), painted back to front and sampled 8×8 times per pixel,
//! so edges get partial alpha. Noses point to +x (right) at rotation 0.
//! Colours are cool (cyan, violet, mint) so they stand out against the red and
//! orange particle trails on a dark background.

use std::path::Path;

/// A 2-D point.
type P = (f32, f32);

/// Signed distance from `p` to a closed polygon (negative inside, even-odd rule).
fn polygon(pts: &[P], p: P) -> f32 {
    let mut best = f32::INFINITY;
    let mut inside = false;
    for i in 0..pts.len() {
        let a = pts[i];
        let b = pts[(i + 1) % pts.len()];
        best = best.min(segment(a, b, p));
        if (a.1 > p.1) != (b.1 > p.1) && p.0 < (b.0 - a.0) * (p.1 - a.1) / (b.1 - a.1) + a.0 {
            inside = !inside;
        }
    }
    if inside {
        -best
    } else {
        best
    }
}

/// Distance from `p` to the segment `a`–`b`.
fn segment(a: P, b: P, p: P) -> f32 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 > 0.0 {
        (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let (ex, ey) = (p.0 - a.0 - t * dx, p.1 - a.1 - t * dy);
    (ex * ex + ey * ey).sqrt()
}

/// Signed distance to a circle.
fn circle(c: P, r: f32, p: P) -> f32 {
    ((p.0 - c.0).powi(2) + (p.1 - c.1).powi(2)).sqrt() - r
}

/// Approximate signed distance to an axis-aligned ellipse.
fn ellipse(c: P, rx: f32, ry: f32, p: P) -> f32 {
    let (nx, ny) = ((p.0 - c.0) / rx, (p.1 - c.1) / ry);
    ((nx * nx + ny * ny).sqrt() - 1.0) * rx.min(ry)
}

/// Signed distance to a capsule (a thick segment).
fn capsule(a: P, b: P, r: f32, p: P) -> f32 {
    segment(a, b, p) - r
}

/// How a layer paints.
enum Paint {
    /// A fill colour (linear 0..1), lit from the top; `rim` paints a band of
    /// `rim_width` pixels just inside the outline.
    Fill {
        colour: [f32; 3],
        rim: [f32; 3],
        rim_width: f32,
    },
    /// Makes everything under it transparent (holes and notches).
    Cut,
}

/// One shape and how it paints.
struct Layer {
    sdf: Box<dyn Fn(P) -> f32>,
    paint: Paint,
}

fn fill(colour: u32, rim: u32, rim_width: f32, sdf: impl Fn(P) -> f32 + 'static) -> Layer {
    Layer {
        sdf: Box::new(sdf),
        paint: Paint::Fill {
            colour: rgb(colour),
            rim: rgb(rim),
            rim_width,
        },
    }
}

fn cut(sdf: impl Fn(P) -> f32 + 'static) -> Layer {
    Layer {
        sdf: Box::new(sdf),
        paint: Paint::Cut,
    }
}

fn rgb(hex: u32) -> [f32; 3] {
    [
        ((hex >> 16) & 0xff) as f32 / 255.0,
        ((hex >> 8) & 0xff) as f32 / 255.0,
        (hex & 0xff) as f32 / 255.0,
    ]
}

/// The colour at one sample point, or `None` for transparent.
fn shade(layers: &[Layer], height: f32, p: P) -> Option<[f32; 3]> {
    let mut out = None;
    for layer in layers {
        let d = (layer.sdf)(p);
        if d >= 0.0 {
            continue;
        }
        out = match &layer.paint {
            Paint::Cut => None,
            Paint::Fill {
                colour,
                rim,
                rim_width,
            } => {
                if -d < *rim_width {
                    Some(*rim)
                } else {
                    // Light from the top: brighter above, darker below.
                    let light = 1.12 - 0.24 * (p.1 / height);
                    Some(colour.map(|c| (c * light).min(1.0)))
                }
            }
        };
    }
    out
}

/// Renders `layers` into a `w`×`h` RGBA image with 8×8 supersampling.
fn render(w: u32, h: u32, layers: &[Layer]) -> image::RgbaImage {
    const SS: u32 = 8;
    let mut img = image::RgbaImage::new(w, h);
    for y in 0..h {
        for x in 0..w {
            let mut sum = [0.0f32; 3];
            let mut covered = 0u32;
            for sy in 0..SS {
                for sx in 0..SS {
                    let p = (
                        x as f32 + (sx as f32 + 0.5) / SS as f32,
                        y as f32 + (sy as f32 + 0.5) / SS as f32,
                    );
                    if let Some(c) = shade(layers, h as f32, p) {
                        for (s, v) in sum.iter_mut().zip(c) {
                            *s += v;
                        }
                        covered += 1;
                    }
                }
            }
            if covered > 0 {
                let n = covered as f32;
                let a = covered as f32 / (SS * SS) as f32;
                img.put_pixel(
                    x,
                    y,
                    image::Rgba([
                        (sum[0] / n * 255.0).round() as u8,
                        (sum[1] / n * 255.0).round() as u8,
                        (sum[2] / n * 255.0).round() as u8,
                        (a * 255.0).round() as u8,
                    ]),
                );
            }
        }
    }
    img
}

/// A cyan dart fighter, 64×48: swept wings with gun-port holes and a notch
/// between each wing and the tail.
fn dart() -> Vec<Layer> {
    vec![
        // Swept wings (drawn first, under the fuselage).
        fill(0x1f8fc0, 0x8fe6ff, 1.2, |p| {
            polygon(&[(36.0, 19.0), (17.0, 2.0), (9.0, 2.0), (19.0, 19.0)], p)
        }),
        fill(0x1f8fc0, 0x8fe6ff, 1.2, |p| {
            polygon(&[(36.0, 29.0), (17.0, 46.0), (9.0, 46.0), (19.0, 29.0)], p)
        }),
        // Gun ports through the wings.
        cut(|p| circle((17.5, 8.5), 2.2, p)),
        cut(|p| circle((17.5, 39.5), 2.2, p)),
        // Tail fins.
        fill(0x1f8fc0, 0x8fe6ff, 1.0, |p| {
            polygon(&[(12.0, 17.0), (4.0, 9.0), (1.5, 9.0), (5.0, 19.0)], p)
        }),
        fill(0x1f8fc0, 0x8fe6ff, 1.0, |p| {
            polygon(&[(12.0, 31.0), (4.0, 39.0), (1.5, 39.0), (5.0, 29.0)], p)
        }),
        // Fuselage.
        fill(0x39c8ec, 0xc8f6ff, 1.0, |p| {
            polygon(
                &[
                    (63.0, 24.0),
                    (42.0, 17.0),
                    (14.0, 15.5),
                    (5.0, 19.0),
                    (5.0, 29.0),
                    (14.0, 32.5),
                    (42.0, 31.0),
                ],
                p,
            )
        }),
        // Spine stripe.
        fill(0x137aa6, 0x137aa6, 0.0, |p| {
            capsule((12.0, 24.0), (36.0, 24.0), 0.9, p)
        }),
        // Canopy.
        fill(0xeafcff, 0x5fd6f5, 0.9, |p| {
            ellipse((45.0, 24.0), 7.5, 3.6, p)
        }),
        // Engine glow.
        fill(0xf4fbff, 0x7fb8ff, 1.0, |p| {
            capsule((3.0, 21.5), (3.0, 26.5), 1.8, p)
        }),
    ]
}

/// A violet manta, 48×72: broad wings with a notched trailing edge, eye
/// holes, and wing-tip pods held off the wings by thin struts.
fn manta() -> Vec<Layer> {
    vec![
        // Wing-tip pods and their struts.
        fill(0x3fe0b0, 0xb8ffe6, 1.0, |p| {
            capsule((10.0, 4.5), (27.0, 4.5), 3.0, p)
        }),
        fill(0x3fe0b0, 0xb8ffe6, 1.0, |p| {
            capsule((10.0, 67.5), (27.0, 67.5), 3.0, p)
        }),
        fill(0x5a40b0, 0x5a40b0, 0.0, |p| {
            capsule((19.0, 6.0), (20.0, 12.0), 1.2, p)
        }),
        fill(0x5a40b0, 0x5a40b0, 0.0, |p| {
            capsule((19.0, 66.0), (20.0, 60.0), 1.2, p)
        }),
        // Wings, with a scalloped trailing edge.
        fill(0x8d6cf2, 0xd9ccff, 1.2, |p| {
            polygon(
                &[
                    (46.0, 36.0),
                    (37.0, 27.0),
                    (29.0, 16.0),
                    (22.0, 9.5),
                    (13.0, 11.0),
                    (16.0, 19.0),
                    (8.0, 24.0),
                    (13.0, 30.0),
                    (3.0, 36.0),
                    (13.0, 42.0),
                    (8.0, 48.0),
                    (16.0, 53.0),
                    (13.0, 61.0),
                    (22.0, 62.5),
                    (29.0, 56.0),
                    (37.0, 45.0),
                ],
                p,
            )
        }),
        // Body.
        fill(0xb7a0ff, 0xeee8ff, 1.0, |p| {
            ellipse((28.0, 36.0), 17.0, 7.0, p)
        }),
        // Eye holes through the wings.
        cut(|p| ellipse((24.0, 21.0), 3.0, 2.3, p)),
        cut(|p| ellipse((24.0, 51.0), 3.0, 2.3, p)),
        // Canopy.
        fill(0x7dffd0, 0x2fb890, 0.9, |p| {
            ellipse((36.0, 36.0), 5.5, 3.0, p)
        }),
        // Engine glow.
        fill(0xf2f8ff, 0x9fb0ff, 1.0, |p| {
            capsule((11.0, 33.5), (11.0, 38.5), 1.6, p)
        }),
    ]
}

/// A mint twin-hulled hauler, 80×56: two hulls with a gap between them, a
/// bridge with a window hole, a cockpit pod out front.
fn hauler() -> Vec<Layer> {
    let hull = |y: f32| {
        move |p: P| {
            polygon(
                &[
                    (72.0, y),
                    (62.0, y - 7.5),
                    (6.0, y - 7.5),
                    (3.0, y - 4.5),
                    (3.0, y + 4.5),
                    (6.0, y + 7.5),
                    (62.0, y + 7.5),
                ],
                p,
            )
        }
    };
    vec![
        // Bridge between the hulls.
        fill(0x2f9f78, 0x8ff0c8, 1.0, |p| {
            polygon(&[(30.0, 16.0), (56.0, 16.0), (60.0, 40.0), (26.0, 40.0)], p)
        }),
        cut(|p| capsule((37.0, 28.0), (48.0, 28.0), 2.4, p)),
        // Cockpit pod and its neck.
        fill(0x2f9f78, 0x8ff0c8, 1.0, |p| {
            polygon(&[(55.0, 24.0), (68.0, 25.0), (68.0, 31.0), (55.0, 32.0)], p)
        }),
        fill(0x5fd0ff, 0xe0f6ff, 1.0, |p| circle((70.0, 28.0), 5.5, p)),
        // Hulls.
        fill(0x8ff5c2, 0xe4fff0, 1.0, hull(11.0)),
        fill(0x8ff5c2, 0xe4fff0, 1.0, hull(45.0)),
        // Cargo panels.
        fill(0x4cc995, 0x4cc995, 0.0, |p| {
            polygon(&[(14.0, 7.0), (44.0, 7.0), (44.0, 15.0), (14.0, 15.0)], p)
        }),
        fill(0x4cc995, 0x4cc995, 0.0, |p| {
            polygon(&[(14.0, 41.0), (44.0, 41.0), (44.0, 49.0), (14.0, 49.0)], p)
        }),
        fill(0xe4fff0, 0xe4fff0, 0.0, |p| {
            capsule((24.0, 7.5), (24.0, 14.5), 0.6, p)
        }),
        fill(0xe4fff0, 0xe4fff0, 0.0, |p| {
            capsule((34.0, 7.5), (34.0, 14.5), 0.6, p)
        }),
        fill(0xe4fff0, 0xe4fff0, 0.0, |p| {
            capsule((24.0, 41.5), (24.0, 48.5), 0.6, p)
        }),
        fill(0xe4fff0, 0xe4fff0, 0.0, |p| {
            capsule((34.0, 41.5), (34.0, 48.5), 0.6, p)
        }),
        // Engine glows.
        fill(0xf4fbff, 0x7fb8ff, 1.0, |p| {
            capsule((2.0, 8.5), (2.0, 13.5), 1.8, p)
        }),
        fill(0xf4fbff, 0x7fb8ff, 1.0, |p| {
            capsule((2.0, 42.5), (2.0, 47.5), 1.8, p)
        }),
    ]
}

/// Composites the sprites, `zoom` times enlarged, over a dark background with
/// red and orange streaks like the particle trails, for judging contrast.
fn preview(sprites: &[image::RgbaImage], zoom: u32) -> image::RgbaImage {
    let gap = 8 * zoom;
    let width = sprites.iter().map(|s| s.width() * zoom + gap).sum::<u32>() + gap;
    let height = sprites.iter().map(|s| s.height() * zoom).max().unwrap_or(0) + 2 * gap;
    let mut out = image::RgbaImage::from_fn(width, height, |x, y| {
        // Diagonal streaks in the trail colours.
        let band = (x + 2 * y) / (3 * zoom) % 7;
        match band {
            0 => image::Rgba([230, 60, 30, 255]),
            3 => image::Rgba([255, 150, 40, 255]),
            _ => image::Rgba([12, 12, 20, 255]),
        }
    });
    let mut left = gap;
    for s in sprites {
        for y in 0..s.height() * zoom {
            for x in 0..s.width() * zoom {
                let src = s.get_pixel(x / zoom, y / zoom).0;
                let dst = out.get_pixel_mut(left + x, gap + y);
                let a = src[3] as u32;
                for (d, &c) in dst.0.iter_mut().zip(&src[..3]) {
                    *d = ((c as u32 * a + *d as u32 * (255 - a)) / 255) as u8;
                }
            }
        }
        left += s.width() * zoom + gap;
    }
    out
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out = Path::new("assets");
    std::fs::create_dir_all(out)?;
    let ships: [(&str, u32, u32, Vec<Layer>); 3] = [
        ("ship_dart.png", 64, 48, dart()),
        ("ship_manta.png", 48, 72, manta()),
        ("ship_hauler.png", 80, 56, hauler()),
    ];
    let mut drawn = Vec::new();
    for (name, w, h, layers) in ships {
        let path = out.join(name);
        let img = render(w, h, &layers);
        img.save(&path)?;
        println!("wrote {} ({w}×{h})", path.display());
        drawn.push(img);
    }
    // `draw_ships --preview FILE` also writes an enlarged contact sheet.
    let args: Vec<String> = std::env::args().collect();
    if let [_, flag, file] = args.as_slice() {
        if flag == "--preview" {
            preview(&drawn, 6).save(file)?;
            println!("wrote {file}");
        }
    }
    Ok(())
}
