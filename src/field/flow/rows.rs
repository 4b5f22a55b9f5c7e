//! 3-D Perlin noise a row of cells at a time, bit for bit
//! [`noise::Perlin::get`] (noise 0.9's `perlin_3d`).
//!
//! A row of the flow grid shares its `y` and its time `z`, and about thirty
//! neighbouring cells share one lattice cube, so everything but the `x`
//! terms is worked out once per row or once per cube: the eight corner
//! hashes, and each corner's gradient as `sx·x + (y, z part)`. A cell is
//! then eight multiply-adds, seven interpolations and the scale, against
//! about 257 instructions for a whole `get`. The arithmetic is the crate's,
//! operation for operation; a gradient with no `x` term gains `± 0`, which
//! can only change the sign of a zero, and the brightness of `± 0` is the
//! same (`rows_match_the_crate` checks every other bit, and the grid's
//! `row_path_equals_the_plain_one` every bit of the brightness).

use noise::permutationtable::{NoiseHasher, PermutationTable};

/// `2 / √3`, the crate's scale for three dimensions.
const SCALE_FACTOR: f64 = 1.154_700_538_379_251_5;

/// One coordinate of a point, split as the crate splits it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Axis {
    /// The lattice corner below (the crate's `floor_to_isize`, which takes
    /// one off at and below zero).
    corner: isize,
    /// Distance from the corner below, and from the one above.
    near: f64,
    far: f64,
    /// The quintic fade of `near`, and `1 − fade`.
    fade: f64,
    rest: f64,
}

impl Axis {
    /// Splits coordinate `p` (finite, within `isize`).
    pub(super) fn new(p: f64) -> Axis {
        let corner = if p <= 0.0 {
            p as isize - 1
        } else {
            p as isize
        };
        let near = p - corner as f64;
        let x = near.clamp(0.0, 1.0);
        let fade = x * x * x * (x * (x * 6.0 - 15.0) + 10.0);
        Axis {
            corner,
            near,
            far: near - 1.0,
            fade,
            rest: 1.0 - fade,
        }
    }
}

/// The crate's `linear(a, b, alpha)` with `1 − alpha` given.
#[inline(always)]
fn lerp(a: f64, b: f64, axis: &Axis) -> f64 {
    b * axis.fade + a * axis.rest
}

/// The permutation table of one seed, read out of the crate's.
#[derive(Clone, Debug)]
pub(super) struct RowNoise {
    perm: [u8; 256],
}

/// The gradient of hash code `h` as coefficients of `(x, y, z)`, from the
/// crate's table (codes 12–15 repeat four of the first twelve).
const GRADIENTS: [[f64; 3]; 16] = [
    [1.0, 1.0, 0.0],
    [-1.0, 1.0, 0.0],
    [1.0, -1.0, 0.0],
    [-1.0, -1.0, 0.0],
    [1.0, 0.0, 1.0],
    [-1.0, 0.0, 1.0],
    [1.0, 0.0, -1.0],
    [-1.0, 0.0, -1.0],
    [0.0, 1.0, 1.0],
    [0.0, -1.0, 1.0],
    [0.0, 1.0, -1.0],
    [0.0, -1.0, -1.0],
    [1.0, 1.0, 0.0],
    [-1.0, 1.0, 0.0],
    [0.0, -1.0, 1.0],
    [0.0, -1.0, -1.0],
];

impl RowNoise {
    /// The noise of `noise::Perlin::new(seed)`.
    pub(super) fn new(seed: u32) -> RowNoise {
        let table = PermutationTable::new(seed);
        let mut perm = [0u8; 256];
        for (i, p) in perm.iter_mut().enumerate() {
            // A one-coordinate hash is the table's entry itself.
            *p = table.hash(&[i as isize]) as u8;
        }
        RowNoise { perm }
    }

    /// The crate's hash of lattice point `(x, y, z)`.
    #[inline(always)]
    fn hash(&self, x: isize, y: isize, z: isize) -> usize {
        let a = self.perm[(x & 0xff) as usize] as usize ^ (y & 0xff) as usize;
        let b = self.perm[a] as usize ^ (z & 0xff) as usize;
        self.perm[b] as usize
    }

    /// Each corner's gradient in cube `cube` (its `x` corner) of the row
    /// at `y`, `z`: the `x` coefficient and the `(y, z)` part, in the
    /// crate's corner order 000, 001, 010, 011 (near `x`), then 100 … 111.
    fn corners(&self, cube: isize, y: &Axis, z: &Axis) -> ([f64; 8], [f64; 8]) {
        let (mut sx, mut yz) = ([0.0f64; 8], [0.0f64; 8]);
        for (k, (sx, yz)) in sx.iter_mut().zip(yz.iter_mut()).enumerate() {
            let (ox, oy, oz) = ((k >> 2) as isize, (k >> 1 & 1) as isize, (k & 1) as isize);
            let code = self.hash(cube + ox, y.corner + oy, z.corner + oz) & 0xf;
            let g = GRADIENTS[code];
            let py = if oy == 0 { y.near } else { y.far };
            let pz = if oz == 0 { z.near } else { z.far };
            *sx = g[0];
            *yz = g[1] * py + g[2] * pz;
        }
        (sx, yz)
    }

