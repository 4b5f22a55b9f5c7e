//! One block of particles between the two stages: what stage 1 records
//! per particle, and stage 2, which draws it.

use super::migrate::Leftovers;
use super::prefetch;
use super::{
    line_code, Shared, Zone, BLOCK, CODE_SHIFT, DIRECT, MEDIUM, MEDIUM_STEPS, SHORT, WRAPPED,
};
use crate::field::bins::Bin;
use crate::field::particles::{pieces, Move};
use crate::field::raster::{line_pixels, merge_pixel, merge_pixels, pixel_of};
use crate::field::trails::Segment;

/// Stage 1's answer for one block: old positions, the zone-relative pixel
/// indices of both trail ends and of the pixel between them, colours and
/// flags.
pub(crate) struct Prepared {
    pub old_x: [f32; BLOCK],
    pub old_y: [f32; BLOCK],
    pub from: [u32; BLOCK],
    pub to: [u32; BLOCK],
    /// With [`SHORT`]: the line's middle pixel (or an end, for one step).
    pub mid: [u32; BLOCK],
    pub colour: [u32; BLOCK],
    pub flags: [u32; BLOCK],
    /// For a trail that is not [`DIRECT`]: the pixel where the move ended
    /// before wrapping (the first piece's end), packed by [`pack_pixel`].
    pub end: [u32; BLOCK],
    /// With [`WRAPPED`]: the second piece's start pixel, packed.
    pub start2: [u32; BLOCK],
    /// Bit `i`: particle `i`'s new row is in another band.
    pub leaving: [u64; BLOCK / 64],
}

/// The inner pixels (neither end) of every line from pixel `(0, 0)` to
/// `(dx, dy)` with both within ±[`MEDIUM_STEPS`], as offsets in a canvas
/// row-major and `width` wide, at [`line_code`]`(dx, dy)`. Lines with fewer
/// than three inner pixels repeat the start (offset 0): merging a pixel
/// twice changes nothing. Bresenham's lines depend only on `(dx, dy)`, so
/// one table serves every start.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct LineTable {
    width: u32,
    inner: [[i32; 3]; LINES],
    /// The same pixels as `(dx, dy)` steps from the start.
    steps: [[(i32, i32); 3]; LINES],
}

/// Lines in a [`LineTable`].
const LINES: usize = ((2 * MEDIUM_STEPS + 1) * (2 * MEDIUM_STEPS + 1)) as usize;

impl LineTable {
    /// The table for a canvas `width` pixels wide.
    pub fn new(width: u32) -> LineTable {
        let mut inner = [[0i32; 3]; LINES];
        let mut steps = [[(0i32, 0i32); 3]; LINES];
        for dy in -MEDIUM_STEPS..=MEDIUM_STEPS {
            for dx in -MEDIUM_STEPS..=MEDIUM_STEPS {
                let mut pixels = Vec::with_capacity(5);
                line_pixels(0, 0, dx, dy, |x, y| pixels.push((x, y)));
                let code = line_code(dx, dy) as usize;
                let inside = &pixels[1..pixels.len().saturating_sub(1).max(1)];
                for (k, &(x, y)) in inside.iter().enumerate() {
                    inner[code][k] = y * width as i32 + x;
                    steps[code][k] = (x, y);
                }
            }
        }
        LineTable {
            width,
            inner,
            steps,
        }
    }

    /// The canvas width the table is for.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The inner pixel offsets of the line with `code`.
    #[inline]
    pub fn inner(&self, code: u32) -> &[i32; 3] {
        &self.inner[code as usize]
    }

    /// The inner pixels of the line with `code`, as steps from its start.
    #[inline]
    pub fn steps(&self, code: u32) -> &[(i32, i32); 3] {
        &self.steps[code as usize]
    }
}

impl Prepared {
    pub fn new() -> Prepared {
        Prepared {
            old_x: [0.0; BLOCK],
            old_y: [0.0; BLOCK],
            from: [0; BLOCK],
            to: [0; BLOCK],
            mid: [0; BLOCK],
            colour: [0; BLOCK],
            flags: [0; BLOCK],
            end: [0; BLOCK],
            start2: [0; BLOCK],
            leaving: [0; BLOCK / 64],
        }
    }

