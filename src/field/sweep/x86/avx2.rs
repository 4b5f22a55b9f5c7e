//! Stage 1 with AVX2: 8 particles per step.

use std::arch::x86_64::*;

use super::super::{Prepared, Shared, Zone, BLOCK, CODE_SHIFT};
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
        bin,
        half_band,
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
    let shift = _mm_cvtsi32_si128(s.shift as i32);

    let mut i = 0;
    while i + LANES <= n {
        // SAFETY (all loads and stores below): `i + LANES ≤ n`, and every
        // slice and `out`'s arrays hold at least `n` elements.
        let x = _mm256_loadu_ps(xs.as_ptr().add(i));
        let y = _mm256_loadu_ps(ys.as_ptr().add(i));
        let speed = _mm256_loadu_ps(speeds.as_ptr().add(i));
        let wander = _mm256_loadu_ps(wanders.as_ptr().add(i));

        // FlowGrid::at: the unsigned minimum keeps every index in the grid.
        let col = _mm256_min_epu32(_mm256_cvttps_epi32(_mm256_mul_ps(x, inv_cell)), last_col);
        let row = _mm256_min_epu32(_mm256_cvttps_epi32(_mm256_mul_ps(y, inv_cell)), last_row);
        let cell = _mm256_add_epi32(_mm256_mullo_epi32(row, cols), col);
        let b = gather_f32(brightness.as_ptr(), cell);

        // move_with_brightness, operation for operation.
        let spd = _mm256_add_ps(
            base_speed,
            _mm256_mul_ps(_mm256_mul_ps(b, speed), speed_scale),
        );
        let angle = _mm256_mul_ps(_mm256_mul_ps(_mm256_mul_ps(tau, b), wander), wander_scale);
        let t = _mm256_add_ps(_mm256_mul_ps(angle, to_index), half);
        let index_ok = _mm256_cmp_ps::<_CMP_LT_OQ>(_mm256_and_ps(t, abs_mask), index_limit);
        let k = _mm256_and_si256(_mm256_cvttps_epi32(t), index_mask);
        let (sin, cos) = sin_cos(table, k);
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
        let colour = _mm256_castps_si256(gather_f32(palette.cast(), shade));

        // Prepared::set: pixel ends (all in the canvas), zone test, flags.
        let (x0, y0) = (_mm256_cvttps_epi32(x), _mm256_cvttps_epi32(y));
        let (x1, y1) = (_mm256_cvttps_epi32(wx), _mm256_cvttps_epi32(wy));
        let from = _mm256_sub_epi32(
            _mm256_add_epi32(_mm256_mullo_epi32(y0, width), x0),
            zone_base,
        );
        let to = _mm256_sub_epi32(
            _mm256_add_epi32(_mm256_mullo_epi32(y1, width), x1),
            zone_base,
        );
        let stays = _mm256_cmpeq_epi32(_mm256_srl_epi32(y1, shift), bin);
        let d = _mm256_sub_epi32(
            _mm256_srl_epi32(_mm256_add_epi32(y1, half_band), shift),
            bin,
        );
        let direct = _mm256_andnot_si256(wrapped, _mm256_cmpeq_epi32(_mm256_min_epu32(d, one), d));
        let (dx, dy) = (_mm256_sub_epi32(x1, x0), _mm256_sub_epi32(y1, y0));
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
        // Wrapped lanes are never direct: their flags are just WRAPPED.
        let flags = _mm256_or_si256(flags, _mm256_and_si256(wrapped, wrapped_flag));
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
        _mm256_storeu_si256(out.colour.as_mut_ptr().add(i).cast(), colour);
        _mm256_storeu_si256(out.flags.as_mut_ptr().add(i).cast(), flags);
        if irregular != 0 {
            redo_lanes(i, irregular as u32, xs, ys, speeds, wanders, s, z, out);
        }
        i += LANES;
    }
    scalar_range(i..n, xs, ys, speeds, wanders, s, z, out);
}

/// `_mm256_i32gather_ps(base, index)` done with eight plain loads: a
/// hardware gather is slower on AMD Zen 3, the CPU this was measured on.
///
/// # Safety
/// Every lane of `index` must be an element index into `base`'s buffer.
#[inline(always)]
unsafe fn gather_f32(base: *const f32, index: __m256i) -> __m256 {
    let mut at = [0i32; LANES];
    _mm256_storeu_si256(at.as_mut_ptr().cast(), index);
    let get = |j: usize| *base.add(at[j] as usize);
    _mm256_setr_ps(
        get(0),
        get(1),
        get(2),
        get(3),
        get(4),
        get(5),
        get(6),
        get(7),
    )
}

/// The sines and cosines of entries `k` of the table (`(sin, cos)` pairs
/// of floats), each pair read with one 64-bit load instead of two hardware
/// gathers, then split into a sine and a cosine vector.
///
/// # Safety
/// Every lane of `k` must be an entry of the table at `table`.
#[inline(always)]
unsafe fn sin_cos(table: *const f32, k: __m256i) -> (__m256, __m256) {
    let mut at = [0i32; LANES];
    _mm256_storeu_si256(at.as_mut_ptr().cast(), k);
    let pair = |j: usize| table.add(2 * at[j] as usize).cast::<i64>().read_unaligned();
    // Lanes 0, 1 | 4, 5 and 2, 3 | 6, 7: each 128-bit half holds two pairs.
    let a = _mm256_castsi256_ps(_mm256_set_epi64x(pair(5), pair(4), pair(1), pair(0)));
    let b = _mm256_castsi256_ps(_mm256_set_epi64x(pair(7), pair(6), pair(3), pair(2)));
    (
        _mm256_shuffle_ps::<0b10_00_10_00>(a, b),
        _mm256_shuffle_ps::<0b11_01_11_01>(a, b),
    )
}
