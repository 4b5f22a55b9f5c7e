//! The AVX-512 kernel of the edge rasteriser: eight edges per vector, one
//! world row of each per step. The first row of each edge is found as the
//! portable loop (`collide/posed/edges/flips.rs`) finds every row; the rows after
//! it follow by exact integer stepping (the flipped pixel moves by a fixed
//! quotient plus a carry from the remainder), so the flips are the same.

use crate::collide::kernels::raster::{EdgeList, Family, Flips, RowStep, Seeds, ROUNDING};
use crate::pose::FRAC_BITS;
use std::arch::x86_64::*;

/// Where each lane of a group of eight edges stands at its first row, in
/// `i64` slots of the scratch: the rows it reaches, the remainder, the
/// column, the checked coordinate less the edge's start, the edge's span
/// and the bit position; then the group's round count.
const COUNT: usize = 0;
const REST: usize = 8;
const COLUMN: usize = 16;
const CHECKED: usize = 24;
const SPAN: usize = 32;
const AT: usize = 40;
const ROUNDS: usize = 48;
/// `i64` slots a group takes.
const GROUP: usize = 56;

/// Flips, for every edge of `list` and every output row it reaches, the
/// pixel where the crossed coordinate passes the edge's line, when the
/// checked coordinate there lies in the edge. `scratch` and `flipped` are
/// kept between calls. `doubles` ([`crate::collide::x86::fits_avx2`] held) takes the
/// first rows' products in doubles.
///
/// Two passes: every group's first row (independent work, so the CPU
/// overlaps the groups' long float and multiply chains), then every
/// group's rows by integer steps.
///
/// # Safety
/// The CPU must have AVX-512F, AVX-512DQ, BMI2 and POPCNT
/// ([`crate::collide::x86::Avx512::detect`]).
#[target_feature(enable = "avx512f,avx512dq,bmi2,popcnt")]
pub(crate) unsafe fn flip_edges_avx512(
    list: &EdgeList,
    f: &Family,
    out: &Flips,
    words: &mut [u64],
    scratch: &mut Vec<i64>,
    flipped: &mut Vec<i64>,
    doubles: bool,
) {
    // Both scratch vectors only grow (every slot read is written first in
    // this call), so a steady caller neither allocates nor clears them.
    let slots = list.len().div_ceil(8) * GROUP;
    if scratch.len() < slots {
        scratch.resize(slots, 0);
    }
    let lanes = &mut scratch[..slots];
    // SAFETY: `lanes` holds `GROUP` slots for each group of `list`; the
    // products are taken in doubles only where the caller's `fits_avx2`
    // bounds them.
    let total = unsafe {
        if doubles {
            first_rows::<true>(list, f, out, lanes)
        } else {
            first_rows::<false>(list, f, out, lanes)
        }
    };
    if flipped.len() < total + 8 {
        flipped.resize(total + 8, 0);
    }
    // SAFETY: as above; `flipped` holds eight slots more than the rounds
    // can store.
    let count = unsafe { step_rows(f, out, lanes, flipped) };
    for &at in &flipped[..count] {
        // Flipped positions lie inside the output, so are not negative.
        let at = at as usize;
        words[at >> 6] ^= 1u64 << (at & 63);
    }
}

