//! What a scan collects, and how raw sums become an [`Overlap`].
//!
//! The scanners hand over words of shared pixels: bit `k` of `bits` stands
//! for world pixel `(x + step·k, y)`. Visitors turn those words into an early
//! yes ([`Any`]), a pixel count ([`Count`]) or the full statistics
//! ([`Stats`]). The reference builds the same [`RawOverlap`] pixel by pixel,
//! and both finish it with [`RawOverlap::finish`], so equal raw sums give
//! bit-for-bit equal results.

use super::kernels::rows::{index_sum, Rows};
use super::kernels::ScanKernels;
use super::options::Sampling;
use crate::pose::PixelRect;

/// Result of [`super::overlap`]: what two posed sprites share, in world pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Overlap {
    /// Number of world pixels that belong to both sprites.
    pub count: u64,
    /// Bounding rectangle of those pixels (half-open; [`PixelRect::to_xywh`]
    /// gives `[x, y, w, h]`).
    pub rect: PixelRect,
    /// Centre of `rect`: `(x0 + w/2, y0 + h/2)`.
    pub point: [f64; 2],
    /// Mean of the overlapping pixels' centres.
    pub centroid: [f64; 2],
    /// Approximate unit contact normal, pointing from A towards B (the
    /// overlap gradient; see the module docs).
    pub normal: [f64; 2],
}

/// Receives the words of shared pixels a scan finds.
pub(crate) trait Visit {
    /// Whether the visitor stops at the first shared pixel (then small
    /// regions always take the plain row loop: no setup before the exit).
    const EARLY_EXIT: bool = false;

    /// Bit `k` of `bits` (never 0) is world pixel `(x + step·k, y)`.
    /// Returns `false` to stop the scan.
    fn word(&mut self, y: i64, x: i64, step: i64, bits: u64) -> bool;

    /// All shared pixels of a block of rows, through `isa`'s row kernels:
    /// bit `k` of row `r`'s word `j` is world pixel `(x + 64·j + k, y + r)`.
    /// Returns `false` to stop the scan.
    fn rows<I: ScanKernels>(&mut self, isa: I, rows: &Rows, x: i64, y: i64) -> bool;
}

/// Stops at the first shared pixel.
#[derive(Default)]
pub(crate) struct Any {
    pub found: bool,
}

impl Visit for Any {
    const EARLY_EXIT: bool = true;

    #[inline(always)]
    fn word(&mut self, _y: i64, _x: i64, _step: i64, _bits: u64) -> bool {
        self.found = true;
        false
    }

    #[inline(always)]
    fn rows<I: ScanKernels>(&mut self, isa: I, rows: &Rows, _x: i64, _y: i64) -> bool {
        self.found = isa.first_row(rows).is_some();
        !self.found
    }
}

/// Counts shared pixels.
#[derive(Default)]
pub(crate) struct Count {
    pub count: u64,
}

impl Visit for Count {
    #[inline(always)]
    fn word(&mut self, _y: i64, _x: i64, _step: i64, bits: u64) -> bool {
        self.count += u64::from(bits.count_ones());
        true
    }

    #[inline(always)]
    fn rows<I: ScanKernels>(&mut self, isa: I, rows: &Rows, _x: i64, _y: i64) -> bool {
        self.count += isa.count(rows);
        true
    }
}

/// Count, bounding box and coordinate sums of the shared pixels.
pub(crate) struct Stats {
    pub raw: RawOverlap,
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            raw: RawOverlap::empty(),
        }
    }
}

impl Visit for Stats {
    #[inline(always)]
    fn word(&mut self, y: i64, x: i64, step: i64, bits: u64) -> bool {
        let n = bits.count_ones();
        let first = x + step * i64::from(bits.trailing_zeros());
        let last = x + step * i64::from(63 - bits.leading_zeros());
        let r = &mut self.raw;
        r.count += u64::from(n);
        r.sum[0] += i128::from(n) * i128::from(x) + i128::from(step) * i128::from(index_sum(bits));
        r.sum[1] += i128::from(n) * i128::from(y);
        r.min = [r.min[0].min(first), r.min[1].min(y)];
        r.max = [r.max[0].max(last), r.max[1].max(y)];
        true
    }

    #[inline(always)]
    fn rows<I: ScanKernels>(&mut self, isa: I, rows: &Rows, x: i64, y: i64) -> bool {
        // Rows before the first shared one cost only the cheaper search.
        let Some(r0) = isa.first_row(rows) else {
            return true;
        };
        let s = isa.stats(&rows.starting_at(r0)).moved_down(r0 as u64);
        // Columns and rows of a block fit in i64 (a mask side is < 2^24).
        let r = &mut self.raw;
        let n = i128::from(s.count);
        r.count += s.count;
        r.sum[0] += n * i128::from(x) + i128::from(s.sum_col);
        r.sum[1] += n * i128::from(y) + i128::from(s.sum_row);
        r.min = [
            r.min[0].min(x + s.min_col as i64),
            r.min[1].min(y + s.min_row as i64),
        ];
        r.max = [
            r.max[0].max(x + s.max_col as i64),
            r.max[1].max(y + s.max_row as i64),
        ];
        true
    }
}

