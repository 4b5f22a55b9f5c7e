//! Which instruction set the particles stage moves particles with.
//!
//! [`FieldIsa::detect`] picks the widest the CPU has. Every choice gives
//! the same bits (the property tests force each one in turn).

/// An instruction set for the particle motion kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FieldIsa {
    /// Portable code, one particle at a time. Works everywhere.
    Scalar,
    /// x86-64 AVX2, 8 particles per step (plain multiplies and adds, no
    /// fused multiply-adds, so the bits match the scalar code).
    Avx2,
    /// x86-64 AVX-512 (F), 16 particles per step.
    Avx512,
}

/// The reason a [`FieldIsa`] cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("field instruction set {0:?}: this CPU does not support it")]
pub struct UnsupportedIsa(pub FieldIsa);

impl FieldIsa {
    /// Every instruction set, narrowest first.
    pub const ALL: [FieldIsa; 3] = [FieldIsa::Scalar, FieldIsa::Avx2, FieldIsa::Avx512];

    /// The widest instruction set this CPU supports.
    pub fn detect() -> FieldIsa {
        if FieldIsa::Avx512.is_supported() {
            FieldIsa::Avx512
        } else if FieldIsa::Avx2.is_supported() {
            FieldIsa::Avx2
        } else {
            FieldIsa::Scalar
        }
    }

    /// Whether this CPU can run it.
    pub fn is_supported(self) -> bool {
        match self {
            FieldIsa::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            FieldIsa::Avx2 => std::arch::is_x86_feature_detected!("avx2"),
            #[cfg(target_arch = "x86_64")]
            FieldIsa::Avx512 => std::arch::is_x86_feature_detected!("avx512f"),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detect_picks_a_supported_set() {
        assert!(FieldIsa::detect().is_supported());
        assert!(FieldIsa::Scalar.is_supported());
        let msg = UnsupportedIsa(FieldIsa::Avx512).to_string();
        assert!(
            msg.contains("Avx512") && msg.contains("does not support"),
            "{msg}"
        );
    }
}
