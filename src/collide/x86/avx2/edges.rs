//! The AVX2 kernel of the edge rasteriser, for CPUs without AVX-512: four
//! edges per vector, the same arithmetic as the AVX-512 kernel
//! (`avx512/edges.rs`). AVX2 has no 64-bit integer ↔ float conversions and no
//! 64-bit multiplies, so integers below 2^51 convert through the float
//! mantissa ([`to_f64`], [`to_i64`]); products known to stay below 2^50
//! are taken in doubles (exact there), the one that may not from 32-bit
//! halves ([`mul64`]). [`fits_avx2`] keeps every value in range (sprites
//! far off or scaled far down take the portable loop).

use crate::collide::kernels::raster::{EdgeList, Family, Flips, RowStep, ROUNDING};
use crate::pose::FRAC_BITS;
use std::arch::x86_64::*;

/// `i64` slots of a group of four edges in the scratch: the rows each lane
/// reaches, the remainder, the column, the checked coordinate less the
/// edge's start, the edge's span and the bit position; then the group's
/// round count.
const COUNT: usize = 0;
const REST: usize = 4;
const COLUMN: usize = 8;
const CHECKED: usize = 12;
const SPAN: usize = 16;
const AT: usize = 20;
const ROUNDS: usize = 24;
/// `i64` slots a group takes.
const GROUP: usize = 28;

/// True when every value the kernel converts between integers and floats
/// stays below 2^51 in magnitude: fixed-point origins below 2^47, steps
/// below 2^36 (16 texels a pixel), output rows below 2^14 (the edges'
/// `fits`), masks below 2^14 texels a side (`mask_side`, the larger: lines
/// below 2^46).
pub(crate) fn fits_avx2(f: &Family, out: &Flips, mask_side: u32) -> bool {
    let origin = |x: i64| x.unsigned_abs() < 1 << 47;
    let step = |x: i64| x.unsigned_abs() < 1 << 36;
    [f.line0, f.p0, f.start.0, f.check.0]
        .into_iter()
        .all(origin)
        && [
            f.start.1,
            f.check.1,
            f.check.2,
            f.cross.step,
            f.ext.0,
            f.ext.1,
        ]
        .into_iter()
        .all(step)
        && [out.ymin, out.ymax, out.kmin, out.kmin + out.width]
            .into_iter()
            .all(|t| t.unsigned_abs() < 1 << 14)
        && mask_side < 1 << 14
}

/// `1.5·2^52`: adding it puts an integer below 2^51 in the low mantissa
/// bits of a double.
const MAGIC: f64 = 6_755_399_441_055_744.0;

/// `x` as doubles, exactly (`|x| < 2^51`).
#[inline(always)]
unsafe fn to_f64(x: __m256i) -> __m256d {
    let bits = _mm256_add_epi64(x, _mm256_castpd_si256(_mm256_set1_pd(MAGIC)));
    _mm256_sub_pd(_mm256_castsi256_pd(bits), _mm256_set1_pd(MAGIC))
}

/// Integral doubles `v` (`|v| < 2^51`) as integers, exactly.
#[inline(always)]
unsafe fn to_i64(v: __m256d) -> __m256i {
    let bits = _mm256_castpd_si256(_mm256_add_pd(v, _mm256_set1_pd(MAGIC)));
    _mm256_sub_epi64(bits, _mm256_castpd_si256(_mm256_set1_pd(MAGIC)))
}

/// The wrapping 64-bit product of each lane.
#[inline(always)]
unsafe fn mul64(a: __m256i, b: __m256i) -> __m256i {
    let low = _mm256_mul_epu32(a, b);
    let cross = _mm256_add_epi64(
        _mm256_mul_epu32(_mm256_srli_epi64::<32>(a), b),
        _mm256_mul_epu32(a, _mm256_srli_epi64::<32>(b)),
    );
    _mm256_add_epi64(low, _mm256_slli_epi64::<32>(cross))
}