    /// Records particle `i`'s move from `(x, y)` (the scalar classification
    /// every vector path must match).
    #[inline]
    pub fn set(&mut self, i: usize, x: f32, y: f32, mv: &Move, s: &Shared, z: Zone) {
        self.old_x[i] = x;
        self.old_y[i] = y;
        self.colour[i] = s.palette[mv.shade as usize];
        let row1 = mv.to.1 as u32;
        let bit = 1u64 << (i % 64);
        let band1 = row1 >> s.bands.shift;
        if band1 != z.bin && band1 != z.other_band {
            self.leaving[i / 64] |= bit;
        } else {
            self.leaving[i / 64] &= !bit;
        }
        let mut flags = 0;
        // Both ends inside the canvas: truncation is the floor.
        let (x0, y0, x1) = (x as u32, y as u32, mv.to.0 as u32);
        let dx = x1 as i32 - x0 as i32;
        let to = z.index(x1, row1, s.width);
        let step = if mv.to == mv.unwrapped {
            Some(row1 as i32 - y0 as i32)
        } else {
            // Only a line drawn from its ends (see the vector kernels).
            edge_step(y, mv, z.wrap).filter(|dy| dx.abs().max(dy.abs()) <= MEDIUM_STEPS)
        };
        if let Some(dy) = step.filter(|_| to < z.len(s.width)) {
            let from = z.index(x0, y0, s.width);
            self.from[i] = from;
            self.to[i] = to;
            self.mid[i] = from.wrapping_add_signed(dy.signum() * s.width as i32 + dx.signum());
            flags |= DIRECT;
            if dx.abs() <= 2 && dy.abs() <= 2 {
                flags |= SHORT;
            } else if dx.abs() <= MEDIUM_STEPS && dy.abs() <= MEDIUM_STEPS {
                flags |= MEDIUM | line_code(dx, dy) << CODE_SHIFT;
            }
        }
        if flags & DIRECT == 0 {
            let [first, second] = pieces((x, y), mv);
            if let Some((_, b)) = first {
                self.end[i] = pack_pixel(pixel_of(b.0), pixel_of(b.1));
            }
            if let Some((a, _)) = second {
                self.start2[i] = pack_pixel(pixel_of(a.0), pixel_of(a.1));
                flags |= WRAPPED;
            }
        }
        self.flags[i] = flags;
    }
}

/// For a move from row position `y` that wrapped across the top or bottom edge
/// only, in a zone whose rows run on across those edges (`wrap`, the
/// canvas height: the edge bin's): its row step in the zone, when its two
/// pieces are one line shifted by exactly `wrap` rows, pixel for pixel
/// ([`pieces`]). The pieces' pixels inside the canvas are then the whole
/// line from the start's pixel, that many rows on in the zone, so it is
/// drawn as a direct trail. `None` for any other move.
///
/// Rounding can break the shift (a wrap across the top edge adds the
/// height to a small negative row, which is not always exact), so each
/// piece's end pixels are checked.
#[inline]
pub(crate) fn edge_step(y: f32, mv: &Move, wrap: u32) -> Option<i32> {
    // `!=` is also true for NaN: such a move never qualifies.
    if wrap == 0 || mv.to.0 != mv.unwrapped.0 || mv.to.1 == mv.unwrapped.1 {
        return None;
    }
    let (y0, y1) = (y as i32, mv.to.1 as i32);
    let end = pixel_of(mv.unwrapped.1);
    let start2 = pixel_of(y + (mv.to.1 - mv.unwrapped.1));
    let shift = y0 - start2;
    (shift.unsigned_abs() == wrap && end - y1 == shift).then_some(end - y0)
}

/// A pixel (coordinates within the `i16` range, see [`pixel_of`]) in one
/// word: x in the low half, y in the high half.
#[inline]
pub(crate) fn pack_pixel(x: i32, y: i32) -> u32 {
    (x as u32 & 0xffff) | (y as u32) << 16
}

/// The pixel [`pack_pixel`] packed.
#[inline]
fn unpack_pixel(p: u32) -> (i32, i32) {
    (i32::from(p as i16), i32::from((p >> 16) as i16))
}

