//! The edge rasteriser written once over [`Lanes`]: `N` edges per vector
//! (four with AVX2, eight with AVX-512), one world row of each per step.
//! The first row of each edge is found as the portable loop
//! (`kernels/raster/flips.rs`) finds every row; the rows after it follow
//! by exact integer stepping (the flipped pixel moves by a fixed quotient
//! plus a carry from the remainder), so the flips are the same.
//!
//! Products of steps and rows are taken in doubles where [`fits_doubles`]
//! bounds them (exact below 2^53), else by 64-bit multiplies. AVX2 has no
//! 64-bit integer ↔ float conversions, so it converts through the float
//! mantissa (exact below 2^51) and needs [`fits_doubles`] (sprites far
//! off or scaled far down take the portable loop).

use super::lanes::{always, Lanes};
use crate::collide::kernels::raster::{self as portable, EdgeList, EdgeScratch, Edges};
use crate::collide::kernels::raster::{Family, Flips, RowStep, Seeds, ROUNDING};
use crate::cpu::{Avx2, Avx512};
use crate::pose::FRAC_BITS;
use std::arch::x86_64::*;
use std::mem::MaybeUninit;

/// Where each lane of a group of edges stands at its first row, as
/// vectors of the scratch (slot `k` is `N` `i64` from `k·N` on): the rows
/// it reaches, the remainder, the column, the checked coordinate less the
/// edge's start, the edge's span and the bit position; then the group's
/// round count.
const COUNT: usize = 0;
const REST: usize = 1;
const COLUMN: usize = 2;
const CHECKED: usize = 3;
const SPAN: usize = 4;
const AT: usize = 5;
/// Vectors a group keeps; its round count follows them, in a vector of
/// its own (so every group's vectors keep the scratch's alignment).
const VECTORS: usize = 6;

/// True when every value the kernels convert between integers and floats
/// stays below 2^51 in magnitude: fixed-point origins below 2^47, steps
/// below 2^36 (16 texels a pixel), output rows below 2^14 (the edges'
/// `fits`), masks below 2^14 texels a side (`e.mask_side`, the larger: lines
/// below 2^46).
fn fits_doubles(e: &Edges) -> bool {
    let (f, out) = (e.family, e.out);
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
        && e.mask_side < 1 << 14
}

/// Flips, for every edge of `list` and every output row it reaches, the
/// pixel where the crossed coordinate passes the edge's line, when the
/// checked coordinate there lies in the edge. `scratch` and `flipped` keep
/// their capacity between calls, so a steady caller neither allocates nor
/// clears them.
///
/// Two passes: every group's first row (independent work, so the CPU
/// overlaps the groups' long float and multiply chains), then every
/// group's rows by integer steps.
///
/// # Safety
/// Inlined into a function with `L`'s features; with `DOUBLES` (always
/// without [`Lanes::WIDE_CONVERSIONS`]), [`fits_doubles`] holds.
#[inline(always)]
unsafe fn flip_edges<L: Lanes, const DOUBLES: bool>(
    list: &EdgeList,
    f: &Family,
    out: &Flips,
    words: &mut [u64],
    scratch: &mut Vec<i64>,
    flipped: &mut Vec<i64>,
) {
    debug_assert!(DOUBLES || L::WIDE_CONVERSIONS);
    if words.is_empty() {
        return;
    }
    let group = (VECTORS + 1) * L::N;
    let slots = list.len().div_ceil(L::N) * group;
    // Neither vector is cleared or zeroed: the passes write before they
    // read (a skipped group only its round count), in spare capacity.
    scratch.clear();
    scratch.reserve(slots);
    let lanes = &mut scratch.spare_capacity_mut()[..slots];
    let total = first_rows::<L, DOUBLES>(list, f, out, lanes);
    flipped.clear();
    flipped.reserve(total + L::N);
    let count = step_rows::<L>(f, out, lanes, words, flipped.as_mut_ptr());
    // SAFETY: `step_rows` wrote the first `count` slots, within the
    // capacity reserved.
    flipped.set_len(count);
    for &at in flipped.iter() {
        // Flipped positions lie inside the output, so are not negative.
        let at = at as usize;
        words[at >> 6] ^= 1u64 << (at & 63);
    }
}

