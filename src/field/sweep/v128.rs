//! Stage 1 with 128-bit vectors (aarch64 NEON, wasm32 simd128): four
//! particles per step, on [`crate::cpu::v128`].
//!
//! A four-lane copy of the x86 kernel (`x86/body.rs`; moves across the
//! left or right edge are landed here in the last pass, there in a pass
//! of its own, `x86/x_wraps.rs`), in the same passes: grid cells, the
//! brightness loads, the motion, the sine and cosine loads, then the wrap
//! and classification. Each table look-up is a run of plain scalar loads
//! over the block (these targets have no gather), not four lane extracts
//! and inserts in the middle of every group's chain (the particles stage
//! of examples/field_steps.rs under Node, 200,000 particles: 2.8 ms in one
//! pass, 2.0 ms in passes, Xeon AVX-512, alternated, under load).
//! Each lane does exactly the scalar arithmetic of
//! [`crate::field::particles::move_one`] and [`Prepared::set`] in the same
//! order, no fused multiply-adds; the speed and shade conversions saturate
//! as Rust's `as` does, and positions (which lie in the canvas) become
//! pixels by [`F4::floor_small`]. A lane still outside the canvas after one
//! wrap, or whose angle is too large for a 32-bit index, is redone by the
//! scalar code.

use std::f32::consts::TAU;
use std::mem::MaybeUninit;

use super::columns::Columns;
use super::flags::{BLOCK, CODE_SHIFT, DIRECT, MEDIUM, SHORT, WRAPPED};
use super::lines::MEDIUM_STEPS;
use super::prepared::{Prepared, ODD_KEY};
use super::scalar::{prepare_range, redo_lanes};
use super::shared::Shared;
use super::zone::Zone;
use crate::field::raster::{MAX_PIXEL, MIN_PIXEL, SIN_TABLE_LEN, TURN_TO_INDEX};
use crate::cpu::v128::{F4, I4, LANES};

