//! Stage 2 for one block of particles: draws what stage 1 recorded
//! ([`Prepared`]) into the task's zone, files the trails drawn later, and
//! notes the particles leaving the bin.

use super::flags::{BLOCK, CODE_SHIFT, DIRECT, MEDIUM, SHORT, WRAPPED};
use super::lines::Line;
use super::merge::{self, Merge3};
use super::migrate::Leftovers;
use super::prefetch;
use super::prepared::{unpack_pixel, Prepared};
use super::shared::Shared;
use super::zone::Zone;
use crate::cpu::Chosen;
use crate::field::bins::Bin;
use crate::field::raster::{line_pixels, merge_pixel, merge_pixels};
use crate::field::trails::Segment;

/// What stage 2 reads for one block: stage 1's record of its `n`
/// particles, which are particles `start..start + n` of `bin` (at their
/// new positions), and the task's zone and inputs.
#[derive(Clone, Copy)]
pub(super) struct Block<'a> {
    pub prep: &'a Prepared,
    pub n: usize,
    pub start: usize,
    pub bin: &'a Bin,
    pub z: Zone,
    pub s: &'a Shared<'a>,
}

/// Stage 2: merges each direct trail of block `b` into `zone` (wrapped
/// pieces too, where they fit), files the others in `left`, and notes the
/// particles leaving the bin there.
///
/// Never inlined: inlined into the task's closure (which it was once the
/// `trace` span went in there) it ran about 12% slower. With AVX2 (or
/// AVX-512, `isa`), the usual trail's pixels are merged in one vector
/// ([`merge::Avx2`]).
#[inline(never)]
pub(super) fn draw(isa: Chosen, block: &Block, zone: &mut [[u8; 4]], left: &mut Leftovers) {
    match isa {
        // SAFETY: a chosen set's proof exists only on a CPU that has it,
        // and AVX-512's includes AVX2 (`crate::cpu`).
        #[cfg(target_arch = "x86_64")]
        Chosen::Avx2(_) | Chosen::Avx512(_) => unsafe { draw_avx2(block, zone, left) },
        _ => draw_with::<merge::Plain>(block, zone, left),
    }
}

/// [`draw_with`] compiled for AVX2.
///
/// # Safety
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn draw_avx2(block: &Block, zone: &mut [[u8; 4]], left: &mut Leftovers) {
    draw_with::<merge::Avx2>(block, zone, left)
}

/// Stage 2 of [`draw`], merging usual trails with `M`, which the CPU must
/// have.
#[inline(always)]
fn draw_with<M: Merge3>(block: &Block, zone: &mut [[u8; 4]], left: &mut Leftovers) {
    let &Block {
        prep,
        n,
        start,
        bin,
        s,
        ..
    } = block;
    // (No block holds more: this lets the compiler drop the index checks.)
    let n = n.min(BLOCK);
    let (from, to) = (&prep.from[..n], &prep.to[..n]);
    // The leavers' identities (a column stage 1 does not read) are fetched
    // while the trails are drawn.
    leavers(prep, n, |i| {
        prefetch::line(bin.id.as_ptr().wrapping_add(start + i))
    });
    // Stage 1 proves a usual trail's pixels lie in the zone ([`SHORT`]);
    // a medium one's are checked once a trail, not once a pixel.
    let len = zone.len();
    let palette = s.palette;
    // The trail pixels `AHEAD` particles on are asked for as each is
    // drawn (split in two loops so the first needs no bounds test).
    let ahead = n.saturating_sub(AHEAD);
    for i in 0..ahead {
        let pixels = zone.as_ptr();
        // SAFETY: `i < ahead = n − AHEAD`, so `i + AHEAD < n`, the
        // slices' length (the compiler kept a check here).
        let (f, t) = unsafe { (*from.get_unchecked(i + AHEAD), *to.get_unchecked(i + AHEAD)) };
        prefetch::line(pixels.wrapping_add(f as usize));
        prefetch::line(pixels.wrapping_add(t as usize));
        draw_one::<M>(block, i, zone, (len, palette), left);
    }
    for i in ahead..n {
        draw_one::<M>(block, i, zone, (len, palette), left);
    }
    leavers(prep, n, |i| left.leave(bin, start + i, s.bands));
}