/// Pass one: each group's lanes at their first row, stored in `scratch`.
/// Returns eight times the sum of the groups' round counts (an upper bound
/// on the flips). With `DOUBLES`, the products of steps and rows take a
/// double multiply (exact below 2^53) instead of the slow `vpmullq`.
///
/// # Safety
/// AVX-512F and DQ; `scratch` holds `GROUP` slots per group of `list`;
/// with `DOUBLES`, [`crate::collide::x86::fits_avx2`] holds (every product below 2^50).
#[target_feature(enable = "avx512f,avx512dq")]
unsafe fn first_rows<const DOUBLES: bool>(
    list: &EdgeList,
    f: &Family,
    out: &Flips,
    scratch: &mut [i64],
) -> usize {
    let int = _mm512_set1_epi64;
    let float = _mm512_set1_pd;
    let ones = int(1);
    let (line0, p0) = (int(f.line0), int(f.p0));
    let (dy_line, dy_p) = (float(f.dy_line), float(f.dy_p));
    let (dx_line, dx_p) = (float(f.dx_line), float(f.dx_p));
    // Columns an edge must reach (with two pixels to spare) to flip one in
    // the output.
    let x_first = float(out.kmin as f64 - 2.0);
    let x_last = float((out.kmin + out.width) as f64 + 2.0);
    let (ext0, ext1) = (int(f.ext.0), int(f.ext.1));
    let (ymin, ylast) = (int(out.ymin), int(out.ymax - 1));
    let (s0, s1) = (int(f.start.0), int(f.start.1));
    let (c0, c1, c2) = (int(f.check.0), int(f.check.1), int(f.check.2));
    let (step, inv) = (int(f.cross.step), float(f.cross.inv));
    let (s1_f, c1_f, step_f) = (
        float(f.start.1 as f64),
        float(f.check.1 as f64),
        float(f.cross.step as f64),
    );
    // `a·b` for a step `a` (also as the double `a_f`) and a row or column `b`.
    let product = |a: __m512i, a_f: __m512d, b: __m512i| {
        if DOUBLES {
            _mm512_cvtpd_epi64(_mm512_mul_pd(a_f, _mm512_cvtepi64_pd(b)))
        } else {
            _mm512_mullo_epi64(a, b)
        }
    };
    let kmin = int(out.kmin);
    let row_bits = int(64 * out.per_row as i64);
    let n = list.len();
    let mut total = 0usize;
    for (g, slots) in (0..n).step_by(8).zip(scratch.chunks_exact_mut(GROUP)) {
        let valid: __mmask8 = if n - g >= 8 {
            0xff
        } else {
            (1u8 << (n - g)) - 1
        };
        // SAFETY: only lanes in `valid` are loaded; they lie within the
        // three lists, which have the same length.
        let (line, lo, hi) = unsafe {
            (
                _mm512_maskz_loadu_epi64(valid, list.line.as_ptr().add(g)),
                _mm512_maskz_loadu_epi64(valid, list.lo.as_ptr().add(g)),
                _mm512_maskz_loadu_epi64(valid, list.hi.as_ptr().add(g)),
            )
        };
        // The rows the extended edge reaches (as `Flips::rows`).
        let along = _mm512_cvtepi64_pd(_mm512_sub_epi64(line, line0));
        let (y_line, x_line) = (_mm512_mul_pd(along, dy_line), _mm512_mul_pd(along, dx_line));
        let at_end = |p: __m512i, ext: __m512i| {
            let p = _mm512_sub_epi64(_mm512_add_epi64(_mm512_slli_epi64::<FRAC_BITS>(p), ext), p0);
            let p = _mm512_cvtepi64_pd(p);
            (
                _mm512_add_pd(y_line, _mm512_mul_pd(p, dy_p)),
                _mm512_add_pd(x_line, _mm512_mul_pd(p, dx_p)),
            )
        };
        let ((ya, xa), (yb, xb)) = (at_end(lo, ext0), at_end(hi, ext1));
        // Edges whose flips all fall outside the output's columns are
        // skipped: a flip lies within a pixel of where the row's centre
        // line crosses the extended edge.
        let reach_out = _mm512_cmp_pd_mask::<_CMP_GE_OQ>(_mm512_max_pd(xa, xb), x_first)
            & _mm512_cmp_pd_mask::<_CMP_LE_OQ>(_mm512_min_pd(xa, xb), x_last);
        let valid = valid & reach_out;
        let y_lo = _mm512_sub_pd(_mm512_min_pd(ya, yb), float(ROUNDING));
        let y_hi = _mm512_add_pd(_mm512_max_pd(ya, yb), float(ROUNDING));
        let first = _mm512_max_epi64(
            _mm512_cvtpd_epi64(_mm512_roundscale_pd::<
                { _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC },
            >(y_lo)),
            ymin,
        );
        let last = _mm512_min_epi64(
            _mm512_cvtpd_epi64(_mm512_roundscale_pd::<
                { _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC },
            >(y_hi)),
            ylast,
        );
        let count = _mm512_maskz_sub_epi64(valid, _mm512_add_epi64(last, ones), first);
        // A group with no row to flip skips the first-row search (common
        // in clipped builds).
        if _mm512_cmpgt_epi64_mask(count, _mm512_setzero_si512()) == 0 {
            slots[ROUNDS] = 0;
            continue;
        }
        // The first row: `Crossing::first_past`, a float estimate, then one
        // exact check; `rest = step·k − n` lies in `[0, step)`.
        let start = _mm512_add_epi64(s0, product(s1, s1_f, first));
        let mut past = _mm512_sub_epi64(line, start);
        if f.cross.falling {
            past = _mm512_sub_epi64(ones, past);
        }
        let x = _mm512_mul_pd(_mm512_cvtepi64_pd(past), inv);
        let t = _mm512_cvttpd_epi64(x);
        let up = _mm512_cmp_pd_mask::<_CMP_LT_OQ>(_mm512_cvtepi64_pd(t), x);
        let k = _mm512_mask_add_epi64(t, up, t, ones);
        let rest = _mm512_sub_epi64(product(step, step_f, k), past);
        let below = _mm512_cmplt_epi64_mask(rest, int(0));
        let k = _mm512_mask_add_epi64(k, below, k, ones);
        let rest = _mm512_mask_add_epi64(rest, below, rest, step);
        let above = _mm512_cmpge_epi64_mask(rest, step);
        let k = _mm512_mask_sub_epi64(k, above, k, ones);
        let rest = _mm512_mask_sub_epi64(rest, above, rest, step);
        // Column in the output, checked coordinate less the edge's start
        // (in the edge when below its span, unsigned), bit position.
        let column = _mm512_sub_epi64(k, kmin);
        let check = _mm512_add_epi64(c0, product(c1, c1_f, first));
        let checked = _mm512_sub_epi64(
            _mm512_add_epi64(check, _mm512_mullo_epi64(c2, k)),
            _mm512_slli_epi64::<FRAC_BITS>(lo),
        );
        let span = _mm512_slli_epi64::<FRAC_BITS>(_mm512_sub_epi64(hi, lo));
        let rows_down = _mm512_sub_epi64(first, ymin);
        let at = _mm512_add_epi64(
            if DOUBLES {
                // Rows below 2^15 times bits a row below 2^32: one unsigned
                // 32-bit multiply.
                _mm512_mul_epu32(rows_down, row_bits)
            } else {
                _mm512_mullo_epi64(rows_down, row_bits)
            },
            column,
        );
        let rounds = _mm512_reduce_max_epi64(count).max(0);
        total += 8 * rounds as usize;
        let p = slots.as_mut_ptr();
        // SAFETY: `slots` holds `GROUP` i64: six vectors and the rounds.
        unsafe {
            _mm512_storeu_epi64(p.add(COUNT), count);
            _mm512_storeu_epi64(p.add(REST), rest);
            _mm512_storeu_epi64(p.add(COLUMN), column);
            _mm512_storeu_epi64(p.add(CHECKED), checked);
            _mm512_storeu_epi64(p.add(SPAN), span);
            _mm512_storeu_epi64(p.add(AT), at);
        }
        slots[ROUNDS] = rounds;
    }
    total
}

