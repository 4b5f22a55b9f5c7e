//! The AVX-512 prefix pass of the edge rasteriser: each row's flips turned
//! into coverage (bit i becomes the XOR of bits 0..=i of its row), the
//! last word cut to the output's width, and the summary (box and count)
//! gathered on the way.

use crate::collide::kernels::raster::prefix_xor_rows;
use crate::mask::Summary;
use std::arch::x86_64::*;

/// `edges::prefix_xor_rows` with AVX-512. The in-word prefix is one
/// carry-less multiply by all ones per pair of words where the CPU has
/// VPCLMULQDQ, else a shift ladder.
///
/// # Safety
/// The CPU must have AVX-512F, DQ and VPOPCNTDQ ([`crate::collide::x86::Avx512::detect`]).
pub(crate) unsafe fn prefix_xor_rows_avx512(
    words: &mut [u64],
    per_row: usize,
    tail: u64,
) -> Summary {
    // SAFETY: the caller vouches for AVX-512F, DQ and VPOPCNTDQ; the
    // carry-less version runs only where VPCLMULQDQ was detected.
    unsafe {
        if crate::cpu::vpclmulqdq() {
            prefix_clmul(words, per_row, tail)
        } else {
            prefix_ladder(words, per_row, tail)
        }
    }
}

#[target_feature(enable = "avx512f,avx512dq,avx512vpopcntdq,popcnt,vpclmulqdq")]
unsafe fn prefix_clmul(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    // SAFETY: the features `rows` needs are enabled here.
    unsafe { rows::<true>(words, per_row, tail) }
}

#[target_feature(enable = "avx512f,avx512dq,avx512vpopcntdq,popcnt")]
unsafe fn prefix_ladder(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    // SAFETY: the features `rows` needs (without VPCLMULQDQ) are enabled here.
    unsafe { rows::<false>(words, per_row, tail) }
}

/// The in-word prefix XOR of each lane of `x`: bit i becomes the XOR of
/// bits 0..=i.
///
/// # Safety
/// Inlined into a function with AVX-512F (and VPCLMULQDQ when `CLMUL`).
#[inline(always)]
unsafe fn in_words<const CLMUL: bool>(x: __m512i) -> __m512i {
    // SAFETY: the caller has the features.
    unsafe {
        if CLMUL {
            // Bit i of x·(all ones), carry-less, is the XOR of bits 0..=i:
            // the even lanes' products, then the odd lanes', low halves
            // interleaved back.
            let ones = _mm512_set1_epi64(-1);
            let even = _mm512_clmulepi64_epi128::<0x00>(x, ones);
            let odd = _mm512_clmulepi64_epi128::<0x01>(x, ones);
            _mm512_unpacklo_epi64(even, odd)
        } else {
            let mut x = x;
            x = _mm512_xor_si512(x, _mm512_slli_epi64::<1>(x));
            x = _mm512_xor_si512(x, _mm512_slli_epi64::<2>(x));
            x = _mm512_xor_si512(x, _mm512_slli_epi64::<4>(x));
            x = _mm512_xor_si512(x, _mm512_slli_epi64::<8>(x));
            x = _mm512_xor_si512(x, _mm512_slli_epi64::<16>(x));
            _mm512_xor_si512(x, _mm512_slli_epi64::<32>(x))
        }
    }
}

/// Rows of one or two words eight words at a time (the carry between a
/// row's two words moved within the vector); rows of three to eight words
/// one per vector; wider rows' carries word by word.
///
/// # Safety
/// AVX-512F, DQ, VPOPCNTDQ and POPCNT (and VPCLMULQDQ when `CLMUL`).
#[inline(always)]
unsafe fn rows<const CLMUL: bool>(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    let per_row = per_row.max(1);
    // SAFETY: the caller has the features.
    unsafe {
        match per_row {
            1 | 2 => narrow::<CLMUL>(words, per_row, tail),
            3..=8 => wide::<CLMUL>(words, per_row, tail),
            _ => {
                for chunk in words.chunks_mut(8) {
                    let m: __mmask8 = ((1u16 << chunk.len()) - 1) as u8;
                    let p = chunk.as_mut_ptr().cast::<i64>();
                    let x = in_words::<CLMUL>(_mm512_maskz_loadu_epi64(m, p));
                    _mm512_mask_storeu_epi64(p, m, x);
                }
                // The in-word prefixes are done: carry each word's parity
                // along its row, cut the tail, summarise.
                prefix_xor_rows(words, per_row, tail, |w| w)
            }
        }
    }
}

