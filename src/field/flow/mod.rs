//! The coarse flow grid: one noise brightness per cell, recomputed as the
//! field evolves. Particles read their cell instead of sampling noise.

mod rows;

use noise::{NoiseFn, Perlin};
use rayon::prelude::*;

use rows::{Axis, Columns, RowNoise};

use crate::settings::{check_canvas_size, SettingsError, Value};

/// Brightness `b ∈ [0, 1]` per cell of `cell_size` pixels, row-major.
#[derive(Clone, Debug)]
pub struct FlowGrid {
    cell_size: u32,
    inv_cell: f32,
    cols: u32,
    rows: u32,
    brightness: Vec<f32>,
    /// The noise, as the crate gives it (the plain path) …
    noise: Perlin,
    /// … and a row at a time (the step's path).
    row_noise: RowNoise,
    /// Each column's `x`, split for the row path (rebuilt per update).
    columns: Columns,
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
        crate::settings::check("field.cell_size", Value::Whole(cell_size.into()))?;
        let cols = width.div_ceil(cell_size).max(1);
        let rows = height.div_ceil(cell_size).max(1);
        Ok(FlowGrid {
            cell_size,
            inv_cell: 1.0 / cell_size as f32,
            cols,
            rows,
            brightness: vec![0.5; cols as usize * rows as usize],
            noise: Perlin::new(perlin_seed(seed)),
            row_noise: RowNoise::new(perlin_seed(seed)),
            columns: Columns::default(),
            computed_at: None,
            frequency: f64::NAN,
        })
    }

    /// Recomputes every cell for noise time `t` and `frequency` (noise units
    /// per pixel), unless the grid already holds exactly that. Returns whether
    /// it did work. Works a row at a time (`rows.rs`); the values are bit for
    /// bit [`FlowGrid::update_plain`]'s.
    pub fn update(&mut self, t: f64, frequency: f64, parallel: bool) -> bool {
        if self.holds(t, frequency) {
            return false;
        }
        let cell = f64::from(self.cell_size);
        self.columns
            .set((0..self.cols).map(|col| cell_centre(col, cell, frequency)));
        let (cols, columns, noise) = (self.cols as usize, &self.columns, &self.row_noise);
        let z = Axis::new(t);
        let fill_row = |(row, out): (usize, &mut [f32])| {
            crate::trace::span!("field.flow.row", row);
            let y = Axis::new(cell_centre(row as u32, cell, frequency));
            noise.fill_row(columns, &y, &z, out, brightness);
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
        self.computed(t, frequency)
    }

    /// [`FlowGrid::update`] the plain way: one `noise::Perlin::get` a cell,
    /// serially. The reference step uses it.
    pub fn update_plain(&mut self, t: f64, frequency: f64) -> bool {
        if self.holds(t, frequency) {
            return false;
        }
        let (cols, cell) = (self.cols as usize, f64::from(self.cell_size));
        for (row, out) in self.brightness.chunks_mut(cols).enumerate() {
            let y = cell_centre(row as u32, cell, frequency);
            for (col, b) in out.iter_mut().enumerate() {
                let x = cell_centre(col as u32, cell, frequency);
                *b = brightness(self.noise.get([x, y, t]));
            }
        }
        self.computed(t, frequency)
    }

    /// Whether the grid already holds noise time `t` at `frequency`.
    pub(crate) fn holds(&self, t: f64, frequency: f64) -> bool {
        self.computed_at == Some(t) && self.frequency == frequency
    }

    /// Notes that the grid now holds `t` at `frequency`; returns true (work
    /// was done), for the updates to return.
    fn computed(&mut self, t: f64, frequency: f64) -> bool {
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

/// The Perlin seed of a field seed.
fn perlin_seed(seed: u64) -> u32 {
    seed as u32 ^ (seed >> 32) as u32
}

/// Noise coordinate of the centre of cell `i` along one axis.
fn cell_centre(i: u32, cell: f64, frequency: f64) -> f64 {
    (f64::from(i) + 0.5) * cell * frequency
}

/// Maps Perlin output (about −1..1, mostly near 0) to a brightness in [0, 1].
fn brightness(n: f64) -> f32 {
    (0.5 + 0.75 * n).clamp(0.0, 1.0) as f32
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The row path gives every cell's brightness bit for bit as one
        /// `Perlin::get` a cell, on any grid, seed, time and frequency.
        #[test]
        fn row_path_equals_the_plain_one(
            seed in any::<u64>(),
            width in 1u32..700,
            height in 1u32..200,
            cell in prop_oneof![Just(1u32), 2u32..17, Just(256)],
            t in prop_oneof![Just(0.0), 0.0..1e4f64],
            frequency in prop_oneof![Just(0.0), Just(1.0), 0.0..0.05f64],
            parallel in any::<bool>(),
        ) {
            let mut fast = FlowGrid::new(width, height, cell, seed).expect("valid grid");
            let mut plain = fast.clone();
            prop_assert!(fast.update(t, frequency, parallel));
            prop_assert!(plain.update_plain(t, frequency));
            let bits = |g: &FlowGrid| g.brightness().iter().map(|b| b.to_bits()).collect::<Vec<_>>();
            prop_assert_eq!(bits(&fast), bits(&plain));
        }
    }


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