    /// Noise at `(x, y, z)` for each `x` of `xs`, mapped by `map` into
    /// `out`. Cells that share a cube run as one branch-free loop, which
    /// the compiler vectorises.
    pub(super) fn fill_row(
        &self,
        xs: &Columns,
        y: &Axis,
        z: &Axis,
        out: &mut [f32],
        map: impl Fn(f64) -> f32,
    ) {
        let n = out.len().min(xs.corner.len());
        let mut start = 0;
        while start < n {
            let cube = xs.corner[start];
            let end = xs.corner[start..n]
                .iter()
                .position(|&c| c != cube)
                .map_or(n, |k| start + k);
            let (sx, yz) = self.corners(cube, y, z);
            let g = |k: usize, px: f64| sx[k] * px + yz[k];
            let cells = out[start..end]
                .iter_mut()
                .zip(&xs.near[start..end])
                .zip(&xs.far[start..end])
                .zip(xs.fade[start..end].iter().zip(&xs.rest[start..end]));
            for (((b, &near_x), &far_x), (&fade, &rest)) in cells {
                let near = lerp(lerp(g(0, near_x), g(1, near_x), z), lerp(g(2, near_x), g(3, near_x), z), y);
                let far = lerp(lerp(g(4, far_x), g(5, far_x), z), lerp(g(6, far_x), g(7, far_x), z), y);
                let noise = far * fade + near * rest;
                *b = map((noise * SCALE_FACTOR).clamp(-1.0, 1.0));
            }
            start = end;
        }
    }
}

/// The `x` of each column of a row, split as [`Axis`] splits it, one
/// array a part (so the per-cube loop reads them as vectors).
#[derive(Clone, Debug, Default)]
pub(super) struct Columns {
    corner: Vec<isize>,
    near: Vec<f64>,
    far: Vec<f64>,
    fade: Vec<f64>,
    rest: Vec<f64>,
}

impl Columns {
    /// Replaces the columns with the coordinates `xs`.
    pub(super) fn set(&mut self, xs: impl Iterator<Item = f64>) {
        self.corner.clear();
        self.near.clear();
        self.far.clear();
        self.fade.clear();
        self.rest.clear();
        for x in xs.map(Axis::new) {
            self.corner.push(x.corner);
            self.near.push(x.near);
            self.far.push(x.far);
            self.fade.push(x.fade);
            self.rest.push(x.rest);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use noise::{NoiseFn, Perlin};
    use proptest::prelude::*;

    /// The noise as `f32` bits, a zero's sign dropped (`+ 0.0` turns
    /// `-0` into `0` and leaves every other value as it is).
    fn bits(n: f64) -> u32 {
        (n as f32 + 0.0).to_bits()
    }

    /// The crate's value at each `x` of a row.
    fn crate_row(seed: u32, xs: &[f64], y: f64, z: f64) -> Vec<u32> {
        let perlin = Perlin::new(seed);
        xs.iter().map(|&x| bits(perlin.get([x, y, z]))).collect()
    }

    fn our_row(seed: u32, xs: &[f64], y: f64, z: f64) -> Vec<u32> {
        let mut columns = Columns::default();
        columns.set(xs.iter().copied());
        let mut out = vec![0f32; xs.len()];
        RowNoise::new(seed).fill_row(&columns, &Axis::new(y), &Axis::new(z), &mut out, |n| {
            f32::from_bits(bits(n))
        });
        out.iter().map(|b| b.to_bits()).collect()
    }

    /// A coordinate: anywhere in a wide range, or on or beside a lattice
    /// line (where the crate's corner rule bites), zero included.
    fn coordinate() -> impl Strategy<Value = f64> {
        prop_oneof![
            -300.0..300.0f64,
            (-300i32..300).prop_map(f64::from),
            (-300i32..300, prop_oneof![Just(1e-12), Just(-1e-12), Just(0.5)])
                .prop_map(|(i, d)| f64::from(i) + d),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn rows_match_the_crate(
            seed in any::<u32>(),
            start in coordinate(),
            step in prop_oneof![Just(0.0), 0.0..0.3f64, 0.3..2.0f64],
            len in 1usize..200,
            y in coordinate(),
            z in coordinate(),
        ) {
            let xs: Vec<f64> = (0..len).map(|i| start + step * i as f64).collect();
            prop_assert_eq!(our_row(seed, &xs, y, z), crate_row(seed, &xs, y, z));
        }
    }

    #[test]
    fn every_gradient_code_is_the_crates() {
        // Rows through many cubes reach all sixteen codes; points at the
        // cube's corners and faces make zero terms.
        for seed in [0, 1, 7, 0xdead_beef] {
            let xs: Vec<f64> = (0..2000).map(|i| f64::from(i) * 0.25 - 250.0).collect();
            for y in [-3.0, -0.5, 0.0, 0.25, 1.0, 17.75] {
                for z in [0.0, 0.5, 2.0, 99.125] {
                    assert_eq!(our_row(seed, &xs, y, z), crate_row(seed, &xs, y, z), "seed {seed}, y {y}, z {z}");
                }
            }
        }
    }
}
