//! The AVX2 walker: eight samples per masked `vpgatherdd`, lanes kept in
//! registers as 32-bit fraction and integer halves, both with the sign bit
//! flipped: signed compares on them are the unsigned compares the carry
//! and the box check need, one instruction each. (The rasteriser's pixel
//! walk reads texel windows instead where it can: `window_walk.rs`.)

use crate::collide::kernels::gather::{MapGather, PlainWalker, Walker};
use crate::collide::x86::Avx2;
use crate::mask::low_bits;
use crate::pose::FRAC_BITS;
use std::arch::x86_64::*;

pub(super) const SIGN: i32 = i32::MIN;

/// One axis of the walk: the lane offsets `j·d` (j = 0..8) and the step
/// `8·d`, split into 32-bit fraction (`lo`) and integer (`hi`) halves;
/// the `_flipped` copies have the sign bit flipped for unsigned compares.
#[derive(Clone, Copy)]
pub(super) struct Axis {
    off_lo: __m256i,
    off_lo_flipped: __m256i,
    off_hi: __m256i,
    step_lo: __m256i,
    step_lo_flipped: __m256i,
    step_hi: __m256i,
}

/// Current lanes of one axis, both halves with the sign bit flipped.
/// Flipping the sign bit adds 2^31 modulo 2^32, so it commutes with
/// adding: a flipped half steps by the same addends as a plain one.
#[derive(Clone, Copy)]
pub(super) struct Lanes {
    pub(super) lo: __m256i,
    pub(super) hi: __m256i,
}

impl Axis {
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn new(d: i64) -> Axis {
        let t = |j: i64| d.wrapping_mul(j);
        let lo = |j: i64| t(j) as i32;
        let hi = |j: i64| (t(j) >> FRAC_BITS) as i32;
        let off_lo = _mm256_setr_epi32(lo(0), lo(1), lo(2), lo(3), lo(4), lo(5), lo(6), lo(7));
        let off_hi = _mm256_setr_epi32(hi(0), hi(1), hi(2), hi(3), hi(4), hi(5), hi(6), hi(7));
        let step_lo = _mm256_set1_epi32(lo(8));
        let sign = _mm256_set1_epi32(SIGN);
        Axis {
            off_lo,
            off_lo_flipped: _mm256_xor_si256(off_lo, sign),
            off_hi,
            step_lo,
            step_lo_flipped: _mm256_xor_si256(step_lo, sign),
            step_hi: _mm256_set1_epi32(hi(8)),
        }
    }

    /// Lanes `start + j·d` (flipped): add the fractions, carry into the
    /// integers where the unsigned sum wrapped (there the sum is below the
    /// addend).
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn lanes(&self, start: i64) -> Lanes {
        let sign = _mm256_set1_epi32(SIGN);
        let lo = _mm256_xor_si256(
            _mm256_add_epi32(_mm256_set1_epi32(start as i32), self.off_lo),
            sign,
        );
        let carry = _mm256_cmpgt_epi32(self.off_lo_flipped, lo);
        let base = _mm256_set1_epi32(((start >> FRAC_BITS) as i32) ^ SIGN);
        // carry is −1 where set, so subtracting adds one.
        let hi = _mm256_sub_epi32(_mm256_add_epi32(base, self.off_hi), carry);
        Lanes { lo, hi }
    }

    /// Moves lanes eight samples on: the flipped fraction is compared with
    /// the flipped step directly.
    #[target_feature(enable = "avx2")]
    #[inline]
    fn advance(&self, l: &mut Lanes) {
        let carry = self.advance_fraction(&mut l.lo);
        l.hi = _mm256_sub_epi32(_mm256_add_epi32(l.hi, self.step_hi), carry);
    }

    /// Moves the (flipped) fraction halves eight samples on and returns
    /// the carry into the integer halves: −1 where the fraction wrapped.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) fn advance_fraction(&self, lo: &mut __m256i) -> __m256i {
        *lo = _mm256_add_epi32(*lo, self.step_lo);
        _mm256_cmpgt_epi32(self.step_lo_flipped, *lo)
    }

    /// The integer halves' step over eight samples (before the carry).
    #[inline(always)]
    pub(super) fn step_hi(&self) -> __m256i {
        self.step_hi
    }
}

