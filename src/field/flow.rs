//! The coarse flow grid: one noise brightness per cell, recomputed as the
//! field evolves. Particles read their cell instead of sampling noise.

use noise::{NoiseFn, Perlin};
use rayon::prelude::*;

use crate::settings::{check_canvas_size, specs, SettingsError};

/// Brightness `b ∈ [0, 1]` per cell of `cell_size` pixels, row-major.
#[derive(Clone, Debug)]
pub struct FlowGrid {
    cell_size: u32,
    inv_cell: f32,
    cols: u32,
    rows: u32,
    brightness: Vec<f32>,
    noise: Perlin,
    /// Noise time the grid was last computed at (`None` = never).
    computed_at: Option<f64>,
    frequency: f64,
}

impl FlowGrid {
    /// A grid covering `width`×`height` pixels. Not computed until [`FlowGrid::update`].
    /// Sizes follow the rules of `field.width`, `field.height` and
    /// `field.cell_size`; anything else is an error naming the key.
    pub fn new(
        width: u32,
        height: u32,
        cell_size: u32,
        seed: u64,
    ) -> Result<FlowGrid, SettingsError> {
        check_canvas_size(width, height)?;
        specs::CELL_SIZE.check(cell_size)?;
        let cols = width.div_ceil(cell_size).max(1);
        let rows = height.div_ceil(cell_size).max(1);
        Ok(FlowGrid {
            cell_size,
            inv_cell: 1.0 / cell_size as f32,
            cols,
            rows,
            brightness: vec![0.5; cols as usize * rows as usize],
            noise: Perlin::new(seed as u32 ^ (seed >> 32) as u32),
            computed_at: None,
            frequency: f64::NAN,
        })
    }

    /// Recomputes every cell for noise time `t` and `frequency` (noise units
    /// per pixel), unless the grid already holds exactly that. Returns whether
    /// it did work.
    pub fn update(&mut self, t: f64, frequency: f64, parallel: bool) -> bool {
        if self.computed_at == Some(t) && self.frequency == frequency {
            return false;
        }
        let (cols, cell, noise) = (self.cols as usize, f64::from(self.cell_size), &self.noise);
        let fill_row = |(row, out): (usize, &mut [f32])| {
            crate::trace::span!("field.flow.row", row);
            let y = (row as f64 + 0.5) * cell * frequency;
            for (col, b) in out.iter_mut().enumerate() {
                let x = (col as f64 + 0.5) * cell * frequency;
                *b = brightness(noise.get([x, y, t]));
            }
        };
        if parallel {
            self.brightness
                .par_chunks_mut(cols)
                .enumerate()
                .for_each(fill_row);
        } else {
            self.brightness
                .chunks_mut(cols)
                .enumerate()
                .for_each(fill_row);
        }
        self.computed_at = Some(t);
        self.frequency = frequency;
        true
    }

    /// Brightness of the cell holding pixel position `(x, y)` (clamped to the grid).
    #[inline]
    pub fn at(&self, x: f32, y: f32) -> f32 {
        let col = ((x * self.inv_cell) as u32).min(self.cols - 1);
        let row = ((y * self.inv_cell) as u32).min(self.rows - 1);
        self.brightness[(row * self.cols + col) as usize]
    }

    crate::cpu::simd128! { or_x86:
        /// What a vector kernel needs to do [`FlowGrid::at`] itself:
        /// `1 / cell_size`, columns, rows and the brightness values.
        pub(crate) fn lookup_parts(&self) -> (f32, u32, u32, &[f32]) {
            (self.inv_cell, self.cols, self.rows, &self.brightness)
        }
    }

    /// Columns × rows of cells.
    pub fn size(&self) -> (u32, u32) {
        (self.cols, self.rows)
    }

    /// Cell brightness values, row-major.
    pub fn brightness(&self) -> &[f32] {
        &self.brightness
    }
}

/// Maps Perlin output (about −1..1, mostly near 0) to a brightness in [0, 1].
fn brightness(n: f64) -> f32 {
    (0.5 + 0.75 * n).clamp(0.0, 1.0) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_is_smooth_varied_and_frozen_time_skips_work() {
        let mut g = FlowGrid::new(1280, 720, 8, 1).expect("valid grid");
        assert_eq!(g.size(), (160, 90));
        assert!(g.update(0.0, 0.004, true));
        assert!(!g.update(0.0, 0.004, true), "same time: no work");
        let b = g.brightness().to_vec();
        assert!(b.iter().all(|v| (0.0..=1.0).contains(v)));
        let (lo, hi) = b
            .iter()
            .fold((1f32, 0f32), |(l, h), &v| (l.min(v), h.max(v)));
        assert!(hi - lo > 0.3, "brightness should vary: {lo}..{hi}");
        let mut s = FlowGrid::new(1280, 720, 8, 1).expect("valid grid");
        s.update(0.0, 0.004, false);
        assert_eq!(s.brightness(), &b[..], "parallel == serial");
        assert!(g.update(0.5, 0.004, true));
        assert_ne!(g.brightness(), &b[..]);
    }
}
