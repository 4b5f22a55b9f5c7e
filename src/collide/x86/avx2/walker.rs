//! The AVX2 walker: eight samples per masked `vpgatherdd`, lanes kept in
//! registers as 32-bit fraction and integer halves ([`Axis`], both with
//! the sign bit flipped). (The rasteriser's pixel walk reads texel windows
//! instead where it can: `window_walk.rs`.)

use crate::collide::kernels::gather::{MapGather, PlainWalker, Walker};
use crate::collide::x86::lanes32::{Axis, Halves, Lanes32, SolidBox};
use crate::collide::x86::Avx2;
use crate::mask::low_bits;

/// What a walker's loop needs besides its lanes.
#[derive(Clone, Copy)]
struct Kernel {
    u_axis: Axis<Avx2>,
    v_axis: Axis<Avx2>,
    solid: SolidBox<Avx2>,
}

type Lanes = Halves<Avx2>;

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
    // SAFETY: AVX2 is enabled here; `texel0` lies inside the mask.
    let (zero, kernel) = unsafe {
        let zero = Avx2::splat(0);
        let zero = Lanes { lo: zero, hi: zero };
        let kernel = Kernel {
            u_axis: Axis::new(du),
            v_axis: Axis::new(dv),
            solid: SolidBox::new(g.words, g.words_per_row, g.texel0, g.size),
        };
        (zero, kernel)
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

/// Bits (one per lane) of the eight samples at lanes `(u, v)`.
#[target_feature(enable = "avx2")]
#[inline]
fn group(k: &Kernel, u: &Lanes, v: &Lanes) -> u64 {
    // SAFETY: AVX2 is enabled here; `narrow` (checked by the callers)
    // keeps the mask's dwords below 2^30.
    unsafe { k.solid.bits(u.hi, v.hi) }
}

/// The lanes at the exact position (loaded afresh if they lag behind).
#[target_feature(enable = "avx2")]
#[inline]
fn synced_lanes(w: &Avx2Walker<'_>) -> (Lanes, Lanes) {
    if w.synced {
        (w.u, w.v)
    } else {
        let (u, v) = w.exact.position();
        // SAFETY: AVX2 is enabled here.
        unsafe { (w.kernel.u_axis.lanes(u), w.kernel.v_axis.lanes(v)) }
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
        // SAFETY: AVX2 is enabled here.
        unsafe { (k.u_axis.advance(&mut u), k.v_axis.advance(&mut v)) };
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
        // SAFETY: AVX2 is enabled here.
        unsafe {
            ka.u_axis.advance(&mut ua);
            ka.v_axis.advance(&mut va);
            kb.u_axis.advance(&mut ub);
            kb.v_axis.advance(&mut vb);
        }
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
