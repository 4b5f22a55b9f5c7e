//! The AVX2 pixel walk of the rasteriser without gathers: eight samples
//! of a row read from one texel window ([`TexelWindows`]: 8 rows × 16
//! columns in one 16-byte load), each lane's bit picked by `vpermd` and a
//! variable shift. For sprites whose eight consecutive samples stay within
//! such a window (turned at any angle, at scale 1 or larger); gathers are
//! slow on AMD Zen, and a window costs one load.

use crate::collide::kernels::raster::or_bits;
use crate::collide::kernels::raster::row_start::RowStart;
use crate::collide::transformed::windows::TexelWindows;
use crate::collide::x86::lanes32::{Axis, Lanes32};
use crate::collide::x86::walk::{by_rows, Frame};
use crate::collide::x86::Avx2;
use crate::mask::low_bits;
use crate::pose::FRAC_BITS;
use std::arch::x86_64::*;

/// True when eight consecutive samples with steps `(du, dv)` (fixed point)
/// always lie within 8 texel columns and 7 rows of the first one's extremes,
/// so within one window: `7·|du| ≤ 8` and `|dv| ≤ 1` texels.
pub(crate) fn steps_fit(du: i64, dv: i64) -> bool {
    let one = 1u64 << FRAC_BITS;
    7 * du.unsigned_abs().min(one << 8) <= 8 * one && dv.unsigned_abs() <= one
}

/// Sets the covered pixels of `mask` under `map` in `words` (rows of
/// `rect`), walking each row's estimated span eight samples per window.
/// Returns false, having written nothing, when the steps do not fit a
/// window ([`steps_fit`]), the mask keeps no windows, or a row's
/// coordinates leave the walker's exact range; the caller then uses the
/// gathering walker.
///
/// # Safety
/// The CPU must have AVX2 ([`crate::collide::x86::Avx2::detect`]).
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt,lzcnt")]
pub(in crate::collide::x86) unsafe fn fill_windowed_avx2(frame: Frame, words: &mut [u64]) -> bool {
    let Frame { mask, map, rect } = frame;
    let m = &map.map;
    let (du, dv) = (m.du_dx, m.dv_dx);
    if !steps_fit(du, dv) {
        return false;
    }
    let Some(windows) = TexelWindows::cached(mask) else {
        return false;
    };
    // The walk runs in mask texels (the windows' coordinates): outside the
    // solid box the mask is clear, which is what the box check would give.
    let texel0 = (
        i64::from(map.texel0.0) << FRAC_BITS,
        i64::from(map.texel0.1) << FRAC_BITS,
    );
    // SAFETY: AVX2 is enabled here.
    let (u_axis, v_axis) = unsafe { (Axis::new(du), Axis::new(dv)) };
    let walk = Walk {
        windows,
        // SAFETY: the origin is an index of the entries.
        window0: unsafe { windows.entries().as_ptr().add(windows.origin()) },
        u_axis,
        v_axis,
        step_at: _mm256_add_epi32(_mm256_slli_epi32(v_axis.step_hi(), 4), u_axis.step_hi()),
        low: ((7 * du).min(0), (7 * dv).min(0)),
        step8: (8 * du, 8 * dv),
    };
    by_rows::<ROW_BATCH>(
        frame,
        words,
        |_, _| None,
        #[inline(always)]
        |start, row| walk.row(start, texel0, rect.x0, row),
    )
}

/// Rows whose starts are found before their samples are read.
const ROW_BATCH: usize = 16;

/// What the walk's groups read and how they step.
struct Walk<'a> {
    windows: &'a TexelWindows,
    /// The window at `(0, 0)`; the one at `(c, r)` is
    /// [`TexelWindows::offset`] entries on.
    window0: *const u16,
    u_axis: Axis<Avx2>,
    v_axis: Axis<Avx2>,
    /// The step of [`Group::at`] over eight samples, before the carries.
    step_at: __m256i,
    /// Fixed-point offsets from a group's first sample to its smallest u
    /// and v (`min(0, 7·du)`, `min(0, 7·dv)`).
    low: (i64, i64),
    /// Fixed-point steps of eight samples.
    step8: (i64, i64),
}

/// Eight consecutive samples of a row.
struct Group {
    /// The lanes' fractions of u and v, sign bits flipped (for unsigned
    /// compares, as in the walker's lanes).
    u_lo: __m256i,
    v_lo: __m256i,
    /// Each lane's texel as `16·row + column + 2^31` (mod 2^32).
    at: __m256i,
    /// The fixed-point leftmost column and top row of the eight.
    corner: (i64, i64),
}

