//! [`crate::collide::overlap`] of two small integer translations in one pass: the
//! statistics and the overlap gradient together, instead of one scan for
//! the statistics and four more (B moved one pixel each way) for the
//! gradient, each with its own setup. Small sprites are where that setup
//! is most of the time.
//!
//! Every shared pixel, and every pair of an A pixel and a B pixel one step
//! apart, lies within the solid boxes' intersection grown by one pixel on
//! each side. When that is at most 64 columns wide, one 64-bit word per
//! world row of each sprite holds all of it; rows are copied out a chunk
//! at a time, and each row is paired with the one above for the vertical
//! pairs. Bits outside the grown box are real mask bits too, and a pair of
//! them would lie inside it, so they add nothing.

use crate::collide::kernels::rows::index_sum;
use crate::collide::sprite::{Place, Placed};
use crate::collide::stats::RawOverlap;
use crate::cpu::Chosen;
use crate::mask::Mask;
use crate::pose::PixelRect;

/// The widest intersection of solid boxes taken here: grown by one column
/// on each side, it fills one word.
const MAX_COLUMNS: i64 = 62;

/// Two integer translations whose solid boxes meet in at most
/// [`MAX_COLUMNS`] columns: what [`narrow_overlap`] takes.
pub(in crate::collide) struct NarrowPair<'a> {
    a: (&'a Mask, i64, i64),
    b: (&'a Mask, i64, i64),
    /// The solid boxes' intersection.
    region: PixelRect,
}

/// `pa` and `pb` as a [`NarrowPair`], or `None` when they are not one.
pub(in crate::collide) fn narrow_pair<'a>(
    pa: &Placed<'a>,
    pb: &Placed<'a>,
) -> Option<NarrowPair<'a>> {
    let (Place::Translate { x: ax, y: ay }, Place::Translate { x: bx, y: by }) =
        (pa.place, pb.place)
    else {
        return None;
    };
    let region = pa.solid.intersect(&pb.solid)?;
    (region.x1 - region.x0 <= MAX_COLUMNS).then_some(NarrowPair {
        a: (pa.mask, ax, ay),
        b: (pb.mask, bx, by),
        region,
    })
}

/// The statistics and gradient of what the pair shares: exactly those of
/// one statistics scan and four counts with B moved one step each way (see
/// `RawOverlap::grad`). Uses the POPCNT instruction unless
/// [`crate::cpu::Isa::force`] forced scalar code or the CPU lacks it.
pub(in crate::collide) fn narrow_overlap(pair: &NarrowPair) -> RawOverlap {
    match Chosen::now() {
        #[cfg(target_arch = "x86_64")]
        Chosen::Avx2(_) | Chosen::Avx512(_) => {
            // SAFETY: the proof confirms POPCNT, BMI1 and LZCNT.
            unsafe { narrow_overlap_popcnt(pair) }
        }
        Chosen::Scalar | Chosen::Simd128(_) => narrow_overlap_with(pair),
    }
}

/// [`narrow_overlap_with`] compiled for POPCNT.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,bmi1,lzcnt")]
unsafe fn narrow_overlap_popcnt(pair: &NarrowPair) -> RawOverlap {
    narrow_overlap_with(pair)
}

/// The pass itself, inlined into each instruction set's wrapper.
#[inline(always)]
fn narrow_overlap_with(pair: &NarrowPair) -> RawOverlap {
    let NarrowPair {
        a: (mask_a, ax, ay),
        b: (mask_b, bx, by),
        region,
    } = *pair;
    // Bit k of a row's word is world column x0 + k, row r of the pass is
    // world row y0 + r.
    let (x0, y0, end) = (region.x0 - 1, region.y0 - 1, region.y1 + 1);
    let (a, b) = (
        Window::new(mask_a, ax, ay, x0),
        Window::new(mask_b, bx, by, x0),
    );
    let mut sums = Sums::default();
    let (mut a_above, mut b_above) = (0u64, 0u64);
    let mut y = y0;
    while y < end {
        let n = ((end - y) as usize).min(CHUNK);
        let (mut rows_a, mut rows_b) = ([0u64; CHUNK], [0u64; CHUNK]);
        a.copy_rows(y, &mut rows_a[..n]);
        b.copy_rows(y, &mut rows_b[..n]);
        let first = (y - y0) as u64;
        for (r, (&a_row, &b_row)) in rows_a[..n].iter().zip(&rows_b[..n]).enumerate() {
            sums.add_row(first + r as u64, [a_row, b_row], [a_above, b_above]);
            (a_above, b_above) = (a_row, b_row);
        }
        y += n as i64;
    }
    sums.raw(x0, y0)
}

