//! The lane group the sweep tests at a time, and its plain lane test.

/// Lanes tested together by the sweep; the columns carry this many padding
/// boxes after the last real one.
pub(super) const LANES: usize = 8;

/// Bit `l` set when candidate `l` starts before `a` ends in x and shares
/// rows with it (`a` is `[x1, y0, y1]`). Written lane by lane with no
/// branch; a coordinate type may test the lanes together instead.
#[inline(always)]
pub(super) fn touching<T: Copy + Ord>(
    x0: &[T; LANES],
    y0: &[T; LANES],
    y1: &[T; LANES],
    a: [T; 3],
) -> u32 {
    let [ax1, ay0, ay1] = a;
    let mut bits = 0u32;
    for l in 0..LANES {
        let hit = (x0[l] < ax1) & (y0[l] < ay1) & (ay0 < y1[l]);
        bits |= u32::from(hit) << l;
    }
    bits
}
