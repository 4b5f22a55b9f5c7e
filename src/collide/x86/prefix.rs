//! The edge rasteriser's prefix pass written once over [`Lanes`]: each
//! row's flips turned into coverage (bit i becomes the XOR of bits 0..=i
//! of its row), the last word cut to the output's width, and the summary
//! (box and count) gathered on the way. Rows of one or two words go `N`
//! words per vector (the carry between a row's two words moved within the
//! vector), rows of three to `N` words one per vector (each word's parity
//! carried through a lane mask), wider rows' carries word by word.
//!
//! The in-word prefix is a shift ladder, or on AVX-512 CPUs with
//! VPCLMULQDQ one carry-less multiply by all ones per pair of words.

use super::lanes::{always, Lanes};
use crate::collide::kernels::raster::prefix_xor_rows;
use crate::cpu::{Avx2, Avx512};
use crate::mask::summary::{ColumnSummary, Summary, SUMMARY_COLUMNS};

/// Bit i of each lane becomes the XOR of its bits 0..=i (`CLMUL`: by
/// [`Lanes::clmul_prefix`]).
#[inline(always)]
unsafe fn in_words<L: Lanes, const CLMUL: bool>(mut x: L::V) -> L::V {
    if CLMUL {
        return L::clmul_prefix(x);
    }
    for s in [1, 2, 4, 8, 16, 32] {
        x = L::xor(x, L::shl_by(x, s));
    }
    x
}

/// `edges::prefix_xor_rows` (with `edges::prefix_xor` in each word).
///
/// # Safety
/// Inlined into a function with `L`'s features (and VPCLMULQDQ when
/// `CLMUL`).
#[inline(always)]
unsafe fn prefix<L: Lanes, const CLMUL: bool>(
    words: &mut [u64],
    per_row: usize,
    tail: u64,
) -> Summary {
    let per_row = per_row.max(1);
    let n = words.len() - words.len() % per_row;
    let words = &mut words[..n];
    if per_row <= 2 {
        return narrow::<L, CLMUL>(words, per_row, tail);
    }
    if per_row <= L::N {
        return wide::<L, CLMUL>(words, per_row, tail);
    }
    for chunk in words.chunks_mut(L::N) {
        let p = chunk.as_mut_ptr();
        L::store_n(
            p,
            chunk.len(),
            in_words::<L, CLMUL>(L::load_n(p, chunk.len())),
        );
    }
    if per_row > SUMMARY_COLUMNS {
        // The in-word prefixes are done: carry each word's parity along
        // its row, cut the tail, summarise.
        return prefix_xor_rows(words, per_row, tail, |w| w);
    }
    // Rows of up to 32 words: carries, then the column summary (no branch
    // per word).
    let mut summary = ColumnSummary::new(per_row);
    for (y, row) in words.chunks_exact_mut(per_row).enumerate() {
        let mut carry = 0u64;
        for w in row.iter_mut() {
            let x = *w ^ carry;
            carry = ((x as i64) >> 63) as u64;
            *w = x;
        }
        if let Some(last) = row.last_mut() {
            *last &= tail;
        }
        summary.add_row(y as u32, row);
    }
    summary.finish()
}

/// Rows of one or two words, `N` words per step (masked at the end).
#[inline(always)]
unsafe fn narrow<L: Lanes, const CLMUL: bool>(
    words: &mut [u64],
    per_row: usize,
    tail: u64,
) -> Summary {
    // The last word of each row is cut at `tail`: every lane for one-word
    // rows, the odd lanes for two-word rows.
    let t = tail as i64;
    let odd = L::mask_of(0xaa);
    let cut = if per_row == 1 {
        L::splat(t)
    } else {
        L::select(odd, L::splat(-1), L::splat(t))
    };
    let (mut union, mut counts) = (L::zero(), L::zero());
    for chunk in words.chunks_mut(L::N) {
        let (p, k) = (chunk.as_mut_ptr(), chunk.len());
        let mut x = in_words::<L, CLMUL>(L::load_n(p, k));
        if per_row == 2 {
            // The first word's parity (its top bit now) carries into the
            // second: each even lane's sign into the odd lane above.
            let sign = L::keep(L::gt(L::zero(), x), L::splat(-1));
            x = L::xor(x, L::up_in_pairs(sign));
        }
        x = L::and(x, cut);
        union = L::or(union, x);
        counts = L::add(counts, L::popcnt(x));
        L::store_n(p, k, x);
    }
    let first = words.iter().position(|&w| w != 0);
    let last = words.iter().rposition(|&w| w != 0);
    let (Some(first), Some(last)) = (first, last) else {
        return Summary::default();
    };
    let rows = ((first / per_row) as u32, (last / per_row) as u32 + 1);
    let mut lanes = [0u64; 8];
    L::store(lanes.as_mut_ptr(), union);
    let mut columns = [0u64; 2];
    for (i, &w) in lanes[..L::N].iter().enumerate() {
        columns[i % per_row] |= w;
    }
    Summary::of_columns(&columns[..per_row], rows, L::sum(counts))
}

