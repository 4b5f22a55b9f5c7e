//! Particles as structure-of-arrays, and their motion through the flow grid.

use std::f32::consts::TAU;

use super::flow::FlowGrid;
use super::raster::SinCos;
use crate::settings::FieldSettings;

/// Every particle's state, one array per property.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Particles {
    /// Position x, in `[0, width)`.
    pub x: Vec<f32>,
    /// Position y, in `[0, height)`.
    pub y: Vec<f32>,
    /// Own speed factor in [0.25, 1] (times `speed_scale`).
    pub speed: Vec<f32>,
    /// Own wander factor in [0.5, 1] (times `wander`).
    pub wander: Vec<f32>,
}

/// The per-step motion constants every particle reads.
#[derive(Clone, Copy, Debug)]
pub struct Motion {
    /// Canvas width as f32.
    pub width: f32,
    /// Canvas height as f32.
    pub height: f32,
    /// Canvas height in pixels.
    pub rows: u32,
    /// Speed at brightness 0.
    pub base_speed: f32,
    /// Scale on a particle's own speed factor.
    pub speed_scale: f32,
    /// Scale on a particle's own wander factor.
    pub wander: f32,
    /// `255 / max speed`, for the palette shade.
    pub shade_scale: f32,
}

impl Motion {
    /// The motion constants of a field with `settings`.
    pub fn new(settings: &FieldSettings) -> Motion {
        let s = settings;
        let max_speed = s.base_speed.abs() + s.speed_scale.abs();
        Motion {
            width: s.width as f32,
            height: s.height as f32,
            rows: s.height,
            base_speed: s.base_speed,
            speed_scale: s.speed_scale,
            wander: s.wander,
            shade_scale: if max_speed > 0.0 {
                255.0 / max_speed
            } else {
                0.0
            },
        }
    }
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
            for v in [&mut self.x, &mut self.y, &mut self.speed, &mut self.wander] {
                v.truncate(count);
                v.shrink_to_fit();
            }
            return;
        }
        let extra = count - self.len();
        for v in [&mut self.x, &mut self.y, &mut self.speed, &mut self.wander] {
            v.reserve_exact(extra);
        }
        for _ in 0..extra {
            self.x.push(rng.f32() * width as f32);
            self.y.push(rng.f32() * height as f32);
            self.speed.push(0.25 + 0.75 * rng.f32());
            self.wander.push(0.5 + 0.5 * rng.f32());
        }
    }

    /// Puts every particle back inside a `width`×`height` canvas (after a resize of it).
    pub fn rewrap(&mut self, width: u32, height: u32) {
        let (w, h) = (width as f32, height as f32);
        for (x, y) in self.x.iter_mut().zip(&mut self.y) {
            *x = wrap(*x, w);
            *y = wrap(*y, h);
        }
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
        if !(0.0..size).contains(&w) {
            w = 0.0;
        }
    }
    w
}

/// One particle's move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Move {
    /// New position, wrapped into the canvas.
    pub to: (f32, f32),
    /// New position before wrapping.
    pub unwrapped: (f32, f32),
    /// Palette shade (speed: 0 slow, 255 fast).
    pub shade: u8,
}

/// One particle's step from `(x, y)`.
#[inline]
pub fn move_one(
    x: f32,
    y: f32,
    speed: f32,
    wander: f32,
    m: &Motion,
    flow: &FlowGrid,
    sincos: &SinCos,
) -> Move {
    move_with_brightness(x, y, flow.at(x, y), speed, wander, m, sincos)
}

/// One particle's step from `(x, y)` through a cell of brightness `b`.
#[inline]
pub fn move_with_brightness(
    x: f32,
    y: f32,
    b: f32,
    speed: f32,
    wander: f32,
    m: &Motion,
    sincos: &SinCos,
) -> Move {
    let spd = m.base_speed + b * speed * m.speed_scale;
    let (s, c) = sincos.get(TAU * b * wander * m.wander);
    let ux = x + c * spd;
    let uy = y + s * spd;
    // `as` saturates: negative and NaN give 0, above 255 gives 255.
    let shade = (spd * m.shade_scale) as u8;
    Move {
        to: (wrap(ux, m.width), wrap(uy, m.height)),
        unwrapped: (ux, uy),
        shade,
    }
}

/// A straight piece of trail: from one position to another.
pub type Piece = ((f32, f32), (f32, f32));

/// The pieces a move draws: from the old position to the unwrapped new one
/// and, when the move wrapped, from the old position shifted by the wrap to
/// the new one. Never a line across the canvas.
#[inline]
pub fn pieces(from: (f32, f32), mv: &Move) -> [Option<Piece>; 2] {
    let first = Some((from, mv.unwrapped));
    if mv.to == mv.unwrapped {
        return [first, None];
    }
    let (sx, sy) = (mv.to.0 - mv.unwrapped.0, mv.to.1 - mv.unwrapped.1);
    [first, Some(((from.0 + sx, from.1 + sy), mv.to))]
}
