//! Stage 1 with AVX2: 8 particles per step, in passes over the block.
//!
//! Done group by group, a block's three table lookups a particle (flow
//! brightness, sine and cosine, palette colour: eight plain loads each,
//! as a hardware gather is slower on AMD Zen 3) sat in the middle of one
//! long chain of dependent instructions, about 180 a group, so the CPU
//! could overlap little more than one group with the next. In passes, each
//! lookup is a run of independent loads over the whole block between two
//! vector passes: 4–9% off the step at 1M particles on 1 and 2 threads
//! (see docs/performance.md, fifth sitting).

use std::arch::x86_64::*;
use std::mem::MaybeUninit;

use super::super::flags::{BLOCK, CODE_SHIFT};
use super::super::prepared::Prepared;
use super::super::shared::Shared;
use super::super::zone::Zone;
use super::splat::Splat;
use super::{redo_lanes, scalar_range};

/// Lanes per vector.
const LANES: usize = 8;

/// Stage 1 for one block (see the module docs of [`super`]).
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn prepare(
    xs: &mut [f32],
    ys: &mut [f32],
    speeds: &[f32],
    wanders: &[f32],
    s: &Shared,
    z: Zone,
    out: &mut Prepared,
) {
    let n = xs.len();
    assert!(ys.len() == n && speeds.len() == n && wanders.len() == n && n <= BLOCK);
    let (_, _, _, brightness) = s.flow.lookup_parts();
    let table = s.sincos.table().as_ptr().cast::<f32>();
    let palette = s.palette.as_ptr();
    let Splat {
        inv_cell,
        last_col,
        last_row,
        cols,
        base_speed,
        speed_scale,
        tau,
        wander_scale,
        to_index,
        half,
        index_mask,
        index_limit,
        shade_scale,
        top_shade,
        zero,
        width_f,
        height_f,
        width,
        zone_base,
        zone_wrap,
        zone_last,
        wrap_rows,
        bin,
        other_band,
        one,
        three,
        medium_limit,
        code_bias,
        code_row,
        direct_flag,
        short_flag,
        medium_flag,
        wrapped_flag,
        min_pixel,
        max_pixel,
        low_half,
    } = Splat::new(s, z, |v| _mm256_set1_ps(v), |v| _mm256_set1_epi32(v));
    let abs_mask = _mm256_castsi256_ps(_mm256_set1_epi32(i32::MAX));
    let shift = _mm_cvtsi32_si128(s.bands.shift as i32);
    let zone_wraps = z.wrap != 0;

    // Whole groups of LANES go through the passes; the rest is scalar.
    let groups = n / LANES * LANES;
    // Per particle between passes: a grid cell then a sine-table entry;
    // a brightness then a speed; whether the angle fits the table's
    // index; a (sine, cosine) pair. Left uninitialised: each pass writes
    // entries `0..groups` before the next reads them, and zeroing the
    // 5 KiB took 2% of the step. Per group, the lanes to redo.
    let mut index = MaybeUninit::<[i32; BLOCK]>::uninit();
    let mut value = MaybeUninit::<[f32; BLOCK]>::uninit();
    let mut index_fits = MaybeUninit::<[i32; BLOCK]>::uninit();
    let mut pairs = MaybeUninit::<[i64; BLOCK]>::uninit();
    let (index, value) = (
        index.as_mut_ptr().cast::<i32>(),
        value.as_mut_ptr().cast::<f32>(),
    );
    let index_fits = index_fits.as_mut_ptr().cast::<i32>();
    let pairs = pairs.as_mut_ptr().cast::<i64>();
    let mut redo = [0u8; BLOCK / LANES];

    // SAFETY (every load and store in the passes): `i + LANES ≤ groups ≤
    // n` and `j < groups`; every slice, `out`'s arrays and the arrays
    // above hold at least `n` elements; cells are inside the grid (the
    // unsigned minimum below) and entries inside the table (the mask).
    let mut i = 0;
    while i < groups {
        // FlowGrid::at: the unsigned minimum keeps every index in the grid.
        let x = _mm256_loadu_ps(xs.as_ptr().add(i));
        let y = _mm256_loadu_ps(ys.as_ptr().add(i));
        let col = _mm256_min_epu32(_mm256_cvttps_epi32(_mm256_mul_ps(x, inv_cell)), last_col);
        let row = _mm256_min_epu32(_mm256_cvttps_epi32(_mm256_mul_ps(y, inv_cell)), last_row);
        let cell = _mm256_add_epi32(_mm256_mullo_epi32(row, cols), col);
        _mm256_storeu_si256(index.add(i).cast(), cell);
        i += LANES;
    }
    let grid = brightness.as_ptr();
    for j in 0..groups {
        value.add(j).write(*grid.add(*index.add(j) as usize));
    }
    i = 0;
    while i < groups {
        // move_with_brightness, operation for operation.
        let b = _mm256_loadu_ps(value.add(i));
        let speed = _mm256_loadu_ps(speeds.as_ptr().add(i));
        let wander = _mm256_loadu_ps(wanders.as_ptr().add(i));
        let spd = _mm256_add_ps(
            base_speed,
            _mm256_mul_ps(_mm256_mul_ps(b, speed), speed_scale),
        );
        let angle = _mm256_mul_ps(_mm256_mul_ps(_mm256_mul_ps(tau, b), wander), wander_scale);
        let t = _mm256_add_ps(_mm256_mul_ps(angle, to_index), half);
        let fits = _mm256_cmp_ps::<_CMP_LT_OQ>(_mm256_and_ps(t, abs_mask), index_limit);
        let k = _mm256_and_si256(_mm256_cvttps_epi32(t), index_mask);
        _mm256_storeu_ps(value.add(i), spd);
        _mm256_storeu_si256(index.add(i).cast(), k);
        _mm256_storeu_si256(index_fits.add(i).cast(), _mm256_castps_si256(fits));
        i += LANES;
    }
    // Each (sine, cosine) pair with one 64-bit load.
    for j in 0..groups {
        pairs.add(j).write(
            table
                .add(2 * *index.add(j) as usize)
                .cast::<i64>()
                .read_unaligned(),
        );
    }
    i = 0;
    while i < groups {
        let x = _mm256_loadu_ps(xs.as_ptr().add(i));
        let y = _mm256_loadu_ps(ys.as_ptr().add(i));
        let spd = _mm256_loadu_ps(value.add(i));
        let index_ok = _mm256_castsi256_ps(_mm256_loadu_si256(index_fits.add(i).cast()));
        let (sin, cos) = split_pairs(pairs.add(i));
        let ux = _mm256_add_ps(x, _mm256_mul_ps(cos, spd));
        let uy = _mm256_add_ps(y, _mm256_mul_ps(sin, spd));

        // particles::wrap: one add or subtract of the size (blended, so
        // -0.0 stays -0.0); a lane that is still outside after it (a move
        // longer than the canvas, NaN) is redone by the scalar code after
        // the stores.
        let (x_low, x_high) = (
            _mm256_cmp_ps::<_CMP_LT_OQ>(ux, zero),
            _mm256_cmp_ps::<_CMP_GE_OQ>(ux, width_f),
        );
        let (y_low, y_high) = (
            _mm256_cmp_ps::<_CMP_LT_OQ>(uy, zero),
            _mm256_cmp_ps::<_CMP_GE_OQ>(uy, height_f),
        );
        let wx = _mm256_blendv_ps(
            _mm256_blendv_ps(ux, _mm256_add_ps(ux, width_f), x_low),
            _mm256_sub_ps(ux, width_f),
            x_high,
        );
        let wy = _mm256_blendv_ps(
            _mm256_blendv_ps(uy, _mm256_add_ps(uy, height_f), y_low),
            _mm256_sub_ps(uy, height_f),
            y_high,
        );
        let wrapped = _mm256_castps_si256(_mm256_or_ps(
            _mm256_or_ps(x_low, x_high),
            _mm256_or_ps(y_low, y_high),
        ));
        let inside = _mm256_and_ps(
            _mm256_and_ps(
                _mm256_cmp_ps::<_CMP_GE_OQ>(wx, zero),
                _mm256_cmp_ps::<_CMP_LT_OQ>(wx, width_f),
            ),
            _mm256_and_ps(
                _mm256_cmp_ps::<_CMP_GE_OQ>(wy, zero),
                _mm256_cmp_ps::<_CMP_LT_OQ>(wy, height_f),
            ),
        );
        let irregular = !_mm256_movemask_ps(_mm256_and_ps(inside, index_ok)) & 0xff;

        // `as u8` saturates: max first so NaN gives 0, as it does there.
        let shade = _mm256_cvttps_epi32(_mm256_min_ps(
            _mm256_max_ps(_mm256_mul_ps(spd, shade_scale), zero),
            top_shade,
        ));

        // Prepared::set: pixel ends (all in the canvas), zone test, flags.
        let (x0, y0) = (_mm256_cvttps_epi32(x), _mm256_cvttps_epi32(y));
        let (x1, y1) = (_mm256_cvttps_epi32(wx), _mm256_cvttps_epi32(wy));
        // Zone::index: from the zone's first pixel, wrapped round past
        // its last row for the rows above it (the unsigned minimum).
        let from = _mm256_sub_epi32(
            _mm256_add_epi32(_mm256_mullo_epi32(y0, width), x0),
            zone_base,
        );
        let from = _mm256_min_epu32(from, _mm256_add_epi32(from, zone_wrap));
        let to = _mm256_sub_epi32(
            _mm256_add_epi32(_mm256_mullo_epi32(y1, width), x1),
            zone_base,
        );
        let to = _mm256_min_epu32(to, _mm256_add_epi32(to, zone_wrap));
        let band1 = _mm256_srl_epi32(y1, shift);
        let stays = _mm256_or_si256(
            _mm256_cmpeq_epi32(band1, bin),
            _mm256_cmpeq_epi32(band1, other_band),
        );
        let in_zone = _mm256_cmpeq_epi32(_mm256_min_epu32(to, zone_last), to);
        let direct = _mm256_andnot_si256(wrapped, in_zone);
        let (dx, dy) = (_mm256_sub_epi32(x1, x0), _mm256_sub_epi32(y1, y0));
        let y_only = _mm256_castps_si256(_mm256_andnot_ps(
            _mm256_or_ps(x_low, x_high),
            _mm256_or_ps(y_low, y_high),
        ));
        let (dy, direct) = if zone_wraps && _mm256_movemask_ps(_mm256_castsi256_ps(y_only)) != 0 {
            // block::edge_step: a wrap across the top or bottom edge whose
            // pieces are one line shifted by the height, pixel for pixel,
            // is a direct trail in the edge bin's zone, one row step on.
            let end_y = _mm256_cvttps_epi32(_mm256_floor_ps(uy));
            let end_y = _mm256_max_epi32(_mm256_min_epi32(end_y, max_pixel), min_pixel);
            let start_y = _mm256_add_ps(y, _mm256_sub_ps(wy, uy));
            let start_y = _mm256_cvttps_epi32(_mm256_floor_ps(start_y));
            let start_y = _mm256_max_epi32(_mm256_min_epi32(start_y, max_pixel), min_pixel);
            let moved = _mm256_sub_epi32(y0, start_y);
            let step = _mm256_sub_epi32(end_y, y0);
            let shifted = _mm256_and_si256(
                _mm256_cmpeq_epi32(_mm256_abs_epi32(moved), wrap_rows),
                _mm256_cmpeq_epi32(_mm256_sub_epi32(end_y, y1), moved),
            );
            let near = _mm256_and_si256(
                _mm256_cmpgt_epi32(medium_limit, _mm256_abs_epi32(dx)),
                _mm256_cmpgt_epi32(medium_limit, _mm256_abs_epi32(step)),
            );
            let edge = _mm256_and_si256(
                _mm256_and_si256(y_only, shifted),
                _mm256_and_si256(near, in_zone),
            );
            (
                _mm256_blendv_epi8(dy, step, edge),
                _mm256_or_si256(direct, edge),
            )
        } else {
            (dy, direct)
        };
        let short = _mm256_and_si256(
            _mm256_cmpgt_epi32(three, _mm256_abs_epi32(dx)),
            _mm256_cmpgt_epi32(three, _mm256_abs_epi32(dy)),
        );
        // from + signum(dy)·width + signum(dx)
        let mid = _mm256_add_epi32(
            _mm256_add_epi32(from, _mm256_sign_epi32(one, dx)),
            _mm256_sign_epi32(width, dy),
        );
        // A medium line's flags carry its LineTable index.
        let medium = _mm256_andnot_si256(
            short,
            _mm256_and_si256(
                _mm256_cmpgt_epi32(medium_limit, _mm256_abs_epi32(dx)),
                _mm256_cmpgt_epi32(medium_limit, _mm256_abs_epi32(dy)),
            ),
        );
        let code = _mm256_add_epi32(
            _mm256_add_epi32(_mm256_mullo_epi32(dy, code_row), dx),
            code_bias,
        );
        let medium_bits = _mm256_or_si256(
            medium_flag,
            _mm256_slli_epi32::<{ CODE_SHIFT as i32 }>(code),
        );
        let flags = _mm256_or_si256(
            _mm256_or_si256(
                _mm256_and_si256(direct, direct_flag),
                _mm256_and_si256(_mm256_and_si256(direct, short), short_flag),
            ),
            _mm256_and_si256(_mm256_and_si256(direct, medium), medium_bits),
        );
        // Other wrapped lanes are not direct: their flags are just WRAPPED.
        let flags = _mm256_or_si256(
            flags,
            _mm256_andnot_si256(direct, _mm256_and_si256(wrapped, wrapped_flag)),
        );
        let leaving = !_mm256_movemask_ps(_mm256_castsi256_ps(stays)) as u64 & 0xff;
        let word = &mut out.leaving[i / 64];
        *word = (*word & !(0xff << (i % 64))) | leaving << (i % 64);

        _mm256_storeu_ps(out.old_x.as_mut_ptr().add(i), x);
        _mm256_storeu_ps(out.old_y.as_mut_ptr().add(i), y);
        _mm256_storeu_ps(xs.as_mut_ptr().add(i), wx);
        _mm256_storeu_ps(ys.as_mut_ptr().add(i), wy);
        if _mm256_movemask_ps(_mm256_castsi256_ps(direct)) != 0xff {
            // Prepared::set's piece pixels (raster::pixel_of: the floor,
            // clamped; regular lanes are far inside the i32 range): the
            // unwrapped end, and the second piece's start, the old
            // position shifted by the wrap. Stored for every lane: only
            // lanes that are not direct read them.
            let end_x = _mm256_cvttps_epi32(_mm256_floor_ps(ux));
            let end_y = _mm256_cvttps_epi32(_mm256_floor_ps(uy));
            let end_x = _mm256_max_epi32(_mm256_min_epi32(end_x, max_pixel), min_pixel);
            let end_y = _mm256_max_epi32(_mm256_min_epi32(end_y, max_pixel), min_pixel);
            let end = _mm256_or_si256(
                _mm256_and_si256(end_x, low_half),
                _mm256_slli_epi32::<16>(end_y),
            );
            let sx = _mm256_add_ps(x, _mm256_sub_ps(wx, ux));
            let sy = _mm256_add_ps(y, _mm256_sub_ps(wy, uy));
            let start_x = _mm256_cvttps_epi32(_mm256_floor_ps(sx));
            let start_y = _mm256_cvttps_epi32(_mm256_floor_ps(sy));
            let start_x = _mm256_max_epi32(_mm256_min_epi32(start_x, max_pixel), min_pixel);
            let start_y = _mm256_max_epi32(_mm256_min_epi32(start_y, max_pixel), min_pixel);
            let start2 = _mm256_or_si256(
                _mm256_and_si256(start_x, low_half),
                _mm256_slli_epi32::<16>(start_y),
            );
            _mm256_storeu_si256(out.end.as_mut_ptr().add(i).cast(), end);
            _mm256_storeu_si256(out.start2.as_mut_ptr().add(i).cast(), start2);
        }
        _mm256_storeu_si256(out.from.as_mut_ptr().add(i).cast(), from);
        _mm256_storeu_si256(out.to.as_mut_ptr().add(i).cast(), to);
        _mm256_storeu_si256(out.mid.as_mut_ptr().add(i).cast(), mid);
        // The shade for now: its colour is looked up below.
        _mm256_storeu_si256(out.colour.as_mut_ptr().add(i).cast(), shade);
        _mm256_storeu_si256(out.flags.as_mut_ptr().add(i).cast(), flags);
        redo[i / LANES] = irregular as u8;
        i += LANES;
    }
    // The shades' colours (shades are 0..=255, the palette's entries);
    // then the lanes the scalar code redoes, which set their own colour.
    for colour in &mut out.colour[..groups] {
        *colour = *palette.add(*colour as usize);
    }
    for (g, &lanes) in redo.iter().enumerate() {
        if lanes != 0 {
            redo_lanes(
                g * LANES,
                u32::from(lanes),
                xs,
                ys,
                speeds,
                wanders,
                s,
                z,
                out,
            );
        }
    }
    scalar_range(groups..n, xs, ys, speeds, wanders, s, z, out);
}

/// The sines and the cosines of the eight `(sin, cos)` pairs at `pairs`.
///
/// # Safety
/// `pairs` must point to eight readable pairs.
#[inline(always)]
unsafe fn split_pairs(pairs: *const i64) -> (__m256, __m256) {
    let low = _mm256_loadu_ps(pairs.cast());
    let high = _mm256_loadu_ps(pairs.add(4).cast());
    // Pairs 0, 1 | 4, 5 and 2, 3 | 6, 7: each 128-bit half then holds the
    // two pairs its half of the result takes.
    let a = _mm256_permute2f128_ps::<0x20>(low, high);
    let b = _mm256_permute2f128_ps::<0x31>(low, high);
    (
        _mm256_shuffle_ps::<0b10_00_10_00>(a, b),
        _mm256_shuffle_ps::<0b11_01_11_01>(a, b),
    )
}
