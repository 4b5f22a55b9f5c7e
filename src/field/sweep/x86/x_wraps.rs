//! Stage 1's last pass over a block's groups: the moves across the left or
//! right edge only, which the group pass records as wrapped (odd), are
//! landed as usual trails when their pixels are three, lane for lane as
//! `Prepared::land_x_wrap` does for the scalar code.
//!
//! A pass of its own, reading back what the group pass stored, and only
//! for groups with an odd lane: done inside the group pass, its values
//! kept live through the group made the compiler spill others there, about
//! 3 instructions a particle more on AVX2 (`step_count`), for the one
//! group in a hundred that has such a move in a calm phase. In busy phases
//! such moves are up to 8% of the particles, each drawn by stage 2's odd
//! path otherwise.

use super::super::prepared::Prepared;
use super::lanes::Lanes;
use super::splat::Splat;

/// Lands the usual moves across the left or right edge of the block's
/// first `groups` particles (a multiple of `L::N`), whose new positions
/// are `xs` and `ys`.
///
/// # Safety
/// As `super::body::prepare`: the CPU must support `L`'s set, enabled by
/// the caller; `groups ≤ xs.len(), ys.len()` and `groups ≤ BLOCK`.
#[inline(always)]
pub(super) unsafe fn land<L: Lanes>(
    groups: usize,
    xs: &[f32],
    ys: &[f32],
    out: &mut Prepared,
    k: &Splat<L::F, L::I>,
    last: (i32, i32),
) {
    let full = (1u64 << L::N) - 1;
    // The canvas's last column and row (not in `Splat`: two more fields
    // there cost the group pass spills).
    let last = (L::splat_i(last.0), L::splat_i(last.1));
    // The groups with an odd lane, found a word of 64 lanes at a time (a
    // calm block has few). Lanes from `groups` on were recorded by the
    // scalar code (or are stale): no group there is landed.
    for (w, &word) in out.odd.clone().iter().enumerate() {
        let mut word = word;
        while word != 0 {
            let lane = word.trailing_zeros() as usize / L::N * L::N;
            word &= !(full << lane);
            let i = 64 * w + lane;
            if i + L::N > groups {
                return;
            }
            land_group::<L>(i, xs, ys, out, k, last);
        }
    }
}

/// [`land`] for the group of `L::N` particles from `i`.
///
/// # Safety
/// As [`land`], with `i + L::N ≤ groups`.
#[inline(always)]
unsafe fn land_group<L: Lanes>(
    i: usize,
    xs: &[f32],
    ys: &[f32],
    out: &mut Prepared,
    k: &Splat<L::F, L::I>,
    last: (L::I, L::I),
) {
    // SAFETY (every load and store): `i + L::N ≤ groups`, and every array
    // holds at least `groups` elements.
    {
        let at = |a: &[u32]| a.as_ptr().add(i).cast::<i32>();
        let flags = L::load_i(at(&out.flags));
        let (end, start2) = (L::load_i(at(&out.end)), L::load_i(at(&out.start2)));
        let unpack = |p: L::I| (L::sra16(L::shl16(p)), L::sra16(p));
        let ((ex, ey), (sx, sy)) = (unpack(end), unpack(start2));
        let x0 = L::trunc_i(L::load_f(out.old_x.as_ptr().add(i)));
        let y0 = L::trunc_i(L::load_f(out.old_y.as_ptr().add(i)));
        let x1 = L::trunc_i(L::load_f(xs.as_ptr().add(i)));
        let y1 = L::trunc_i(L::load_f(ys.as_ptr().add(i)));
        // Flags just WRAPPED with the first piece's end row in the canvas:
        // a move across the left or right edge only.
        let x_only = L::and_m(L::eq_i(flags, k.wrapped_flag), L::le_u(ey, last.1));
        let pixels = [(x0, y0), (ex, ey), (sx, sy), (x1, y1)];
        let (lands, mid) = middle::<L>(x_only, pixels, k, last);
        let lands = L::and_m(
            lands,
            L::and_m(
                L::le_u(index::<L>(x0, y0, k), k.zone_last),
                L::le_u(index::<L>(x1, y1, k), k.zone_last),
            ),
        );
        let bits = L::bits(lands);
        if bits != 0 {
            // `from` and `to` were stored as they are (below the zone's
            // length); the key loses ODD_KEY, the odd bit goes.
            let old_mid = L::load_i(at(&out.mid));
            let key = L::load_i(at(&out.key));
            let landed = L::or_i(flags, k.short_flag);
            let key = L::select_i(lands, L::sub_i(key, k.odd_key), key);
            L::store_i(
                out.mid.as_mut_ptr().add(i).cast(),
                L::select_i(lands, mid, old_mid),
            );
            L::store_i(
                out.flags.as_mut_ptr().add(i).cast(),
                L::select_i(lands, landed, flags),
            );
            L::store_i(out.key.as_mut_ptr().add(i).cast(), key);
            out.odd[i / 64] &= !(u64::from(bits) << (i % 64));
        }
    }
}

/// `Zone::index` of canvas pixels `(x, y)`.
#[inline(always)]
unsafe fn index<L: Lanes>(x: L::I, y: L::I, k: &Splat<L::F, L::I>) -> L::I {
    let from_base = L::sub_i(L::add_i(L::mul_i(y, k.width), x), k.zone_base);
    L::min_u(from_base, L::add_i(from_base, k.zone_wrap))
}

/// `prepared::x_wrap_middle` of the lanes in `x_only`, from `[old, end,
/// start2, new]` pixels: the lanes with three pixels whose middle one is
/// in the zone, and that pixel's zone index.
#[inline(always)]
unsafe fn middle<L: Lanes>(
    x_only: L::M,
    [(x0, y0), (ex, ey), (sx, sy), (x1, y1)]: [(L::I, L::I); 4],
    k: &Splat<L::F, L::I>,
    last: (L::I, L::I),
) -> (L::M, L::I) {
    let short = |dx: L::I, dy: L::I| {
        L::and_m(
            L::lt_i(L::abs_i(dx), k.three),
            L::lt_i(L::abs_i(dy), k.three),
        )
    };
    let (d1x, d1y) = (L::sub_i(ex, x0), L::sub_i(ey, y0));
    let (d2x, d2y) = (L::sub_i(x1, sx), L::sub_i(y1, sy));
    let shorts = L::and_m(short(d1x, d1y), short(d2x, d2y));
    // Each piece's middle, and whether it is inside the canvas.
    let (m1x, m1y) = (
        L::add_i(x0, L::signum_i(d1x)),
        L::add_i(y0, L::signum_i(d1y)),
    );
    let (m2x, m2y) = (
        L::add_i(sx, L::signum_i(d2x)),
        L::add_i(sy, L::signum_i(d2y)),
    );
    let inside = |x: L::I, y: L::I| L::and_m(L::le_u(x, last.0), L::le_u(y, last.1));
    let (in1, in2) = (inside(m1x, m1y), inside(m2x, m2y));
    let mx = L::select_i(in1, m1x, L::select_i(in2, m2x, x0));
    let my = L::select_i(in1, m1y, L::select_i(in2, m2y, y0));
    let at = index::<L>(mx, my, k);
    let lands = L::and_not_m(L::and_m(x_only, shorts), L::and_m(in1, in2));
    (L::and_m(lands, L::le_u(at, k.zone_last)), at)
}
