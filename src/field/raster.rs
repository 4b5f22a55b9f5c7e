//! Small pixel helpers shared by the fast field and its reference: the line
//! rasteriser, the order-independent pixel merge, the speed palette and the
//! sine/cosine table.

use std::f32::consts::TAU;

/// Calls `plot(x, y)` for every pixel of the 8-connected line from pixel
/// `(x0, y0)` to pixel `(x1, y1)`, both ends included (Bresenham). The pixels
/// form a continuous path with no gaps.
#[inline]
pub fn line_pixels(x0: i32, y0: i32, x1: i32, y1: i32, mut plot: impl FnMut(i32, i32)) {
    let dx = (x1 - x0).abs();
    let dy = -(y1 - y0).abs();
    let sx = if x0 < x1 { 1 } else { -1 };
    let sy = if y0 < y1 { 1 } else { -1 };
    let (mut x, mut y, mut err) = (x0, y0, dx + dy);
    loop {
        plot(x, y);
        if x == x1 && y == y1 {
            return;
        }
        let e2 = 2 * err;
        if e2 >= dy {
            err += dy;
            x += sx;
        }
        if e2 <= dx {
            err += dx;
            y += sy;
        }
    }
}

/// Smallest pixel coordinate a segment end is drawn at (ends beyond are clamped).
pub const MIN_PIXEL: i32 = i16::MIN as i32;
/// Largest pixel coordinate a segment end is drawn at (ends beyond are clamped).
pub const MAX_PIXEL: i32 = i16::MAX as i32;

/// The pixel a position falls in (`floor`), clamped to
/// [`MIN_PIXEL`]..=[`MAX_PIXEL`] so segment ends fit in `i16`. Canvases are at
/// most 16384 pixels wide, so clamping never moves a visible end.
#[inline]
pub fn pixel_of(v: f32) -> i32 {
    let t = v as i32; // truncates toward zero; NaN gives 0
    let floor = if (t as f32) > v { t - 1 } else { t };
    floor.clamp(MIN_PIXEL, MAX_PIXEL)
}

/// Rank of a pixel when two are drawn in the same step: the pixel as a
/// little-endian `u32`, so alpha counts most, then blue, green and red.
/// Every palette channel grows with speed, so between two fresh segments
/// the faster colour wins, and a fresh segment always beats a faded pixel.
/// This makes trail drawing independent of particle and thread order.
#[inline]
pub fn merge_key(p: [u8; 4]) -> u32 {
    u32::from_le_bytes(p)
}

/// Writes `src` into `dst` when it ranks higher (see [`merge_key`]).
#[inline]
pub fn merge_pixel(dst: &mut [u8; 4], src: [u8; 4]) {
    *dst = merge_key(*dst).max(merge_key(src)).to_le_bytes();
}

/// Merges `src` into the pixels at `at`, as [`merge_pixel`] on each in
/// turn would, but reads every pixel before writing any. A pixel listed
/// twice (a short line's middle is often one of its ends) gets the same
/// value from both writes, and no read waits for a write just before it
/// (those waits were 2–5% of a step at 1M particles).
#[inline(always)]
pub fn merge_pixels<const N: usize>(pixels: &mut [[u8; 4]], at: [usize; N], src: [u8; 4]) {
    let old = at.map(|i| pixels[i]);
    for (i, mut p) in at.into_iter().zip(old) {
        merge_pixel(&mut p, src);
        pixels[i] = p;
    }
}

/// Number of shades in the speed palette.
pub const SHADES: usize = 256;

/// Colour of a trail drawn at `shade` (0 = slowest possible, 255 = fastest):
/// deep violet through red and orange to pale gold. Red carries speed
/// linearly (ships test it): red = 40 + 215·shade/255. Every channel grows
/// with speed, which [`merge_key`] relies on.
pub fn palette(shade: u8) -> [u8; 4] {
    let t = f32::from(shade) / 255.0;
    let r = 40.0 + 215.0 * t;
    let g = 16.0 + 200.0 * t * t * t;
    let b = 70.0 + 90.0 * t * t * t * t;
    [r as u8, g as u8, b as u8, 255]
}

/// The palette for every shade, indexed by shade.
pub fn palette_table() -> [[u8; 4]; SHADES] {
    std::array::from_fn(|i| palette(i as u8))
}

/// Entries in the sine table (a power of two).
pub const SIN_TABLE_LEN: usize = 4096;