/// Flips, for every edge of `list` and every output row it reaches, the
/// pixel where the crossed coordinate passes the edge's line, when the
/// checked coordinate there lies in the edge. `scratch` is kept between
/// calls.
///
/// Two passes, as the AVX-512 kernel: every group's first row, then every
/// group's rows by integer steps.
///
/// # Safety
/// The CPU must have AVX2 ([`crate::collide::x86::Avx2::detect`]) and
/// [`fits_avx2`] must hold.
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn flip_edges_avx2(
    list: &EdgeList,
    f: &Family,
    out: &Flips,
    words: &mut [u64],
    scratch: &mut Vec<i64>,
) {
    if words.is_empty() {
        return;
    }
    let slots = list.len().div_ceil(4) * GROUP;
    if scratch.len() < slots {
        scratch.resize(slots, 0);
    }
    let lanes = &mut scratch[..slots];
    // SAFETY: `lanes` holds `GROUP` slots for each group of `list`; the
    // caller vouches for AVX2 and the value ranges.
    unsafe {
        first_rows(list, f, out, lanes);
        step_rows(f, out, lanes, words);
    }
}

/// Pass one: each group's lanes at their first row, stored in `scratch`.
///
/// # Safety
/// AVX2; [`fits_avx2`]; `scratch` holds `GROUP` slots per group of `list`.
#[target_feature(enable = "avx2")]
unsafe fn first_rows(list: &EdgeList, f: &Family, out: &Flips, scratch: &mut [i64]) {
    let int = |x: i64| _mm256_set1_epi64x(x);
    let float = |x: f64| _mm256_set1_pd(x);
    let lane = _mm256_setr_epi64x(0, 1, 2, 3);
    let ones = int(1);
    let (line0, p0) = (int(f.line0), int(f.p0));
    let (dy_line, dy_p) = (float(f.dy_line), float(f.dy_p));
    let (dx_line, dx_p) = (float(f.dx_line), float(f.dx_p));
    let x_first = float(out.kmin as f64 - 2.0);
    let x_last = float((out.kmin + out.width) as f64 + 2.0);
    let (ext0, ext1) = (int(f.ext.0), int(f.ext.1));
    let (ymin, ylast) = (int(out.ymin), int(out.ymax - 1));
    let s0 = int(f.start.0);
    let (c0, c2) = (int(f.check.0), int(f.check.2));
    let (step, inv) = (int(f.cross.step), float(f.cross.inv));
    // Steps below 2^36 (`fits_avx2`) are exact as doubles.
    let (s1_f, c1_f, step_f) = (
        float(f.start.1 as f64),
        float(f.check.1 as f64),
        float(f.cross.step as f64),
    );
    let ymin_f = float(out.ymin as f64);
    let kmin = int(out.kmin);
    let row_bits = int(64 * out.per_row as i64);
    let min = |a: __m256i, b: __m256i| _mm256_blendv_epi8(a, b, _mm256_cmpgt_epi64(a, b));
    let n = list.len();
    for (g, slots) in (0..n).step_by(4).zip(scratch.chunks_exact_mut(GROUP)) {
        let valid = _mm256_cmpgt_epi64(int((n - g) as i64), lane);
        // SAFETY: only lanes in `valid` are loaded; they lie within the
        // three lists, which have the same length.
        let (line, lo, hi) = unsafe {
            (
                _mm256_maskload_epi64(list.line.as_ptr().add(g), valid),
                _mm256_maskload_epi64(list.lo.as_ptr().add(g), valid),
                _mm256_maskload_epi64(list.hi.as_ptr().add(g), valid),
            )
        };
        // The rows the extended edge reaches (as `Flips::rows`).
        let along = to_f64(_mm256_sub_epi64(line, line0));
        let (y_line, x_line) = (_mm256_mul_pd(along, dy_line), _mm256_mul_pd(along, dx_line));
        let at_end = |p: __m256i, ext: __m256i| {
            let p = _mm256_sub_epi64(
                _mm256_add_epi64(_mm256_slli_epi64::<{ FRAC_BITS as i32 }>(p), ext),
                p0,
            );
            let p = to_f64(p);
            (
                _mm256_add_pd(y_line, _mm256_mul_pd(p, dy_p)),
                _mm256_add_pd(x_line, _mm256_mul_pd(p, dx_p)),
            )
        };
        let ((ya, xa), (yb, xb)) = (at_end(lo, ext0), at_end(hi, ext1));
        // Edges whose flips all fall outside the output's columns are
        // skipped.
        let reach_out = _mm256_and_pd(
            _mm256_cmp_pd::<_CMP_GE_OQ>(_mm256_max_pd(xa, xb), x_first),
            _mm256_cmp_pd::<_CMP_LE_OQ>(_mm256_min_pd(xa, xb), x_last),
        );
        let valid = _mm256_and_si256(valid, _mm256_castpd_si256(reach_out));
        let y_lo = _mm256_sub_pd(_mm256_min_pd(ya, yb), float(ROUNDING));
        let y_hi = _mm256_add_pd(_mm256_max_pd(ya, yb), float(ROUNDING));
        // Rows are clamped to the output before converting, so the
        // conversions stay in range whatever the edge's extent.
        let (lo_row, hi_row) = (float(out.ymin as f64 - 1.0), float(out.ymax as f64));
        let y_lo = _mm256_min_pd(_mm256_max_pd(y_lo, lo_row), hi_row);
        let y_hi = _mm256_min_pd(_mm256_max_pd(y_hi, lo_row), hi_row);
        // `first` stays a double too: products of it with steps below
        // 2^36 are exact below 2^50.
        let first_f = _mm256_max_pd(
            _mm256_round_pd::<{ _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC }>(y_lo),
            ymin_f,
        );
        let first = to_i64(first_f);
        let last = min(
            to_i64(_mm256_round_pd::<
                { _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC },
            >(y_hi)),
            ylast,
        );
        let count = _mm256_and_si256(valid, _mm256_sub_epi64(_mm256_add_epi64(last, ones), first));
        // A group with no row to flip skips the first-row search (common
        // in clipped builds).
        let reaching = _mm256_cmpgt_epi64(count, _mm256_setzero_si256());
        if _mm256_testz_si256(reaching, reaching) == 1 {
            slots[ROUNDS] = 0;
            continue;
        }
        // The first row: `Crossing::first_past`, a float estimate, then one
        // exact check; `rest = step·k − n` lies in `[0, step)`.
        let start = _mm256_add_epi64(s0, to_i64(_mm256_mul_pd(s1_f, first_f)));
        let mut past = _mm256_sub_epi64(line, start);
        if f.cross.falling {
            past = _mm256_sub_epi64(ones, past);
        }
        let x = _mm256_mul_pd(to_f64(past), inv);
        let t = _mm256_round_pd::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(x);
        // `t < x` lanes are all ones (−1): subtracting adds one.
        let up = _mm256_castpd_si256(_mm256_cmp_pd::<_CMP_LT_OQ>(t, x));
        let k = _mm256_sub_epi64(to_i64(t), up);
        // `step·k` from `step·t` in doubles: within a step of `past`, so
        // below 2^49 and exact.
        let rest = _mm256_sub_epi64(
            _mm256_add_epi64(to_i64(_mm256_mul_pd(step_f, t)), _mm256_and_si256(up, step)),
            past,
        );
        let below = _mm256_cmpgt_epi64(_mm256_setzero_si256(), rest);
        let k = _mm256_sub_epi64(k, below);
        let rest = _mm256_add_epi64(rest, _mm256_and_si256(below, step));
        let above = _mm256_xor_si256(_mm256_cmpgt_epi64(step, rest), int(-1));
        let k = _mm256_add_epi64(k, above);
        let rest = _mm256_sub_epi64(rest, _mm256_and_si256(above, step));
        // Column in the output, checked coordinate less the edge's start
        // (in the edge when below its span, unsigned), bit position.
        let column = _mm256_sub_epi64(k, kmin);
        let check = _mm256_add_epi64(c0, to_i64(_mm256_mul_pd(c1_f, first_f)));
        let checked = _mm256_sub_epi64(
            _mm256_add_epi64(check, mul64(c2, k)),
            _mm256_slli_epi64::<{ FRAC_BITS as i32 }>(lo),
        );
        let span = _mm256_slli_epi64::<{ FRAC_BITS as i32 }>(_mm256_sub_epi64(hi, lo));
        // Rows from the output's first (below 2^15) times bits a row
        // (below 2^32): one unsigned 32-bit multiply.
        let at = _mm256_add_epi64(
            _mm256_mul_epu32(_mm256_sub_epi64(first, ymin), row_bits),
            column,
        );
        let p = slots.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `slots` holds `GROUP` i64: six vectors and the rounds.
        unsafe {
            _mm256_storeu_si256(p.add(COUNT / 4), count);
            _mm256_storeu_si256(p.add(REST / 4), rest);
            _mm256_storeu_si256(p.add(COLUMN / 4), column);
            _mm256_storeu_si256(p.add(CHECKED / 4), checked);
            _mm256_storeu_si256(p.add(SPAN / 4), span);
            _mm256_storeu_si256(p.add(AT / 4), at);
        }
        slots[ROUNDS] = slots[COUNT..COUNT + 4].iter().copied().max().unwrap_or(0);
    }
}