/// Calls `leaver` with the index in the block of each of its first `n`
/// particles that stage 1 marked as leaving the bin, in order.
#[inline(always)]
fn leavers(prep: &Prepared, n: usize, mut leaver: impl FnMut(usize)) {
    for (w, &word) in prep.leaving.iter().enumerate() {
        let mut bits = word & low_bits(n.saturating_sub(64 * w));
        while bits != 0 {
            leaver(64 * w + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// How many particles ahead stage 2 asks for the trail pixels' lines.
const AHEAD: usize = 16;

/// Draws particle `i`'s wrapped move (particle `start + i` of the bin) when both
/// pieces are at most two steps long and the second lies in `zone`, as
/// the busiest phases of the flow have it (particles crossing an edge by
/// a pixel or less: across the top or bottom edge, the edge bin holds
/// both sides); returns false, drawing nothing, otherwise.
///
/// Each piece is then its ends and the pixel between them ([`Line::Short`]).
/// The first piece's end and the second's start are outside the canvas
/// (the move wrapped there), so the pixels are the old position, the new
/// one, and each piece's middle pixel where it lies in the canvas. The
/// old position and the first middle pixel lie in the zone (the zone
/// reaches half a band beyond the bin's rows, or the canvas's edge).
#[inline]
fn draw_wrapped(b: &Block, i: usize, zone: &mut [[u8; 4]]) -> bool {
    let &Block {
        prep, bin, z, s, ..
    } = b;
    let j = b.start + i;
    let (x0, y0) = (prep.old_x[i] as i32, prep.old_y[i] as i32);
    let (x1, y1) = (bin.x[j] as i32, bin.y[j] as i32);
    let (ex, ey) = unpack_pixel(prep.end[i]);
    let (sx, sy) = unpack_pixel(prep.start2[i]);
    let short = |dx: i32, dy: i32| Line::of(dx, dy) == Line::Short;
    if !short(ex - x0, ey - y0) || !short(x1 - sx, y1 - sy) {
        return false;
    }
    let (w, h) = (s.width as i32, s.motion.rows as i32);
    let in_canvas = |x: i32, y: i32| (x as u32) < w as u32 && (y as u32) < h as u32;
    let (mx2, my2) = Line::middle((sx, sy), (x1, y1));
    let mid2 = in_canvas(mx2, my2);
    let (top, bottom) = if mid2 {
        (y1.min(my2), y1.max(my2))
    } else {
        (y1, y1)
    };
    let Some(second) = z.holds((top, bottom)) else {
        return false;
    };
    let c = prep.colour(i, s.palette).to_le_bytes();
    merge_pixel(&mut zone[((y1 - second) * w + x1) as usize], c);
    if mid2 {
        merge_pixel(&mut zone[((my2 - second) * w + mx2) as usize], c);
    }
    merge_pixel(&mut zone[(z.row_of(y0) * w + x0) as usize], c);
    let (mx1, my1) = Line::middle((x0, y0), (ex, ey));
    if in_canvas(mx1, my1) {
        merge_pixel(&mut zone[(z.row_of(my1) * w + mx1) as usize], c);
    }
    true
}

/// Stage 2 for particle `i` of `block` (`zone` is `len` pixels; colour
/// keys from `palette`, hoisted as the compiler reloaded it).
#[inline(always)]
fn draw_one<M: Merge3>(
    block: &Block,
    i: usize,
    zone: &mut [[u8; 4]],
    (len, palette): (usize, &[u32; 256]),
    left: &mut Leftovers,
) {
    let &Block { prep, s, .. } = block;
    let (from, mid, to) = (&prep.from, &prep.mid, &prep.to);
    let flags = &prep.flags;
    let f = flags[i];
    if f == DIRECT | SHORT {
        // The usual trail ([`Line::Short`]): its two ends and the
        // pixel between them are the whole line, and merging a pixel
        // twice changes nothing.
        let at = [from[i] as usize, mid[i] as usize, to[i] as usize];
        debug_assert!(at.iter().all(|&i| i < len));
        // SAFETY: stage 1 sets SHORT only when all three indices are
        // below the zone's length ([`SHORT`]); `draw` picks an `M` the
        // CPU has.
        unsafe { M::merge3(zone.as_mut_ptr().cast(), at, prep.colour(i, palette)) };
    } else if f & MEDIUM != 0 {
        // Three or four steps: the ends and three inner pixels.
        let a = from[i];
        let inner = s.lines.inner(f >> CODE_SHIFT);
        let at = |k: usize| a.wrapping_add_signed(inner[k]) as usize;
        let at = [a as usize, at(0), at(1), at(2), to[i] as usize];
        merge_in(zone, len, at, prep.colour(i, palette));
    } else if f != WRAPPED || !draw_wrapped(block, i, zone) {
        draw_other(block, i, zone, left);
    }
}

/// Merges colour key `c` into the pixels at `at` of `zone` (`len`
/// pixels), as [`merge_pixels`] does; an index past the zone panics there
/// as it would in `merge_pixels` (stage 1 never records one).
#[inline(always)]
fn merge_in<const N: usize>(zone: &mut [[u8; 4]], len: usize, at: [usize; N], c: u32) {
    if at.iter().all(|&i| i < len) {
        let p = zone.as_mut_ptr().cast::<u32>();
        // SAFETY: every index is below `len`, the zone's length in pixels
        // (`[u8; 4]` and `u32` have the same size; unaligned, and
        // little-endian as `merge_key`). All are read before any is written, as in
        // `merge_pixels`.
        unsafe {
            let old = at.map(|i| u32::from_le(p.add(i).read_unaligned()));
            for (i, o) in at.into_iter().zip(old) {
                p.add(i).write_unaligned(o.max(c).to_le());
            }
        }
    } else {
        merge_pixels(zone, at, c.to_le_bytes());
    }
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
fn draw_other(b: &Block, i: usize, zone: &mut [[u8; 4]], left: &mut Leftovers) {
    let &Block {
        prep, bin, z, s, ..
    } = b;
    let colour = prep.colour(i, s.palette).to_le_bytes();
    let j = b.start + i;
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
    match Line::of(x1 - x0, y1 - y0) {
        Line::Short => {
            // The usual wrap: the ends and the pixel between them.
            plot(x0, y0);
            let (mx, my) = Line::middle((x0, y0), (x1, y1));
            plot(mx, my);
            plot(x1, y1);
        }
        Line::Medium(code) => {
            // Three or four steps: its pixels from the table.
            plot(x0, y0);
            for &(sx, sy) in s.lines.steps(code) {
                plot(x0 + sx, y0 + sy);
            }
            plot(x1, y1);
        }
        Line::Long => line_pixels(x0, y0, x1, y1, plot),
    }
}
