//! The sweep's lane test on x86-64 with SSE2 (part of every x86-64 CPU, so
//! no runtime detection): four `i32` lanes per compare, two halves.

use std::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_castsi128_ps, _mm_cmpgt_epi32, _mm_cmplt_epi32, _mm_loadu_si128,
    _mm_movemask_ps, _mm_set1_epi32,
};

use crate::collide::broadphase::lanes::LANES;

/// As [`crate::collide::broadphase::lanes::touching`] for `i32` columns (property tested
/// against it).
#[inline(always)]
pub(in crate::collide::broadphase) fn touching(
    x0: &[i32; LANES],
    y0: &[i32; LANES],
    y1: &[i32; LANES],
    a: [i32; 3],
) -> u32 {
    // SAFETY: SSE2 is enabled on every x86-64 target, and `load4` reads
    // only inside the lane groups.
    unsafe {
        let (ax1, ay0, ay1) = (
            _mm_set1_epi32(a[0]),
            _mm_set1_epi32(a[1]),
            _mm_set1_epi32(a[2]),
        );
        let half = |at: usize| {
            let [x0, y0, y1] = [x0, y0, y1].map(|c| load4(c, at));
            let starts_before = _mm_cmplt_epi32(x0, ax1);
            let rows_meet = _mm_and_si128(_mm_cmplt_epi32(y0, ay1), _mm_cmpgt_epi32(y1, ay0));
            _mm_movemask_ps(_mm_castsi128_ps(_mm_and_si128(starts_before, rows_meet))) as u32
        };
        half(0) | (half(4) << 4)
    }
}

/// Lanes `at..at + 4` of a lane group.
///
/// # Safety
/// Needs SSE2 (every x86-64 CPU has it).
#[inline(always)]
unsafe fn load4(lanes: &[i32; LANES], at: usize) -> __m128i {
    let four: &[i32; 4] = lanes[at..at + 4]
        .try_into()
        .expect("a half lane group is 4 long");
    // SAFETY: `four` is 16 readable bytes; the load is unaligned.
    unsafe { _mm_loadu_si128(four.as_ptr().cast()) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collide::broadphase::lanes;
    use proptest::prelude::*;

    fn value() -> impl Strategy<Value = i32> {
        prop_oneof![
            -8i32..8,
            Just(i32::MIN),
            Just(i32::MAX),
            Just(i32::MIN + 1),
            Just(i32::MAX - 1),
            any::<i32>(),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5000))]

        #[test]
        fn sse2_lanes_equal_the_portable_lanes(
            x0 in prop::array::uniform8(value()),
            y0 in prop::array::uniform8(value()),
            y1 in prop::array::uniform8(value()),
            a in prop::array::uniform3(value()),
        ) {
            prop_assert_eq!(touching(&x0, &y0, &y1, a), lanes::touching(&x0, &y0, &y1, a));
        }
    }
}