/// Rows copied out of each sprite at a time.
const CHUNK: usize = 64;

/// What the pass adds up, in its own rows and columns.
struct Sums {
    count: u64,
    /// Sum of the shared pixels' bit indices.
    columns: u64,
    /// Sum of the shared pixels' rows.
    rows: u64,
    /// Every column with a shared pixel.
    any_column: u64,
    /// First and last row with a shared pixel (`u64::MAX` and 0 until one).
    first_row: u64,
    last_row: u64,
    /// A pixels with a B pixel one step right minus left, below minus above.
    grad: [i64; 2],
}

impl Default for Sums {
    fn default() -> Self {
        Sums {
            count: 0,
            columns: 0,
            rows: 0,
            any_column: 0,
            first_row: u64::MAX,
            last_row: 0,
            grad: [0; 2],
        }
    }
}

impl Sums {
    /// Row `r`'s words of A and B, and those of the row above.
    #[inline(always)]
    fn add_row(&mut self, r: u64, [a, b]: [u64; 2], [a_above, b_above]: [u64; 2]) {
        let ones = |w: u64| w.count_ones();
        let shared = a & b;
        let n = u64::from(ones(shared));
        self.count += n;
        self.rows += n * r;
        self.columns += index_sum(shared);
        self.any_column |= shared;
        if shared != 0 {
            self.first_row = self.first_row.min(r);
            self.last_row = r;
        }
        let diff = |more: u32, less: u32| i64::from(more) - i64::from(less);
        self.grad[0] += diff(ones(a & b >> 1), ones(a & b << 1));
        self.grad[1] += diff(ones(a_above & b), ones(a & b_above));
    }

    /// The raw statistics, the pass's bit 0 being world column `x0` and its
    /// row 0 world row `y0`; nothing shared when the count is 0.
    fn raw(&self, x0: i64, y0: i64) -> RawOverlap {
        if self.count == 0 {
            return RawOverlap::empty();
        }
        let n = i128::from(self.count);
        let first_column = i64::from(self.any_column.trailing_zeros());
        let last_column = 63 - i64::from(self.any_column.leading_zeros());
        RawOverlap {
            count: self.count,
            min: [x0 + first_column, y0 + self.first_row as i64],
            max: [x0 + last_column, y0 + self.last_row as i64],
            sum: [
                n * i128::from(x0) + i128::from(self.columns),
                n * i128::from(y0) + i128::from(self.rows),
            ],
            grad: self.grad,
        }
    }
}

/// A mask's 64 columns from world column `x0` on, row by row.
struct Window<'a> {
    words: &'a [u64],
    per_row: usize,
    /// World y of texel row 0.
    top: i64,
    rows: i64,
    /// The row's word holding column `x0` and the next (index 0 with an
    /// all-zero mask when outside the row), and the bit of `x0` in the first.
    lo: (usize, u64),
    hi: (usize, u64),
    shift: u32,
}

