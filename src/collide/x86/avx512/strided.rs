//! The AVX-512 first-row kernel for narrow rows that are not one stream:
//! rows of one to four words whose masks have their own strides, as posed
//! masks do. Several rows share a vector: each group's rows are picked out
//! of a 16-word window of each mask by one two-source permute, so a row
//! costs about three vector operations instead of a dozen scalar ones.

use crate::collide::kernels::rows::Rows;
use std::arch::x86_64::*;

/// Row groups ORed before one test.
const GROUPS_PER_TEST: usize = 4;

/// Words a group's window holds (two vectors).
const WINDOW: usize = 16;

/// Per row width (1 to 4 words), the row `l / width` of each lane `l`...
const LANE_ROW: [[i64; 8]; 5] = lane_table(true);
/// ... and its word `l % width`.
const LANE_WORD: [[i64; 8]; 5] = lane_table(false);

const fn lane_table(row: bool) -> [[i64; 8]; 5] {
    let mut t = [[0i64; 8]; 5];
    let mut w = 1;
    while w < 5 {
        let mut l = 0;
        while l < 8 {
            t[w][l] = if row { l / w } else { l % w } as i64;
            l += 1;
        }
        w += 1;
    }
    t
}

/// How many rows one vector takes for `rows` (lane `l` is row `l / width`,
/// word `l % width`): as many as fit in eight lanes and in one window of
/// each mask; `None` below two, where the kernel gains nothing.
pub(in crate::collide::x86) fn rows_per_vector(rows: &Rows) -> Option<usize> {
    let w = rows.width;
    if w == 0 || w > 4 {
        return None;
    }
    let fits = |n: usize| {
        (n - 1) * rows.a_stride + w <= WINDOW
            && (n - 1) * rows.b_stride + w + rows.hi_offset <= WINDOW
    };
    (2..=8 / w).rev().find(|&n| fits(n))
}

/// [`crate::collide::kernels::ScanKernels::first_row`] for rows that
/// [`rows_per_vector`] takes.
///
/// # Safety
/// The CPU runs AVX-512 F, `rows.in_bounds()` holds and
/// `rows_per_vector(rows)` is `Some`.
#[target_feature(enable = "avx512f")]
pub(in crate::collide::x86) unsafe fn first_row_strided_avx512(rows: &Rows) -> Option<usize> {
    let Some(per) = rows_per_vector(rows) else {
        return rows.first_row_scalar();
    };
    let w = rows.width;
    // Lane `q·width + j` is word `j` of the group's row `q`; later lanes
    // read word 0 and are cleared by their zero mask.
    // SAFETY: each table row is 64 bytes.
    let (q, j) = unsafe {
        (
            _mm512_loadu_si512(LANE_ROW[w].as_ptr().cast()),
            _mm512_loadu_si512(LANE_WORD[w].as_ptr().cast()),
        )
    };
    let at = |stride: usize, extra: usize| {
        let rows_in = _mm512_mullox_epi64(q, _mm512_set1_epi64(stride as i64));
        _mm512_add_epi64(
            rows_in,
            _mm512_add_epi64(j, _mm512_set1_epi64(extra as i64)),
        )
    };
    let (idx_a, idx_lo, idx_hi) = (
        at(rows.a_stride, 0),
        at(rows.b_stride, 0),
        at(rows.b_stride, rows.hi_offset),
    );
    let is = |word: usize| _mm512_cmpeq_epi64_mask(j, _mm512_set1_epi64(word as i64));
    let ones = _mm512_set1_epi64(-1);
    let used = if per * w >= 8 {
        0xff
    } else {
        (1u8 << (per * w)) - 1
    };
    let masks = _mm512_maskz_and_epi64(
        used,
        _mm512_mask_blend_epi64(is(0), ones, _mm512_set1_epi64(rows.first_mask as i64)),
        _mm512_mask_blend_epi64(is(w - 1), ones, _mm512_set1_epi64(rows.last_mask as i64)),
    );
    let right = _mm_cvtsi64_si128(i64::from(rows.shift));
    // A count of 64 shifts everything out: the high word adds nothing at shift 0.
    let left = _mm_cvtsi64_si128(64 - i64::from(rows.shift));
    let (a, b) = (rows.a.as_ptr(), rows.b.as_ptr());
    // The first `span` words from `p`, in two vectors (the rest 0).
    let window = |p: *const u64, span: usize| {
        let k0 = if span >= 8 { 0xff } else { (1u8 << span) - 1 };
        let k1 = if span >= WINDOW {
            0xff
        } else if span > 8 {
            (1u8 << (span - 8)) - 1
        } else {
            0
        };
        // SAFETY: the caller keeps `span` words from `p` inside the mask;
        // masked-off lanes are not read (the second address may lie past
        // the mask when `k1` is 0, hence `wrapping_add`).
        unsafe {
            (
                _mm512_maskz_loadu_epi64(k0, p.cast()),
                _mm512_maskz_loadu_epi64(k1, p.wrapping_add(8).cast()),
            )
        }
    };
    // Rows `r..r + n` (n ≤ per) ANDed, lanes of other rows 0.
    let group = |r: usize, n: usize| {
        let a_span = (n - 1) * rows.a_stride + w;
        let b_span = (n - 1) * rows.b_stride + w + rows.hi_offset;
        // SAFETY: `in_bounds` covers A's `width` words and B's `width +
        // hi_offset` words of every row below `rows.rows`, so both spans.
        let (a0, a1) = window(unsafe { a.add(rows.a_start + r * rows.a_stride) }, a_span);
        let (b0, b1) = window(unsafe { b.add(rows.b_start + r * rows.b_stride) }, b_span);
        let av = _mm512_permutex2var_epi64(a0, idx_a, a1);
        let lo = _mm512_permutex2var_epi64(b0, idx_lo, b1);
        let hi = _mm512_permutex2var_epi64(b0, idx_hi, b1);
        let bits = _mm512_or_si512(_mm512_srl_epi64(lo, right), _mm512_sll_epi64(hi, left));
        let rows_here = if n * w >= 8 {
            0xff
        } else {
            (1u8 << (n * w)) - 1
        };
        _mm512_maskz_and_epi64(rows_here, _mm512_and_si512(av, masks), bits)
    };
    let find = |from: usize, to: usize| {
        (from..to).find(|&q| (0..w).fold(0, |acc, j| acc | rows.and(q, j)) != 0)
    };
    let block = per * GROUPS_PER_TEST;
    let mut r = 0;
    while r + block <= rows.rows {
        let mut acc = group(r, per);
        for g in 1..GROUPS_PER_TEST {
            acc = _mm512_or_si512(acc, group(r + g * per, per));
        }
        if _mm512_test_epi64_mask(acc, acc) != 0 {
            return find(r, r + block);
        }
        r += block;
    }
    while r < rows.rows {
        let n = per.min(rows.rows - r);
        let v = group(r, n);
        if _mm512_test_epi64_mask(v, v) != 0 {
            return find(r, r + n);
        }
        r += n;
    }
    None
}
