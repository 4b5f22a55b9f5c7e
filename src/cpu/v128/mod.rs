//! Four 32-bit lanes in one 128-bit register, written once for the
//! [`crate::cpu::Isa::Simd128`] kernels: NEON on aarch64 (`neon.rs`),
//! simd128 on wasm32 (`wasm.rs`).
//!
//! Only what the kernels need, with the scalar code's semantics: IEEE
//! adds, subtracts and multiplies one at a time (never fused), float to
//! integer conversions that truncate and saturate with NaN giving 0 (as
//! Rust's `as`), and masks as lanes of all ones or all zeros. `F4` holds
//! floats, `I4` integers (signed or unsigned as the method says) and masks.

// The module exists only under `simd128!`, so the architecture picks the
// backend.
#[cfg(target_arch = "aarch64")]
#[path = "neon.rs"]
mod imp;
#[cfg(target_arch = "wasm32")]
#[path = "wasm.rs"]
mod imp;

pub(crate) use imp::{F4, I4, W2};

/// Lanes per vector.
pub(crate) const LANES: usize = 4;

/// `F4 + F4` and the like, through the backend's named methods.
macro_rules! ops {
    ($t:ty: $($tr:ident $f:ident => $m:ident),*) => {$(
        impl std::ops::$tr for $t {
            type Output = $t;
            #[inline(always)]
            fn $f(self, o: $t) -> $t {
                self.$m(o)
            }
        }
    )*};
}
ops!(F4: Add add => add, Sub sub => sub, Mul mul => mul);
ops!(I4: Add add => add, Sub sub => sub, Mul mul => mul, BitAnd bitand => and, BitOr bitor => or);

#[cfg(test)]
impl F4 {
    /// The four lanes as an array.
    pub fn to_array(self) -> [f32; LANES] {
        let mut a = [0.0; LANES];
        self.store(&mut a);
        a
    }
}

impl I4 {
    /// Each lane's sign: -1, 0 or 1.
    #[inline(always)]
    pub fn signum(self) -> I4 {
        let zero = I4::splat(0);
        // A true mask is -1: (x < 0) - (x > 0) is -1, 0 or 1.
        zero.gt(self) - self.gt(zero)
    }

    /// The four lanes as an array.
    #[cfg(test)]
    pub fn to_array(self) -> [i32; LANES] {
        let mut a = [0; LANES];
        self.store(&mut a);
        a
    }

    /// Stores the lanes, as unsigned, in `out[..4]`.
    #[inline(always)]
    pub fn store_u32(self, out: &mut [u32]) {
        let mut a = [0i32; LANES];
        self.store(&mut a);
        let out: &mut [u32; LANES] = out.first_chunk_mut().expect("four lanes");
        *out = a.map(|v| v as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Conversions truncate and saturate as Rust's `as` does, NaN to 0.
    #[test]
    fn conversions_are_rusts_as() {
        let cases = [
            0.0f32,
            -0.0,
            0.5,
            -0.5,
            1.99,
            -1.99,
            2_147_483_520.0,
            2_147_483_648.0,
            -2_147_483_904.0,
            4_294_967_040.0,
            5e9,
            -5e9,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            f32::MIN_POSITIVE,
        ];
        for chunk in cases.chunks(LANES) {
            let v = F4::load(chunk);
            let signed = v.trunc_i32().to_array();
            let unsigned = v.trunc_u32().to_array();
            let floor = v.floor().to_array();
            for k in 0..LANES {
                assert_eq!(signed[k], chunk[k] as i32, "{}", chunk[k]);
                assert_eq!(unsigned[k] as u32, chunk[k] as u32, "{}", chunk[k]);
                assert_eq!(
                    floor[k].to_bits(),
                    chunk[k].floor().to_bits(),
                    "{}",
                    chunk[k]
                );
            }
        }
    }

    /// Lane order, masks and the integer operations the kernels use.
    #[test]
    fn lanes_masks_and_integers() {
        let a = I4::from_array([-7, 0, 3, i32::MIN]);
        let b = I4::from_array([2, -1, 3, 5]);
        assert_eq!(a.gt(b).to_array(), [0, -1, 0, 0]);
        assert_eq!(a.eq(b).bitmask(), 0b0100);
        assert_eq!(a.gt(b).bitmask(), 0b0010);
        assert_eq!(a.signum().to_array(), [-1, 0, 1, -1]);
        assert_eq!(a.abs().to_array(), [7, 0, 3, i32::MIN]);
        assert_eq!(a.min_u32(b).to_array(), [2, 0, 3, 5]);
        assert_eq!(a.min_i32(b).to_array(), [-7, -1, 3, i32::MIN]);
        assert_eq!(a.max_i32(b).to_array(), [2, 0, 3, 5]);
        assert_eq!((a * b).to_array(), [-14, 0, 9, i32::MIN]);
        assert_eq!(a.shr_u32(1).to_array()[0], (-7i32 as u32 >> 1) as i32);
        assert_eq!(a.shl::<4>().to_array(), [-112, 0, 48, 0]);
        assert_eq!(b.and_not(a.gt(b)).to_array(), [2, 0, 3, 5]);
        let p = [[0, 9, 200, 255], [5, 5, 5, 5], [1, 2, 3, 4], [255, 0, 0, 0]];
        let mins = [1u8, 2, 3, 4];
        let ge = I4::load_pixels(&p)
            .ge_u8(I4::splat(i32::from_le_bytes(mins)))
            .to_array();
        let want = p.map(|px| {
            let bytes = [0, 1, 2, 3].map(|b| if px[b] >= mins[b] { 0xff } else { 0 });
            i32::from_le_bytes(bytes)
        });
        assert_eq!(ge, want);
        let x = F4::load(&[1.0, -2.0, f32::NAN, 4.0]);
        let y = F4::splat(0.0);
        assert_eq!(x.lt(y).bitmask(), 0b0010);
        assert_eq!(x.ge(y).bitmask(), 0b1001);
        let picked = F4::select(x.lt(y), y, x).to_array();
        assert_eq!(picked[..2], [1.0, 0.0]);
        assert_eq!(x.abs().to_array()[1], 2.0);
        // floor_small is `as i32` (and `as u32`) in [0, 2^23).
        let v = F4::load(&[0.0, 0.99, 1279.5, 8_388_607.0]);
        assert_eq!(v.floor_small().to_array(), [0, 0, 1279, 8_388_607]);
        // pmax and pmin keep `self` where either is NaN.
        let v = F4::load(&[1.0, f32::NAN, -3.0, 5.0]);
        assert_eq!(F4::splat(0.0).pmax(v).to_array(), [1.0, 0.0, 0.0, 5.0]);
        let low = v.pmin(F4::splat(2.0)).to_array();
        assert_eq!([low[0], low[2], low[3]], [1.0, -3.0, 2.0]);
        assert!(low[1].is_nan());
        assert_eq!(F4::splat(2.0).pmin(v).to_array(), [1.0, 2.0, -3.0, 2.0]);
        let g = F4::from_array([1.0, 2.0, 3.0, 4.0]) * F4::splat(2.0) - F4::splat(1.0);
        assert_eq!(g.to_array(), [1.0, 3.0, 5.0, 7.0]);
    }
}
