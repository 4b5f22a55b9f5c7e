//! Stage 2 for one block of particles: draws what stage 1 recorded
//! ([`Prepared`]) into the task's zone, files the trails drawn later, and
//! notes the particles leaving the bin.

use super::flags::{BLOCK, CODE_SHIFT, DIRECT, MEDIUM, WRAPPED};
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
/// have: every particle's three landing pixels in one pass with no branch
/// (a trail that is not the usual one lands key 0 on the zone's first
/// pixel, which changes nothing), then the others ([`Prepared::odd`]) by
/// their flags. Merging keeps the higher key, so the order is free.
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
    let (from, mid, to, key) = (
        &prep.from[..n],
        &prep.mid[..n],
        &prep.to[..n],
        &prep.key[..n],
    );
    // The leavers' identities (a column stage 1 does not read) are fetched
    // while the trails are drawn.
    marked(&prep.leaving, n, |i| {
        prefetch::line(bin.id.as_ptr().wrapping_add(start + i))
    });
    let len = zone.len();
    let palette = s.palette;
    let pixels = zone.as_mut_ptr().cast::<u32>();
    let lands = (from, mid, to, key);
    // Four particles a turn (the loop's own instructions were 3 of about
    // 20 a particle). No prefetch of the trail pixels: asking for each
    // trail's end pixel 16 particles ahead cost 2 instructions a particle
    // and gained nothing measurable (step_count, 1M and 4M particles,
    // AVX2 and AVX-512, alternated, under load; docs/performance.md).
    // SAFETY (`land`): every `i` is below `n`, the slices' length.
    let quads = n & !3;
    let mut i = 0;
    while i < quads {
        for i in [i, i + 1, i + 2, i + 3] {
            unsafe { land::<M>(lands, i, pixels, (len, palette)) };
        }
        i += 4;
    }
    for i in quads..n {
        unsafe { land::<M>(lands, i, pixels, (len, palette)) };
    }
    marked(&prep.odd, n, |i| draw_odd(block, i, zone, left));
    marked(&prep.leaving, n, |i| left.leave(bin, start + i, s.bands));
}

/// Stage 1's landing pixels and keys of a block's particles.
type Lands<'a> = (&'a [u32], &'a [u32], &'a [u32], &'a [u32]);

/// Lands particle `i`'s trail pixels (see [`draw_with`]) into the zone
/// at `pixels` (`len` of them), its key looked up in `palette`.
/// (A function, not a closure: a closure is not compiled with its
/// caller's target features, and its intrinsics were left as calls.)
///
/// # Safety
/// `i` must be below the slices' length (unchecked: the compiler kept the
/// checks in the four-a-turn loop, 3 instructions a particle).
#[inline(always)]
unsafe fn land<M: Merge3>(
    (from, mid, to, key): Lands,
    i: usize,
    pixels: *mut u32,
    (len, palette): (usize, &[u32; 512]),
) {
    debug_assert!(i < from.len().min(mid.len()).min(to.len()).min(key.len()));
    // SAFETY: `i` is below the slices' length (the caller); stage 1
    // records every index below the zone's length (pixel 0 for a trail
    // that is not the usual one, and a zone holds at least one row) and
    // every key below 512 ([`Prepared`]); `draw` picks an `M` the CPU has.
    unsafe {
        let at = [from, mid, to].map(|c| *c.get_unchecked(i) as usize);
        let key = *key.get_unchecked(i) as usize;
        debug_assert!(at.iter().all(|&i| i < len) && key < 512);
        let c = *palette.get_unchecked(key);
        M::merge3(pixels, at, c);
    }
}

/// Calls `each` with the index of each of the first `n` particles of the
/// block whose bit is set in `bits` (as [`Prepared::leaving`]), in order.
#[inline(always)]
fn marked(bits: &[u64; BLOCK / 64], n: usize, mut each: impl FnMut(usize)) {
    for (w, &word) in bits.iter().enumerate() {
        let mut bits = word & low_bits(n.saturating_sub(64 * w));
        while bits != 0 {
            each(64 * w + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

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

/// Stage 2 for particle `i` of `block` when its trail is not the usual one
/// (see [`draw_with`]): a medium line, a wrapped move, a longer line or a
/// trail drawn later.
#[inline(never)]
fn draw_odd(block: &Block, i: usize, zone: &mut [[u8; 4]], left: &mut Leftovers) {
    let &Block {
        prep, bin, z, s, ..
    } = block;
    let f = prep.flags[i];
    if f & MEDIUM != 0 {
        // Three or four steps: the ends and three inner pixels. Both ends
        // are in the canvas (truncation is the floor), the end in the
        // zone; the line's start is where stage 1 found it, `Zone::index`
        // (a move across the top or bottom edge in the edge bin's zone
        // runs on from there, `edge_step`).
        let j = block.start + i;
        let (x0, y0) = (prep.old_x[i] as u32, prep.old_y[i] as u32);
        let (x1, y1) = (bin.x[j] as u32, bin.y[j] as u32);
        let a = z.index(x0, y0, s.width);
        let inner = s.lines.inner(f >> CODE_SHIFT);
        let at = |k: usize| a.wrapping_add_signed(inner[k]) as usize;
        let at = [
            a as usize,
            at(0),
            at(1),
            at(2),
            z.index(x1, y1, s.width) as usize,
        ];
        let len = zone.len();
        merge_in(zone, len, at, prep.colour(i, s.palette));
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