/// Exact integer summary of the shared samples, before scaling and rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawOverlap {
    /// Shared samples.
    pub count: u64,
    /// Smallest x and y of a shared sample.
    pub min: [i64; 2],
    /// Largest x and y of a shared sample.
    pub max: [i64; 2],
    /// Sums of the shared samples' x and y.
    pub sum: [i128; 2],
    /// Overlap gradient: shared samples with B moved one step towards −x
    /// (resp. −y) minus those with B moved one step towards +x (resp. +y).
    pub grad: [i64; 2],
}

impl RawOverlap {
    /// Nothing shared yet.
    pub fn empty() -> Self {
        RawOverlap {
            count: 0,
            min: [i64::MAX; 2],
            max: [i64::MIN; 2],
            sum: [0; 2],
            grad: [0; 2],
        }
    }

    /// Adds one shared sample at `(x, y)` (the reference's way in).
    pub fn add(&mut self, x: i64, y: i64) {
        self.count += 1;
        self.sum[0] += i128::from(x);
        self.sum[1] += i128::from(y);
        self.min = [self.min[0].min(x), self.min[1].min(y)];
        self.max = [self.max[0].max(x), self.max[1].max(y)];
    }

    /// The public result. `centres` are the world centres of A's and B's
    /// boxes, used for the normal when the gradient is zero. `None` when
    /// nothing is shared.
    pub fn finish(&self, sampling: &Sampling, centres: [[f64; 2]; 2]) -> Option<Overlap> {
        if self.count == 0 {
            return None;
        }
        let n = sampling.stride as u128;
        let a = f64::from(sampling.accuracy);
        let count = if sampling.accuracy >= 1.0 {
            u64::try_from(u128::from(self.count) * n * n).unwrap_or(u64::MAX)
        } else {
            // Saturating float-to-int conversion; each test pixel stands for n²/a² world pixels.
            (self.count as f64 * (n * n) as f64 / (a * a)).round() as u64
        };
        let rect = if sampling.accuracy >= 1.0 {
            PixelRect {
                x0: self.min[0],
                y0: self.min[1],
                x1: self.max[0] + 1,
                y1: self.max[1] + 1,
            }
        } else {
            // Test pixel X' covers world [X'/a, (X'+1)/a).
            let x0 = (self.min[0] as f64 / a).floor() as i64;
            let y0 = (self.min[1] as f64 / a).floor() as i64;
            let x1 = ((self.max[0] + 1) as f64 / a).ceil() as i64;
            let y1 = ((self.max[1] + 1) as f64 / a).ceil() as i64;
            PixelRect { x0, y0, x1, y1 }
        };
        let [x, y, w, h] = rect.to_xywh();
        let point = [x as f64 + w as f64 / 2.0, y as f64 + h as f64 / 2.0];
        let mean = |s: i128| (s as f64 / self.count as f64 + 0.5) / a;
        let centroid = [mean(self.sum[0]), mean(self.sum[1])];
        let normal = normal(self.grad, centres);
        Some(Overlap {
            count,
            rect,
            point,
            centroid,
            normal,
        })
    }
}

/// Unit vector along `grad`; when that is zero, from A's centre towards B's;
/// when that is zero too (or not finite), `(1, 0)`.
fn normal(grad: [i64; 2], [ca, cb]: [[f64; 2]; 2]) -> [f64; 2] {
    let unit = |x: f64, y: f64| {
        let len = x.hypot(y);
        (len > 0.0 && len.is_finite()).then(|| [x / len, y / len])
    };
    unit(grad[0] as f64, grad[1] as f64)
        .or_else(|| unit(cb[0] - ca[0], cb[1] - ca[1]))
        .unwrap_or([1.0, 0.0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_word_matches_pixel_by_pixel() {
        let mut fast = Stats::default();
        let mut plain = RawOverlap::empty();
        for (y, x, step, bits) in [(3, -70, 1, 0x8000_0000_0000_0101u64), (-2, 5, 3, 0b110)] {
            fast.word(y, x, step, bits);
            for k in 0..64 {
                if bits >> k & 1 == 1 {
                    plain.add(x + step * k, y);
                }
            }
        }
        assert_eq!(fast.raw, plain);
    }

    #[test]
    fn normal_falls_back_to_centres_then_x() {
        assert_eq!(normal([0, -3], [[0.0; 2]; 2]), [0.0, -1.0]);
        assert_eq!(normal([0, 0], [[1.0, 1.0], [1.0, 5.0]]), [0.0, 1.0]);
        assert_eq!(normal([0, 0], [[1.0, 1.0], [1.0, 1.0]]), [1.0, 0.0]);
    }
}
