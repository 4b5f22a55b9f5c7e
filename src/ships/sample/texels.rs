//! From hit pixels to the sprite texels they land on: the pose's inverse
//! map for a sample ([`TexelGrid`]), the two ways of recording texels
//! ([`Texels`]: bytes in a per-thread scratch, see `scratch.rs`, or bits
//! straight into the hit map), and the portable kernels for both.

use std::ops::Range;

use crate::pose::{PixelMap, PixelRect, FRAC_BITS};

use crate::ships::hits::BitIter;

/// The inverse map of a rotated or scaled sample and the layout of the
/// sprite's hit bits: texel `(i, j)` is bit `j·stride + i`.
#[derive(Clone, Copy, Debug)]
pub(in crate::ships) struct TexelGrid {
    origin: (i64, i64),
    u0: i64,
    v0: i64,
    du_dy: i64,
    dv_dy: i64,
    /// Change of u per pixel step in x.
    pub du: i64,
    /// Change of v per pixel step in x.
    pub dv: i64,
    /// Sprite width in texels.
    pub width: u32,
    /// Sprite height in texels.
    pub height: u32,
    /// Bits per texel row (whole words).
    pub stride: usize,
}

impl TexelGrid {
    /// The grid of `map` for a hit map with `words_per_row` words a row.
    pub fn new(map: &PixelMap, words_per_row: usize) -> TexelGrid {
        TexelGrid {
            origin: map.origin,
            u0: map.u0,
            v0: map.v0,
            du_dy: map.du_dy,
            dv_dy: map.dv_dy,
            du: map.du_dx,
            dv: map.dv_dx,
            width: map.width,
            height: map.height,
            stride: words_per_row * 64,
        }
    }

    /// Fixed-point `(u, v)` of pixel `(x, y)`'s centre, modulo 2^64: the
    /// exact [`PixelMap::uv`] wherever that fits in an `i64`, as it does at
    /// every covered pixel (its texel is inside the sprite). Stepping on by
    /// `k·du` with wrapping arithmetic stays exact there too.
    #[inline]
    pub fn uv(&self, x: i64, y: i64) -> (i64, i64) {
        let dx = x.wrapping_sub(self.origin.0);
        let dy = y.wrapping_sub(self.origin.1);
        let at = |start: i64, d_dx: i64, d_dy: i64| {
            start
                .wrapping_add(d_dx.wrapping_mul(dx))
                .wrapping_add(d_dy.wrapping_mul(dy))
        };
        (
            at(self.u0, self.du, self.du_dy),
            at(self.v0, self.dv, self.dv_dy),
        )
    }

    /// Bits in the hit map (`stride · height`).
    pub fn bits(&self) -> usize {
        self.stride * self.height as usize
    }
}

/// The texel rows and the words of each row that hits of pixels inside
/// `clip` can land on: the texels of `clip`'s corner pixels bound every
/// other (the map is affine, `floor` monotone).
pub(in crate::ships) fn texel_box(
    map: &PixelMap,
    clip: &PixelRect,
) -> (Range<usize>, Range<usize>) {
    let (w, h) = (map.width as usize, map.height as usize);
    let full = (0..h, 0..w.div_ceil(64));
    let (mut lo, mut hi) = ([i64::MAX; 2], [i64::MIN; 2]);
    for (x, y) in [
        (clip.x0, clip.y0),
        (clip.x1 - 1, clip.y0),
        (clip.x0, clip.y1 - 1),
        (clip.x1 - 1, clip.y1 - 1),
    ] {
        let Some((u, v)) = map.uv(x, y) else {
            return full;
        };
        for (axis, t) in [u >> FRAC_BITS, v >> FRAC_BITS].into_iter().enumerate() {
            lo[axis] = lo[axis].min(t);
            hi[axis] = hi[axis].max(t);
        }
    }
    let clamp = |t: i64, n: usize| t.clamp(0, n as i64 - 1) as usize;
    let (i0, i1) = (clamp(lo[0], w), clamp(hi[0], w));
    let (j0, j1) = (clamp(lo[1], h), clamp(hi[1], h));
    (j0..j1 + 1, i0 / 64..i1 / 64 + 1)
}

