//! `edges::prefix_xor_rows` with AVX2 and POPCNT: the in-word prefixes four
//! words at a time (a shift ladder), then each word's parity carried along
//! its row and the coverage summarised with hardware popcounts.

use crate::collide::edges::prefix_xor_rows;
use crate::mask::Summary;
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
    // The in-word prefixes are done: carry each word's parity along its
    // row, cut the tail, summarise (inlined here, so with POPCNT).
    prefix_xor_rows(words, per_row, tail, |w| w)
}
