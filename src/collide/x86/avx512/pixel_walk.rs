//! The AVX-512 pixel walk of the rasteriser: sixteen samples per masked
//! `vpgatherdd`, lanes kept as 32-bit fraction and integer halves
//! ([`Axis`]: a carry moves between them, so stepping stays exact, as in
//! the AVX2 walker).

use crate::collide::kernels::gather::MAX_STEP;
use crate::collide::kernels::raster::or_bits;
use crate::collide::kernels::raster::row_start::RowStart;
use crate::collide::sprite::LinearSpans;
use crate::collide::x86::lanes32::{Axis, SolidBox};
use crate::collide::x86::walk::{by_rows, Frame};
use crate::collide::x86::Avx512;
use crate::mask::low_bits;
use crate::pose::{PixelMap, PixelRect};
use std::arch::x86_64::*;

/// Sets the covered pixels of `mask` under `map` in `words` (rows of
/// `rect`), walking each row's estimated span sixteen samples at a time.
/// Returns false, having written nothing useful, when a row's coordinates
/// leave the walker's exact range (absurd poses); the caller then uses the
/// general walkers.
///
/// # Safety
/// The CPU must have AVX-512 F and DQ ([`crate::collide::x86::Avx512::detect`]).
#[target_feature(enable = "avx512f")]
pub(in crate::collide::x86) unsafe fn fill_walk_avx512(frame: Frame, words: &mut [u64]) -> bool {
    let Frame { mask, map, rect } = frame;
    let m = &map.map;
    let (du, dv) = (m.du_dx, m.dv_dx);
    // Texel dwords are indexed by 32-bit lanes.
    if du.abs() > MAX_STEP || dv.abs() > MAX_STEP || mask.words().len() * 2 >= 1 << 30 {
        return false;
    }
    // SAFETY: AVX-512 F is enabled here; `texel0` lies inside the mask.
    let walk = unsafe {
        Gather {
            u_axis: Axis::new(du),
            v_axis: Axis::new(dv),
            solid: SolidBox::new(
                mask.words(),
                mask.words_per_row(),
                map.texel0,
                (m.width, m.height),
            ),
        }
    };
    by_rows::<ROW_BATCH>(
        frame,
        words,
        // SAFETY (both): inlined here, with AVX-512 F and DQ; `by_rows`
        // checked the sizes `starts8` needs.
        #[inline(always)]
        |lin, y| Some(unsafe { starts8(lin, m, rect, y) }),
        #[inline(always)]
        |start, row| unsafe { walk.row(start, rect.x0, row) },
    )
}

/// What the walk's gathers read: the axes and the solid box.
struct Gather {
    u_axis: Axis<Avx512>,
    v_axis: Axis<Avx512>,
    solid: SolidBox<Avx512>,
}

impl Gather {
    /// Sets the covered pixels of one row from its start (`x0`: the row's
    /// first column).
    ///
    /// # Safety
    /// The start's samples stay in the exact range (`row_start::in_range`)
    /// and the mask has fewer than 2^30 dwords.
    #[target_feature(enable = "avx512f")]
    #[inline]
    unsafe fn row(&self, start: &RowStart, x0: i64, row: &mut [u64]) {
        let RowStart { x0: from, x1, u, v } = *start;
        let (mut ul, mut vl) = (self.u_axis.lanes(u), self.v_axis.lanes(v));
        let mut x = from;
        while x < x1 {
            let len = (x1 - x).min(64) as u32;
            let mut bits = 0u64;
            for g in 0..len.div_ceil(16) {
                // The caller's: fewer than 2^30 dwords.
                bits |= self.solid.bits(ul.hi, vl.hi) << (16 * g);
                self.u_axis.advance(&mut ul);
                self.v_axis.advance(&mut vl);
            }
            or_bits(row, (x - x0) as usize, bits & low_bits(len));
            x += i64::from(len);
        }
    }
}

/// Rows whose starts are found before their samples are read.
const ROW_BATCH: usize = 32;

/// [`row_start`] for the eight rows from `y0` at once, from the linear
/// form of the span estimate: the same columns up to float rounding, far
/// inside the estimate's two-pixel margin, and the same exact starts.
///
/// # Safety
/// The CPU must have AVX-512 F and DQ; `rect` passed [`in_range`] and its
/// coordinates, `lin.origin` and `lin.bounds` are below 2^52 in size.
#[target_feature(enable = "avx512f,avx512dq")]
unsafe fn starts8(
    lin: &LinearSpans,
    m: &PixelMap,
    rect: &PixelRect,
    y0: i64,
) -> [Option<RowStart>; 8] {
    let lane = _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7);
    let dy = _mm512_add_epi64(_mm512_set1_epi64(y0 - lin.origin.1), lane);
    let dyf = _mm512_cvtepi64_pd(dy);
    let line = |[a, b]: [f64; 2]| _mm512_fmadd_pd(_mm512_set1_pd(b), dyf, _mm512_set1_pd(a));
    let lo = _mm512_max_pd(line(lin.lo[0]), line(lin.lo[1]));
    let hi = _mm512_min_pd(line(lin.hi[0]), line(lin.hi[1]));
    const DOWN: i32 = _MM_FROUND_TO_NEG_INF | _MM_FROUND_NO_EXC;
    const UP: i32 = _MM_FROUND_TO_POS_INF | _MM_FROUND_NO_EXC;
    let origin = _mm512_set1_pd(lin.origin.0 as f64);
    let two = _mm512_set1_pd(2.0);
    let first = _mm512_sub_pd(_mm512_add_pd(origin, _mm512_roundscale_pd::<DOWN>(lo)), two);
    let end = _mm512_add_pd(_mm512_add_pd(origin, _mm512_roundscale_pd::<UP>(hi)), two);
    // Inside the rectangle and the map's bounds (both kept when NaN: a
    // wider span is still a superset).
    let lower = _mm512_set1_pd(rect.x0.max(lin.bounds.x0) as f64);
    let upper = _mm512_set1_pd(rect.x1.min(lin.bounds.x1) as f64);
    let clamp = |v: __m512d| _mm512_min_pd(_mm512_max_pd(v, lower), upper);
    let (x0, x1) = (
        _mm512_cvttpd_epi64(clamp(first)),
        _mm512_cvttpd_epi64(clamp(end)),
    );
    let covered = _mm512_cmplt_epi64_mask(x0, x1);
    let dx = _mm512_sub_epi64(x0, _mm512_set1_epi64(m.origin.0));
    let dy = _mm512_add_epi64(_mm512_set1_epi64(y0 - m.origin.1), lane);
    // Exact: `in_range` bounds every product and sum over the rectangle.
    let at = |c0: i64, d: i64, dd: i64| {
        _mm512_add_epi64(
            _mm512_set1_epi64(c0),
            _mm512_add_epi64(
                _mm512_mullo_epi64(_mm512_set1_epi64(d), dx),
                _mm512_mullo_epi64(_mm512_set1_epi64(dd), dy),
            ),
        )
    };
    let (u, v) = (at(m.u0, m.du_dx, m.du_dy), at(m.v0, m.dv_dx, m.dv_dy));
    let mut out = [[0i64; 8]; 4];
    for (slot, vector) in out.iter_mut().zip([x0, x1, u, v]) {
        // SAFETY: `slot` holds eight i64.
        unsafe { _mm512_storeu_si512(slot.as_mut_ptr().cast(), vector) };
    }
    std::array::from_fn(|k| {
        (covered >> k & 1 == 1).then(|| RowStart {
            x0: out[0][k],
            x1: out[1][k],
            u: out[2][k],
            v: out[3][k],
        })
    })
}
