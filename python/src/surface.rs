//! Masks from pixels: RGBA bytes, and a pygame surface's own pixel buffer
//! read as pygame-ce's `from_surface` and `from_threshold` read it (raw
//! pixels of 1–4 bytes, unmapped with the surface's masks, shifts and
//! losses). The Python glue (`hitfield._pygame`) hands over the buffer and
//! the format; nothing here needs pygame.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::args::checked_size;
use crate::bits::Bits;
use crate::mask::PyMask;

/// Raw pixels: `raw`, rows `pitch` bytes apart, `bpp` bytes a pixel.
struct Pixels<'a> {
    raw: &'a [u8],
    pitch: usize,
    bpp: usize,
}

impl<'a> Pixels<'a> {
    /// Checks that `raw` holds `w`×`h` pixels of `bpp` bytes `pitch` apart.
    fn new(
        raw: &'a [u8],
        w: usize,
        h: usize,
        pitch: usize,
        bpp: usize,
        what: &str,
    ) -> PyResult<Self> {
        let need = pitch
            .saturating_mul(h.saturating_sub(1))
            .saturating_add(w.saturating_mul(bpp));
        if !(1..=4).contains(&bpp) || pitch < w * bpp || (h > 0 && w > 0 && raw.len() < need) {
            return Err(PyValueError::new_err(format!(
                "{what}: a {w}x{h} buffer of {bpp}-byte pixels {pitch} bytes a row needs {need} bytes, got {}",
                raw.len()
            )));
        }
        Ok(Pixels { raw, pitch, bpp })
    }

    /// Row `y`'s first `w` pixels as integers (little-endian, as SDL
    /// stores them here).
    #[inline]
    fn row(&self, y: usize, w: usize) -> impl Iterator<Item = u32> + '_ {
        let at = y * self.pitch;
        let bpp = self.bpp;
        self.raw[at..at + w * bpp]
            .chunks_exact(bpp)
            .map(move |p| match bpp {
                1 => value::<1>(p),
                2 => value::<2>(p),
                3 => value::<3>(p),
                _ => value::<4>(p),
            })
    }

    /// A `w`×`h` mask set where `solid(pixel)`, one `N`-byte pixel at a
    /// time (`N` the pixel size, fixed so the loop is compiled for it).
    fn mask_where<const N: usize>(&self, w: usize, h: usize, solid: impl Fn(u32) -> bool) -> Bits {
        let mut bits = Bits::new(w, h, false);
        let per_row = bits.per_row;
        for (y, words) in bits
            .words
            .chunks_exact_mut(per_row.max(1))
            .enumerate()
            .take(h)
        {
            let at = y * self.pitch;
            let row = self.raw[at..at + w * N].chunks_exact(N);
            pack(words, row.map(|p| solid(value::<N>(p))));
        }
        bits
    }

    /// [`Pixels::mask_where`] for this buffer's pixel size.
    fn mask_of(&self, w: usize, h: usize, solid: impl Fn(u32) -> bool) -> Bits {
        match self.bpp {
            1 => self.mask_where::<1>(w, h, solid),
            2 => self.mask_where::<2>(w, h, solid),
            3 => self.mask_where::<3>(w, h, solid),
            _ => self.mask_where::<4>(w, h, solid),
        }
    }
}

/// An `N`-byte little-endian pixel value.
#[inline(always)]
fn value<const N: usize>(p: &[u8]) -> u32 {
    p[..N]
        .iter()
        .rev()
        .fold(0u32, |acc, &b| acc << 8 | u32::from(b))
}

/// 64 four-byte pixels' alpha (the byte at bit `shift`) above `t`, as one
/// word, 16 pixels at a time with SSE2 (every x86_64 has it) and one at a
/// time elsewhere.
#[inline(always)]
fn alpha_word(px: &[u8; 256], shift: u32, t: u8) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        (0..4).fold(0u64, |v, i| {
            let block = <&[u8; 64]>::try_from(&px[64 * i..64 * i + 64]);
            v | block.map_or(0, |b| u64::from(alpha_16(b, shift, t))) << (16 * i)
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        (0..64).fold(0u64, |v, b| {
            let p = u32::from_le_bytes([px[4 * b], px[4 * b + 1], px[4 * b + 2], px[4 * b + 3]]);
            v | u64::from((p >> shift) as u8 > t) << b
        })
    }
}