/// What a walker's loop needs besides its lanes, as vectors.
#[derive(Clone, Copy)]
struct Kernel {
    u_axis: Axis,
    v_axis: Axis,
    /// Box size with the sign bit flipped, for unsigned compares.
    width_flipped: __m256i,
    height_flipped: __m256i,
    /// Mask column of box column 0, sign bit flipped: added to a flipped
    /// integer half it gives the plain mask column.
    col0_flipped: __m256i,
    /// Dwords per mask row (even: two a word), so a flipped row times it
    /// equals the plain row times it modulo 2^32.
    row_stride: __m256i,
    /// First dword of the box's first row.
    base: *const i32,
}

/// The AVX2 walker.
pub(crate) struct Avx2Walker<'a> {
    g: MapGather<'a>,
    /// Exact position of the next sample (the lanes follow it when `synced`).
    exact: PlainWalker<'a>,
    kernel: Kernel,
    u: Lanes,
    v: Lanes,
    synced: bool,
}

impl<'a> Avx2Walker<'a> {
    /// A walker over `g` with steps `(du, dv)` per sample; `_proof`
    /// shows the CPU runs AVX2.
    #[inline(always)]
    pub fn new(_proof: Avx2, g: MapGather<'a>, du: i64, dv: i64) -> Self {
        // SAFETY: an `Avx2` value exists only once the CPU features were detected.
        unsafe { new_walker(g, du, dv) }
    }
}

#[target_feature(enable = "avx2")]
#[inline]
fn new_walker(g: MapGather<'_>, du: i64, dv: i64) -> Avx2Walker<'_> {
    let zero = Lanes {
        lo: _mm256_setzero_si256(),
        hi: _mm256_setzero_si256(),
    };
    // Dword 2k is the low half of word k (x86 is little endian); rows are
    // counted from the box's first row. `texel0` lies inside the mask, so
    // this offset stays inside `words` (or one past its end).
    let row0 = (g.texel0.1 as usize * g.words_per_row * 2).min(g.words.len() * 2);
    let kernel = Kernel {
        u_axis: Axis::new(du),
        v_axis: Axis::new(dv),
        width_flipped: _mm256_set1_epi32(g.size.0 as i32 ^ SIGN),
        height_flipped: _mm256_set1_epi32(g.size.1 as i32 ^ SIGN),
        col0_flipped: _mm256_set1_epi32(g.texel0.0 as i32 ^ SIGN),
        row_stride: _mm256_set1_epi32((g.words_per_row * 2) as i32),
        // SAFETY: row0 ≤ the dword count of `words` (see above).
        base: unsafe { g.words.as_ptr().cast::<i32>().add(row0) },
    };
    Avx2Walker {
        g,
        exact: PlainWalker::new(g, du, dv),
        kernel,
        u: zero,
        v: zero,
        synced: false,
    }
}

impl Walker for Avx2Walker<'_> {
    #[inline(always)]
    fn start(&mut self, u: i64, v: i64) {
        self.exact.start(u, v);
        self.synced = false;
    }

    #[inline(always)]
    fn next(&mut self, len: u32) -> u64 {
        // SAFETY: an `Avx2Walker` is only made by `Avx2Walker::new`, after detection.
        unsafe { next_avx2(self, len) }
    }

    #[inline(always)]
    fn skip(&mut self, len: u32) {
        self.exact.skip(len);
        self.synced = false;
    }

    #[inline(always)]
    fn next_and(&mut self, other: &mut Self, len: u32) -> u64 {
        // SAFETY: as in `next`.
        unsafe { next_and_avx2(self, other, len) }
    }
}

/// Lanes with `0 ≤ hi < size` (all ones there), both given with the
/// sign bit flipped.
#[target_feature(enable = "avx2")]
#[inline]
fn inside(hi_flipped: __m256i, size_flipped: __m256i) -> __m256i {
    _mm256_cmpgt_epi32(size_flipped, hi_flipped)
}

