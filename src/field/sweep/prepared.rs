//! What stage 1 records for one block of particles ([`Prepared`]): old
//! positions, trail ends and flags, set lane for lane alike by every
//! instruction set's kernel (the scalar classification is
//! [`Prepared::set`]).

use super::flags::{BLOCK, CODE_SHIFT, DIRECT, MEDIUM, SHORT, WRAPPED};
use super::lines::{Line, MEDIUM_STEPS};
use super::shared::Shared;
use super::zone::Zone;
use crate::field::particles::{pieces, Move};
use crate::field::raster::pixel_of;

/// Stage 1's answer for one block: old positions, the zone-relative pixel
/// indices of both trail ends and of the pixel between them, colours and
/// flags.
///
/// Stage 2 lands every trail's three pixels ([`Prepared::from`], `mid`,
/// `to`) with the colour key at [`Prepared::key`], in one pass without a
/// branch: for a usual trail (flags with [`SHORT`]) its pixels and
/// colour; for every other one (marked in [`Prepared::odd`], drawn after
/// by the flags) the key 0, which changes nothing, at pixels clamped into
/// the zone.
pub(crate) struct Prepared {
    pub old_x: [f32; BLOCK],
    pub old_y: [f32; BLOCK],
    /// The start pixel's zone index ([`Zone::index`]), at most the zone's
    /// last pixel (the unsigned minimum; the usual trail's is below it).
    pub from: [u32; BLOCK],
    /// The end pixel's, as `from`.
    pub to: [u32; BLOCK],
    /// The pixel one step from the start towards the end on each axis
    /// that moves (with [`DIRECT`] and [`SHORT`], the line's middle pixel,
    /// or an end); with [`WRAPPED`] and [`SHORT`], the pixel
    /// [`x_wrap_middle`] gives; for another trail that is not [`DIRECT`],
    /// towards the wrapped end. As `from`, at most the zone's last pixel.
    pub mid: [u32; BLOCK],
    /// The trail's shade (0..=255), plus [`ODD_KEY`] for a trail that is not
    /// the usual one: its landing key is `palette[key]` of the 512-entry
    /// palette stage 2 reads (keys from 256 on are 0), its colour
    /// `palette[key % 256]` ([`Prepared::colour`]).
    pub key: [u32; BLOCK],
    pub flags: [u32; BLOCK],
    /// For a trail that is not [`DIRECT`]: the pixel where the move ended
    /// before wrapping (the first piece's end), packed by [`pack_pixel`].
    pub end: [u32; BLOCK],
    /// With [`WRAPPED`]: the second piece's start pixel, packed.
    pub start2: [u32; BLOCK],
    /// Bit `i`: particle `i`'s new row is in another band.
    pub leaving: [u64; BLOCK / 64],
    /// Bit `i`: particle `i`'s trail is not the usual one (its flags lack
    /// [`SHORT`]): stage 2 draws it after the landing pass.
    pub odd: [u64; BLOCK / 64],
}

/// Added to a trail's shade in [`Prepared::key`] when the landing pass
/// leaves it alone (the 512-entry palette is 0 from here on).
pub(crate) const ODD_KEY: u32 = 256;

impl Prepared {
    /// Particle `i`'s trail colour key, from `palette` (as `Shared`'s).
    #[inline(always)]
    pub fn colour(&self, i: usize, palette: &[u32; 512]) -> u32 {
        // The shade is the low byte (the `u8` keeps the lookup free of a
        // check).
        palette[usize::from(self.key[i] as u8)]
    }

    pub fn new() -> Prepared {
        Prepared {
            old_x: [0.0; BLOCK],
            old_y: [0.0; BLOCK],
            from: [0; BLOCK],
            to: [0; BLOCK],
            mid: [0; BLOCK],
            key: [0; BLOCK],
            flags: [0; BLOCK],
            end: [0; BLOCK],
            start2: [0; BLOCK],
            leaving: [0; BLOCK / 64],
            odd: [0; BLOCK / 64],
        }
    }