/// 16 four-byte pixels' alpha above `t`, bit `i` for pixel `i`: each lane
/// shifted and masked to its alpha, packed to 16 bytes, compared unsigned
/// (both sides flipped by 0x80 for SSE2's signed compare).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn alpha_16(px: &[u8; 64], shift: u32, t: u8) -> u16 {
    use std::arch::x86_64::*;
    // SAFETY: SSE2 is part of the x86_64 baseline; the four unaligned
    // 16-byte loads read `px[0..64]`, inside the array.
    unsafe {
        let count = _mm_cvtsi32_si128(shift as i32);
        let low = _mm_set1_epi32(0xff);
        let lane = |i: usize| {
            let v = _mm_loadu_si128(px.as_ptr().add(16 * i) as *const __m128i);
            _mm_and_si128(_mm_srl_epi32(v, count), low)
        };
        let bytes = _mm_packus_epi16(
            _mm_packs_epi32(lane(0), lane(1)),
            _mm_packs_epi32(lane(2), lane(3)),
        );
        let flip = _mm_set1_epi8(i8::MIN);
        let above = _mm_cmpgt_epi8(_mm_xor_si128(bytes, flip), _mm_set1_epi8((t ^ 0x80) as i8));
        _mm_movemask_epi8(above) as u16
    }
}

/// Packs a row of texels into its words, 64 a word, lowest x first.
#[inline(always)]
fn pack(words: &mut [u64], mut texels: impl Iterator<Item = bool>) {
    for word in words {
        let mut v = 0u64;
        for b in 0..64 {
            match texels.next() {
                Some(on) => v |= u64::from(on) << b,
                None => break,
            }
        }
        *word = v;
    }
}

/// A `w`×`h` mask set where `solid(x, y)`.
fn mask_where(w: usize, h: usize, solid: impl Fn(usize, usize) -> bool) -> Bits {
    let mut bits = Bits::new(w, h, false);
    let per_row = bits.per_row;
    for (y, words) in bits
        .words
        .chunks_exact_mut(per_row.max(1))
        .enumerate()
        .take(h)
    {
        pack(words, (0..w).map(|x| solid(x, y)));
    }
    bits
}

/// A mask of `size` from RGBA bytes (`w * h * 4`, rows top to bottom), set
/// where alpha > `threshold` (pygame's rule for surfaces with alpha), or,
/// given a `colorkey` `(r, g, b, a)`, where the pixel differs from it.
#[pyfunction]
#[pyo3(signature = (data, size, threshold = 127, colorkey = None))]
pub fn from_rgba(
    py: Python<'_>,
    data: &[u8],
    size: &Bound<'_, PyAny>,
    threshold: i64,
    colorkey: Option<(u8, u8, u8, u8)>,
) -> PyResult<PyMask> {
    let (w, h) = checked_size(size)?;
    if data.len() != w * h * 4 {
        return Err(PyValueError::new_err(format!(
            "data: {w}x{h} RGBA needs {} bytes, got {}",
            w * h * 4,
            data.len()
        )));
    }
    let bits = py.detach(|| {
        let px = |x: usize, y: usize| &data[(y * w + x) * 4..(y * w + x) * 4 + 4];
        if let Some((r, g, b, a)) = colorkey {
            mask_where(w, h, |x, y| px(x, y) != [r, g, b, a])
        } else if threshold < 0 {
            Bits::new(w, h, true)
        } else if threshold < 255 {
            mask_where(w, h, |x, y| i64::from(px(x, y)[3]) > threshold)
        } else {
            Bits::new(w, h, false)
        }
    });
    Ok(PyMask::from_bits(bits))
}

/// A mask set where each raw pixel (`bpp` bytes, little-endian, rows
/// `pitch` bytes apart) differs from `key`: pygame's colorkey rule on a
/// surface's own pixels.
#[pyfunction]
pub fn _from_pixels_key(
    py: Python<'_>,
    raw: &[u8],
    size: &Bound<'_, PyAny>,
    pitch: usize,
    bpp: usize,
    key: u32,
) -> PyResult<PyMask> {
    let (w, h) = checked_size(size)?;
    let pixels = Pixels::new(raw, w, h, pitch, bpp, "surface")?;
    let bits = py.detach(|| pixels.mask_of(w, h, |p| p != key));
    Ok(PyMask::from_bits(bits))
}

/// `v`, an `n`-bit channel value, widened to 8 bits by repeating its bits
/// (SDL's `SDL_expand_byte` tables: 4-bit 1 → 17, 1-bit 1 → 255).
fn expand(v: u32, n: u32) -> u32 {
    if n == 0 || n >= 8 {
        return v & 0xff;
    }
    let mut out = 0u32;
    let mut filled = 0;
    while filled < 8 {
        out = out << n | v;
        filled += n;
    }
    out >> (filled - 8)
}