/// Stage 2: merges each direct trail into `zone` (wrapped pieces too,
/// where they fit), files the others, and notes the particles leaving the
/// bin.
///
/// Never inlined: inlined into the task's closure (which it was once the
/// `trace` span went in there) it ran about 12% slower.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(super) fn draw(
    prep: &Prepared,
    n: usize,
    start: usize,
    bin: &Bin,
    zone: &mut [[u8; 4]],
    z: Zone,
    s: &Shared,
    left: &mut Leftovers,
) {
    let (from, mid, to) = (&prep.from[..n], &prep.mid[..n], &prep.to[..n]);
    let (colour, flags) = (&prep.colour[..n], &prep.flags[..n]);
    // The leavers' identities (a column stage 1 does not read) are fetched
    // while the trails are drawn.
    for (w, &word) in prep.leaving.iter().enumerate() {
        let mut bits = word & low_bits(n.saturating_sub(64 * w));
        while bits != 0 {
            let j = start + 64 * w + bits.trailing_zeros() as usize;
            prefetch::line(bin.id.as_ptr().wrapping_add(j));
            bits &= bits - 1;
        }
    }
    let pixels = zone.as_ptr();
    for i in 0..n {
        let f = flags[i];
        if let (Some(&a), Some(&b)) = (from.get(i + AHEAD), to.get(i + AHEAD)) {
            prefetch::line(pixels.wrapping_add(a as usize));
            prefetch::line(pixels.wrapping_add(b as usize));
        }
        if f == DIRECT | SHORT {
            // The usual trail, at most two steps long: its two ends and
            // the pixel between them are the whole line (see [`SHORT`]),
            // and merging a pixel twice changes nothing.
            let c = colour[i].to_le_bytes();
            merge_pixels(zone, [from[i] as usize, mid[i] as usize, to[i] as usize], c);
        } else if f & MEDIUM != 0 {
            // Three or four steps: the ends and three inner pixels.
            let c = colour[i].to_le_bytes();
            let a = from[i];
            let inner = s.lines.inner(f >> CODE_SHIFT);
            let at = |k: usize| a.wrapping_add_signed(inner[k]) as usize;
            merge_pixels(zone, [a as usize, at(0), at(1), at(2), to[i] as usize], c);
        } else if f != WRAPPED || !draw_wrapped(prep, i, start + i, bin, zone, z, s) {
            draw_other(prep, i, start, bin, zone, z, s, left);
        }
    }
    for (w, &word) in prep.leaving.iter().enumerate() {
        let mut bits = word & low_bits(n.saturating_sub(64 * w));
        while bits != 0 {
            let j = start + 64 * w + bits.trailing_zeros() as usize;
            left.leave(bin, j, s.bands);
            bits &= bits - 1;
        }
    }
}

/// How many particles ahead stage 2 asks for the trail pixels' lines.
const AHEAD: usize = 16;

/// Draws particle `i`'s wrapped move (particle `j` of `bin`) when both
/// pieces are at most two steps long and the second lies in `zone`, as
/// the busiest phases of the flow have it (particles crossing an edge by
/// a pixel or less: across the top or bottom edge, the edge bin holds
/// both sides); returns false, drawing nothing, otherwise.
///
/// Each piece is then its ends and the pixel between them (see [`SHORT`]).
/// The first piece's end and the second's start are outside the canvas
/// (the move wrapped there), so the pixels are the old position, the new
/// one, and each piece's middle pixel where it lies in the canvas. The
/// old position and the first middle pixel lie in the zone (the zone
/// reaches half a band beyond the bin's rows, or the canvas's edge).
#[inline]
fn draw_wrapped(
    prep: &Prepared,
    i: usize,
    j: usize,
    bin: &Bin,
    zone: &mut [[u8; 4]],
    z: Zone,
    s: &Shared,
) -> bool {
    let (x0, y0) = (prep.old_x[i] as i32, prep.old_y[i] as i32);
    let (x1, y1) = (bin.x[j] as i32, bin.y[j] as i32);
    let (ex, ey) = unpack_pixel(prep.end[i]);
    let (sx, sy) = unpack_pixel(prep.start2[i]);
    let short = |dx: i32, dy: i32| dx.abs() <= 2 && dy.abs() <= 2;
    if !short(ex - x0, ey - y0) || !short(x1 - sx, y1 - sy) {
        return false;
    }
    let (w, h) = (s.width as i32, s.motion.rows as i32);
    let in_canvas = |x: i32, y: i32| (x as u32) < w as u32 && (y as u32) < h as u32;
    let (mx2, my2) = (sx + (x1 - sx).signum(), sy + (y1 - sy).signum());
    let mid2 = in_canvas(mx2, my2);
    let (top, bottom) = if mid2 {
        (y1.min(my2), y1.max(my2))
    } else {
        (y1, y1)
    };
    let Some(second) = z.holds((top, bottom)) else {
        return false;
    };
    let c = prep.colour[i].to_le_bytes();
    merge_pixel(&mut zone[((y1 - second) * w + x1) as usize], c);
    if mid2 {
        merge_pixel(&mut zone[((my2 - second) * w + mx2) as usize], c);
    }
    merge_pixel(&mut zone[(z.row_of(y0) * w + x0) as usize], c);
    let (mx1, my1) = (x0 + (ex - x0).signum(), y0 + (ey - y0).signum());
    if in_canvas(mx1, my1) {
        merge_pixel(&mut zone[(z.row_of(my1) * w + mx1) as usize], c);
    }
    true
}

