//! The constants both x86 stage-1 kernels broadcast, written once.
//!
//! [`Splat::new`] works out each value from the step's [`Shared`] and the
//! task's [`Zone`] and broadcasts it with the kernel's own `set1`
//! intrinsics (`_mm256_set1_*` for AVX2, `_mm512_set1_*` for AVX-512),
//! given as closures; the kernel destructures the result into locals of
//! the same names. Inlined into the kernel, the struct disappears.

use std::f32::consts::TAU;

use super::super::flags::{DIRECT, MEDIUM, SHORT, WRAPPED};
use super::super::lines::MEDIUM_STEPS;
use super::super::shared::Shared;
use super::super::zone::Zone;
use crate::field::raster::{MAX_PIXEL, MIN_PIXEL, SIN_TABLE_LEN, TURN_TO_INDEX};

/// One broadcast constant per field: `F` is the kernel's float vector,
/// `I` its integer vector.
pub(super) struct Splat<F, I> {
    /// `1 / cell_size` of the flow grid.
    pub inv_cell: F,
    /// Last column and row of the flow grid, and its columns.
    pub last_col: I,
    pub last_row: I,
    pub cols: I,
    /// The motion's speed at brightness 0, and its scale on own speed.
    pub base_speed: F,
    pub speed_scale: F,
    /// A full turn, and the motion's scale on own wander.
    pub tau: F,
    pub wander_scale: F,
    /// Angle to sine-table position, the rounding half, the index mask,
    /// and the bound past which the index conversion would overflow.
    pub to_index: F,
    pub half: F,
    pub index_mask: I,
    pub index_limit: F,
    /// Speed to palette shade, and the top shade.
    pub shade_scale: F,
    pub top_shade: F,
    pub zero: F,
    /// Canvas size as floats, and its width in pixels.
    pub width_f: F,
    pub height_f: F,
    pub width: I,
    /// The zone's first pixel, its wrap in pixels and its last pixel (see
    /// [`Zone::index`]), and its wrap in rows; the bin, and the other band
    /// it holds.
    pub zone_base: I,
    pub zone_wrap: I,
    pub zone_last: I,
    pub wrap_rows: I,
    pub bin: I,
    pub other_band: I,
    pub three: I,
    /// One past the longest [`MEDIUM`] line, and what turns `(dx, dy)`
    /// into its [`super::super::line_code`].
    pub medium_limit: I,
    pub code_bias: I,
    pub code_row: I,
    /// The flags (see [`super::super::DIRECT`] and the others).
    pub direct_flag: I,
    pub short_flag: I,
    pub medium_flag: I,
    pub wrapped_flag: I,
    /// The clamp of `raster::pixel_of`, and the low 16 bits of a word.
    pub min_pixel: I,
    pub max_pixel: I,
    pub low_half: I,
}

impl<F: Copy, I: Copy> Splat<F, I> {
    /// The constants of bin `z`'s task, broadcast by `f` (floats) and `i`
    /// (integers).
    #[inline(always)]
    pub fn new(s: &Shared, z: Zone, f: impl Fn(f32) -> F, i: impl Fn(i32) -> I) -> Self {
        let m = s.motion;
        let (inv_cell, cols, rows, _) = s.flow.lookup_parts();
        Splat {
            inv_cell: f(inv_cell),
            last_col: i(cols as i32 - 1),
            last_row: i(rows as i32 - 1),
            cols: i(cols as i32),
            base_speed: f(m.base_speed),
            speed_scale: f(m.speed_scale),
            tau: f(TAU),
            wander_scale: f(m.wander),
            to_index: f(TURN_TO_INDEX),
            half: f(0.5),
            index_mask: i(SIN_TABLE_LEN as i32 - 1),
            index_limit: f(2_147_483_648.0),
            shade_scale: f(m.shade_scale),
            top_shade: f(255.0),
            zero: f(0.0),
            width_f: f(m.width),
            height_f: f(m.height),
            width: i(s.width as i32),
            zone_base: i(z.base(s.width) as i32),
            zone_wrap: i((z.wrap * s.width) as i32),
            zone_last: i(z.len(s.width) as i32 - 1),
            wrap_rows: i(z.wrap as i32),
            bin: i(z.bin as i32),
            other_band: i(z.other_band as i32),
            three: i(3),
            medium_limit: i(MEDIUM_STEPS + 1),
            code_bias: i(MEDIUM_STEPS * (2 * MEDIUM_STEPS + 1) + MEDIUM_STEPS),
            code_row: i(2 * MEDIUM_STEPS + 1),
            direct_flag: i(DIRECT as i32),
            short_flag: i(SHORT as i32),
            medium_flag: i(MEDIUM as i32),
            wrapped_flag: i(WRAPPED as i32),
            min_pixel: i(MIN_PIXEL),
            max_pixel: i(MAX_PIXEL),
            low_half: i(0xffff),
        }
    }
}
