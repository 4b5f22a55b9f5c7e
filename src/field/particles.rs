//! Particles as structure-of-arrays, and their motion through the flow grid.

use std::f32::consts::TAU;

use super::flow::FlowGrid;
use super::raster::SinCos;

/// Marks a particle whose move wrapped around an edge this step (it is drawn
/// from the wrap list, not from a band bucket).
pub const WRAPPED: u16 = u16::MAX;

/// Every particle's state, one array per property.
#[derive(Clone, Debug, Default)]
pub struct Particles {
    /// Position x after the last step, in `[0, width)`.
    pub x: Vec<f32>,
    /// Position y after the last step, in `[0, height)`.
    pub y: Vec<f32>,
    /// Position x before the last step.
    pub prev_x: Vec<f32>,
    /// Position y before the last step.
    pub prev_y: Vec<f32>,
    /// Own speed factor in [0.25, 1] (times `speed_scale`).
    pub speed: Vec<f32>,
    /// Own wander factor in [0.5, 1] (times `wander`).
    pub wander: Vec<f32>,
    /// Palette shade of the last segment (speed: 0 slow, 255 fast).
    pub shade: Vec<u8>,
    /// Band bucket of the last segment, or [`WRAPPED`].
    pub band: Vec<u16>,
}

/// The per-step motion constants every particle reads.
#[derive(Clone, Copy, Debug)]
pub struct Motion {
    /// Canvas width as f32.
    pub width: f32,
    /// Canvas height as f32.
    pub height: f32,
    /// Speed at brightness 0.
    pub base_speed: f32,
    /// Scale on a particle's own speed factor.
    pub speed_scale: f32,
    /// Scale on a particle's own wander factor.
    pub wander: f32,
    /// `255 / max speed`, for the shade.
    pub shade_scale: f32,
    /// Rows per band bucket.
    pub band_rows: u32,
}

/// A wrapped particle's move: its index and where it would be without the wrap.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WrapMove {
    /// Particle index.
    pub index: u32,
    /// Unwrapped new x.
    pub x: f32,
    /// Unwrapped new y.
    pub y: f32,
}

impl Particles {
    /// Number of particles.
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// True when there are none.
    pub fn is_empty(&self) -> bool {
        self.x.is_empty()
    }

    /// Grows (new particles drawn from `rng`, uniformly over the canvas) or
    /// shrinks (the last ones go) to `count`. Particles that stay keep their state.
    pub fn resize(&mut self, count: usize, width: u32, height: u32, rng: &mut fastrand::Rng) {
        if count <= self.len() {
            for v in [
                &mut self.x,
                &mut self.y,
                &mut self.prev_x,
                &mut self.prev_y,
                &mut self.speed,
                &mut self.wander,
            ] {
                v.truncate(count);
                v.shrink_to_fit();
            }
            self.shade.truncate(count);
            self.band.truncate(count);
            return;
        }
        let extra = count - self.len();
        for v in [
            &mut self.x,
            &mut self.y,
            &mut self.prev_x,
            &mut self.prev_y,
            &mut self.speed,
            &mut self.wander,
        ] {
            v.reserve_exact(extra);
        }
        for _ in 0..extra {
            let x = rng.f32() * width as f32;
            let y = rng.f32() * height as f32;
            self.x.push(x);
            self.y.push(y);
            self.prev_x.push(x);
            self.prev_y.push(y);
            self.speed.push(0.25 + 0.75 * rng.f32());
            self.wander.push(0.5 + 0.5 * rng.f32());
        }
        self.shade.resize(count, 0);
        self.band.resize(count, WRAPPED);
    }

    /// Puts every particle back inside a `width`×`height` canvas (after a resize of it).
    pub fn rewrap(&mut self, width: u32, height: u32) {
        let (w, h) = (width as f32, height as f32);
        for (x, y) in self.x.iter_mut().zip(&mut self.y) {
            *x = wrap(*x, w);
            *y = wrap(*y, h);
        }
        self.prev_x.copy_from_slice(&self.x);
        self.prev_y.copy_from_slice(&self.y);
    }
}

/// `v` wrapped into `[0, size)`.
#[inline]
pub fn wrap(v: f32, size: f32) -> f32 {
    let mut w = v;
    if w < 0.0 {
        w += size;
    } else if w >= size {
        w -= size;
    }
    if !(0.0..size).contains(&w) {
        // A move longer than the canvas, or rounding at the edge.
        w = w.rem_euclid(size);
        if w >= size {
            w = 0.0;
        }
    }
    w
}

/// One particle's step. Returns `(new x, new y, unwrapped x, unwrapped y, shade)`.
#[inline]
pub fn move_one(
    x: f32,
    y: f32,
    speed: f32,
    wander: f32,
    m: &Motion,
    flow: &FlowGrid,
    sincos: &SinCos,
) -> (f32, f32, f32, f32, u8) {
    let b = flow.at(x, y);
    let spd = m.base_speed + b * speed * m.speed_scale;
    let (s, c) = sincos.get(TAU * b * wander * m.wander);
    let ux = x + c * spd;
    let uy = y + s * spd;
    let shade = (spd * m.shade_scale).clamp(0.0, 255.0) as u8;
    (wrap(ux, m.width), wrap(uy, m.height), ux, uy, shade)
}

/// Moves the particles of one chunk. Fills `hist` (particles per band bucket)
/// and `wraps` (moves that wrapped), both cleared first.
#[allow(clippy::too_many_arguments)]
pub fn move_chunk(
    x: &mut [f32],
    y: &mut [f32],
    prev_x: &mut [f32],
    prev_y: &mut [f32],
    speed: &[f32],
    wander: &[f32],
    shade: &mut [u8],
    band: &mut [u16],
    first_index: usize,
    m: &Motion,
    flow: &FlowGrid,
    sincos: &SinCos,
    hist: &mut [u32],
    wraps: &mut Vec<WrapMove>,
) {
    hist.fill(0);
    wraps.clear();
    for i in 0..x.len() {
        let (ox, oy) = (x[i], y[i]);
        let (nx, ny, ux, uy, sh) = move_one(ox, oy, speed[i], wander[i], m, flow, sincos);
        prev_x[i] = ox;
        prev_y[i] = oy;
        x[i] = nx;
        y[i] = ny;
        shade[i] = sh;
        if nx == ux && ny == uy {
            let b = (oy.min(ny) as u32 / m.band_rows) as u16;
            band[i] = b;
            hist[b as usize] += 1;
        } else {
            band[i] = WRAPPED;
            wraps.push(WrapMove {
                index: (first_index + i) as u32,
                x: ux,
                y: uy,
            });
        }
    }
}