/// Pass one: each group's lanes at their first row, stored in `scratch`.
/// Returns `N` times the sum of the groups' round counts (an upper bound on
/// the flips).
///
/// # Safety
/// As [`flip_edges`]; `scratch` holds a group's slots per group of `list`
/// (written here before any read: a skipped group's round count only).
#[inline(always)]
unsafe fn first_rows<L: Lanes, const DOUBLES: bool>(
    list: &EdgeList,
    f: &Family,
    out: &Flips,
    scratch: &mut [MaybeUninit<i64>],
) -> usize {
    let (int, float) = (L::splat, L::fsplat);
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
    // `a·b` for a step `a` (also as the double `a_f`) and a row or column
    // `b` (also as the double `b_f`).
    let product = always(
        #[inline(always)]
        |a: L::V, a_f: L::F, b: L::V, b_f: L::F| {
            if DOUBLES {
                L::to_i64(L::fmul(a_f, b_f))
            } else {
                L::mul64(a, b)
            }
        },
    );
    // Rows are clamped to the output before converting, so the
    // conversions stay in range whatever the edge's extent.
    let (lo_row, hi_row) = (float(out.ymin as f64 - 1.0), float(out.ymax as f64));
    let ymin_f = float(out.ymin as f64);
    let kmin = int(out.kmin);
    let row_bits = int(64 * out.per_row as i64);
    // `1 − x` for falling crossings as `(x ^ −1) + 2`, else `x`.
    let (flip, flip2) = (
        int(-i64::from(f.cross.falling)),
        int(2 * i64::from(f.cross.falling)),
    );
    let n = list.len();
    let (lines, los, his) = (list.line.as_ptr(), list.lo.as_ptr(), list.hi.as_ptr());
    let mut total = 0usize;
    let group = (VECTORS + 1) * L::N;
    for (g, slots) in (0..n).step_by(L::N).zip(scratch.chunks_exact_mut(group)) {
        // Only the lanes below `n − g` are loaded; they lie within the
        // three lists, which have the same length.
        let live = L::first_n(n - g);
        let load = always(
            #[inline(always)]
            |v: *const i64| L::load_where(live, v.add(g).cast()),
        );
        let (line, lo, hi) = (load(lines), load(los), load(his));
        // The rows the extended edge reaches (as `Flips::rows`).
        let along = L::to_f64(L::sub(line, line0));
        let (y_line, x_line) = (L::fmul(along, dy_line), L::fmul(along, dx_line));
        let at_end = always(
            #[inline(always)]
            |p: L::V, ext: L::V| {
                let p = L::to_f64(L::sub(L::add(L::shl_by(p, FRAC_BITS), ext), p0));
                (
                    L::fadd(y_line, L::fmul(p, dy_p)),
                    L::fadd(x_line, L::fmul(p, dx_p)),
                )
            },
        );
        let ((ya, xa), (yb, xb)) = (at_end(lo, ext0), at_end(hi, ext1));
        // Edges whose flips all fall outside the output's columns are
        // skipped: a flip lies within a pixel of where the row's centre
        // line crosses the extended edge.
        let reach_out = L::m_and(
            L::fge(L::fmax(xa, xb), x_first),
            L::fle(L::fmin(xa, xb), x_last),
        );
        let valid = L::m_and(live, reach_out);
        let clamp = always(
            #[inline(always)]
            |y: L::F| L::fmin(L::fmax(y, lo_row), hi_row),
        );
        let y_lo = L::fsub(L::fmin(ya, yb), float(ROUNDING));
        let y_hi = L::fadd(L::fmax(ya, yb), float(ROUNDING));
        let (first, first_f, last) = if DOUBLES && L::WIDE_CONVERSIONS {
            // Rows below 2^51 ([`fits_doubles`]) convert rounded in one
            // step, then are clamped as integers.
            let first = L::ceil_i64(y_lo);
            let first = L::select(L::gt(ymin, first), first, ymin);
            let last = L::floor_i64(y_hi);
            (
                first,
                L::to_f64(first),
                L::select(L::gt(last, ylast), last, ylast),
            )
        } else {
            let first_f = L::fmax(L::ceil(clamp(y_lo)), ymin_f);
            let last = L::to_i64(L::floor(clamp(y_hi)));
            let last = L::select(L::gt(last, ylast), last, ylast);
            (L::to_i64(first_f), first_f, last)
        };
        let count = L::keep(valid, L::sub(L::add(last, ones), first));
        // A group with no row to flip skips the first-row search (common
        // in clipped builds).
        if !L::any(L::gt(count, L::zero())) {
            slots[VECTORS * L::N].write(0);
            continue;
        }
        // The first row: `Crossing::first_past`, a float estimate, then one
        // exact check; `rest = step·k − n` lies in `[0, step)`.
        let start = L::add(s0, product(s1, s1_f, first, first_f));
        let past = L::add(L::xor(L::sub(line, start), flip), flip2);
        let x = L::fmul(L::to_f64(past), inv);
        let (t, t_int) = L::trunc_both(x);
        let k = L::inc_where(L::flt(t, x), t_int);
        let rest = L::sub(product(step, step_f, k, L::to_f64(k)), past);
        let below = L::gt(L::zero(), rest);
        let k = L::inc_where(below, k);
        let rest = L::add_where(below, rest, step);
        let above = L::gt(L::add(rest, ones), step);
        let k = L::dec_where(above, k);
        let rest = L::sub_where(above, rest, step);
        // Column in the output, checked coordinate less the edge's start
        // (in the edge when below its span, unsigned), bit position.
        let column = L::sub(k, kmin);
        let check = L::add(c0, product(c1, c1_f, first, first_f));
        let checked = L::sub(L::add(check, L::mul64(c2, k)), L::shl_by(lo, FRAC_BITS));
        let span = L::shl_by(L::sub(hi, lo), FRAC_BITS);
        let rows_down = L::sub(first, ymin);
        let at = L::add(
            if DOUBLES {
                // Rows below 2^15 times bits a row below 2^32: one unsigned
                // 32-bit multiply.
                L::mul_u32(rows_down, row_bits)
            } else {
                L::mul64(rows_down, row_bits)
            },
            column,
        );
        let rounds = L::max_lane(count).max(0);
        total += L::N * rounds as usize;
        let p = slots.as_mut_ptr().cast::<u64>();
        for (slot, v) in [COUNT, REST, COLUMN, CHECKED, SPAN, AT]
            .into_iter()
            .zip([count, rest, column, checked, span, at])
        {
            // SAFETY: `slots` holds `VECTORS` vectors and the rounds.
            L::store(p.add(slot * L::N), v);
        }
        slots[VECTORS * L::N].write(rounds);
    }
    total
}

