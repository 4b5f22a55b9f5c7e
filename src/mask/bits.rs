//! Bit helpers for packed rows (`u64` words, lowest x in the lowest bit).

/// The 64 bits of a packed row (`u64` words, lowest x in the lowest bit)
/// starting at bit `start`; bits past the end of the row read as 0.
#[inline]
pub(crate) fn bits_at(row: &[u64], start: usize) -> u64 {
    let (word, shift) = (start / 64, start % 64);
    let lo = row.get(word).copied().unwrap_or(0) >> shift;
    if shift == 0 {
        lo
    } else {
        lo | row.get(word + 1).copied().unwrap_or(0) << (64 - shift)
    }
}

/// The 64 bits of a packed row from bit `start` on, `start` possibly
/// negative: bits before 0 or past the row's end read as 0.
#[inline]
pub(crate) fn bits_from(row: &[u64], start: i64) -> u64 {
    if start <= -64 {
        0
    } else if start < 0 {
        row.first().copied().unwrap_or(0) << (-start)
    } else {
        bits_at(row, start as usize)
    }
}

/// The lowest `len` bits set (all 64 when `len ≥ 64`).
#[inline(always)]
pub(crate) fn low_bits(len: u32) -> u64 {
    if len >= 64 {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_at_reads_across_words_and_stops_at_the_row_end() {
        let row = [0x8000_0000_0000_0001u64, 0b101];
        assert_eq!(bits_at(&row, 0), row[0]);
        assert_eq!(bits_at(&row, 63), 0b1011);
        assert_eq!(bits_at(&row, 64), 0b101);
        assert_eq!(bits_at(&row, 128), 0);
        assert_eq!(bits_from(&row, -1), row[0] << 1);
        assert_eq!(bits_from(&row, -64), 0);
        assert_eq!(bits_from(&row, 63), 0b1011);
        assert_eq!(low_bits(0), 0);
        assert_eq!(low_bits(3), 0b111);
        assert_eq!(low_bits(64), u64::MAX);
        assert_eq!(low_bits(200), u64::MAX);
    }
}