/// A word with the low `n` bits set (all 64 for `n ≥ 64`).
#[inline]
fn low_bits(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Stage 2 for particle `i` of the block when it is not the usual case: a
/// longer line, or a trail drawn later.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn draw_other(
    prep: &Prepared,
    i: usize,
    start: usize,
    bin: &Bin,
    zone: &mut [[u8; 4]],
    z: Zone,
    s: &Shared,
    left: &mut Leftovers,
) {
    let colour = prep.colour[i].to_le_bytes();
    let j = start + i;
    if prep.flags[i] & DIRECT != 0 {
        // Both ends are in the zone; so is every row between them, unless
        // the line runs from one part of the edge bin's zone to the other
        // through the middle of the canvas: then it is a piece like any.
        let (x0, y0) = (prep.old_x[i] as i32, prep.old_y[i] as i32);
        let (x1, y1) = (bin.x[j] as i32, bin.y[j] as i32);
        match z.holds((y0.min(y1), y0.max(y1))) {
            Some(r0) => {
                let w = s.width as usize;
                line_pixels(x0, y0 - r0, x1, y1 - r0, |x, y| {
                    merge_pixel(&mut zone[y as usize * w + x as usize], colour)
                });
            }
            None => draw_or_defer((x0, y0, x1, y1), colour, zone, z, s, left),
        }
    } else {
        // Stage 1 kept the pieces' end pixels (the old and new positions
        // are inside the canvas, where truncation is the floor).
        let (x0, y0) = (prep.old_x[i] as i32, prep.old_y[i] as i32);
        let (x1, y1) = unpack_pixel(prep.end[i]);
        draw_or_defer((x0, y0, x1, y1), colour, zone, z, s, left);
        if prep.flags[i] & WRAPPED != 0 {
            let (x0, y0) = unpack_pixel(prep.start2[i]);
            let (x1, y1) = (bin.x[j] as i32, bin.y[j] as i32);
            draw_or_defer((x0, y0, x1, y1), colour, zone, z, s, left);
        }
    }
}

/// Longest piece, in pixels across, that [`draw_or_defer`] draws at once.
const NEAR_PIECE: i32 = 64;

/// Draws one piece of a wrapped (or far) move, given by its end pixels
/// (clamped to the `i16` range, see [`pixel_of`]): at once, clipped to the
/// canvas, when the rows it covers inside the canvas lie in the zone (the
/// piece on the particle's own side of an edge, both pieces of a move
/// that wraps only across the left or right edge, and for the edge bin
/// both pieces of a move across the top or bottom edge); else files it
/// under every band of rows it touches, for
/// [`crate::field::trails::draw`]. Either way the same pixels: those of
/// the line between the pieces' end pixels that lie inside the canvas.
fn draw_or_defer(
    (x0, y0, x1, y1): (i32, i32, i32, i32),
    colour: [u8; 4],
    zone: &mut [[u8; 4]],
    z: Zone,
    s: &Shared,
    left: &mut Leftovers,
) {
    let last_row = s.motion.rows as i32 - 1;
    let (top, bottom) = (y0.min(y1), y0.max(y1));
    if bottom < 0 || top > last_row {
        return;
    }
    let (top, bottom) = (top.max(0), bottom.min(last_row));
    let near = (x1 - x0).abs() <= NEAR_PIECE && (y1 - y0).abs() <= NEAR_PIECE;
    if near {
        if let Some(row0) = z.holds((top, bottom)) {
            draw_piece((x0, y0, x1, y1), (top, bottom), colour, zone, row0, s);
            return;
        }
    }
    let seg = Segment {
        x0: x0 as i16,
        y0: y0 as i16,
        x1: x1 as i16,
        y1: y1 as i16,
        colour,
    };
    let first = (top as u32 >> s.bands.shift) as usize;
    let last = (bottom as u32 >> s.bands.shift) as usize;
    for band in &mut left.deferred[first..=last] {
        band.push(seg);
    }
    left.deferred_count += 1;
}

