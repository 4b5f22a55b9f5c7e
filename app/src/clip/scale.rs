//! Shrinking the field canvas for a clip: each output pixel is the average
//! of the canvas pixels it covers, composited over black (the backdrop the
//! demo draws the canvas on).

/// Output size of a `width`×`height` canvas at `scale`: each side rounded,
/// at least 1.
pub fn scaled_size(width: u32, height: u32, scale: f64) -> (u32, u32) {
    let side = |n: u32| ((f64::from(n) * scale).round() as u32).clamp(1, n.max(1));
    (side(width), side(height))
}

/// `rgba` (`width`×`height`, straight alpha) shrunk to `out_w`×`out_h` RGB
/// over black by area averaging. Returns `None` when the buffer length does
/// not match the size or a side is zero.
pub fn shrink_rgb(rgba: &[u8], width: u32, height: u32, out_w: u32, out_h: u32) -> Option<Vec<u8>> {
    let (w, h) = (width as usize, height as usize);
    let (ow, oh) = (out_w as usize, out_h as usize);
    if w == 0 || h == 0 || ow == 0 || oh == 0 || rgba.len() != w.checked_mul(h)?.checked_mul(4)? {
        return None;
    }
    // Source columns covered by each output column, computed once.
    let cols: Vec<(usize, usize)> = (0..ow).map(|x| span(x, ow, w)).collect();
    let mut out = Vec::with_capacity(ow * oh * 3);
    for y in 0..oh {
        let (y0, y1) = span(y, oh, h);
        for &(x0, x1) in &cols {
            let mut sum = [0u32; 3];
            for row in rgba[y0 * w * 4..y1 * w * 4].chunks_exact(w * 4) {
                for px in row[x0 * 4..x1 * 4].chunks_exact(4) {
                    let a = u32::from(px[3]);
                    for (s, &c) in sum.iter_mut().zip(px) {
                        *s += u32::from(c) * a;
                    }
                }
            }
            let n = ((x1 - x0) * (y1 - y0)) as u32 * 255;
            out.extend(sum.iter().map(|&s| ((s + n / 2) / n) as u8));
        }
    }
    Some(out)
}

/// The source range `[start, end)` of output index `i` of `out` over `len`
/// source pixels: never empty.
fn span(i: usize, out: usize, len: usize) -> (usize, usize) {
    let start = i * len / out;
    let end = ((i + 1) * len / out).max(start + 1).min(len);
    (start.min(len - 1), end)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_round_and_stay_positive() {
        assert_eq!(scaled_size(1280, 720, 0.5), (640, 360));
        assert_eq!(scaled_size(3, 1, 0.1), (1, 1));
        assert_eq!(scaled_size(10, 10, 1.0), (10, 10));
    }

    #[test]
    fn averages_over_black() {
        // 2×2: white opaque, black opaque, white at half alpha, clear.
        let rgba = [
            255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 128, 9, 9, 9, 0,
        ];
        assert_eq!(
            shrink_rgb(&rgba, 2, 2, 2, 2),
            Some(vec![255, 255, 255, 0, 0, 0, 128, 128, 128, 0, 0, 0])
        );
        // (255 + 0 + 128 + 0) / 4 ≈ 96.
        assert_eq!(shrink_rgb(&rgba, 2, 2, 1, 1), Some(vec![96, 96, 96]));
        assert_eq!(shrink_rgb(&rgba, 2, 3, 1, 1), None);
        // Upscaling repeats pixels rather than failing.
        assert_eq!(shrink_rgb(&rgba[..4], 1, 1, 2, 1), Some(vec![255; 6]));
    }
}
