//! Stage 1 for one block, written once over [`Lanes`] (AVX2's 8 lanes,
//! AVX-512's 16; see `lanes.rs` for the pattern), in passes.
//!
//! Done group by group, a block's table lookups a particle (flow
//! brightness, sine and cosine; the palette colour was one too, now left
//! to stage 2, which reads it with the trail) sat in the middle of one
//! long chain of dependent instructions, so the CPU could overlap little
//! more than one group with the next. In passes, each lookup is a run of
//! independent loads (or gathers) over the whole block between two vector
//! passes: 4–9% off the step at 1M particles on AVX2.

use std::arch::x86_64::_mm_cvtsi32_si128;
use std::mem::MaybeUninit;

use super::super::columns::Columns;
use super::super::flags::BLOCK;
use super::super::prepared::Prepared;
use super::super::shared::Shared;
use super::super::zone::Zone;
use super::lanes::Lanes;
use super::splat::Splat;
use super::{redo_lanes, scalar_range, x_wraps};

/// Stage 1 for one block (see the module docs of [`super`]).
///
/// # Safety
/// The CPU must support `L`'s instruction set, and the caller must enable
/// it (`#[target_feature]`) for this body to compile into its instructions.
#[inline(always)]
pub(super) unsafe fn prepare<L: Lanes>(c: &mut Columns, s: &Shared, z: Zone, out: &mut Prepared) {
    let (n, xs, ys, speeds, wanders) = c.parts();
    let (_, _, _, brightness) = s.flow.lookup_parts();
    let k = Splat::new(s, z, |v| L::splat_f(v), |v| L::splat_i(v));
    let shift = _mm_cvtsi32_si128(s.bands.shift as i32);
    let zone_wraps = z.wrap != 0;
    let full = (1u32 << L::N) - 1;

    // Whole groups of `L::N` go through the passes; the rest is scalar.
    let groups = n / L::N * L::N;
    // Per particle between passes: a grid cell then a sine-table entry; a
    // brightness then a speed; a (sine, cosine) pair. Left uninitialised:
    // each pass writes entries `0..groups` before the next reads them
    // (zeroing the 5 KiB took 2% of the step). Per group, the lanes whose
    // angle fits the table's index, then the lanes to redo.
    let mut index = MaybeUninit::<[i32; BLOCK]>::uninit();
    let mut value = MaybeUninit::<[f32; BLOCK]>::uninit();
    let mut pairs = MaybeUninit::<[i64; BLOCK]>::uninit();
    let index = index.as_mut_ptr().cast::<i32>();
    let value = value.as_mut_ptr().cast::<f32>();
    let pairs = pairs.as_mut_ptr().cast::<i64>();
    let mut fits = [0u32; BLOCK / 8];
    let mut redo = [0u32; BLOCK / 8];
    // Any lane of the block to redo (it seldom has one: the loop over
    // `redo` cost about 0.4 instructions a particle).
    let mut any_redo = 0;

    // SAFETY (every load and store in the passes): `i + L::N ≤ groups ≤
    // n ≤ BLOCK`; every slice, `out`'s arrays and the arrays above hold
    // at least `n` elements; cells are inside the grid (the unsigned
    // minimum below) and entries inside the table (the mask).
    let mut i = 0;
    while i < groups {
        // FlowGrid::at: the unsigned minimum keeps every index in the grid.
        let x = L::load_f(xs.as_ptr().add(i));
        let y = L::load_f(ys.as_ptr().add(i));
        let col = L::min_u(L::trunc_i(L::mul_f(x, k.inv_cell)), k.last_col);
        let row = L::min_u(L::trunc_i(L::mul_f(y, k.inv_cell)), k.last_row);
        let cell = L::add_i(L::mul_i(row, k.cols), col);
        L::store_i(index.add(i), cell);
        i += L::N;
    }
    L::gather_u32(brightness.as_ptr().cast(), index, value.cast(), groups);
    i = 0;
    while i < groups {
        // move_with_brightness, operation for operation.
        let b = L::load_f(value.add(i));
        let speed = L::load_f(speeds.as_ptr().add(i));
        let wander = L::load_f(wanders.as_ptr().add(i));
        let spd = L::add_f(k.base_speed, L::mul_f(L::mul_f(b, speed), k.speed_scale));
        let angle = L::mul_f(L::mul_f(L::mul_f(k.tau, b), wander), k.wander_scale);
        let t = L::add_f(L::mul_f(angle, k.to_index), k.half);
        // (Unchecked: `i / L::N < groups / 8 ≤ BLOCK / 8`; the check cost
        // two instructions a group.)
        *fits.get_unchecked_mut(i / L::N) = L::bits(L::lt_f(L::abs_f(t), k.index_limit));
        L::store_f(value.add(i), spd);
        L::store_i(index.add(i), L::and_i(L::trunc_i(t), k.index_mask));
        i += L::N;
    }
    L::gather_pairs(s.sincos.table().as_ptr().cast(), index, pairs, groups);
    i = 0;
    while i < groups {
        let g = i / L::N;
        let x = L::load_f(xs.as_ptr().add(i));
        let y = L::load_f(ys.as_ptr().add(i));
        let spd = L::load_f(value.add(i));
        let (sin, cos) = L::split_pairs(pairs.add(i));
        // The old position and the shade are final here: stored and
        // worked out at once, not kept live (spilled) across the group.
        L::store_f(out.old_x.as_mut_ptr().add(i), x);
        L::store_f(out.old_y.as_mut_ptr().add(i), y);
        // `as u8` saturates: max first so NaN gives 0, as it does there.
        let shade = L::max_f(L::mul_f(spd, k.shade_scale), k.zero);
        let shade = L::trunc_i(L::min_f(shade, k.top_shade));
        let ux = L::add_f(x, L::mul_f(cos, spd));
        let uy = L::add_f(y, L::mul_f(sin, spd));

        // particles::wrap: one add or subtract of the size (masked, so
        // -0.0 stays -0.0); a lane still outside after it (a move longer
        // than the canvas, NaN) is redone by the scalar code after the
        // passes.
        let (x_low, x_high) = (L::lt_f(ux, k.zero), L::ge_f(ux, k.width_f));
        let (y_low, y_high) = (L::lt_f(uy, k.zero), L::ge_f(uy, k.height_f));
        let wx = L::sub_where(x_high, L::add_where(x_low, ux, k.width_f), k.width_f);
        let wy = L::sub_where(y_high, L::add_where(y_low, uy, k.height_f), k.height_f);
        let across_x = L::or_m(x_low, x_high);
        let across_y = L::or_m(y_low, y_high);
        let wrapped = L::or_m(across_x, across_y);
        let inside = L::and_m(
            L::and_m(L::ge_f(wx, k.zero), L::lt_f(wx, k.width_f)),
            L::and_m(L::ge_f(wy, k.zero), L::lt_f(wy, k.height_f)),
        );
        redo[g] = !(L::bits(inside) & fits[g]) & full;
        any_redo |= redo[g];

        // Prepared::set: pixel ends (all in the canvas), zone test, flags.
        let (x0, y0) = (L::trunc_i(x), L::trunc_i(y));
        let (x1, y1) = (L::trunc_i(wx), L::trunc_i(wy));
        // Zone::index: from the zone's first pixel, wrapped round past
        // its last row for the rows above it (the unsigned minimum).
        let from = L::sub_i(L::add_i(L::mul_i(y0, k.width), x0), k.zone_base);
        let from = L::min_u(from, L::add_i(from, k.zone_wrap));
        let to = L::sub_i(L::add_i(L::mul_i(y1, k.width), x1), k.zone_base);
        let to = L::min_u(to, L::add_i(to, k.zone_wrap));
        let band1 = L::shr_u(y1, shift);
        let stays = L::or_m(L::eq_i(band1, k.bin), L::eq_i(band1, k.other_band));
        // The group's `L::N` leaving bits are whole bytes of the
        // little-endian words (`i` is a multiple of 8): stored as such.
        let leaving = (!L::bits(stays) & full).to_le_bytes();
        let bytes = out.leaving.as_mut_ptr().cast::<u8>().add(i / 8);
        std::ptr::copy_nonoverlapping(leaving.as_ptr(), bytes, L::N / 8);
        let in_zone = L::le_u(to, k.zone_last);
        // Stage 2 lands every trail's pixels: those of a trail that is
        // not the usual one (key 0) only need to lie in the zone.
        L::store_i(out.to.as_mut_ptr().add(i).cast(), L::min_u(to, k.zone_last));
        let direct = L::and_not_m(in_zone, wrapped);
        let (dx, dy) = (L::sub_i(x1, x0), L::sub_i(y1, y0));
        let y_only = L::and_not_m(across_y, across_x);
        let (dy, direct) = if zone_wraps && L::bits(y_only) != 0 {
            // block::edge_step: a wrap across the top or bottom edge whose
            // pieces are one line shifted by the height, pixel for pixel,
            // is a direct trail in the edge bin's zone, one row step on.
            let end_y = pixel::<L>(L::floor_f(uy), &k);
            let start_y = pixel::<L>(L::floor_f(L::add_f(y, L::sub_f(wy, uy))), &k);
            let moved = L::sub_i(y0, start_y);
            let step = L::sub_i(end_y, y0);
            let shifted = L::and_m(
                L::eq_i(L::abs_i(moved), k.wrap_rows),
                L::eq_i(L::sub_i(end_y, y1), moved),
            );
            let near = L::and_m(
                L::lt_i(L::abs_i(dx), k.medium_limit),
                L::lt_i(L::abs_i(step), k.medium_limit),
            );
            let edge = L::and_m(L::and_m(y_only, shifted), L::and_m(near, in_zone));
            (L::select_i(edge, step, dy), L::or_m(direct, edge))
        } else {
            (dy, direct)
        };
        L::store_f(xs.as_mut_ptr().add(i), wx);
        L::store_f(ys.as_mut_ptr().add(i), wy);
        if L::bits(direct) != full {
            // Prepared::set's piece pixels: the unwrapped end, and the
            // second piece's start, the old position shifted by the wrap.
            // Only lanes that are not direct (wrapped) read them.
            let end_x = pixel::<L>(L::floor_f(ux), &k);
            let end_y = pixel::<L>(L::floor_f(uy), &k);
            let start_x = pixel::<L>(L::floor_f(L::add_f(x, L::sub_f(wx, ux))), &k);
            let start_y = pixel::<L>(L::floor_f(L::add_f(y, L::sub_f(wy, uy))), &k);
            let end = L::or_i(L::and_i(end_x, k.low_half), L::shl16(end_y));
            let start2 = L::or_i(L::and_i(start_x, k.low_half), L::shl16(start_y));
            L::store_i_where(out.end.as_mut_ptr().add(i).cast(), L::not_m(direct), end);
            L::store_i_where(out.start2.as_mut_ptr().add(i).cast(), wrapped, start2);
        }
        let (adx, ady) = (L::abs_i(dx), L::abs_i(dy));
        let short = L::and_m(L::lt_i(adx, k.three), L::lt_i(ady, k.three));
        // from + signum(dx) + signum(dy)·width
        let mid = L::add_i(L::add_i(from, L::signum_i(dx)), L::mul_sign(k.width, dy));
        // A medium line's flags carry its LineTable index.
        let medium = L::and_not_m(
            L::and_m(L::lt_i(adx, k.medium_limit), L::lt_i(ady, k.medium_limit)),
            short,
        );
        let code = L::add_i(L::add_i(L::mul_i(dy, k.code_row), dx), k.code_bias);
        let medium_bits = L::or_i(k.medium_flag, L::shl_code(code));
        // SHORT promises stage 2 all three pixels lie in the zone.
        let ends_in = L::and_m(L::le_u(from, k.zone_last), L::le_u(mid, k.zone_last));
        let usual = L::and_m(direct, L::and_m(short, ends_in));
        L::store_i(
            out.from.as_mut_ptr().add(i).cast(),
            L::min_u(from, k.zone_last),
        );
        L::store_i(
            out.mid.as_mut_ptr().add(i).cast(),
            L::min_u(mid, k.zone_last),
        );
        let flags = L::or_i(
            L::or_i(
                L::keep_i(direct, k.direct_flag),
                L::keep_i(usual, k.short_flag),
            ),
            L::keep_i(L::and_m(direct, medium), medium_bits),
        );
        // Other wrapped lanes are not direct: their flags are just WRAPPED.
        let flags = L::or_i(
            flags,
            L::keep_i(L::and_not_m(wrapped, direct), k.wrapped_flag),
        );
        L::store_i(out.flags.as_mut_ptr().add(i).cast(), flags);
        // Stage 2's landing pass: a usual trail's shade; a key past the
        // palette (colour 0) for the rest, marked odd.
        let key = L::or_i(shade, L::keep_i(L::not_m(usual), k.odd_key));
        L::store_i(out.key.as_mut_ptr().add(i).cast(), key);
        let odd = (!L::bits(usual) & full).to_le_bytes();
        let bytes = out.odd.as_mut_ptr().cast::<u8>().add(i / 8);
        std::ptr::copy_nonoverlapping(odd.as_ptr(), bytes, L::N / 8);
        i += L::N;
    }
    let last = (s.width as i32 - 1, s.motion.rows as i32 - 1);
    x_wraps::land::<L>(groups, xs, ys, out, &k, last);
    // The lanes the scalar code redoes (stage 2 looks up the colours).
    let redo = if any_redo != 0 {
        &redo[..groups / L::N]
    } else {
        &[]
    };
    for (g, &lanes) in redo.iter().enumerate() {
        if lanes != 0 {
            redo_lanes(g * L::N, lanes, c, s, z, out);
        }
    }
    scalar_range(groups..n, c, s, z, out);
}

/// `raster::pixel_of` of floored lanes: converted and clamped to the
/// `i16` range (regular lanes are far inside the `i32` range).
#[inline(always)]
unsafe fn pixel<L: Lanes>(floored: L::F, k: &Splat<L::F, L::I>) -> L::I {
    L::max_i(L::min_i(L::trunc_i(floored), k.max_pixel), k.min_pixel)
}
