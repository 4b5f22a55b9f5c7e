//! The AVX-512 kernel of the edge rasteriser: eight edges per vector, one
//! world row of each per step, the same integer arithmetic as the portable
//! loop (`collide/edges.rs`), so the same flips.

use crate::collide::edges::{prefix_xor_rows, EdgeList, Family, Flips, ROUNDING};
use crate::mask::Summary;
use crate::pose::FRAC_BITS;
use std::arch::x86_64::*;
/// Flips, for every edge of `list` and every output row it reaches, the
/// pixel where the crossed coordinate passes the edge's line, when the
/// checked coordinate there lies in the edge.
///
/// # Safety
/// The CPU must have AVX-512F and AVX-512DQ ([`super::Avx512::detect`]).
#[target_feature(enable = "avx512f,avx512dq")]
pub(crate) unsafe fn flip_edges_avx512(
    list: &EdgeList,
    f: &Family,
    out: &Flips,
    words: &mut [u64],
    flipped: &mut Vec<i64>,
) {
    let int = _mm512_set1_epi64;
    let float = _mm512_set1_pd;
    let ones = int(1);
    let (line0, p0) = (int(f.line0), int(f.p0));
    let (dy_line, dy_p) = (float(f.dy_line), float(f.dy_p));
    let (ext0, ext1) = (int(f.ext.0), int(f.ext.1));
    let (ymin, ylast) = (int(out.ymin), int(out.ymax - 1));
    let (s0, s1) = (int(f.start.0), int(f.start.1));
    let (c0, c1, c2) = (int(f.check.0), int(f.check.1), int(f.check.2));
    let (step, inv) = (int(f.cross.step), float(f.cross.inv));
    let (kmin, width) = (int(out.kmin), int(out.width));
    // Flips are gathered as bit positions in `words` (row · bits per row +
    // column), eight lanes compressed at a time, and applied at the end.
    let row_bits = int(64 * out.per_row as i64);
    flipped.clear();
    let mut count_flipped = 0usize;
    let n = list.len();
    let mut g = 0;
    while g < n {
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
        let y_line = _mm512_mul_pd(_mm512_cvtepi64_pd(_mm512_sub_epi64(line, line0)), dy_line);
        let y_at = |p: __m512i, ext: __m512i| {
            let p = _mm512_sub_epi64(_mm512_add_epi64(_mm512_slli_epi64::<FRAC_BITS>(p), ext), p0);
            _mm512_add_pd(y_line, _mm512_mul_pd(_mm512_cvtepi64_pd(p), dy_p))
        };
        let (ya, yb) = (y_at(lo, ext0), y_at(hi, ext1));
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
        let rounds = _mm512_reduce_max_epi64(count);
        let span = _mm512_sub_epi64(hi, lo);
        let mut start = _mm512_add_epi64(s0, _mm512_mullo_epi64(s1, first));
        let mut check = _mm512_add_epi64(c0, _mm512_mullo_epi64(c1, first));
        let mut at_row = _mm512_mullo_epi64(_mm512_sub_epi64(first, ymin), row_bits);
        for r in 0..rounds {
            let active = _mm512_cmpgt_epi64_mask(count, int(r));
            // `Crossing::first_past`: a float estimate, then one exact check.
            let mut past = _mm512_sub_epi64(line, start);
            if f.cross.falling {
                past = _mm512_sub_epi64(ones, past);
            }
            let x = _mm512_mul_pd(_mm512_cvtepi64_pd(past), inv);
            let t = _mm512_cvttpd_epi64(x);
            let up = _mm512_cmp_pd_mask::<_CMP_LT_OQ>(_mm512_cvtepi64_pd(t), x);
            let k = _mm512_mask_add_epi64(t, up, t, ones);
            let rest = _mm512_sub_epi64(_mm512_mullo_epi64(step, k), past);
            let k = _mm512_mask_add_epi64(k, _mm512_cmplt_epi64_mask(rest, int(0)), k, ones);
            let k = _mm512_mask_sub_epi64(k, _mm512_cmpge_epi64_mask(rest, step), k, ones);
            // The flip, when the pixel is in the output and the checked
            // coordinate lies in the edge.
            let i = _mm512_sub_epi64(k, kmin);
            let inside = _mm512_mask_cmplt_epu64_mask(active, i, width);
            let checked = _mm512_add_epi64(check, _mm512_mullo_epi64(c2, k));
            let col = _mm512_srai_epi64::<FRAC_BITS>(checked);
            let hit = _mm512_mask_cmplt_epu64_mask(inside, _mm512_sub_epi64(col, lo), span);
            if flipped.len() < count_flipped + 8 {
                flipped.resize(2 * flipped.len() + 64, 0);
            }
            let at = _mm512_maskz_compress_epi64(hit, _mm512_add_epi64(at_row, i));
            // SAFETY: eight i64 from `count_flipped` lie inside `flipped`
            // (resized just above); only the first `hit.count_ones()` count.
            unsafe { _mm512_storeu_epi64(flipped.as_mut_ptr().add(count_flipped), at) };
            count_flipped += hit.count_ones() as usize;
            start = _mm512_add_epi64(start, s1);
            check = _mm512_add_epi64(check, c1);
            at_row = _mm512_add_epi64(at_row, row_bits);
        }
        g += 8;
    }
    for &at in &flipped[..count_flipped] {
        // Flipped positions lie inside the output, so are not negative.
        let at = at as usize;
        words[at >> 6] ^= 1u64 << (at & 63);
    }
}

/// `edges::prefix_xor_rows` with one carry-less multiply per word (by all
/// ones: bit i of the product is the XOR of bits 0..=i).
///
/// # Safety
/// The CPU must have PCLMULQDQ and POPCNT ([`super::Avx512::detect`]
/// checks them).
#[target_feature(enable = "pclmulqdq,popcnt")]
pub(crate) unsafe fn prefix_xor_rows_clmul(
    words: &mut [u64],
    per_row: usize,
    tail: u64,
) -> Summary {
    let ones = _mm_set1_epi64x(-1);
    prefix_xor_rows(words, per_row, tail, |w| {
        _mm_cvtsi128_si64(_mm_clmulepi64_si128::<0>(_mm_cvtsi64_si128(w as i64), ones)) as u64
    })
}
