//! The plain, serial field step: the oracle for [`crate::field::Field::step`].
//!
//! Same stages and the same per-particle maths ([`move_one`], [`pieces`]),
//! but one particle at a time in creation order, no bins, no threads: move
//! everyone, fade every pixel, then draw every piece clipped to the canvas.

use crate::field::particles::{move_one, pieces};
use crate::field::raster::{line_pixels, merge_pixel, pixel_of};
use crate::field::Field;

/// One fixed step of `dt` seconds, done the plain way.
pub fn step(field: &mut Field, dt: f64) {
    let s = field.settings.clone();
    field.flow.update_plain(field.noise_t, s.noise_frequency);
    field.noise_t += dt * s.evolution_speed;

    let motion = field.motion();
    let mut p = field.particles().clone();
    let mut segments = Vec::with_capacity(p.len() * 2);
    for i in 0..p.len() {
        let from = (p.x[i], p.y[i]);
        let mv = move_one(
            from.0,
            from.1,
            p.speed[i],
            p.wander[i],
            &motion,
            &field.flow,
            &field.sincos,
        );
        (p.x[i], p.y[i]) = mv.to;
        let colour = field.palette[mv.shade as usize];
        for piece in pieces(from, &mv).into_iter().flatten() {
            segments.push((piece, colour));
        }
    }
    field.set_particles(&p);

    for px in field.canvas.pixels_mut() {
        px[3] = px[3].saturating_sub(s.fade);
    }

    let (w, h) = (s.width as i32, s.height as i32);
    let pixels = field.canvas.pixels_mut();
    for (((x0, y0), (x1, y1)), colour) in segments {
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