/// pygame's `from_surface` on a surface with per-pixel alpha: set where
/// the pixel's alpha is above `threshold`. 1- and 2-byte pixels are
/// unmapped as SDL's `SDL_GetRGBA` does (`(p & amask) >> ashift`, widened
/// from `8 − aloss` bits); 4-byte pixels read the byte at `ashift / 8`;
/// 3-byte pixels set nothing (pygame's rule; SDL has no such format with
/// alpha).
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn _from_pixels_alpha(
    py: Python<'_>,
    raw: &[u8],
    size: &Bound<'_, PyAny>,
    pitch: usize,
    bpp: usize,
    amask: u32,
    ashift: u32,
    aloss: u32,
    threshold: i64,
) -> PyResult<PyMask> {
    let (w, h) = checked_size(size)?;
    let pixels = Pixels::new(raw, w, h, pitch, bpp, "surface")?;
    let bits = py.detach(|| match bpp {
        1 | 2 => {
            let bits = 8 - aloss.min(8);
            pixels.mask_of(w, h, |p| {
                i64::from(expand((p & amask) >> (ashift & 31), bits)) > threshold
            })
        }
        4 if threshold < 0 => Bits::new(w, h, true),
        4 if threshold >= 255 => Bits::new(w, h, false),
        4 => {
            // The alpha byte of each pixel against the threshold, 64
            // pixels a word (pygame's 32-bit path).
            let (shift, t) = ((ashift / 8).min(3) * 8, threshold as u8);
            let mut bits = Bits::new(w, h, false);
            let per_row = bits.per_row.max(1);
            for (y, words) in bits.words.chunks_exact_mut(per_row).enumerate().take(h) {
                let row = &raw[y * pitch..y * pitch + w * 4];
                for (word, chunk) in words.iter_mut().zip(row.chunks(256)) {
                    *word = match <&[u8; 256]>::try_from(chunk) {
                        Ok(full) => alpha_word(full, shift, t),
                        Err(_) => chunk.chunks_exact(4).enumerate().fold(0, |v, (b, px)| {
                            v | u64::from(px[(shift / 8) as usize] > t) << b
                        }),
                    };
                }
            }
            bits
        }
        _ => Bits::new(w, h, false),
    });
    Ok(PyMask::from_bits(bits))
}

/// One surface's pixels and format for [`_from_threshold`]: raw bytes,
/// pitch, bytes a pixel, `(rmask, gmask, bmask)` and `(rshift, gshift,
/// bshift)`.
type Surf<'a> = (&'a [u8], usize, usize, (u32, u32, u32), (u32, u32, u32));

/// pygame-ce's `from_threshold` on raw pixels: set where each channel
/// `((p & mask) >> shift) << loss` is within (strictly less than) `thr` of
/// `rgb`, or, given `other`, of `other`'s pixel at the same place (whose
/// channels pygame widens with this surface's losses); two 8-bit surfaces
/// with `palette_colors` false compare the raw indices against `thr.0`.
#[pyfunction]
#[allow(clippy::too_many_arguments)]
pub fn _from_threshold(
    py: Python<'_>,
    surf: Surf<'_>,
    size: &Bound<'_, PyAny>,
    losses: (u32, u32, u32),
    rgb: (u32, u32, u32),
    thr: (u32, u32, u32),
    other: Option<(Surf<'_>, (usize, usize))>,
    palette_colors: bool,
) -> PyResult<PyMask> {
    let (w, h) = checked_size(size)?;
    let (raw, pitch, bpp, masks, shifts) = surf;
    let pixels = Pixels::new(raw, w, h, pitch, bpp, "surface")?;
    let unpack = move |p: u32, masks: (u32, u32, u32), shifts: (u32, u32, u32)| {
        let ch = |m: u32, s: u32, l: u32| ((p & m) >> (s & 31)) << (l & 31);
        (
            ch(masks.0, shifts.0, losses.0),
            ch(masks.1, shifts.1, losses.1),
            ch(masks.2, shifts.2, losses.2),
        )
    };
    let near = |a: (u32, u32, u32), b: (u32, u32, u32)| {
        a.0.abs_diff(b.0) < thr.0 && a.1.abs_diff(b.1) < thr.1 && a.2.abs_diff(b.2) < thr.2
    };
    let bits = match other {
        None => py.detach(|| pixels.mask_of(w, h, |p| near(unpack(p, masks, shifts), rgb))),
        Some(((raw2, pitch2, bpp2, masks2, shifts2), (w2, h2))) => {
            if w2 < w || h2 < h {
                return Err(PyValueError::new_err(format!(
                    "othersurface is {w2}x{h2}, smaller than surface ({w}x{h})"
                )));
            }
            let other = Pixels::new(raw2, w, h, pitch2, bpp2, "othersurface")?;
            let raw_indices = bpp == 1 && bpp2 == 1 && !palette_colors;
            py.detach(|| {
                let mut bits = Bits::new(w, h, false);
                let per_row = bits.per_row.max(1);
                for (y, words) in bits.words.chunks_exact_mut(per_row).enumerate().take(h) {
                    let pairs = pixels.row(y, w).zip(other.row(y, w));
                    pack(
                        words,
                        pairs.map(|(p, q)| {
                            if raw_indices {
                                q.abs_diff(p) < thr.0
                            } else {
                                near(unpack(q, masks2, shifts2), unpack(p, masks, shifts))
                            }
                        }),
                    );
                }
                bits
            })
        }
    };
    Ok(PyMask::from_bits(bits))
}