    /// Records particle `i`'s move from `(x, y)` (the scalar classification
    /// every vector path must match).
    // Always inlined: called out of line, the scalar stage 1 paid about
    // 13 instructions a particle more.
    #[inline(always)]
    pub fn set(&mut self, i: usize, x: f32, y: f32, mv: &Move, s: &Shared, z: Zone) {
        self.old_x[i] = x;
        self.old_y[i] = y;
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
        let len = z.len(s.width);
        let from = z.index(x0, y0, s.width);
        let direct = step.filter(|_| to < len);
        // For a trail that is not direct, the vector kernels' arithmetic
        // all the same (its row step without the wrap).
        let dy = direct.unwrap_or(row1 as i32 - y0 as i32);
        let mid = from.wrapping_add_signed(dy.signum() * s.width as i32 + dx.signum());
        if let Some(dy) = direct {
            flags |= DIRECT
                | match Line::of(dx, dy) {
                    // Stage 2 merges a SHORT trail's pixels unchecked.
                    Line::Short if from < len && mid < len => SHORT,
                    Line::Short => 0,
                    Line::Medium(code) => MEDIUM | code << CODE_SHIFT,
                    Line::Long => 0,
                };
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
        // Stage 2 lands every trail's pixels: those of a trail that is not
        // the usual one (key 0, no change) only need to lie in the zone.
        // (A usual trail's lie in it: only the others are clamped.)
        self.key[i] = u32::from(mv.shade);
        if flags == DIRECT | SHORT {
            (self.from[i], self.mid[i], self.to[i]) = (from, mid, to);
            self.odd[i / 64] &= !bit;
        } else {
            let last = len - 1;
            (self.from[i], self.mid[i], self.to[i]) = (from.min(last), mid.min(last), to.min(last));
            self.key[i] |= ODD_KEY;
            self.odd[i / 64] |= bit;
        }
        if flags == WRAPPED && mv.to.1 == mv.unwrapped.1 {
            self.land_x_wrap(i, (x1, row1), s, z);
        }
    }

    /// Lands particle `i`'s move to pixel `new`, just recorded as
    /// [`WRAPPED`] across the left or right edge only, as a usual trail
    /// (flags `WRAPPED | SHORT`) when its pixels are three
    /// ([`x_wrap_middle`]) in the zone. The vector kernels land the same
    /// moves lane for lane (`x86/x_wraps.rs`, `v128.rs`). It reads the old
    /// pixel back and works out both zone indices again, where `set` has
    /// them: passing them in kept them live through `set` and cost the
    /// scalar stage 1 about 3 instructions a particle (`step-count`).
    #[inline]
    fn land_x_wrap(&mut self, i: usize, (x1, y1): (u32, u32), s: &Shared, z: Zone) {
        let (x0, y0) = (self.old_x[i] as u32, self.old_y[i] as u32);
        let (old, new) = ((x0 as i32, y0 as i32), (x1 as i32, y1 as i32));
        let (end, start2) = (unpack_pixel(self.end[i]), unpack_pixel(self.start2[i]));
        let size = (s.width as i32, s.motion.rows as i32);
        let Some((mx, my)) = x_wrap_middle(old, end, start2, new, size) else {
            return;
        };
        let len = z.len(s.width);
        let (from, to) = (z.index(x0, y0, s.width), z.index(x1, y1, s.width));
        let mid = z.index(mx as u32, my as u32, s.width);
        if from < len && to < len && mid < len {
            self.flags[i] = WRAPPED | SHORT;
            (self.from[i], self.mid[i], self.to[i]) = (from, mid, to);
            self.key[i] &= !ODD_KEY;
            self.odd[i / 64] &= !(1u64 << (i % 64));
        }
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

/// For a move from pixel `old` to `new` that wrapped across the left or
/// right edge only, its first piece ending at `end` and its second
/// starting at `start2` (outside the canvas, `size` pixels): when both
/// pieces are short lines, the one pixel between the ends that
/// `block::draw_wrapped` also merges (each piece's middle inside the
/// canvas: by the wrap, at most one is), or `old` when neither is. Such a
/// trail is its ends and this pixel, landed as a usual trail. `None` for a
/// longer piece, or both middles inside the canvas (four pixels; rounding
/// can shift a piece by a pixel).
#[inline]
pub(crate) fn x_wrap_middle(
    old: (i32, i32),
    end: (i32, i32),
    start2: (i32, i32),
    new: (i32, i32),
    (w, h): (i32, i32),
) -> Option<(i32, i32)> {
    let short =
        |(ax, ay): (i32, i32), (bx, by): (i32, i32)| Line::of(bx - ax, by - ay) == Line::Short;
    if !short(old, end) || !short(start2, new) {
        return None;
    }
    let inside = |(x, y): (i32, i32)| (x as u32) < w as u32 && (y as u32) < h as u32;
    let (m1, m2) = (Line::middle(old, end), Line::middle(start2, new));
    match (inside(m1), inside(m2)) {
        (true, true) => None,
        (true, false) => Some(m1),
        (false, true) => Some(m2),
        (false, false) => Some(old),
    }
}

/// A pixel (coordinates within the `i16` range, see [`pixel_of`]) in one
/// word: x in the low half, y in the high half.
#[inline]
pub(crate) fn pack_pixel(x: i32, y: i32) -> u32 {
    (x as u32 & 0xffff) | (y as u32) << 16
}

/// The pixel [`pack_pixel`] packed.
#[inline]
pub(super) fn unpack_pixel(p: u32) -> (i32, i32) {
    (i32::from(p as i16), i32::from((p >> 16) as i16))
}