/// Rows of three to `N` words, one per vector: each word's parity carried
/// into the words after it through a lane mask.
#[inline(always)]
unsafe fn wide<L: Lanes, const CLMUL: bool>(
    words: &mut [u64],
    per_row: usize,
    tail: u64,
) -> Summary {
    let lanes = (1u32 << per_row) - 1;
    let all = L::splat(-1);
    let cut = L::select(L::mask_of(1 << (per_row - 1)), all, L::splat(tail as i64));
    let (mut union, mut counts) = (L::zero(), L::zero());
    let (mut first, mut end) = (u32::MAX, 0u32);
    // Rows go in blocks, each block loaded before the one before it is
    // stored: a masked load sharing a 64-byte window with a masked store
    // still in flight would wait for that store to retire.
    const BLOCK: usize = 4;
    let rows = words.len() / per_row;
    let base = words.as_mut_ptr();
    let load = always(
        #[inline(always)]
        |b: usize| {
            let mut block = [L::zero(); BLOCK];
            for (r, x) in block.iter_mut().enumerate() {
                let y = b * BLOCK + r;
                if y < rows {
                    *x = L::load_n(base.add(y * per_row), per_row);
                }
            }
            block
        },
    );
    let blocks = rows.div_ceil(BLOCK);
    let mut block = load(0);
    for b in 0..blocks {
        let next = if b + 1 < blocks { load(b + 1) } else { block };
        for (r, x) in block.iter().enumerate() {
            let y = b * BLOCK + r;
            if y >= rows {
                break;
            }
            let w = in_words::<L, CLMUL>(*x);
            // Word k's parity is its top bit now; word k is inverted when
            // the words before it have odd parity (an exclusive prefix XOR
            // of the parity bits).
            let mut parity = L::signs(w);
            parity ^= parity << 1;
            parity ^= parity << 2;
            parity ^= parity << 4;
            let carry = (parity << 1) & lanes;
            let x = L::and(L::xor_where(L::mask_of(carry), w, all), cut);
            L::store_n(base.add(y * per_row), per_row, x);
            union = L::or(union, x);
            counts = L::add(counts, L::popcnt(x));
            if !L::is_zero(x) {
                first = first.min(y as u32);
                end = y as u32 + 1;
            }
        }
        block = next;
    }
    let count = L::sum(counts);
    if count == 0 {
        return Summary::default();
    }
    let mut columns = [0u64; 8];
    L::store(columns.as_mut_ptr(), union);
    Summary::of_columns(&columns[..per_row], (first, end), count)
}

/// [`prefix`] with AVX2 and POPCNT.
///
/// # Safety
/// The CPU has AVX2 and POPCNT.
#[target_feature(enable = "avx2,popcnt,bmi1,lzcnt")]
pub(super) unsafe fn prefix_xor_rows_avx2(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    prefix::<Avx2, false>(words, per_row, tail)
}

/// [`prefix`] with AVX-512, carry-less where the CPU has VPCLMULQDQ.
///
/// # Safety
/// The CPU has AVX-512F, BW, DQ and VPOPCNTDQ.
pub(super) unsafe fn prefix_xor_rows_avx512(
    words: &mut [u64],
    per_row: usize,
    tail: u64,
) -> Summary {
    if crate::cpu::vpclmulqdq() {
        prefix_clmul(words, per_row, tail)
    } else {
        prefix_ladder(words, per_row, tail)
    }
}

#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,popcnt,vpclmulqdq")]
unsafe fn prefix_clmul(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    prefix::<Avx512, true>(words, per_row, tail)
}

#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vpopcntdq,popcnt")]
unsafe fn prefix_ladder(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    prefix::<Avx512, false>(words, per_row, tail)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::kernels::raster::check_prefix_pass;

    /// Every x86 prefix pass (AVX2; AVX-512 carry-less and ladder) gives
    /// the portable pass's words and summary.
    #[test]
    fn prefix_passes_match_portable() {
        if Avx2::detect().is_some() {
            // SAFETY: checked just above.
            check_prefix_pass("avx2", |w, n, t| unsafe { prefix_xor_rows_avx2(w, n, t) });
        }
        if Avx512::detect().is_none() {
            return;
        }
        // SAFETY: checked just above.
        check_prefix_pass("ladder", |w, n, t| unsafe { prefix_ladder(w, n, t) });
        if crate::cpu::vpclmulqdq() {
            // SAFETY: and VPCLMULQDQ for the carry-less pass.
            check_prefix_pass("clmul", |w, n, t| unsafe { prefix_clmul(w, n, t) });
        }
    }
}