/// Bits (one per lane) of the eight samples at lanes `(u, v)`, with one
/// masked `vpgatherdd`.
#[target_feature(enable = "avx2")]
#[inline]
fn group(k: &Kernel, u: &Lanes, v: &Lanes) -> u64 {
    let valid = _mm256_and_si256(
        inside(u.hi, k.width_flipped),
        inside(v.hi, k.height_flipped),
    );
    let col = _mm256_add_epi32(u.hi, k.col0_flipped);
    let index = _mm256_add_epi32(
        _mm256_mullo_epi32(v.hi, k.row_stride),
        _mm256_srli_epi32(col, 5),
    );
    // SAFETY: only lanes in `valid` are read. There 0 ≤ v < size.1 and
    // 0 ≤ u < size.0, so the box texel lies in the mask and its dword
    // (base + v·stride + col/32) lies inside `words`; the mask holds
    // fewer than 2^30 dwords (`narrow`), so nothing overflows i32.
    let got =
        unsafe { _mm256_mask_i32gather_epi32::<4>(_mm256_setzero_si256(), k.base, index, valid) };
    let bit = _mm256_srlv_epi32(got, _mm256_and_si256(col, _mm256_set1_epi32(31)));
    u64::from(_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32(bit, 31))) as u8)
}

/// The lanes at the exact position (loaded afresh if they lag behind).
#[target_feature(enable = "avx2")]
#[inline]
fn synced_lanes(w: &Avx2Walker<'_>) -> (Lanes, Lanes) {
    if w.synced {
        (w.u, w.v)
    } else {
        (
            w.kernel.u_axis.lanes(w.exact.position().0),
            w.kernel.v_axis.lanes(w.exact.position().1),
        )
    }
}

/// Stores the lanes after reading `len` samples: the exact position
/// moves on, and the lanes stay in step only if they moved by `len`.
#[inline(always)]
fn finish(w: &mut Avx2Walker<'_>, (u, v): (Lanes, Lanes), len: u32) {
    (w.u, w.v) = (u, v);
    w.exact.skip(len);
    w.synced = len.is_multiple_of(8);
}

/// Eight samples per masked `vpgatherdd`.
#[target_feature(enable = "avx2")]
#[inline]
fn next_avx2(w: &mut Avx2Walker<'_>, len: u32) -> u64 {
    let len = len.min(64);
    if !w.g.narrow {
        return w.exact.next(len);
    }
    let (mut u, mut v) = synced_lanes(w);
    let k = &w.kernel;
    let mut bits = 0u64;
    let mut i = 0;
    while i < len {
        bits |= group(k, &u, &v) << i;
        k.u_axis.advance(&mut u);
        k.v_axis.advance(&mut v);
        i += 8;
    }
    finish(w, (u, v), len);
    bits & low_bits(len)
}

/// Both walkers' groups interleaved (the gathers overlap better), and
/// B's gather skipped where A's eight lanes are empty.
#[target_feature(enable = "avx2")]
#[inline]
fn next_and_avx2(a: &mut Avx2Walker<'_>, b: &mut Avx2Walker<'_>, len: u32) -> u64 {
    let len = len.min(64);
    if !a.g.narrow || !b.g.narrow {
        let mine = a.next(len);
        return if mine == 0 {
            b.skip(len);
            0
        } else {
            mine & b.next(len)
        };
    }
    let (mut ua, mut va) = synced_lanes(a);
    let (mut ub, mut vb) = synced_lanes(b);
    let (ka, kb) = (&a.kernel, &b.kernel);
    let mut bits = 0u64;
    let mut step = |i: u32| {
        let la = group(ka, &ua, &va);
        if la != 0 {
            bits |= (la & group(kb, &ub, &vb)) << i;
        }
        ka.u_axis.advance(&mut ua);
        ka.v_axis.advance(&mut va);
        kb.u_axis.advance(&mut ub);
        kb.v_axis.advance(&mut vb);
    };
    if len == 64 {
        // A constant trip count lets the compiler unroll the eight groups.
        for i in 0..8 {
            step(8 * i);
        }
    } else {
        for i in 0..len.div_ceil(8) {
            step(8 * i);
        }
    }
    finish(a, (ua, va), len);
    finish(b, (ub, vb), len);
    bits & low_bits(len)
}