/// Pass two: each group's lanes row by row from their first row, the hit
/// lanes' bits flipped in `words` or appended to `flipped`
/// ([`Lanes::flip_bits`]). Returns how many were appended.
///
/// Unsigned comparisons become signed ones on values moved by 2^63: the
/// column and the checked coordinate are kept moved (adding 2^63 wraps as
/// the unmoved values wrap), the bounds are moved once.
///
/// # Safety
/// As [`flip_edges`]; `scratch` as [`first_rows`] left it; `flipped` holds
/// `N` slots more than `N` times the sum of the groups' rounds; `words`
/// is not empty.
#[inline(always)]
unsafe fn step_rows<L: Lanes>(
    f: &Family,
    out: &Flips,
    scratch: &[MaybeUninit<i64>],
    words: &mut [u64],
    flipped: *mut i64,
) -> usize {
    let int = L::splat;
    let sign = int(i64::MIN);
    let (step, c2) = (int(f.cross.step), int(f.check.2));
    let width = int(out.width ^ i64::MIN);
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
    let mut flips = 0usize;
    for slots in scratch.chunks_exact((VECTORS + 1) * L::N) {
        // SAFETY: `first_rows` wrote every group's round count, and its
        // vectors where the count is not zero.
        let rounds = slots[VECTORS * L::N].assume_init();
        if rounds == 0 {
            continue;
        }
        let p = slots.as_ptr().cast::<u64>();
        let load = always(
            #[inline(always)]
            |slot: usize| L::load(p.add(slot * L::N)),
        );
        let (mut count, mut rest, mut at) = (load(COUNT), load(REST), load(AT));
        let mut column = L::xor(load(COLUMN), sign);
        let mut checked = L::xor(load(CHECKED), sign);
        let span = L::xor(load(SPAN), sign);
        for _ in 0..rounds {
            // Lanes with rows left (`count` counts down).
            let active = L::gt(count, L::zero());
            count = L::add(count, int(-1));
            let inside = L::gt_where(active, width, column);
            let hit = L::gt_where(inside, span, checked);
            flips += L::flip_bits(words.as_mut_ptr(), flipped.add(flips), hit, at);
            // The next row: the remainder pays for `remainder`, borrowing
            // one more pixel step when it would go negative.
            let carry = L::gt(remainder, rest);
            rest = L::add_where(carry, L::sub(rest, remainder), step);
            column = L::inc_where(carry, L::add(column, quotient));
            checked = L::add_where(carry, L::add(checked, check_step), c2);
            at = L::inc_where(carry, L::add(at, at_step));
        }
    }
    flips
}