impl<'a> Window<'a> {
    /// `mask` with texel `(0, 0)` at world `(x, y)`.
    fn new(mask: &'a Mask, x: i64, y: i64, x0: i64) -> Window<'a> {
        let per_row = mask.words_per_row();
        let column = x0 - x;
        let word = column.div_euclid(64);
        let in_row = |k: i64| match usize::try_from(k) {
            Ok(k) if k < per_row => (k, u64::MAX),
            _ => (0, 0),
        };
        Window {
            words: mask.words(),
            per_row,
            top: y,
            rows: i64::from(mask.height()),
            lo: in_row(word),
            hi: in_row(word + 1),
            shift: column.rem_euclid(64) as u32,
        }
    }

    /// Sets `out[r]` to world row `y + r`'s 64 columns; rows outside the
    /// mask are left as they are (zero).
    #[inline(always)]
    fn copy_rows(&self, y: i64, out: &mut [u64]) {
        let j = y - self.top;
        let len = out.len() as i64;
        let (from, to) = (
            (-j).clamp(0, len) as usize,
            (self.rows - j).clamp(0, len) as usize,
        );
        if from >= to || self.per_row == 0 {
            return;
        }
        let first = (j + from as i64) as usize;
        let rows = self.words.chunks_exact(self.per_row).skip(first);
        let ((lo, lo_mask), (hi, hi_mask), shift) = (self.lo, self.hi, self.shift);
        for (o, row) in out[from..to].iter_mut().zip(rows) {
            let (l, h) = (row[lo] & lo_mask, row[hi] & hi_mask);
            // `(h << 1) << (63 - shift)` is `h << (64 - shift)`, 0 at shift 0.
            *o = l >> shift | (h << 1) << (63 - shift);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::options::Lattice;
    use crate::collide::scan;
    use crate::collide::stats::{Count, Stats};
    use crate::pose::Pose;

    /// What the five scans give: the statistics, and the gradient from
    /// four counts with B moved.
    fn five_scans(pa: &Placed, pb: &Placed) -> RawOverlap {
        let lat = Lattice::EVERY_PIXEL;
        let mut stats = Stats::default();
        scan::scan(pa, pb, &lat, &mut stats);
        let moved = |dx, dy| {
            let mut c = Count::default();
            scan::scan(pa, &pb.shifted(dx, dy), &lat, &mut c);
            c.count as i64
        };
        let mut raw = stats.raw;
        raw.grad = [moved(-1, 0) - moved(1, 0), moved(0, -1) - moved(0, 1)];
        raw
    }

    #[test]
    fn one_pass_equals_five_scans() {
        let mut rng = fastrand::Rng::with_seed(62);
        let (mut taken, mut shared) = (0, 0);
        for case in 0..20_000 {
            let mask = |rng: &mut fastrand::Rng| {
                // Up to 140 rows: the pass takes 64 at a time.
                let (w, h) = (rng.u32(1..140), rng.u32(1..140));
                let d = rng.f32();
                // Some masks solid only in a corner, so solid boxes are small.
                let (cx, cy) = (rng.u32(0..w), rng.u32(0..h));
                let corner = case % 4 == 0;
                Mask::from_fn(w, h, |x, y| {
                    (!corner || (x >= cx && y >= cy)) && rng.f32() < d
                })
            };
            let (a, b) = (mask(&mut rng), mask(&mut rng));
            let at = |rng: &mut fastrand::Rng| {
                Pose::at(rng.i32(-150..150) as f32, rng.i32(-150..150) as f32)
            };
            let (Some(pa), Some(pb)) = (
                Placed::new(&a, &at(&mut rng)),
                Placed::new(&b, &at(&mut rng)),
            ) else {
                continue;
            };
            let Some(pair) = narrow_pair(&pa, &pb) else {
                continue;
            };
            let raw = narrow_overlap(&pair);
            // The plain build (CPUs without POPCNT, or scalar forced) too.
            assert_eq!(narrow_overlap_with(&pair), raw, "case {case}");
            taken += 1;
            let five = five_scans(&pa, &pb);
            // With nothing shared there is no overlap (and the gradient is
            // not asked for).
            if five.count == 0 {
                assert_eq!(raw.count, 0, "case {case}");
                continue;
            }
            assert_eq!(raw, five, "case {case}");
            shared += 1;
        }
        assert!(
            taken > 1_000 && shared > 500,
            "{taken} taken, {shared} shared"
        );
    }

    #[test]
    fn wide_or_turned_pairs_are_left_to_the_scans() {
        let wide = Mask::from_fn(100, 3, |_, _| true);
        let p = |pose: &Pose| Placed::new(&wide, pose).expect("solid");
        let (at, turned) = (Pose::at(0.0, 0.0), Pose::at(0.0, 0.0).rotated(0.4));
        assert!(narrow_pair(&p(&at), &p(&at)).is_none());
        assert!(narrow_pair(&p(&turned), &p(&Pose::at(90.0, 0.0))).is_none());
        // 62 shared columns are taken, 63 are not.
        assert!(narrow_pair(&p(&at), &p(&Pose::at(38.0, 0.0))).is_some());
        assert!(narrow_pair(&p(&at), &p(&Pose::at(37.0, 0.0))).is_none());
    }
}