/// Where a sample records the texels hit (bit `j·stride + i` for texel
/// `(i, j)`).
pub(in crate::ships) trait Texels {
    /// Records texel bit `bit` without a range check.
    ///
    /// # Safety
    /// `bit` is below the `stride · height` of the sample's [`TexelGrid`]
    /// (true of `j·stride + i` for `i < width`, `j < height`), or is
    /// [`Texels::junk`].
    unsafe fn set_unchecked(&mut self, bit: usize);

    /// A bit that may be set and is then ignored, if there is one: vector
    /// kernels send the lanes that did not hit there instead of branching.
    fn junk(&self) -> Option<usize>;

    /// Sixteen free slots at the end of the queue of bits to set, if this
    /// sink keeps one (room is made first when short). For vector kernels.
    #[cfg(target_arch = "x86_64")]
    fn queue16(&mut self) -> Option<&mut [u32; 16]>;

    /// Queues the first `n` slots last given by [`Texels::queue16`].
    ///
    /// # Safety
    /// `n ≤ 16`, and each of those slots holds a bit that
    /// [`Texels::set_unchecked`] accepts.
    #[cfg(target_arch = "x86_64")]
    unsafe fn commit(&mut self, n: usize);
}

/// Bits a [`ScratchTexels`] queues before setting them.
const QUEUE: usize = 1024;

/// One byte per texel bit, set to `0xFF` when hit; packed into the hit map
/// afterwards. Its last byte is [`Texels::junk`] (past every texel bit,
/// cleared by [`ScratchTexels::finish`]). Vector kernels may queue bits
/// instead ([`Texels::queue16`]): one 64-byte store per sixteen pixels,
/// then a tight loop of byte stores, one per hit.
pub(in crate::ships) struct ScratchTexels<'a> {
    bytes: &'a mut [u8],
    queue: [u32; QUEUE],
    queued: usize,
}

impl<'a> ScratchTexels<'a> {
    /// Texels into `bytes` (one past the last texel bit: the junk byte).
    pub fn new(bytes: &'a mut [u8]) -> ScratchTexels<'a> {
        ScratchTexels {
            bytes,
            queue: [0; QUEUE],
            queued: 0,
        }
    }

    /// Sets the queued bits, clears the junk byte, and gives the bytes back.
    pub fn finish(mut self) -> &'a mut [u8] {
        self.flush();
        if let Some(junk) = self.junk() {
            self.bytes[junk] = 0;
        }
        self.bytes
    }

    /// Sets the queued bits and empties the queue.
    fn flush(&mut self) {
        for &bit in &self.queue[..self.queued] {
            debug_assert!((bit as usize) < self.bytes.len());
            // SAFETY: only bits `set_unchecked` accepts are queued (the
            // promise of `commit`), and the scratch is that long.
            unsafe { *self.bytes.get_unchecked_mut(bit as usize) = 0xFF };
        }
        self.queued = 0;
    }
}

impl Texels for ScratchTexels<'_> {
    #[inline(always)]
    unsafe fn set_unchecked(&mut self, bit: usize) {
        debug_assert!(bit < self.bytes.len());
        // SAFETY: the scratch is `stride · height` bytes long plus the junk
        // byte (the caller's promise bounds `bit` by that).
        unsafe { *self.bytes.get_unchecked_mut(bit) = 0xFF };
    }

    #[inline(always)]
    fn junk(&self) -> Option<usize> {
        self.bytes.len().checked_sub(1)
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn queue16(&mut self) -> Option<&mut [u32; 16]> {
        if self.queued + 16 > QUEUE {
            self.flush();
        }
        let start = self.queued;
        <&mut [u32; 16]>::try_from(&mut self.queue[start..start + 16]).ok()
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn commit(&mut self, n: usize) {
        debug_assert!(n <= 16);
        self.queued += n.min(16);
    }
}

/// The hit map's words, one bit ORed in per hit.
pub(in crate::ships) struct BitTexels<'a>(pub &'a mut [u64]);