/// Merges the pixels of the line between a piece's end pixels that lie in
/// the canvas's rows `top..=bottom` (all inside `rows`, where canvas row
/// `y` is row `y − row0`) and its columns.
fn draw_piece(
    (x0, y0, x1, y1): (i32, i32, i32, i32),
    (top, bottom): (i32, i32),
    colour: [u8; 4],
    rows: &mut [[u8; 4]],
    row0: i32,
    s: &Shared,
) {
    let w = s.width as i32;
    let mut plot = |x: i32, row: i32| {
        if (x as u32) < w as u32 && row >= top && row <= bottom {
            merge_pixel(&mut rows[((row - row0) * w + x) as usize], colour);
        }
    };
    let (dx, dy) = (x1 - x0, y1 - y0);
    if dx.abs() <= 2 && dy.abs() <= 2 {
        // The usual wrap: at most two steps, so the ends and the pixel
        // between them (see [`SHORT`]).
        plot(x0, y0);
        plot(x0 + dx.signum(), y0 + dy.signum());
        plot(x1, y1);
    } else if dx.abs() <= MEDIUM_STEPS && dy.abs() <= MEDIUM_STEPS {
        // Three or four steps: its pixels from the table.
        plot(x0, y0);
        for &(sx, sy) in s.lines.steps(line_code(dx, dy)) {
            plot(x0 + sx, y0 + sy);
        }
        plot(x1, y1);
    } else {
        line_pixels(x0, y0, x1, y1, plot);
    }
}

#[cfg(test)]
mod tests {
    use super::LineTable;
    use crate::field::raster::line_pixels;
    use crate::field::sweep::{line_code, MEDIUM_STEPS};

    /// Each entry is the line's pixels between its ends (start repeated).
    #[test]
    fn line_table_holds_each_lines_inner_pixels() {
        let width = 37;
        let table = LineTable::new(width);
        for dy in -MEDIUM_STEPS..=MEDIUM_STEPS {
            for dx in -MEDIUM_STEPS..=MEDIUM_STEPS {
                let mut line = Vec::new();
                line_pixels(5, 6, 5 + dx, 6 + dy, |x, y| line.push(y * width as i32 + x));
                let start = 6 * width as i32 + 5;
                let mut got: Vec<i32> = table
                    .inner(line_code(dx, dy))
                    .iter()
                    .map(|o| start + o)
                    .collect();
                let steps: Vec<i32> = table
                    .steps(line_code(dx, dy))
                    .iter()
                    .map(|&(x, y)| start + y * width as i32 + x)
                    .collect();
                assert_eq!(got, steps, "steps to ({dx}, {dy})");
                got.push(start);
                got.push(start + dy * width as i32 + dx);
                got.sort_unstable();
                got.dedup();
                line.sort_unstable();
                line.dedup();
                assert_eq!(got, line, "to ({dx}, {dy})");
            }
        }
    }

    /// A line of at most two steps is its ends and the pixel one step from
    /// the start towards the end on each axis that moves.
    #[test]
    fn two_step_lines_are_ends_and_the_signum_step() {
        for (x1, y1) in (-2..=2).flat_map(|x| (-2..=2).map(move |y| (x, y))) {
            let mut line = Vec::new();
            line_pixels(0, 0, x1, y1, |x, y| line.push((x, y)));
            let mut three = vec![(0, 0), (x1.signum(), y1.signum()), (x1, y1)];
            line.sort_unstable();
            line.dedup();
            three.sort_unstable();
            three.dedup();
            assert_eq!(line, three, "to ({x1}, {y1})");
        }
    }
}
