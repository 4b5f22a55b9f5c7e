//! `edges::prefix_xor_rows` with AVX2 and POPCNT: the in-word prefixes four
//! words at a time (a shift ladder), then each word's parity carried along
//! its row and the coverage summarised with hardware popcounts, without a
//! branch per word.

use crate::collide::edges::prefix_xor_rows;
use crate::mask::{Summary, SUMMARY_COLUMNS};
use std::arch::x86_64::*;

/// `edges::prefix_xor_rows` (with `edges::prefix_xor` in each word).
///
/// # Safety
/// The CPU must have AVX2 and POPCNT ([`super::Avx2::detect`]).
#[target_feature(enable = "avx2,popcnt,bmi1,lzcnt")]
pub(crate) unsafe fn prefix_xor_rows_avx2(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    let mut chunks = words.chunks_exact_mut(4);
    for chunk in &mut chunks {
        let p = chunk.as_mut_ptr().cast::<__m256i>();
        // SAFETY: `chunk` holds four words.
        let mut x = unsafe { _mm256_loadu_si256(p) };
        x = _mm256_xor_si256(x, _mm256_slli_epi64::<1>(x));
        x = _mm256_xor_si256(x, _mm256_slli_epi64::<2>(x));
        x = _mm256_xor_si256(x, _mm256_slli_epi64::<4>(x));
        x = _mm256_xor_si256(x, _mm256_slli_epi64::<8>(x));
        x = _mm256_xor_si256(x, _mm256_slli_epi64::<16>(x));
        x = _mm256_xor_si256(x, _mm256_slli_epi64::<32>(x));
        // SAFETY: as the load.
        unsafe { _mm256_storeu_si256(p, x) };
    }
    for w in chunks.into_remainder() {
        let mut x = *w;
        for s in [1, 2, 4, 8, 16, 32] {
            x ^= x << s;
        }
        *w = x;
    }
    let per_row = per_row.max(1);
    if per_row > SUMMARY_COLUMNS {
        // The in-word prefixes are done: carry each word's parity along
        // its row, cut the tail, summarise (inlined here, so with POPCNT).
        return prefix_xor_rows(words, per_row, tail, |w| w);
    }
    // Rows of up to 32 words: carries, then the summary without a branch
    // per word (every row ORed into one row of columns, a popcount per
    // word, the first and last non-empty rows).
    let mut columns = [0u64; SUMMARY_COLUMNS];
    let columns = &mut columns[..per_row];
    let (mut count, mut first, mut end) = (0u64, u32::MAX, 0u32);
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
        let mut any = 0u64;
        for (c, &w) in columns.iter_mut().zip(row.iter()) {
            *c |= w;
            any |= w;
            count += u64::from(w.count_ones());
        }
        if any != 0 {
            first = first.min(y as u32);
            end = y as u32 + 1;
        }
    }
    Summary::of_columns(columns, (first, end), count)
}