/// Pass two: each group's lanes row by row from their first row, the hit
/// lanes' bit positions compressed into `flipped`. Returns how many.
///
/// # Safety
/// AVX-512F, DQ and POPCNT; `scratch` as [`first_rows`] left it; `flipped` holds
/// eight slots more than the sum of eight times the groups' rounds.
#[target_feature(enable = "avx512f,avx512dq,popcnt")]
unsafe fn step_rows(f: &Family, out: &Flips, scratch: &[i64], flipped: &mut [i64]) -> usize {
    let int = _mm512_set1_epi64;
    let ones = int(1);
    let (step, c2) = (int(f.cross.step), int(f.check.2));
    let width = int(out.width);
    let row_step = RowStep::of(f);
    let (quotient, remainder) = (int(row_step.quotient), int(row_step.remainder));
    // Per row: the checked coordinate moves by `check.1 + check.2·quotient`
    // (wrapping, as the portable loop's products wrap), the bit position by
    // one row of bits plus `quotient`.
    let check_step = int(f
        .check
        .1
        .wrapping_add(f.check.2.wrapping_mul(row_step.quotient)));
    let at_step = int((64 * out.per_row as i64).wrapping_add(row_step.quotient));
    let mut count_flipped = 0usize;
    for slots in scratch.chunks_exact(GROUP) {
        let p = slots.as_ptr();
        // SAFETY: `slots` holds `GROUP` i64 (see `first_rows`).
        let (count, mut rest, mut column, mut checked, span, mut at) = unsafe {
            (
                _mm512_loadu_epi64(p.add(COUNT)),
                _mm512_loadu_epi64(p.add(REST)),
                _mm512_loadu_epi64(p.add(COLUMN)),
                _mm512_loadu_epi64(p.add(CHECKED)),
                _mm512_loadu_epi64(p.add(SPAN)),
                _mm512_loadu_epi64(p.add(AT)),
            )
        };
        for r in 0..slots[ROUNDS] {
            let active = _mm512_cmpgt_epi64_mask(count, int(r));
            let inside = _mm512_mask_cmplt_epu64_mask(active, column, width);
            let hit = _mm512_mask_cmplt_epu64_mask(inside, checked, span);
            let kept = _mm512_maskz_compress_epi64(hit, at);
            // SAFETY: every round before this one stored at most eight, so
            // eight more from `count_flipped` lie inside `flipped`; only the
            // first `hit.count_ones()` count.
            unsafe { _mm512_storeu_epi64(flipped.as_mut_ptr().add(count_flipped), kept) };
            count_flipped += hit.count_ones() as usize;
            // The next row: the remainder pays for `remainder`, borrowing
            // one more pixel step when it would go negative.
            let carry = _mm512_cmplt_epi64_mask(rest, remainder);
            rest = _mm512_sub_epi64(rest, remainder);
            rest = _mm512_mask_add_epi64(rest, carry, rest, step);
            column = _mm512_add_epi64(column, quotient);
            column = _mm512_mask_add_epi64(column, carry, column, ones);
            checked = _mm512_add_epi64(checked, check_step);
            checked = _mm512_mask_add_epi64(checked, carry, checked, c2);
            at = _mm512_add_epi64(at, at_step);
            at = _mm512_mask_add_epi64(at, carry, at, ones);
        }
    }
    count_flipped
}