/// Table entries per radian: [`SinCos::get`] reads entry
/// `(angle · TURN_TO_INDEX + 0.5) as i64 mod SIN_TABLE_LEN`.
pub(crate) const TURN_TO_INDEX: f32 = SIN_TABLE_LEN as f32 / TAU;

/// A sine/cosine lookup table over one turn. Deterministic and identical on
/// every platform, unlike `f32::sin_cos`, which may differ between libms.
pub struct SinCos {
    table: Box<[(f32, f32); SIN_TABLE_LEN]>,
}

impl Default for SinCos {
    fn default() -> Self {
        let mut table = Box::new([(0.0, 1.0); SIN_TABLE_LEN]);
        for (i, entry) in table.iter_mut().enumerate() {
            let a = i as f64 * std::f64::consts::TAU / SIN_TABLE_LEN as f64;
            *entry = (a.sin() as f32, a.cos() as f32);
        }
        SinCos { table }
    }
}

impl SinCos {
    crate::cpu::simd128! { or_x86:
        /// The `(sin, cos)` entries, for vector kernels that index it themselves
        /// exactly as [`SinCos::get`] does.
        pub(crate) fn table(&self) -> &[(f32, f32); SIN_TABLE_LEN] {
            &self.table
        }
    }

    /// `(sin, cos)` of `angle` radians, to the nearest 1/4096 of a turn.
    #[inline]
    pub fn get(&self, angle: f32) -> (f32, f32) {
        // Nearest entry for angle ≥ 0 (particle angles are never negative); a
        // plain truncation keeps this a single instruction on baseline x86-64.
        let i = (angle * TURN_TO_INDEX + 0.5) as i64;
        self.table[(i as usize) & (SIN_TABLE_LEN - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_continuous_and_include_both_ends() {
        let mut rng = fastrand::Rng::with_seed(3);
        for _ in 0..2000 {
            let (x0, y0, x1, y1) = (
                rng.i32(-20..20),
                rng.i32(-20..20),
                rng.i32(-20..20),
                rng.i32(-20..20),
            );
            let mut pts = Vec::new();
            line_pixels(x0, y0, x1, y1, |x, y| pts.push((x, y)));
            assert_eq!(pts.first(), Some(&(x0, y0)));
            assert_eq!(pts.last(), Some(&(x1, y1)));
            let n = (x1 - x0).abs().max((y1 - y0).abs()) as usize + 1;
            assert_eq!(pts.len(), n, "one pixel per step of the major axis");
            for w in pts.windows(2) {
                let (a, b) = (w[0], w[1]);
                assert!(
                    (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1,
                    "gap at {a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn pixel_of_is_floor_and_clamped() {
        for v in [-2.5f32, -1.0, -0.5, 0.0, 0.3, 1.0, 1.7, 1279.99] {
            assert_eq!(pixel_of(v), v.floor() as i32, "{v}");
        }
        assert_eq!(pixel_of(1e9), MAX_PIXEL);
        assert_eq!(pixel_of(-1e9), MIN_PIXEL);
        assert_eq!(pixel_of(f32::NAN), 0);
    }

    #[test]
    fn merge_prefers_fresh_then_faster() {
        let table = palette_table();
        let mut p = [255, 255, 255, 200];
        merge_pixel(&mut p, table[3]);
        assert_eq!(p, table[3], "a fresh segment beats a faded pixel");
        merge_pixel(&mut p, table[2]);
        assert_eq!(p, table[3], "the slower colour loses");
        merge_pixel(&mut p, table[200]);
        assert_eq!(p, table[200], "the faster colour wins");
    }

    #[test]
    fn palette_red_grows_with_speed() {
        let table = palette_table();
        for c in 0..3 {
            assert!(
                table.windows(2).all(|w| w[0][c] <= w[1][c]),
                "channel {c} must grow"
            );
        }
        assert!(table.windows(2).all(|w| merge_key(w[0]) <= merge_key(w[1])));
        assert_eq!(table[0][0], 40);
        assert_eq!(table[255][0], 255);
        assert!(table.iter().all(|c| c[3] == 255));
    }

    #[test]
    fn sin_cos_table_is_close() {
        let sc = SinCos::default();
        for i in 0..2000 {
            let a = i as f32 * 0.01;
            let (s, c) = sc.get(a);
            assert!(
                (s - a.sin()).abs() < 2e-3 && (c - a.cos()).abs() < 2e-3,
                "{a}"
            );
        }
    }
}
