//! Which code a posed sample runs: the instruction set of its field test
//! and texel mapping, and how it records the texels hit.
//!
//! The instruction set is a [`crate::cpu::Isa`];
//! [`SamplePath::detect`](crate::ships::SamplePath::detect) picks the
//! fastest this CPU has; every path gives the same bits (the property tests
//! force each one in turn).

use crate::cpu::{Isa, Unsupported};

/// How a sample records the sprite texels its hits land on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexelWrites {
    /// One byte per texel in a per-thread scratch, packed into the
    /// [`crate::ships::HitMap`] once at the end: no read-modify-write chain per
    /// hit. Sprites whose map needs more than [`TexelWrites::MAX_SCRATCH`]
    /// bytes fall back to [`TexelWrites::Bits`].
    Scratch,
    /// Each hit ORs its bit straight into the [`crate::ships::HitMap`].
    Bits,
}

impl TexelWrites {
    /// The largest per-thread scratch [`TexelWrites::Scratch`] uses (bytes:
    /// one per bit of the sprite's hit map, rows padded to 64).
    pub const MAX_SCRATCH: usize = 1 << 22;
}

/// A supported instruction set and a way of recording texels: the code
/// [`crate::ships::sample_posed_with`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SamplePath {
    isa: Isa,
    texels: TexelWrites,
}

impl SamplePath {
    /// The fastest path on this CPU ([`Isa::detect`], detected once per
    /// process).
    #[inline]
    pub fn detect() -> SamplePath {
        SamplePath {
            isa: Isa::detect(),
            texels: TexelWrites::Scratch,
        }
    }

    /// `isa` with `texels`, or an error when this CPU lacks `isa`.
    pub fn new(isa: Isa, texels: TexelWrites) -> Result<SamplePath, Unsupported> {
        Ok(SamplePath {
            isa: isa.check()?,
            texels,
        })
    }

    /// Every path this CPU supports.
    pub fn supported() -> Vec<SamplePath> {
        Isa::ALL
            .into_iter()
            .flat_map(|isa| {
                [TexelWrites::Scratch, TexelWrites::Bits]
                    .map(move |texels| SamplePath::new(isa, texels))
            })
            .filter_map(Result::ok)
            .collect()
    }

    /// The instruction set.
    pub fn isa(&self) -> Isa {
        self.isa
    }

    /// How texels are recorded.
    pub fn texels(&self) -> TexelWrites {
        self.texels
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detected_path_is_supported_and_listed() {
        let path = SamplePath::detect();
        assert_eq!(path, SamplePath::detect());
        assert!(path.isa().is_supported());
        assert!(SamplePath::supported().contains(&path));
        assert!(SamplePath::new(Isa::Scalar, TexelWrites::Bits).is_ok());
    }
}
