//! `edges::prefix_xor_rows` on the 128-bit layer: the in-word prefix XOR
//! (a shift ladder) two words per vector: two rows at a time when rows are
//! one word, else two words of a row, the low word's carry moved into the
//! high one inside the vector.

use crate::collide::kernels::raster as edges;
use crate::cpu::v128::W2;
use crate::mask::summary::{ColumnSummary, Summary, SUMMARY_COLUMNS};

/// Bit i of each lane becomes the XOR of bits 0..=i of that lane.
#[inline(always)]
fn prefix_xor_lanes(mut x: W2) -> W2 {
    x = x.xor(x.shl(1));
    x = x.xor(x.shl(2));
    x = x.xor(x.shl(4));
    x = x.xor(x.shl(8));
    x = x.xor(x.shl(16));
    x.xor(x.shl(32))
}

/// Turns each row's flips into coverage, as the portable
/// `edges::prefix_xor_rows` does (bit i becomes the XOR of bits 0..=i of
/// its row, the last word cut at `tail`), and returns the coverage's
/// summary. Rows wider than the column summary take the portable pass.
pub(crate) fn prefix_xor_rows_v128(words: &mut [u64], per_row: usize, tail: u64) -> Summary {
    if per_row == 0 || per_row > SUMMARY_COLUMNS {
        return edges::prefix_xor_rows(
            words,
            per_row,
            tail,
            edges::prefix_xor,
        );
    }
    let mut summary = ColumnSummary::new(per_row);
    if per_row == 1 {
        let tails = W2::splat(tail);
        let mut pairs = words.chunks_exact_mut(2);
        let mut y = 0u32;
        for pair in &mut pairs {
            // SAFETY: `pair` is two words.
            let v = unsafe { W2::load_ptr(pair.as_ptr()) };
            let v = prefix_xor_lanes(v).and(tails);
            // SAFETY: as above.
            unsafe { v.store_ptr(pair.as_mut_ptr()) };
            summary.add_row(y, &pair[..1]);
            summary.add_row(y + 1, &pair[1..]);
            y += 2;
        }
        if let [last] = pairs.into_remainder() {
            *last = edges::prefix_xor(*last) & tail;
            summary.add_row(y, std::slice::from_ref(last));
        }
        return summary.finish();
    }
    let tails = W2::from_array([u64::MAX, tail]);
    for (y, row) in words.chunks_exact_mut(per_row).enumerate() {
        let mut carry = 0u64;
        let mut pairs = row.chunks_exact_mut(2);
        for pair in &mut pairs {
            // The row's carry enters the low word; the low word's top bit
            // (carry included) then enters the high one.
            // SAFETY: `pair` is two words.
            let v = prefix_xor_lanes(unsafe { W2::load_ptr(pair.as_ptr()) })
                .xor(W2::from_array([carry, 0]));
            let v = v.xor(v.low_sign_to_high());
            // SAFETY: as above.
            unsafe { v.store_ptr(pair.as_mut_ptr()) };
            carry = ((pair[1] as i64) >> 63) as u64;
        }
        match pairs.into_remainder() {
            [last] => {
                *last = (edges::prefix_xor(*last) ^ carry) & tail
            }
            _ => {
                // An even row: its last pair ends with the cut word.
                let end = per_row - 2;
                // SAFETY: `row` holds `per_row ≥ 2` words.
                unsafe {
                    let p = row.as_mut_ptr().add(end);
                    W2::load_ptr(p).and(tails).store_ptr(p);
                }
            }
        }
        summary.add_row(y as u32, row);
    }
    summary.finish()
}

#[cfg(test)]
mod tests {
    use crate::collide::kernels::raster as edges;

    #[test]
    fn v128_prefix_pass_matches_the_portable_one() {
        edges::check_prefix_pass("v128", super::prefix_xor_rows_v128);
    }
}
