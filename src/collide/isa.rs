//! The instruction set a query runs with, chosen once per query: portable
//! code, or on x86-64 CPUs with AVX2 explicit vector kernels. Both give the
//! same bits (unit and property tested).

use super::gather::{MapGather, PlainWalker, Walker};

/// Kernels the scanners need from an instruction set.
pub(crate) trait Isa: Copy {
    /// Walks one posed sprite along rows.
    type Walker<'a>: Walker;

    /// A walker over `g` with steps `(du, dv)` per sample
    /// (`|du|, |dv| ≤ MAX_STEP`).
    fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> Self::Walker<'_>;

    /// OR of [`Rows::and`] over the block's rows.
    fn and_any(self, rows: &Rows) -> u64;
}

/// Portable scalar code.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plain;

impl Isa for Plain {
    type Walker<'a> = PlainWalker<'a>;

    #[inline(always)]
    fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> PlainWalker<'_> {
        PlainWalker::new(g, du, dv)
    }

    #[inline(always)]
    fn and_any(self, rows: &Rows) -> u64 {
        rows.and_any_scalar()
    }
}

/// A block of rows of two unposed masks for [`Isa::and_any`]: row `r`
/// pairs A's words `a[a_start + r·a_stride ..][..width]` with B's words
/// `b[lo + r·b_stride ..]` and `b[lo + hi_offset + r·b_stride ..]`.
pub(crate) struct Rows<'a> {
    /// A's packed words.
    pub a: &'a [u64],
    /// B's packed words.
    pub b: &'a [u64],
    /// A's first word.
    pub a_start: usize,
    /// B's word holding the low bits for A's first word.
    pub b_start: usize,
    /// 1 when B's bits straddle two words (shift > 0), else 0.
    pub hi_offset: usize,
    /// Words from one row to the next, in A and in B.
    pub a_stride: usize,
    pub b_stride: usize,
    /// Rows in the block.
    pub rows: usize,
    /// Words per row; `mask` holds one mask per word.
    pub width: usize,
    pub mask: &'a [u64],
    /// B's bits start `shift` bits into its low word.
    pub shift: u32,
}

impl Rows<'_> {
    /// Whether every word the block reads lies inside `a`, `b` and `mask`.
    pub fn in_bounds(&self) -> bool {
        if self.rows == 0 || self.width == 0 {
            return true;
        }
        let last = self.rows - 1;
        let a_end = last
            .checked_mul(self.a_stride)
            .and_then(|o| o.checked_add(self.a_start + self.width));
        let b_end = last
            .checked_mul(self.b_stride)
            .and_then(|o| o.checked_add(self.b_start + self.hi_offset + self.width));
        a_end.is_some_and(|e| e <= self.a.len())
            && b_end.is_some_and(|e| e <= self.b.len())
            && self.mask.len() >= self.width
            && self.shift < 64
    }

    /// A's masked word `j` of row `r` ANDed with B's bits at its columns.
    #[inline(always)]
    pub fn and(&self, r: usize, j: usize) -> u64 {
        let get = |w: &[u64], i: usize| w.get(i).copied().unwrap_or(0);
        let a = get(self.a, self.a_start + r * self.a_stride + j);
        let lo = self.b_start + r * self.b_stride + j;
        let b = if self.shift == 0 {
            get(self.b, lo)
        } else {
            get(self.b, lo) >> self.shift | get(self.b, lo + self.hi_offset) << (64 - self.shift)
        };
        a & self.mask.get(j).copied().unwrap_or(0) & b
    }

    /// The portable [`Isa::and_any`].
    #[inline(always)]
    fn and_any_scalar(&self) -> u64 {
        let mut acc = 0;
        for r in 0..self.rows {
            for j in 0..self.width {
                acc |= self.and(r, j);
            }
        }
        acc
    }
}

