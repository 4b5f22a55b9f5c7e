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
pub(crate) struct Prepared {
    pub old_x: [f32; BLOCK],
    pub old_y: [f32; BLOCK],
    pub from: [u32; BLOCK],
    pub to: [u32; BLOCK],
    /// With [`SHORT`]: the line's middle pixel (or an end, for one step).
    pub mid: [u32; BLOCK],
    /// The trail's shade (0..=255): its colour is `palette[shade]`, looked
    /// up by stage 2 ([`Prepared::colour`]).
    pub shade: [u32; BLOCK],
    pub flags: [u32; BLOCK],
    /// For a trail that is not [`DIRECT`]: the pixel where the move ended
    /// before wrapping (the first piece's end), packed by [`pack_pixel`].
    pub end: [u32; BLOCK],
    /// With [`WRAPPED`]: the second piece's start pixel, packed.
    pub start2: [u32; BLOCK],
    /// Bit `i`: particle `i`'s new row is in another band.
    pub leaving: [u64; BLOCK / 64],
}

impl Prepared {
    /// Particle `i`'s trail colour key, from `palette` (as `Shared`'s).
    #[inline(always)]
    pub fn colour(&self, i: usize, palette: &[u32; 256]) -> u32 {
        // Shades are 0..=255 (the `u8` keeps the lookup free of a check).
        palette[usize::from(self.shade[i] as u8)]
    }

    pub fn new() -> Prepared {
        Prepared {
            old_x: [0.0; BLOCK],
            old_y: [0.0; BLOCK],
            from: [0; BLOCK],
            to: [0; BLOCK],
            mid: [0; BLOCK],
            shade: [0; BLOCK],
            flags: [0; BLOCK],
            end: [0; BLOCK],
            start2: [0; BLOCK],
            leaving: [0; BLOCK / 64],
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
        self.shade[i] = u32::from(mv.shade);
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
        if let Some(dy) = step.filter(|_| to < len) {
            let from = z.index(x0, y0, s.width);
            let mid = from.wrapping_add_signed(dy.signum() * s.width as i32 + dx.signum());
            self.from[i] = from;
            self.to[i] = to;
            self.mid[i] = mid;
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
pub(super) fn unpack_pixel(p: u32) -> (i32, i32) {
    (i32::from(p as i16), i32::from((p >> 16) as i16))
}