/// Pass two: each group's lanes row by row from their first row, hits
/// XORed into `words`.
///
/// Unsigned comparisons become signed ones on values moved by 2^63: the
/// column and the checked coordinate are kept moved (adding 2^63 wraps as
/// the unmoved values wrap), the bounds are moved once.
///
/// # Safety
/// AVX2; `scratch` as [`first_rows`] left it; `words` not empty.
#[target_feature(enable = "avx2")]
unsafe fn step_rows(f: &Family, out: &Flips, scratch: &[i64], words: &mut [u64]) {
    let int = |x: i64| _mm256_set1_epi64x(x);
    let ones = int(1);
    let sign = int(i64::MIN);
    let low_bits = int(63);
    let (step, c2) = (int(f.cross.step), int(f.check.2));
    let width = int(out.width ^ i64::MIN);
    let row_step = RowStep::of(f);
    let (quotient, remainder) = (int(row_step.quotient), int(row_step.remainder));
    let check_step = int(f
        .check
        .1
        .wrapping_add(f.check.2.wrapping_mul(row_step.quotient)));
    let at_step = int((64 * out.per_row as i64).wrapping_add(row_step.quotient));
    let mut spots = [0u64; 4];
    let mut bits = [0u64; 4];
    for slots in scratch.chunks_exact(GROUP) {
        let p = slots.as_ptr().cast::<__m256i>();
        // SAFETY: `slots` holds `GROUP` i64 (see `first_rows`).
        let (count, mut rest, column, checked, span, mut at) = unsafe {
            (
                _mm256_loadu_si256(p.add(COUNT / 4)),
                _mm256_loadu_si256(p.add(REST / 4)),
                _mm256_loadu_si256(p.add(COLUMN / 4)),
                _mm256_loadu_si256(p.add(CHECKED / 4)),
                _mm256_loadu_si256(p.add(SPAN / 4)),
                _mm256_loadu_si256(p.add(AT / 4)),
            )
        };
        let (mut column, mut checked) = (
            _mm256_xor_si256(column, sign),
            _mm256_xor_si256(checked, sign),
        );
        let span = _mm256_xor_si256(span, sign);
        let mut round = _mm256_setzero_si256();
        for _ in 0..slots[ROUNDS] {
            let active = _mm256_cmpgt_epi64(count, round);
            round = _mm256_add_epi64(round, ones);
            let inside = _mm256_and_si256(active, _mm256_cmpgt_epi64(width, column));
            let hit = _mm256_and_si256(inside, _mm256_cmpgt_epi64(span, checked));
            // Missed lanes flip nothing in word 0 (a hit lies inside the
            // output, so its word indexes `words`).
            // SAFETY: the arrays hold four u64.
            unsafe {
                _mm256_storeu_si256(
                    spots.as_mut_ptr().cast(),
                    _mm256_srli_epi64::<6>(_mm256_and_si256(at, hit)),
                );
                _mm256_storeu_si256(
                    bits.as_mut_ptr().cast(),
                    _mm256_sllv_epi64(_mm256_and_si256(hit, ones), _mm256_and_si256(at, low_bits)),
                );
            }
            for (&word, &bit) in spots.iter().zip(&bits) {
                words[word as usize] ^= bit;
            }
            // The next row: the remainder pays for `remainder`, borrowing
            // one more pixel step when it would go negative.
            let carry = _mm256_cmpgt_epi64(remainder, rest);
            rest = _mm256_add_epi64(
                _mm256_sub_epi64(rest, remainder),
                _mm256_and_si256(carry, step),
            );
            column = _mm256_sub_epi64(_mm256_add_epi64(column, quotient), carry);
            checked = _mm256_add_epi64(
                _mm256_add_epi64(checked, check_step),
                _mm256_and_si256(carry, c2),
            );
            at = _mm256_sub_epi64(_mm256_add_epi64(at, at_step), carry);
        }
    }
}