/// Stage 1 for one block (see the module docs).
pub(super) fn prepare(c: &mut Columns, s: &Shared, z: Zone, out: &mut Prepared) {
    let (n, xs, ys, speeds, wanders) = c.parts();
    let m = s.motion;
    let (inv_cell, cols_u, rows, brightness) = s.flow.lookup_parts();
    let table = s.sincos.table();

    let inv_cell = F4::splat(inv_cell);
    let last_col = I4::splat(cols_u as i32 - 1);
    let last_row = I4::splat(rows as i32 - 1);
    let cols = I4::splat(cols_u as i32);
    let base_speed = F4::splat(m.base_speed);
    let speed_scale = F4::splat(m.speed_scale);
    let tau = F4::splat(TAU);
    let wander_scale = F4::splat(m.wander);
    let to_index = F4::splat(TURN_TO_INDEX);
    let half = F4::splat(0.5);
    let index_mask = I4::splat(SIN_TABLE_LEN as i32 - 1);
    let index_limit = F4::splat(2_147_483_648.0);
    let shade_scale = F4::splat(m.shade_scale);
    let zero = F4::splat(0.0);
    let top_shade = F4::splat(255.0);
    let width_f = F4::splat(m.width);
    let height_f = F4::splat(m.height);
    let width = I4::splat(s.width as i32);
    let zone_base = I4::splat(z.base(s.width) as i32);
    let zone_wrap = I4::splat((z.wrap * s.width) as i32);
    let zone_last = I4::splat(z.len(s.width) as i32 - 1);
    let (zone_wraps, wrap_rows) = (z.wrap != 0, I4::splat(z.wrap as i32));
    let bin = I4::splat(z.bin as i32);
    let other_band = I4::splat(z.other_band as i32);
    let three = I4::splat(3);
    let medium_limit = I4::splat(MEDIUM_STEPS + 1);
    let code_bias = I4::splat(MEDIUM_STEPS * (2 * MEDIUM_STEPS + 1) + MEDIUM_STEPS);
    let code_row = I4::splat(2 * MEDIUM_STEPS + 1);
    let medium_flag = I4::splat(MEDIUM as i32);
    let wrapped_flag = I4::splat(WRAPPED as i32);
    let odd_key = I4::splat(ODD_KEY as i32);
    let (min_pixel, max_pixel) = (I4::splat(MIN_PIXEL), I4::splat(MAX_PIXEL));
    let low_half = I4::splat(0xffff);
    let (direct_flag, short_flag) = (I4::splat(DIRECT as i32), I4::splat(SHORT as i32));
    let all = (1u32 << LANES) - 1;
    let (last_x, last_y) = (I4::splat(s.width as i32 - 1), I4::splat(m.rows as i32 - 1));
    let below = |v: I4, last: I4| v.min_u32(last).eq(v);
    let select = |m: I4, a: I4, b: I4| (m & a) | b.and_not(m);
    // prepared::x_wrap_middle of the lanes in `x_only` (moves across the
    // left or right edge only) from `[old, end, start2, new]` pixels: the
    // lanes that land as a usual trail, and their middle pixel's zone index.
    let x_wrap_lands = |x_only: I4, [(x0, y0), (ex, ey), (sx, sy), (x1, y1)]: [(I4, I4); 4]| {
        let short = |dx: I4, dy: I4| three.gt(dx.abs()) & three.gt(dy.abs());
        let (d1x, d1y, d2x, d2y) = (ex - x0, ey - y0, x1 - sx, y1 - sy);
        let (m1x, m1y) = (x0 + d1x.signum(), y0 + d1y.signum());
        let (m2x, m2y) = (sx + d2x.signum(), sy + d2y.signum());
        let in1 = below(m1x, last_x) & below(m1y, last_y);
        let in2 = below(m2x, last_x) & below(m2y, last_y);
        let mx = select(in1, m1x, select(in2, m2x, x0));
        let my = select(in1, m1y, select(in2, m2y, y0));
        let at = my * width + mx - zone_base;
        let at = at.min_u32(at + zone_wrap);
        let lands = (x_only & short(d1x, d1y) & short(d2x, d2y)).and_not(in1 & in2);
        (lands & below(at, zone_last), at)
    };
    // Whole groups of four go through the passes; the rest is scalar.
    let groups = n / LANES * LANES;
    // Per particle between passes (x86/body.rs's layout, for the same
    // reason: each table look-up a run of independent loads over the whole
    // block between two vector passes, where in one pass four lane
    // extracts, four loads and four lane inserts sat in the middle of each
    // group's chain): a grid cell then a sine-table entry; a brightness
    // then a speed; the sines and the cosines. Left uninitialised: each
    // pass writes entries `0..groups` before the next reads them. Per
    // group, the lanes whose angle fits the table's index, then the lanes
    // the scalar code redoes after the passes.
    let mut index = MaybeUninit::<[i32; BLOCK]>::uninit();
    let mut value = MaybeUninit::<[f32; BLOCK]>::uninit();
    let mut sines = MaybeUninit::<[f32; BLOCK]>::uninit();
    let mut cosines = MaybeUninit::<[f32; BLOCK]>::uninit();
    let index = index.as_mut_ptr().cast::<i32>();
    let value = value.as_mut_ptr().cast::<f32>();
    let sines = sines.as_mut_ptr().cast::<f32>();
    let cosines = cosines.as_mut_ptr().cast::<f32>();
    let mut fits = [0u8; BLOCK / LANES];
    let mut redo = [0u8; BLOCK / LANES];
    let mut any_redo = 0;
    // Every cell below holds a brightness: the grid's own invariant,
    // checked once here for the unchecked loads.
    assert!(brightness.len() >= (rows * cols_u) as usize);
    let (xs_p, ys_p) = (xs.as_mut_ptr(), ys.as_mut_ptr());

    // SAFETY (every load and store in the passes): `i + LANES ≤ groups ≤
    // n ≤ BLOCK` (`Columns::parts`); the four columns hold `n` elements,
    // `out`'s arrays and the arrays above `BLOCK`; cells are inside the
    // grid (the unsigned minimum, and the assertion above) and sine-table
    // entries inside the table (the mask).
    let mut i = 0;
    while i < groups {
        // FlowGrid::at (the minimum keeps every index in the grid), and
        // the old positions stored for the scalar redo and stage 2.
        let (x, y) = unsafe { (F4::load_ptr(xs_p.add(i)), F4::load_ptr(ys_p.add(i))) };
        unsafe {
            x.store_ptr(out.old_x.as_mut_ptr().add(i));
            y.store_ptr(out.old_y.as_mut_ptr().add(i));
        }
        // Positions lie in the canvas (the wrap keeps them there), so the
        // floor is `as u32` (an impossible NaN or negative lane reads some
        // cell, as in the x86 kernels: never one outside the grid).
        let col = (x * inv_cell).floor_small().min_u32(last_col);
        let row = (y * inv_cell).floor_small().min_u32(last_row);
        unsafe { (row * cols + col).store_ptr(index.add(i)) };
        i += LANES;
    }
    for j in 0..groups {
        unsafe { *value.add(j) = *brightness.get_unchecked(*index.add(j) as u32 as usize) };
    }
    i = 0;
    while i < groups {
        // move_with_brightness, operation for operation.
        let b = unsafe { F4::load_ptr(value.add(i)) };
        let speed = unsafe { F4::load_ptr(speeds.as_ptr().add(i)) };
        let wander = unsafe { F4::load_ptr(wanders.as_ptr().add(i)) };
        let spd = base_speed + b * speed * speed_scale;
        let angle = tau * b * wander * wander_scale;
        let t = angle * to_index + half;
        fits[i / LANES] = t.abs().lt(index_limit).bitmask() as u8;
        // `as u8` saturates: 0 for NaN or below (`zero.pmax` keeps zero
        // where either is NaN), 255 above; the key takes the shade here,
        // stage 1's last pass adds the odd key.
        let shade = zero.pmax(spd * shade_scale).pmin(top_shade).trunc_i32();
        unsafe {
            shade.store_ptr(out.key.as_mut_ptr().add(i).cast());
            spd.store_ptr(value.add(i));
            (t.trunc_i32() & index_mask).store_ptr(index.add(i));
        }
        i += LANES;
    }
    for j in 0..groups {
        let k = unsafe { *index.add(j) } as usize & (SIN_TABLE_LEN - 1);
        let (sin, cos) = table[k];
        unsafe { (*sines.add(j), *cosines.add(j)) = (sin, cos) };
    }
    // The last pass, written once for both kinds of zone: with
    // `$wraps`, the zone wraps round the canvas's top and bottom edge
    // (the edge bin's) and moves across them may be direct trails. Two
    // loops, so the others' has no branch for them (with one, V8 kept a
    // dozen vectors on the stack across it in every group).
    macro_rules! last_pass {
        ($wraps:expr) => {
    i = 0;
    while i < groups {
        let (x, y, spd, sin, cos) = unsafe {
            (
                F4::load_ptr(xs_p.add(i)),
                F4::load_ptr(ys_p.add(i)),
                F4::load_ptr(value.add(i)),
                F4::load_ptr(sines.add(i)),
                F4::load_ptr(cosines.add(i)),
            )
        };
        let ux = x + cos * spd;
        let uy = y + sin * spd;

        // particles::wrap: one add or subtract of the size; a lane still
        // outside after it is redone by the scalar code after the groups.
        let (x_low, x_high) = (ux.lt(zero), ux.ge(width_f));
        let (y_low, y_high) = (uy.lt(zero), uy.ge(height_f));
        let wx = F4::select(x_high, ux - width_f, F4::select(x_low, ux + width_f, ux));
        let wy = F4::select(y_high, uy - height_f, F4::select(y_low, uy + height_f, uy));
        let wrapped = x_low | x_high | y_low | y_high;
        let inside = wx.ge(zero).and_not(wx.ge(width_f)) & wy.ge(zero).and_not(wy.ge(height_f));
        let irregular = !(inside.bitmask() & u32::from(fits[i / LANES])) & all;

        // Prepared::set: pixel ends (all in the canvas), zone test, flags.
        // Old positions lie in the canvas: the floor is the truncation.
        let (x0, y0) = (x.floor_small(), y.floor_small());
        // (The new position of a lane that is not redone lies in the
        // canvas, where the floor is the truncation.)
        let (x1, y1) = (wx.floor_small(), wy.floor_small());
        // Zone::index: from the zone's first pixel, wrapped round past its
        // last row for the rows above it (the unsigned minimum).
        let from = y0 * width + x0 - zone_base;
        let from = from.min_u32(from + zone_wrap);
        let to = y1 * width + x1 - zone_base;
        let to = to.min_u32(to + zone_wrap);
        let band1 = y1.shr_u32(s.bands.shift);
        let stays = band1.eq(bin) | band1.eq(other_band);
        let in_zone = to.min_u32(zone_last).eq(to);
        let direct = in_zone.and_not(wrapped);
        let (dx, dy) = (x1 - x0, y1 - y0);
        let y_only = (y_low | y_high).and_not(x_low | x_high);
        let (dy, direct) = if $wraps && y_only.bitmask() != 0 {
            // block::edge_step: a wrap across the top or bottom edge whose
            // pieces are one line shifted by the height, pixel for pixel,
            // is a direct trail in the edge bin's zone, one row step on.
            let pixel = |v: F4| v.floor().trunc_i32().min_i32(max_pixel).max_i32(min_pixel);
            let (end_y, start_y) = (pixel(uy), pixel(y + (wy - uy)));
            let (moved, step) = (y0 - start_y, end_y - y0);
            let shifted = moved.abs().eq(wrap_rows) & (end_y - y1).eq(moved);
            let near = medium_limit.gt(dx.abs()) & medium_limit.gt(step.abs());
            let edge = y_only & shifted & near & in_zone;
            ((edge & step) | dy.and_not(edge), direct | edge)
        } else {
            (dy, direct)
        };
        let short = three.gt(dx.abs()) & three.gt(dy.abs());
        // from + signum(dy)·width + signum(dx)
        let mid = from + dx.signum() + dy.signum() * width;
        // A medium line's flags carry its LineTable index.
        let medium = (medium_limit.gt(dx.abs()) & medium_limit.gt(dy.abs())).and_not(short);
        let code = dy * code_row + dx + code_bias;
        let medium_bits = medium_flag | code.shl::<{ CODE_SHIFT as i32 }>();
        // SHORT promises stage 2 all three pixels lie in the zone.
        let ends_in = from.min_u32(zone_last).eq(from) & mid.min_u32(zone_last).eq(mid);
        let usual = direct & short & ends_in;
        let (mid, usual) = if direct.bitmask() != all {
            // Prepared::set's piece pixels (raster::pixel_of: the floor,
            // clamped): the unwrapped end, and the second piece's start,
            // the old position shifted by the wrap. Stored for every lane:
            // only lanes that are not direct read them.
            let pixel = |v: F4| v.floor().trunc_i32().min_i32(max_pixel).max_i32(min_pixel);
            let pack = |px: I4, py: I4| (px & low_half) | py.shl::<16>();
            let (end_x, end_y) = (pixel(ux), pixel(uy));
            let (start_x, start_y) = (pixel(x + (wx - ux)), pixel(y + (wy - uy)));
            pack(end_x, end_y).store_u32(&mut out.end[i..]);
            pack(start_x, start_y).store_u32(&mut out.start2[i..]);
            // Moves across the left or right edge only, landed as usual.
            let x_only = (x_low | x_high).and_not(y_low | y_high);
            let pixels = [(x0, y0), (end_x, end_y), (start_x, start_y), (x1, y1)];
            let (lands, at) = x_wrap_lands(x_only, pixels);
            let lands = lands & below(from, zone_last) & in_zone;
            (select(lands, at, mid), usual | lands)
        } else {
            (mid, usual)
        };
        let flags = (direct & direct_flag) | (usual & short_flag);
        let flags = flags | (direct & medium & medium_bits);
        // Other wrapped lanes are not direct: their flags are WRAPPED (and
        // SHORT, above, when they land as usual).
        let flags = flags | (wrapped & wrapped_flag).and_not(direct);
        let leaving = u64::from(!stays.bitmask() & all);
        let word = &mut out.leaving[i / 64];
        *word = (*word & !(u64::from(all) << (i % 64))) | leaving << (i % 64);

        unsafe {
            wx.store_ptr(xs_p.add(i));
            wy.store_ptr(ys_p.add(i));
            let at = |a: &mut [u32; BLOCK]| a.as_mut_ptr().add(i).cast::<i32>();
            flags.store_ptr(at(&mut out.flags));
            // Stage 2's landing pass: every trail's pixels inside the zone
            // (a usual trail's are), its shade; a key past the palette
            // (colour 0) for a trail that is not the usual one, marked odd.
            from.min_u32(zone_last).store_ptr(at(&mut out.from));
            mid.min_u32(zone_last).store_ptr(at(&mut out.mid));
            to.min_u32(zone_last).store_ptr(at(&mut out.to));
            let shade = I4::load_ptr(at(&mut out.key));
            (shade | odd_key.and_not(usual)).store_ptr(at(&mut out.key));
        }
        let odd = u64::from(!usual.bitmask() & all);
        let word = &mut out.odd[i / 64];
        *word = (*word & !(u64::from(all) << (i % 64))) | odd << (i % 64);
        redo[i / LANES] = irregular as u8;
        any_redo |= irregular;
        i += LANES;
    }
        };
    }
    if zone_wraps {
        last_pass!(true);
    } else {
        last_pass!(false);
    }
    let redo = if any_redo != 0 { &redo[..groups / LANES] } else { &[] };
    for (g, &lanes) in redo.iter().enumerate() {
        if lanes != 0 {
            redo_lanes(g * LANES, lanes.into(), c, s, z, out);
        }
    }
    prepare_range(groups..n, c, s, z, out);
}
