//! Particles as structure-of-arrays, and their motion through the flow grid.

use std::f32::consts::TAU;

use super::flow::FlowGrid;
use super::raster::{pixel_of, SinCos};
use super::trails::Segment;

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
    /// Rows per band (a power of two).
    pub band_rows: u32,
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

/// Particles moved per block inside a chunk. Each stage of [`move_chunk`]
/// runs over a whole block before the next, so its loop body is short and
/// the CPU overlaps many particles' memory latencies.
const BLOCK: usize = 512;

/// One block's moves, between the stages of [`move_chunk`].
struct BlockMoves {
    brightness: [f32; BLOCK],
    from: [(f32, f32); BLOCK],
    moves: [Move; BLOCK],
}

/// Moves the particles of one chunk and files each drawn piece under every
/// band of rows it touches (`bands[b]`, cleared first).
///
/// Works in blocks of 512 particles and three stages per block: look
/// up every particle's flow brightness, move every particle, then file
/// every segment. Each particle sees exactly the arithmetic of
/// [`move_one`], so the result is the reference's bit for bit.
#[allow(clippy::too_many_arguments)]
pub fn move_chunk(
    x: &mut [f32],
    y: &mut [f32],
    speed: &[f32],
    wander: &[f32],
    m: &Motion,
    flow: &FlowGrid,
    sincos: &SinCos,
    palette: &[[u8; 4]; 256],
    bands: &mut [Vec<Segment>],
) {
    for b in bands.iter_mut() {
        b.clear();
    }
    let mut block = Box::new(BlockMoves {
        brightness: [0.0; BLOCK],
        from: [(0.0, 0.0); BLOCK],
        moves: [Move {
            to: (0.0, 0.0),
            unwrapped: (0.0, 0.0),
            shade: 0,
        }; BLOCK],
    });
    let blocks = x
        .chunks_mut(BLOCK)
        .zip(y.chunks_mut(BLOCK))
        .zip(speed.chunks(BLOCK).zip(wander.chunks(BLOCK)));
    for ((xs, ys), (speeds, wanders)) in blocks {
        let n = xs.len();
        let BlockMoves {
            brightness,
            from,
            moves,
        } = &mut *block;
        for ((b, &px), &py) in brightness[..n].iter_mut().zip(&*xs).zip(&*ys) {
            *b = flow.at(px, py);
        }
        let inputs = brightness[..n].iter().zip(speeds).zip(wanders);
        let outputs = xs.iter_mut().zip(ys.iter_mut()).zip(&mut from[..n]);
        for ((((&b, &spd), &wnd), ((px, py), old)), mv) in inputs.zip(outputs).zip(&mut moves[..n])
        {
            *old = (*px, *py);
            *mv = move_with_brightness(*px, *py, b, spd, wnd, m, sincos);
            (*px, *py) = mv.to;
        }
        for (&old, mv) in from[..n].iter().zip(&moves[..n]) {
            file_move(old, mv, palette[mv.shade as usize], m, bands);
        }
    }
}

/// Files the segment(s) of one move under every band of rows they touch.
#[inline]
fn file_move(from: (f32, f32), mv: &Move, colour: [u8; 4], m: &Motion, bands: &mut [Vec<Segment>]) {
    let shift = m.band_rows.trailing_zeros();
    debug_assert!(m.band_rows.is_power_of_two());
    if mv.to == mv.unwrapped {
        // The common case: one piece inside the canvas, usually in one
        // band. Both ends are ≥ 0, so truncation is the floor.
        let [x0, y0, x1, y1] = truncate_in_canvas([from.0, from.1, mv.to.0, mv.to.1]);
        let seg = Segment {
            x0,
            y0,
            x1,
            y1,
            colour,
        };
        let (top, bottom) = (seg.y0.min(seg.y1) as u32, seg.y0.max(seg.y1) as u32);
        let (first, last) = ((top >> shift) as usize, (bottom >> shift) as usize);
        bands[first].push(seg);
        if last != first {
            for band in &mut bands[first + 1..=last] {
                band.push(seg);
            }
        }
        return;
    }
    let last_row = m.rows as i32 - 1;
    for (a, b) in pieces(from, mv).into_iter().flatten() {
        let seg = segment(a, b, colour);
        let (top, bottom) = (seg.y0.min(seg.y1) as i32, seg.y0.max(seg.y1) as i32);
        if bottom < 0 || top > last_row {
            continue;
        }
        let first = (top.max(0) as u32 >> shift) as usize;
        let last = (bottom.min(last_row) as u32 >> shift) as usize;
        for band in &mut bands[first..=last] {
            band.push(seg);
        }
    }
}

/// `v as i16` for each of four coordinates inside the canvas: finite, in
/// `[0, 16384)` (particle positions are always wrapped into the canvas),
/// where truncation is the floor and no value saturates. One SSE2
/// conversion on x86-64 instead of four clamped scalar ones.
#[inline]
fn truncate_in_canvas(v: [f32; 4]) -> [i16; 4] {
    debug_assert!(v.iter().all(|c| (0.0..16384.0).contains(c)), "{v:?}");
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{
            _mm_cvtsi128_si64, _mm_cvttps_epi32, _mm_loadu_ps, _mm_packs_epi32,
        };
        // SAFETY: SSE2 is part of the x86-64 baseline; the load reads the
        // four floats of `v`, with no alignment requirement.
        let packed = unsafe {
            let ints = _mm_cvttps_epi32(_mm_loadu_ps(v.as_ptr()));
            _mm_cvtsi128_si64(_mm_packs_epi32(ints, ints)) as u64
        };
        [0, 16, 32, 48].map(|shift| (packed >> shift) as u16 as i16)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        v.map(|c| c as i16)
    }
}

#[inline]
fn segment(a: (f32, f32), b: (f32, f32), colour: [u8; 4]) -> Segment {
    Segment {
        x0: pixel_of(a.0) as i16,
        y0: pixel_of(a.1) as i16,
        x1: pixel_of(b.0) as i16,
        y1: pixel_of(b.1) as i16,
        colour,
    }
}
