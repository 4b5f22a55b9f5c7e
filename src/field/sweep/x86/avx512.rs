//! Stage 1 with AVX-512 (F): 16 particles per step. These intrinsics are
//! stable since Rust 1.89, which is why the crate's `rust-version` is 1.89.

use std::arch::x86_64::*;

use super::super::flags::{BLOCK, CODE_SHIFT};
use super::super::prepared::Prepared;
use super::super::shared::Shared;
use super::super::zone::Zone;
use super::splat::Splat;
use super::{redo_lanes, scalar_range};

/// Lanes per vector.
const LANES: usize = 16;

/// Stage 1 for one block (see the module docs of [`super`]); the same
/// steps as the AVX2 kernel, with comparisons into mask registers.
///
/// # Safety
/// The CPU must support AVX-512 F.
#[target_feature(enable = "avx512f")]
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
    let palette = s.palette.as_ptr().cast::<i32>();
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
    } = Splat::new(s, z, |v| _mm512_set1_ps(v), |v| _mm512_set1_epi32(v));
    let minus_one = _mm512_set1_epi32(-1);
    let shift = _mm_cvtsi32_si128(s.bands.shift as i32);
    let zone_wraps = z.wrap != 0;
    const FLOOR: i32 = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;

    let mut i = 0;
    while i + LANES <= n {
        // SAFETY (all loads and stores below): `i + LANES ≤ n`, and every
        // slice and `out`'s arrays hold at least `n` elements.
        let x = _mm512_loadu_ps(xs.as_ptr().add(i));
        let y = _mm512_loadu_ps(ys.as_ptr().add(i));
        let speed = _mm512_loadu_ps(speeds.as_ptr().add(i));
        let wander = _mm512_loadu_ps(wanders.as_ptr().add(i));

        // FlowGrid::at: the unsigned minimum keeps every index in the grid.
        let col = _mm512_min_epu32(_mm512_cvttps_epi32(_mm512_mul_ps(x, inv_cell)), last_col);
        let row = _mm512_min_epu32(_mm512_cvttps_epi32(_mm512_mul_ps(y, inv_cell)), last_row);
        let cell = _mm512_add_epi32(_mm512_mullo_epi32(row, cols), col);
        let b = _mm512_i32gather_ps::<4>(cell, brightness.as_ptr());

        // move_with_brightness, operation for operation.
        let spd = _mm512_add_ps(
            base_speed,
            _mm512_mul_ps(_mm512_mul_ps(b, speed), speed_scale),
        );
        let angle = _mm512_mul_ps(_mm512_mul_ps(_mm512_mul_ps(tau, b), wander), wander_scale);
        let t = _mm512_add_ps(_mm512_mul_ps(angle, to_index), half);
        let index_ok = _mm512_cmp_ps_mask::<_CMP_LT_OQ>(_mm512_abs_ps(t), index_limit);
        // Entry k's sine is float 2k of the table, its cosine float 2k + 1.
        let k = _mm512_and_si512(_mm512_cvttps_epi32(t), index_mask);
        let k2 = _mm512_slli_epi32::<1>(k);
        let sin = _mm512_i32gather_ps::<4>(k2, table);
        let cos = _mm512_i32gather_ps::<4>(k2, table.add(1));
        let ux = _mm512_add_ps(x, _mm512_mul_ps(cos, spd));
        let uy = _mm512_add_ps(y, _mm512_mul_ps(sin, spd));

        // particles::wrap: one add or subtract of the size; a lane that
        // is still outside after it (a move longer than the canvas, NaN)
        // is redone by the scalar code after the stores.
        let (x_low, x_high) = (
            _mm512_cmp_ps_mask::<_CMP_LT_OQ>(ux, zero),
            _mm512_cmp_ps_mask::<_CMP_GE_OQ>(ux, width_f),
        );
        let (y_low, y_high) = (
            _mm512_cmp_ps_mask::<_CMP_LT_OQ>(uy, zero),
            _mm512_cmp_ps_mask::<_CMP_GE_OQ>(uy, height_f),
        );
        let wx = _mm512_mask_sub_ps(
            _mm512_mask_add_ps(ux, x_low, ux, width_f),
            x_high,
            ux,
            width_f,
        );
        let wy = _mm512_mask_sub_ps(
            _mm512_mask_add_ps(uy, y_low, uy, height_f),
            y_high,
            uy,
            height_f,
        );
        let wrapped = x_low | x_high | y_low | y_high;
        let inside = _mm512_cmp_ps_mask::<_CMP_GE_OQ>(wx, zero)
            & _mm512_cmp_ps_mask::<_CMP_LT_OQ>(wx, width_f)
            & _mm512_cmp_ps_mask::<_CMP_GE_OQ>(wy, zero)
            & _mm512_cmp_ps_mask::<_CMP_LT_OQ>(wy, height_f);
        let irregular = !(inside & index_ok) as u32 & 0xffff;

        // `as u8` saturates: max first so NaN gives 0, as it does there.
        let shade = _mm512_cvttps_epi32(_mm512_min_ps(
            _mm512_max_ps(_mm512_mul_ps(spd, shade_scale), zero),
            top_shade,
        ));
        let colour = _mm512_i32gather_epi32::<4>(shade, palette);

        // Prepared::set: pixel ends (all in the canvas), zone test, flags.
        let (x0, y0) = (_mm512_cvttps_epi32(x), _mm512_cvttps_epi32(y));
        let (x1, y1) = (_mm512_cvttps_epi32(wx), _mm512_cvttps_epi32(wy));
        // Zone::index: from the zone's first pixel, wrapped round past
        // its last row for the rows above it (the unsigned minimum).
        let from = _mm512_sub_epi32(
            _mm512_add_epi32(_mm512_mullo_epi32(y0, width), x0),
            zone_base,
        );
        let from = _mm512_min_epu32(from, _mm512_add_epi32(from, zone_wrap));
        let to = _mm512_sub_epi32(
            _mm512_add_epi32(_mm512_mullo_epi32(y1, width), x1),
            zone_base,
        );
        let to = _mm512_min_epu32(to, _mm512_add_epi32(to, zone_wrap));
        let band1 = _mm512_srl_epi32(y1, shift);
        let leaving =
            _mm512_cmpneq_epi32_mask(band1, bin) & _mm512_cmpneq_epi32_mask(band1, other_band);
        let in_zone = _mm512_cmple_epu32_mask(to, zone_last);
        let direct = in_zone & !wrapped;
        let (dx, dy) = (_mm512_sub_epi32(x1, x0), _mm512_sub_epi32(y1, y0));
        let y_only = (y_low | y_high) & !(x_low | x_high);
        let (dy, direct) = if zone_wraps && y_only != 0 {
            // block::edge_step: a wrap across the top or bottom edge whose
            // pieces are one line shifted by the height, pixel for pixel,
            // is a direct trail in the edge bin's zone, one row step on.
            let end_y = _mm512_cvttps_epi32(_mm512_roundscale_ps::<FLOOR>(uy));
            let end_y = _mm512_max_epi32(_mm512_min_epi32(end_y, max_pixel), min_pixel);
            let start_y = _mm512_add_ps(y, _mm512_sub_ps(wy, uy));
            let start_y = _mm512_cvttps_epi32(_mm512_roundscale_ps::<FLOOR>(start_y));
            let start_y = _mm512_max_epi32(_mm512_min_epi32(start_y, max_pixel), min_pixel);
            let moved = _mm512_sub_epi32(y0, start_y);
            let step = _mm512_sub_epi32(end_y, y0);
            let edge = y_only
                & in_zone
                & _mm512_cmpeq_epi32_mask(_mm512_abs_epi32(moved), wrap_rows)
                & _mm512_cmpeq_epi32_mask(_mm512_sub_epi32(end_y, y1), moved)
                & _mm512_cmplt_epi32_mask(_mm512_abs_epi32(dx), medium_limit)
                & _mm512_cmplt_epi32_mask(_mm512_abs_epi32(step), medium_limit);
            (_mm512_mask_mov_epi32(dy, edge, step), direct | edge)
        } else {
            (dy, direct)
        };
        let short = _mm512_cmplt_epi32_mask(_mm512_abs_epi32(dx), three)
            & _mm512_cmplt_epi32_mask(_mm512_abs_epi32(dy), three);
        // from + signum(dy)·width + signum(dx)
        let sign_dx = _mm512_max_epi32(_mm512_min_epi32(dx, one), minus_one);
        let sign_dy = _mm512_max_epi32(_mm512_min_epi32(dy, one), minus_one);
        let mid = _mm512_add_epi32(
            _mm512_add_epi32(from, sign_dx),
            _mm512_mullo_epi32(sign_dy, width),
        );
        // A medium line's flags carry its LineTable index.
        let medium = !short
            & _mm512_cmplt_epi32_mask(_mm512_abs_epi32(dx), medium_limit)
            & _mm512_cmplt_epi32_mask(_mm512_abs_epi32(dy), medium_limit);
        let code = _mm512_add_epi32(
            _mm512_add_epi32(_mm512_mullo_epi32(dy, code_row), dx),
            code_bias,
        );
        let medium_bits = _mm512_or_si512(medium_flag, _mm512_slli_epi32::<CODE_SHIFT>(code));
        let flags = _mm512_or_si512(
            _mm512_or_si512(
                _mm512_maskz_mov_epi32(direct, direct_flag),
                _mm512_maskz_mov_epi32(direct & short, short_flag),
            ),
            _mm512_maskz_mov_epi32(direct & medium, medium_bits),
        );
        // Other wrapped lanes are not direct: their flags are just WRAPPED.
        let flags = _mm512_mask_mov_epi32(flags, wrapped & !direct, wrapped_flag);
        let word = &mut out.leaving[i / 64];
        *word = (*word & !(0xffff << (i % 64))) | u64::from(leaving) << (i % 64);

        _mm512_storeu_ps(out.old_x.as_mut_ptr().add(i), x);
        _mm512_storeu_ps(out.old_y.as_mut_ptr().add(i), y);
        _mm512_storeu_ps(xs.as_mut_ptr().add(i), wx);
        _mm512_storeu_ps(ys.as_mut_ptr().add(i), wy);
        if direct != 0xffff {
            // Prepared::set's piece pixels (raster::pixel_of: the floor,
            // clamped; regular lanes are far inside the i32 range): the
            // unwrapped end, and the second piece's start, the old
            // position shifted by the wrap.
            let end_x = _mm512_cvttps_epi32(_mm512_roundscale_ps::<FLOOR>(ux));
            let end_y = _mm512_cvttps_epi32(_mm512_roundscale_ps::<FLOOR>(uy));
            let end_x = _mm512_max_epi32(_mm512_min_epi32(end_x, max_pixel), min_pixel);
            let end_y = _mm512_max_epi32(_mm512_min_epi32(end_y, max_pixel), min_pixel);
            let end = _mm512_or_si512(
                _mm512_and_si512(end_x, low_half),
                _mm512_slli_epi32::<16>(end_y),
            );
            let sx = _mm512_add_ps(x, _mm512_sub_ps(wx, ux));
            let sy = _mm512_add_ps(y, _mm512_sub_ps(wy, uy));
            let start_x = _mm512_cvttps_epi32(_mm512_roundscale_ps::<FLOOR>(sx));
            let start_y = _mm512_cvttps_epi32(_mm512_roundscale_ps::<FLOOR>(sy));
            let start_x = _mm512_max_epi32(_mm512_min_epi32(start_x, max_pixel), min_pixel);
            let start_y = _mm512_max_epi32(_mm512_min_epi32(start_y, max_pixel), min_pixel);
            let start2 = _mm512_or_si512(
                _mm512_and_si512(start_x, low_half),
                _mm512_slli_epi32::<16>(start_y),
            );
            _mm512_mask_storeu_epi32(out.end.as_mut_ptr().add(i).cast(), !direct, end);
            _mm512_mask_storeu_epi32(out.start2.as_mut_ptr().add(i).cast(), wrapped, start2);
        }
        _mm512_storeu_si512(out.from.as_mut_ptr().add(i).cast(), from);
        _mm512_storeu_si512(out.to.as_mut_ptr().add(i).cast(), to);
        _mm512_storeu_si512(out.mid.as_mut_ptr().add(i).cast(), mid);
        _mm512_storeu_si512(out.colour.as_mut_ptr().add(i).cast(), colour);
        _mm512_storeu_si512(out.flags.as_mut_ptr().add(i).cast(), flags);
        if irregular != 0 {
            redo_lanes(i, irregular as u32, xs, ys, speeds, wanders, s, z, out);
        }
        i += LANES;
    }
    scalar_range(i..n, xs, ys, speeds, wanders, s, z, out);
}
