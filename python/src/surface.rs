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

    /// Pixel `(x, y)` as an integer (little-endian, as SDL stores it here).
    #[inline]
    fn at(&self, x: usize, y: usize) -> u32 {
        let at = y * self.pitch + x * self.bpp;
        self.raw[at..at + self.bpp]
            .iter()
            .rev()
            .fold(0u32, |acc, &b| acc << 8 | u32::from(b))
    }
}

/// A `w`×`h` mask set where `solid(x, y)`.
fn mask_where(w: usize, h: usize, mut solid: impl FnMut(usize, usize) -> bool) -> Bits {
    let mut bits = Bits::new(w, h, false);
    for y in 0..h {
        for x in 0..w {
            if solid(x, y) {
                bits.words[y * bits.per_row + x / 64] |= 1 << (x % 64);
            }
        }
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
    let bits = py.detach(|| mask_where(w, h, |x, y| pixels.at(x, y) != key));
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
        1 | 2 => mask_where(w, h, |x, y| {
            let a = expand((pixels.at(x, y) & amask) >> (ashift & 31), 8 - aloss.min(8));
            i64::from(a) > threshold
        }),
        4 => {
            let off = (ashift / 8).min(3) as usize;
            mask_where(w, h, |x, y| {
                i64::from(raw[y * pitch + x * 4 + off]) > threshold
            })
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
        None => py.detach(|| {
            mask_where(w, h, |x, y| {
                near(unpack(pixels.at(x, y), masks, shifts), rgb)
            })
        }),
        Some(((raw2, pitch2, bpp2, masks2, shifts2), (w2, h2))) => {
            if w2 < w || h2 < h {
                return Err(PyValueError::new_err(format!(
                    "othersurface is {w2}x{h2}, smaller than surface ({w}x{h})"
                )));
            }
            let other = Pixels::new(raw2, w, h, pitch2, bpp2, "othersurface")?;
            let raw_indices = bpp == 1 && bpp2 == 1 && !palette_colors;
            py.detach(|| {
                mask_where(w, h, |x, y| {
                    let (p, q) = (pixels.at(x, y), other.at(x, y));
                    if raw_indices {
                        q.abs_diff(p) < thr.0
                    } else {
                        near(unpack(q, masks2, shifts2), unpack(p, masks, shifts))
                    }
                })
            })
        }
    };
    Ok(PyMask::from_bits(bits))
}