impl Walk<'_> {
    /// Sets the covered pixels of one row from its start (`texel0`: the
    /// solid box's first texel, fixed point; `x0`: the row's first column).
    #[target_feature(enable = "avx2,bmi1,bmi2")]
    #[inline]
    fn row(&self, start: &RowStart, texel0: (i64, i64), x0: i64, row: &mut [u64]) {
        let (u, v) = (start.u + texel0.0, start.v + texel0.1);
        // SAFETY: AVX2 is enabled here.
        let (ul, vl) = unsafe { (self.u_axis.lanes(u), self.v_axis.lanes(v)) };
        let mut lanes = Group {
            u_lo: ul.lo,
            v_lo: vl.lo,
            at: _mm256_add_epi32(_mm256_slli_epi32(vl.hi, 4), ul.hi),
            corner: (u + self.low.0, v + self.low.1),
        };
        // The groups' corners lie on a segment: when its ends' windows
        // reach the mask, all do (the windows that do form a rectangle).
        let len = start.x1 - start.x0;
        let last = (len - 1) / 8;
        let end = (
            lanes.corner.0 + last * self.step8.0,
            lanes.corner.1 + last * self.step8.1,
        );
        let inside = |(u, v): (i64, i64)| self.windows.reaches(u >> FRAC_BITS, v >> FRAC_BITS);
        if inside(lanes.corner) && inside(end) {
            self.samples::<false>(&mut lanes, start.x0 - x0, len, row);
        } else {
            self.samples::<true>(&mut lanes, start.x0 - x0, len, row);
        }
    }

    /// ORs the bits of `len` samples from `lanes` into `row` from bit `at`
    /// on. `CHECKED`: test whether each group's window reaches the mask
    /// (else the caller has checked that all do).
    #[target_feature(enable = "avx2,bmi1,bmi2")]
    #[inline]
    fn samples<const CHECKED: bool>(&self, lanes: &mut Group, at: i64, len: i64, row: &mut [u64]) {
        let mut done = 0;
        while done < len {
            let n = (len - done).min(64) as u32;
            let mut bits = 0u64;
            if n == 64 {
                // A constant trip count lets the compiler unroll the groups.
                for g in 0..8 {
                    bits |= self.group::<CHECKED>(lanes) << (8 * g);
                }
            } else {
                for g in 0..n.div_ceil(8) {
                    bits |= self.group::<CHECKED>(lanes) << (8 * g);
                }
            }
            or_bits(row, (at + done) as usize, bits & low_bits(n));
            done += i64::from(n);
        }
    }

    /// Bits (one per lane) of the eight samples of `lanes`; moves them on
    /// by eight samples. `CHECKED` as in [`Walk::samples`].
    #[target_feature(enable = "avx2")]
    #[inline]
    fn group<const CHECKED: bool>(&self, lanes: &mut Group) -> u64 {
        let (c, r) = (lanes.corner.0 >> FRAC_BITS, lanes.corner.1 >> FRAC_BITS);
        let bits = if CHECKED && !self.windows.reaches(c, r) {
            0
        } else {
            // SAFETY: the window reaches the mask (checked here or by the
            // caller for the whole row), so its eight rows are entries.
            let rows =
                unsafe { _mm_loadu_si128(self.window0.offset(self.windows.offset(c, r)).cast()) };
            // Each lane's bit in the window, 16·(row − r) + column −
            // (c & !7), in 0..128 ([`steps_fit`]); `at` and the origin
            // both carry 2^31.
            let origin = (16 * r + (c & !7)) as i32 ^ Avx2::BIAS;
            let at_bit = _mm256_sub_epi32(lanes.at, _mm256_set1_epi32(origin));
            let dword = _mm256_permutevar8x32_epi32(
                _mm256_zextsi128_si256(rows),
                _mm256_srli_epi32(at_bit, 5),
            );
            let bit = _mm256_srlv_epi32(dword, _mm256_and_si256(at_bit, _mm256_set1_epi32(31)));
            _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32(bit, 31))) as u8
        };
        // SAFETY: AVX2 is enabled here.
        let (carry_u, carry_v) = unsafe {
            (
                self.u_axis.advance_fraction(&mut lanes.u_lo),
                self.v_axis.advance_fraction(&mut lanes.v_lo),
            )
        };
        // The carries are −1 where set: 16 rows' worth for v, one column for u.
        lanes.at = _mm256_sub_epi32(
            _mm256_sub_epi32(
                _mm256_add_epi32(lanes.at, self.step_at),
                _mm256_slli_epi32(carry_v, 4),
            ),
            carry_u,
        );
        lanes.corner = (
            lanes.corner.0.wrapping_add(self.step8.0),
            lanes.corner.1.wrapping_add(self.step8.1),
        );
        u64::from(bits)
    }
}
