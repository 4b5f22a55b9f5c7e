//! The frame both pixel walks share (AVX2's through texel windows,
//! `avx2/window_walk.rs`; AVX-512's by gathers, `avx512/pixel_walk.rs`):
//! which rectangles they take, and each row's start found a batch of rows
//! ahead of its samples.

use crate::collide::kernels::raster::row_start::{
    in_range, linear_fits, row_start, row_start_linear, RowStart,
};
use crate::collide::sprite::{LinearSpans, SolidMap};
use crate::mask::Mask;
use crate::pose::PixelRect;

/// What a pixel walk fills: the covered pixels of `mask` under `map`, in
/// the rows of `rect`.
#[derive(Clone, Copy)]
pub(super) struct Frame<'a> {
    pub(super) mask: &'a Mask,
    pub(super) map: &'a SolidMap,
    pub(super) rect: &'a PixelRect,
}

/// Calls `row(start, words)` on each covered row of the frame's rectangle
/// (its words in `words`), the starts of `BATCH` rows found before their samples are
/// read: rows are independent, so the CPU overlaps their float and
/// multiply chains there, which it does less well between the walk's
/// loads. `eight(lin, y)` may give the eight rows from `y` at once from
/// the linear estimate (a vector form; `None` takes them one by one).
/// Returns false, having written nothing, when a sample of the rectangle would
/// leave the walkers' exact range ([`in_range`]).
#[inline(always)]
pub(super) fn by_rows<const BATCH: usize>(
    Frame { map, rect, .. }: Frame,
    words: &mut [u64],
    mut eight: impl FnMut(&LinearSpans, i64) -> Option<[Option<RowStart>; 8]>,
    mut row: impl FnMut(&RowStart, &mut [u64]),
) -> bool {
    let m = &map.map;
    if rect.x0 >= rect.x1 || rect.y0 >= rect.y1 {
        return true;
    }
    if !in_range(m, rect) {
        return false;
    }
    let spans = map.spans();
    // Rows' spans from the linear estimate where every column bound is
    // exact in a double.
    let linear = spans.linear().filter(|lin| linear_fits(lin, rect));
    let per_row = (rect.width() as usize).div_ceil(64);
    let mut starts = [None::<RowStart>; BATCH];
    let mut rows = words.chunks_exact_mut(per_row.max(1));
    for y0 in (rect.y0..rect.y1).step_by(BATCH) {
        let n = ((rect.y1 - y0) as usize).min(BATCH);
        let mut k = 0;
        while k < n {
            let y = y0 + k as i64;
            let block = match &linear {
                Some(lin) if k + 8 <= n => eight(lin, y),
                _ => None,
            };
            if let Some(block) = block {
                starts[k..k + 8].copy_from_slice(&block);
                k += 8;
                continue;
            }
            starts[k] = match &linear {
                Some(lin) => row_start_linear(lin, m, rect, y),
                None => row_start(m, &spans, rect, y),
            };
            k += 1;
        }
        for (start, words) in starts[..n].iter().zip(rows.by_ref()) {
            if let Some(start) = start {
                row(start, words);
            }
        }
    }
    true
}