#[cfg(target_arch = "x86_64")]
pub(crate) use x86::Avx2;

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::{Isa, Rows};
    use crate::collide::gather::{Avx2Walker, MapGather};
    use std::arch::x86_64::*;

    /// Proof that the CPU runs AVX2 (only [`Avx2::detect`] makes one).
    #[derive(Clone, Copy, Debug)]
    pub(crate) struct Avx2 {
        _detected: (),
    }

    impl Avx2 {
        /// `Some` when the CPU has AVX2, BMI1/2, POPCNT and LZCNT.
        pub fn detect() -> Option<Self> {
            let ok = is_x86_feature_detected!("avx2")
                && is_x86_feature_detected!("bmi1")
                && is_x86_feature_detected!("bmi2")
                && is_x86_feature_detected!("popcnt")
                && is_x86_feature_detected!("lzcnt");
            ok.then_some(Avx2 { _detected: () })
        }
    }

    impl Isa for Avx2 {
        type Walker<'a> = Avx2Walker<'a>;

        #[inline(always)]
        fn walker(self, g: MapGather<'_>, du: i64, dv: i64) -> Avx2Walker<'_> {
            Avx2Walker::new(self, g, du, dv)
        }

        #[inline(always)]
        fn and_any(self, rows: &Rows) -> u64 {
            if !rows.in_bounds() {
                return rows.and_any_scalar();
            }
            // SAFETY: an `Avx2` value exists only once the CPU features were
            // detected, and `in_bounds` checked every index the kernel reads.
            unsafe { and_any_avx2(rows) }
        }
    }

    /// Four words per step, ORed over all rows before one reduction; vector
    /// shifts by 64 give 0, so shift 0 needs no special case.
    ///
    /// # Safety
    /// The CPU runs AVX2 and `rows.in_bounds()` holds.
    #[target_feature(enable = "avx2")]
    #[inline]
    unsafe fn and_any_avx2(rows: &Rows) -> u64 {
        let right = _mm_cvtsi32_si128(rows.shift as i32);
        let left = _mm_cvtsi32_si128(64 - rows.shift as i32);
        let whole = rows.width / 4 * 4;
        // Lanes of the last, partial group of four words.
        let rest = (rows.width - whole) as i64;
        let tail = _mm256_cmpgt_epi64(_mm256_set1_epi64x(rest), _mm256_setr_epi64x(0, 1, 2, 3));
        let m = rows.mask.as_ptr();
        let mut acc = _mm256_setzero_si256();
        for r in 0..rows.rows {
            // SAFETY (all loads): `in_bounds` covers every row's `width` words
            // of A, of B (plus `hi_offset`) and of the masks; the last group
            // loads only its lanes below `width`.
            let a = rows
                .a
                .as_ptr()
                .add(rows.a_start + r * rows.a_stride)
                .cast::<i64>();
            let lo = rows
                .b
                .as_ptr()
                .add(rows.b_start + r * rows.b_stride)
                .cast::<i64>();
            let hi = lo.add(rows.hi_offset);
            let mut j = 0;
            while j < whole {
                let av = _mm256_loadu_si256(a.add(j).cast());
                let mv = _mm256_loadu_si256(m.add(j).cast());
                let lv = _mm256_loadu_si256(lo.add(j).cast());
                let hv = _mm256_loadu_si256(hi.add(j).cast());
                let b = _mm256_or_si256(_mm256_srl_epi64(lv, right), _mm256_sll_epi64(hv, left));
                acc = _mm256_or_si256(acc, _mm256_and_si256(_mm256_and_si256(av, mv), b));
                j += 4;
            }
            if rest > 0 {
                let av = _mm256_maskload_epi64(a.add(j), tail);
                let mv = _mm256_maskload_epi64(m.add(j).cast(), tail);
                let lv = _mm256_maskload_epi64(lo.add(j), tail);
                let hv = _mm256_maskload_epi64(hi.add(j), tail);
                let b = _mm256_or_si256(_mm256_srl_epi64(lv, right), _mm256_sll_epi64(hv, left));
                acc = _mm256_or_si256(acc, _mm256_and_si256(_mm256_and_si256(av, mv), b));
            }
        }
        let mut lanes = [0u64; 4];
        _mm256_storeu_si256(lanes.as_mut_ptr().cast(), acc);
        lanes[0] | lanes[1] | lanes[2] | lanes[3]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn and_any_kernels_agree() {
        let mut rng = fastrand::Rng::with_seed(9);
        for _ in 0..3000 {
            let sparse =
                |rng: &mut fastrand::Rng| rng.u64(..) & rng.u64(..) & rng.u64(..) & rng.u64(..);
            let a: Vec<u64> = (0..rng.usize(0..60)).map(|_| sparse(&mut rng)).collect();
            let b: Vec<u64> = (0..rng.usize(0..60)).map(|_| sparse(&mut rng)).collect();
            let mask: Vec<u64> = (0..12).map(|_| rng.u64(..)).collect();
            let shift = rng.u32(0..64);
            let rows = Rows {
                a: &a,
                b: &b,
                a_start: rng.usize(0..8),
                b_start: rng.usize(0..8),
                hi_offset: usize::from(shift != 0),
                a_stride: rng.usize(0..9),
                b_stride: rng.usize(0..9),
                rows: rng.usize(0..6),
                width: rng.usize(0..10),
                mask: &mask,
                shift,
            };
            let mut by_hand = 0;
            for r in 0..rows.rows {
                for (j, m) in mask.iter().enumerate().take(rows.width) {
                    let get = |w: &[u64], i: usize| w.get(i).copied().unwrap_or(0);
                    let lo = rows.b_start + r * rows.b_stride + j;
                    let bits = if shift == 0 {
                        get(&b, lo)
                    } else {
                        get(&b, lo) >> shift | get(&b, lo + 1) << (64 - shift)
                    };
                    by_hand |= get(&a, rows.a_start + r * rows.a_stride + j) & m & bits;
                }
            }
            assert_eq!(Plain.and_any(&rows), by_hand);
            #[cfg(target_arch = "x86_64")]
            if let Some(isa) = Avx2::detect() {
                assert_eq!(isa.and_any(&rows), by_hand);
            }
        }
    }
}