/// [`flip_edges`] with AVX2, four edges per vector, where
/// [`fits_doubles`] holds (else the portable loop).
///
/// # Safety
/// The CPU has AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn flip_edges_avx2(e: &Edges, words: &mut [u64], scratch: &mut EdgeScratch) {
    let EdgeScratch { lanes, flipped } = scratch;
    if fits_doubles(e) {
        flip_edges::<Avx2, true>(e.list, e.family, e.out, words, lanes, flipped)
    } else {
        portable::flip_edges(e.list, e.family, e.out, words)
    }
}

/// [`flip_edges`] with AVX-512, eight edges per vector; the first rows'
/// products in doubles where [`fits_doubles`] holds, else by the slow
/// `vpmullq`.
///
/// # Safety
/// The CPU has AVX-512F, AVX-512DQ, BMI2 and POPCNT.
#[target_feature(enable = "avx512f,avx512dq,bmi2,popcnt")]
pub(super) unsafe fn flip_edges_avx512(e: &Edges, words: &mut [u64], scratch: &mut EdgeScratch) {
    let EdgeScratch { lanes, flipped } = scratch;
    if fits_doubles(e) {
        flip_edges::<Avx512, true>(e.list, e.family, e.out, words, lanes, flipped)
    } else {
        flip_edges::<Avx512, false>(e.list, e.family, e.out, words, lanes, flipped)
    }
}

/// `RasterKernels::seed_left` eight rows at a time: each row's first bit
/// XORed with the mask's texel under the pixel left of the output (clear
/// outside the mask). `texels` holds the mask's `width`×`height` packed
/// rows. (AVX-512 only: it gathers 64-bit words.)
///
/// # Safety
/// AVX-512F and DQ; the coordinates stepped over `words.len() / per_row`
/// rows stay in `i64` (the edges' `fits`).
#[target_feature(enable = "avx512f,avx512dq")]
pub(super) unsafe fn seed_left_avx512(
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
        let live = Avx512::first_n(rows - r);
        // Negative coordinates shift to huge unsigned columns and rows.
        let (i, j) = (_mm512_srai_epi64::<32>(u), _mm512_srai_epi64::<32>(v));
        let inside = _mm512_mask_cmplt_epu64_mask(live, i, w) & _mm512_cmplt_epu64_mask(j, h);
        let index = _mm512_add_epi64(_mm512_mullo_epi64(j, stride), _mm512_srli_epi64::<6>(i));
        // SAFETY: only lanes inside the mask are read, at a word of it.
        let got = _mm512_mask_i64gather_epi64::<8>(
            _mm512_setzero_si512(),
            inside,
            index,
            texels.as_ptr().cast(),
        );
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