impl Texels for BitTexels<'_> {
    #[inline(always)]
    unsafe fn set_unchecked(&mut self, bit: usize) {
        debug_assert!(bit / 64 < self.0.len());
        // SAFETY: the hit map has `stride / 64 · height` words (the caller's
        // promise bounds `bit` by `stride · height`).
        unsafe { *self.0.get_unchecked_mut(bit / 64) |= 1 << (bit % 64) };
    }

    #[inline(always)]
    fn junk(&self) -> Option<usize> {
        None
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    fn queue16(&mut self) -> Option<&mut [u32; 16]> {
        None
    }

    #[cfg(target_arch = "x86_64")]
    #[inline(always)]
    unsafe fn commit(&mut self, _n: usize) {}
}

/// Records the texels of `hit`: bit `b` is the pixel whose centre maps to
/// `(u + b·du, v + b·dv)` (see [`TexelGrid::uv`]). One hit at a time.
#[inline(always)]
pub(in crate::ships) fn mark_portable<T: Texels>(
    g: &TexelGrid,
    u: i64,
    v: i64,
    hit: u64,
    texels: &mut T,
) {
    for b in BitIter(hit) {
        let k = i64::from(b);
        let tu = u.wrapping_add(k.wrapping_mul(g.du)) >> FRAC_BITS;
        let tv = v.wrapping_add(k.wrapping_mul(g.dv)) >> FRAC_BITS;
        // A covered pixel lands inside the sprite (the coverage rule); the
        // check keeps a posed mask built for another sprite harmless.
        if (tu as u64) < u64::from(g.width) && (tv as u64) < u64::from(g.height) {
            // SAFETY: the texel is inside the sprite, checked just above.
            unsafe { texels.set_unchecked(tv as usize * g.stride + tu as usize) };
        }
    }
}

/// Packs scratch bytes (`0` or `0xFF`, 64 per word) into `words` and zeroes
/// them. Portable: eight bytes per multiply.
#[inline(always)]
pub(in crate::ships) fn pack_portable(bytes: &mut [u8], words: &mut [u64]) {
    for (chunk, word) in bytes.chunks_exact_mut(64).zip(words) {
        let mut bits = 0u64;
        for (k, eight) in chunk.chunks_exact(8).enumerate() {
            let mut le = [0u8; 8];
            le.copy_from_slice(eight);
            // Bit 0 of byte b moves to bit 56 + b (no two terms share a bit).
            let ones = u64::from_le_bytes(le) & 0x0101_0101_0101_0101;
            bits |= (ones.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * k);
        }
        *word = bits;
        chunk.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pose::Pose;

    #[test]
    fn portable_pack_reads_every_byte_in_order_and_clears() {
        let mut bytes = vec![0u8; 128];
        for b in [0usize, 7, 8, 63, 64, 100, 127] {
            bytes[b] = 0xFF;
        }
        let mut words = [0u64; 2];
        pack_portable(&mut bytes, &mut words);
        assert_eq!(words[0], 1 | 1 << 7 | 1 << 8 | 1 << 63);
        assert_eq!(words[1], 1 | 1 << 36 | 1 << 63);
        assert!(bytes.iter().all(|&b| b == 0));
    }

    #[test]
    fn texel_box_holds_the_texel_of_every_pixel_in_the_clip() {
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..200 {
            let pose = Pose {
                x: rng.f32() * 300.0 - 100.0,
                y: rng.f32() * 300.0 - 100.0,
                rotation: rng.f32() * 7.0,
                scale: 0.2 + rng.f32() * 3.0,
            };
            let (w, h) = (1 + rng.u32(0..150), 1 + rng.u32(0..60));
            let Some(map) = pose.pixel_map(w, h) else {
                continue;
            };
            let clip = PixelRect {
                x0: rng.i64(-50..50),
                y0: rng.i64(-50..50),
                x1: rng.i64(50..150),
                y1: rng.i64(50..150),
            };
            let (rows, words) = texel_box(&map, &clip);
            for y in clip.y0..clip.y1 {
                for x in clip.x0..clip.x1 {
                    if let Some((i, j)) = map.texel(x, y) {
                        assert!(rows.contains(&(j as usize)), "{pose:?} ({x}, {y})");
                        assert!(words.contains(&(i as usize / 64)), "{pose:?} ({x}, {y})");
                    }
                }
            }
        }
    }
}
