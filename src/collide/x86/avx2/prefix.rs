//! `edges::prefix_xor_rows` with AVX2 and POPCNT: the in-word prefixes four
//! words at a time (a shift ladder); rows of one or two words then carry,
//! cut and summarise four words per vector, wider rows carry each word's
//! parity along the row and summarise without a branch per word.

use crate::collide::kernels::raster::prefix_xor_rows;
use crate::mask::summary::{ColumnSummary, Summary, SUMMARY_COLUMNS};
use std::arch::x86_64::*;

/// `edges::prefix_xor_rows` (with `edges::prefix_xor` in each word).
///
/// # Safety
/// The CPU must have AVX2 and POPCNT ([`crate::collide::x86::Avx2::detect`]).
#[target_feature(enable = "avx2,popcnt,bmi1,lzcnt")]
pub(crate) unsafe fn prefix_xor_rows_avx2(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    let per_row = per_row.max(1);
    let n = words.len() - words.len() % per_row;
    let words = &mut words[..n];
    if per_row <= 2 {
        return narrow(words, per_row, tail);
    }
    let mut chunks = words.chunks_exact_mut(4);
    for chunk in &mut chunks {
        let p = chunk.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `chunk` holds four words.
        let x = in_words(unsafe { _mm256_loadu_si256(p) });
        // SAFETY: as the load.
        unsafe { _mm256_storeu_si256(p, x) };
    }
    for w in chunks.into_remainder() {
        *w = in_word(*w);
    }
    if per_row > SUMMARY_COLUMNS {
        // The in-word prefixes are done: carry each word's parity along
        // its row, cut the tail, summarise (inlined here, so with POPCNT).
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

/// Bit i of each lane becomes the XOR of its bits 0..=i.
#[target_feature(enable = "avx2")]
#[inline]
fn in_words(mut x: __m256i) -> __m256i {
    x = _mm256_xor_si256(x, _mm256_slli_epi64::<1>(x));
    x = _mm256_xor_si256(x, _mm256_slli_epi64::<2>(x));
    x = _mm256_xor_si256(x, _mm256_slli_epi64::<4>(x));
    x = _mm256_xor_si256(x, _mm256_slli_epi64::<8>(x));
    x = _mm256_xor_si256(x, _mm256_slli_epi64::<16>(x));
    _mm256_xor_si256(x, _mm256_slli_epi64::<32>(x))
}

/// [`in_words`] for one word.
#[inline(always)]
fn in_word(mut x: u64) -> u64 {
    for s in [1, 2, 4, 8, 16, 32] {
        x ^= x << s;
    }
    x
}

/// Rows of one or two words (`words.len()` a multiple of `per_row`), four
/// words per vector: the in-word prefix, the carry from a row's first word
/// into its second (moved within each 128-bit half), the tail cut, and the
/// summary's union, counts (nibble tables) and non-empty rows.
#[target_feature(enable = "avx2,popcnt,bmi1,lzcnt")]
fn narrow(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    let two = per_row == 2;
    let t = tail as i64;
    let cut = if two {
        _mm256_setr_epi64x(-1, t, -1, t)
    } else {
        _mm256_set1_epi64x(t)
    };
    let zero = _mm256_setzero_si256();
    let nibble = _mm256_set1_epi8(0x0f);
    let ones_of = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let (mut union, mut counts) = (zero, zero);
    // Rows of four-word chunks with a set bit: bit k for the chunk's row k
    // (four rows of one word, or two rows of two).
    let (mut first, mut end) = (u32::MAX, 0u32);
    let rows_per_chunk = 4 / per_row;
    let mut chunks = words.chunks_exact_mut(4);
    for (c, chunk) in (&mut chunks).enumerate() {
        let p = chunk.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `chunk` holds four words.
        let mut x = in_words(unsafe { _mm256_loadu_si256(p) });
        if two {
            // A row's first word's parity (all ones when odd) flips its
            // second word: lanes 0 and 2 moved up to lanes 1 and 3.
            let odd = _mm256_cmpgt_epi64(zero, x);
            x = _mm256_xor_si256(x, _mm256_slli_si256::<8>(odd));
        }
        x = _mm256_and_si256(x, cut);
        // SAFETY: as the load.
        unsafe { _mm256_storeu_si256(p, x) };
        union = _mm256_or_si256(union, x);
        let lo = _mm256_shuffle_epi8(ones_of, _mm256_and_si256(x, nibble));
        let hi = _mm256_shuffle_epi8(ones_of, _mm256_and_si256(_mm256_srli_epi16::<4>(x), nibble));
        counts = _mm256_add_epi64(counts, _mm256_sad_epu8(_mm256_add_epi8(lo, hi), zero));
        let empty = _mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(x, zero))) as u32;
        let set = !empty & 0xf;
        let rows = if two {
            u32::from(set & 0b0011 != 0) | u32::from(set & 0b1100 != 0) << 1
        } else {
            set
        };
        if rows != 0 {
            let base = (c * rows_per_chunk) as u32;
            first = first.min(base + rows.trailing_zeros());
            end = base + 32 - rows.leading_zeros();
        }
    }
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` holds four u64.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), counts) };
    let mut count: u64 = lanes.iter().sum();
    // SAFETY: as above.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), union) };
    let mut columns = if two {
        [lanes[0] | lanes[2], lanes[1] | lanes[3]]
    } else {
        [lanes.iter().fold(0, |a, &w| a | w), 0]
    };
    // The last rows (fewer than four words) one row at a time.
    let done = words.len() / 4 * 4;
    for (k, row) in words[done..].chunks_exact_mut(per_row).enumerate() {
        let mut carry = 0u64;
        for w in row.iter_mut() {
            let x = in_word(*w) ^ carry;
            carry = ((x as i64) >> 63) as u64;
            *w = x;
        }
        if let Some(last) = row.last_mut() {
            *last &= tail;
        }
        let mut any = 0;
        for (col, &w) in columns.iter_mut().zip(row.iter()) {
            *col |= w;
            any |= w;
            count += u64::from(w.count_ones());
        }
        if any != 0 {
            let y = (done / per_row + k) as u32;
            first = first.min(y);
            end = y + 1;
        }
    }
    Summary::of_columns(&columns[..per_row], (first, end), count)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::kernels::raster::check_prefix_pass;

    /// The AVX2 prefix pass gives the portable pass's words and summary.
    #[test]
    fn avx2_prefix_matches_portable() {
        if crate::collide::x86::Avx2::detect().is_none() {
            return;
        }
        // SAFETY: checked above that the CPU has AVX2 (and POPCNT).
        check_prefix_pass("avx2", |w, n, t| unsafe { prefix_xor_rows_avx2(w, n, t) });
    }
}