/// `Outline::seed_left` eight rows at a time: each row's first bit XORed
/// with the mask's texel under the pixel left of the output (clear outside
/// the mask). `texels` holds the mask's `width`×`height` packed rows.
///
/// # Safety
/// AVX-512F and DQ ([`crate::collide::x86::Avx512::detect`]); the coordinates stepped
/// over `words.len() / per_row` rows stay in `i64` (the edges' `fits`).
#[target_feature(enable = "avx512f,avx512dq")]
pub(crate) unsafe fn seed_left_avx512(
    seeds: &Seeds,
    texels: &[u64],
    width: u32,
    height: u32,
    per_row: usize,
    words: &mut [u64],
) {
    let per_row = per_row.max(1);
    let rows = words.len() / per_row;
    let int = _mm512_set1_epi64;
    let lane = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    let (du, dv) = (int(seeds.du), int(seeds.dv));
    let mut u = _mm512_add_epi64(int(seeds.u), _mm512_mullo_epi64(lane, du));
    let mut v = _mm512_add_epi64(int(seeds.v), _mm512_mullo_epi64(lane, dv));
    let (step_u, step_v) = (int(seeds.du.wrapping_mul(8)), int(seeds.dv.wrapping_mul(8)));
    let (w, h) = (int(i64::from(width)), int(i64::from(height)));
    let stride = int(width.div_ceil(64) as i64);
    let ones = int(1);
    let mut r = 0;
    while r < rows {
        let live: __mmask8 = if rows - r >= 8 {
            0xff
        } else {
            (1u8 << (rows - r)) - 1
        };
        // Negative coordinates shift to huge unsigned columns and rows.
        let (i, j) = (_mm512_srai_epi64::<32>(u), _mm512_srai_epi64::<32>(v));
        let inside = _mm512_mask_cmplt_epu64_mask(live, i, w) & _mm512_cmplt_epu64_mask(j, h);
        let index = _mm512_add_epi64(_mm512_mullo_epi64(j, stride), _mm512_srli_epi64::<6>(i));
        // SAFETY: only lanes inside the mask are read, at a word of it.
        let got = unsafe {
            _mm512_mask_i64gather_epi64::<8>(
                _mm512_setzero_si512(),
                inside,
                index,
                texels.as_ptr().cast(),
            )
        };
        let bit = _mm512_and_si512(_mm512_srlv_epi64(got, _mm512_and_si512(i, int(63))), ones);
        let mut solid = _mm512_test_epi64_mask(bit, bit);
        while solid != 0 {
            let t = solid.trailing_zeros() as usize;
            solid &= solid - 1;
            words[(r + t) * per_row] ^= 1;
        }
        u = _mm512_add_epi64(u, step_u);
        v = _mm512_add_epi64(v, step_v);
        r += 8;
    }
}