/// Rows of one or two words, eight words per step.
///
/// # Safety
/// As [`rows`].
#[inline(always)]
unsafe fn narrow<const CLMUL: bool>(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    let n = words.len() - words.len() % per_row;
    // SAFETY (whole body): the caller has the features; only lanes in `m`
    // are read and written, all below `n`.
    unsafe {
        // The last word of each row is cut at `tail`: every lane for
        // one-word rows, the odd lanes for two-word rows.
        let t = tail as i64;
        let cut = if per_row == 1 {
            _mm512_set1_epi64(t)
        } else {
            _mm512_set_epi64(t, -1, t, -1, t, -1, t, -1)
        };
        let (mut union, mut counts) = (_mm512_setzero_si512(), _mm512_setzero_si512());
        let mut i = 0;
        while i < n {
            let m: __mmask8 = if n - i >= 8 {
                0xff
            } else {
                (1u8 << (n - i)) - 1
            };
            let p = words.as_mut_ptr().add(i).cast::<i64>();
            let mut x = in_words::<CLMUL>(_mm512_maskz_loadu_epi64(m, p));
            if per_row == 2 {
                // The first word's parity (its top bit now) carries into
                // the second: each even lane's sign into the odd lane above.
                let sign = _mm512_srai_epi64::<63>(x);
                x = _mm512_xor_si512(x, _mm512_maskz_unpacklo_epi64(0xaa, sign, sign));
            }
            x = _mm512_and_si512(x, cut);
            union = _mm512_or_si512(union, x);
            counts = _mm512_add_epi64(counts, _mm512_popcnt_epi64(x));
            _mm512_mask_storeu_epi64(p, m, x);
            i += 8;
        }
        let words = &words[..n];
        let count = _mm512_reduce_add_epi64(counts) as u64;
        let first = words.iter().position(|&w| w != 0);
        let last = words.iter().rposition(|&w| w != 0);
        let (Some(first), Some(last)) = (first, last) else {
            return Summary::default();
        };
        let rows = ((first / per_row) as u32, (last / per_row) as u32 + 1);
        let mut lanes = [0u64; 8];
        _mm512_storeu_epi64(lanes.as_mut_ptr().cast(), union);
        let columns = if per_row == 1 {
            [lanes.iter().fold(0, |a, &w| a | w), 0]
        } else {
            [
                lanes[0] | lanes[2] | lanes[4] | lanes[6],
                lanes[1] | lanes[3] | lanes[5] | lanes[7],
            ]
        };
        Summary::of_columns(&columns[..per_row], rows, count)
    }
}

/// Rows of three to eight words, one per vector: each word's parity
/// carried into the words after it through a mask register.
///
/// # Safety
/// As [`rows`].
#[inline(always)]
unsafe fn wide<const CLMUL: bool>(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    // SAFETY (whole body): the caller has the features; each row's
    // `per_row` lanes are read and written.
    unsafe {
        let lanes: __mmask8 = ((1u16 << per_row) - 1) as u8;
        let last: __mmask8 = 1 << (per_row - 1);
        let cut =
            _mm512_mask_blend_epi64(last, _mm512_set1_epi64(-1), _mm512_set1_epi64(tail as i64));
        let all = _mm512_set1_epi64(-1);
        let (mut union, mut counts) = (_mm512_setzero_si512(), _mm512_setzero_si512());
        let (mut first, mut end) = (u32::MAX, 0u32);
        // Rows go in blocks, each block loaded before the one before it is
        // stored: a masked load sharing a 64-byte window with a masked
        // store still in flight would wait for that store to retire.
        const BLOCK: usize = 4;
        let rows = words.len() / per_row;
        let base = words.as_mut_ptr().cast::<i64>();
        let load = |b: usize| {
            let mut block = [_mm512_setzero_si512(); BLOCK];
            for (r, x) in block.iter_mut().enumerate() {
                let y = b * BLOCK + r;
                if y < rows {
                    *x = _mm512_maskz_loadu_epi64(lanes, base.add(y * per_row));
                }
            }
            block
        };
        let blocks = rows.div_ceil(BLOCK);
        let mut block = load(0);
        for b in 0..blocks {
            let next = if b + 1 < blocks { load(b + 1) } else { block };
            for (r, x) in block.iter().enumerate() {
                let y = b * BLOCK + r;
                if y >= rows {
                    break;
                }
                let w = in_words::<CLMUL>(*x);
                // Word k's parity is its top bit now; word k is inverted
                // when the words before it have odd parity (an exclusive
                // prefix XOR of the parity bits).
                let mut parity = u32::from(_mm512_movepi64_mask(w));
                parity ^= parity << 1;
                parity ^= parity << 2;
                parity ^= parity << 4;
                let carry = (parity << 1) as u8 & lanes;
                let x = _mm512_and_si512(_mm512_mask_xor_epi64(w, carry, w, all), cut);
                _mm512_mask_storeu_epi64(base.add(y * per_row), lanes, x);
                union = _mm512_or_si512(union, x);
                counts = _mm512_add_epi64(counts, _mm512_popcnt_epi64(x));
                if _mm512_test_epi64_mask(x, x) != 0 {
                    first = first.min(y as u32);
                    end = y as u32 + 1;
                }
            }
            block = next;
        }
        let count = _mm512_reduce_add_epi64(counts) as u64;
        if count == 0 {
            return Summary::default();
        }
        let mut columns = [0u64; 8];
        _mm512_storeu_epi64(columns.as_mut_ptr().cast(), union);
        Summary::of_columns(&columns[..per_row], (first, end), count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::kernels::raster::check_prefix_pass;

    /// Every AVX-512 prefix pass (carry-less and ladder) gives the portable
    /// pass's words and summary.
    #[test]
    fn avx512_prefix_matches_portable() {
        if crate::collide::x86::Avx512::detect().is_none() {
            return;
        }
        // SAFETY: checked above that the CPU has AVX-512.
        check_prefix_pass("ladder", |w, n, t| unsafe { prefix_ladder(w, n, t) });
        if crate::cpu::vpclmulqdq() {
            // SAFETY: and VPCLMULQDQ for the carry-less pass.
            check_prefix_pass("clmul", |w, n, t| unsafe { prefix_clmul(w, n, t) });
        }
    }
}
