//! The plain, serial field step: the oracle for [`crate::field::Field::step`].
//!
//! Same stages and the same per-particle maths ([`move_one`]), but one
//! particle at a time, no buckets, no bands, no threads: move everyone, fade
//! every pixel, then draw every segment clipped to the canvas.

use crate::field::particles::move_one;
use crate::field::raster::{line_pixels, merge_pixel, pixel_of};
use crate::field::Field;

/// One fixed step of `dt` seconds, done the plain way.
pub fn step(field: &mut Field, dt: f64) {
    let s = field.settings.clone();
    field.flow.update(field.noise_t, s.noise_frequency, false);
    field.noise_t += dt * s.evolution_speed;

    let motion = field.motion();
    let p = &mut field.particles;
    let mut segments = Vec::with_capacity(p.len() * 2);
    for i in 0..p.len() {
        let (ox, oy) = (p.x[i], p.y[i]);
        let (nx, ny, ux, uy, shade) = move_one(
            ox,
            oy,
            p.speed[i],
            p.wander[i],
            &motion,
            &field.flow,
            &field.sincos,
        );
        p.prev_x[i] = ox;
        p.prev_y[i] = oy;
        p.x[i] = nx;
        p.y[i] = ny;
        p.shade[i] = shade;
        let colour = field.palette[shade as usize];
        // To where it would be without wrapping...
        segments.push(((ox, oy), (ux, uy), colour));
        if (nx, ny) != (ux, uy) {
            // ...and, for a wrapped move, in from the opposite edge.
            let (sx, sy) = (nx - ux, ny - uy);
            segments.push(((ox + sx, oy + sy), (nx, ny), colour));
        }
    }

    for px in field.canvas.pixels_mut() {
        px[3] = px[3].saturating_sub(s.fade);
    }

    let (w, h) = (s.width as i32, s.height as i32);
    let pixels = field.canvas.pixels_mut();
    for ((x0, y0), (x1, y1), colour) in segments {
        line_pixels(
            pixel_of(x0),
            pixel_of(y0),
            pixel_of(x1),
            pixel_of(y1),
            |x, y| {
                if (0..w).contains(&x) && (0..h).contains(&y) {
                    merge_pixel(&mut pixels[(y * w + x) as usize], colour);
                }
            },
        );
    }
}
