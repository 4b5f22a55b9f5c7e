//! Which code a posed sample runs: the instruction set of its field test
//! and texel mapping, and how it records the texels hit.
//! [`SamplePath::detect`] picks the fastest this CPU has; every path gives
//! the same bits (the property tests force each one in turn).

use std::sync::atomic::{AtomicU8, Ordering};

/// An instruction set for sampling through posed masks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SampleIsa {
    /// Portable code: the field test four pixels per SSE2 step on x86-64
    /// (its baseline), one pixel at a time elsewhere; texels one hit at a time.
    Portable,
    /// x86-64 AVX2: the field test eight pixels per step.
    Avx2,
    /// x86-64 AVX-512 (F, BW, DQ, VBMI2): the field test sixteen pixels per
    /// step, texels eight hits per step.
    Avx512,
}

impl SampleIsa {
    /// Every instruction set, narrowest first.
    pub const ALL: [SampleIsa; 3] = [SampleIsa::Portable, SampleIsa::Avx2, SampleIsa::Avx512];

    /// The widest instruction set this CPU supports.
    pub fn detect() -> SampleIsa {
        if SampleIsa::Avx512.is_supported() {
            SampleIsa::Avx512
        } else if SampleIsa::Avx2.is_supported() {
            SampleIsa::Avx2
        } else {
            SampleIsa::Portable
        }
    }

    /// Whether this CPU can run it.
    pub fn is_supported(self) -> bool {
        match self {
            SampleIsa::Portable => true,
            #[cfg(target_arch = "x86_64")]
            SampleIsa::Avx2 => super::x86::Avx2::detect().is_some(),
            #[cfg(target_arch = "x86_64")]
            SampleIsa::Avx512 => super::x86::Avx512::detect().is_some(),
            #[cfg(not(target_arch = "x86_64"))]
            _ => false,
        }
    }
}

/// How a sample records the sprite texels its hits land on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexelWrites {
    /// One byte per texel in a per-thread scratch, packed into the
    /// [`super::HitMap`] once at the end: no read-modify-write chain per
    /// hit. Sprites whose map needs more than [`TexelWrites::MAX_SCRATCH`]
    /// bytes fall back to [`TexelWrites::Bits`].
    Scratch,
    /// Each hit ORs its bit straight into the [`super::HitMap`].
    Bits,
}

impl TexelWrites {
    /// The largest per-thread scratch [`TexelWrites::Scratch`] uses (bytes:
    /// one per bit of the sprite's hit map, rows padded to 64).
    pub const MAX_SCRATCH: usize = 1 << 22;
}

/// The reason a [`SamplePath`] cannot be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("sampling instruction set {0:?}: this CPU does not support it")]
pub struct UnsupportedSampleIsa(pub SampleIsa);

/// A supported instruction set and a way of recording texels: the code
/// [`super::sample_posed_with`] runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SamplePath {
    isa: SampleIsa,
    texels: TexelWrites,
}

/// The detected path: 0 not asked yet, else 1 + index in [`SampleIsa::ALL`].
static DETECTED: AtomicU8 = AtomicU8::new(0);

impl SamplePath {
    /// The fastest path on this CPU (detected once per process).
    #[inline]
    pub fn detect() -> SamplePath {
        let known = DETECTED.load(Ordering::Relaxed);
        let isa = match known.checked_sub(1) {
            Some(k) => SampleIsa::ALL[usize::from(k)],
            None => {
                let isa = SampleIsa::detect();
                let k = SampleIsa::ALL.iter().position(|&i| i == isa).unwrap_or(0);
                DETECTED.store(k as u8 + 1, Ordering::Relaxed);
                isa
            }
        };
        SamplePath {
            isa,
            texels: TexelWrites::Scratch,
        }
    }

    /// `isa` with `texels`, or an error when this CPU lacks `isa`.
    pub fn new(isa: SampleIsa, texels: TexelWrites) -> Result<SamplePath, UnsupportedSampleIsa> {
        if isa.is_supported() {
            Ok(SamplePath { isa, texels })
        } else {
            Err(UnsupportedSampleIsa(isa))
        }
    }

    /// Every path this CPU supports.
    pub fn supported() -> Vec<SamplePath> {
        SampleIsa::ALL
            .into_iter()
            .flat_map(|isa| {
                [TexelWrites::Scratch, TexelWrites::Bits]
                    .map(move |texels| SamplePath::new(isa, texels))
            })
            .filter_map(Result::ok)
            .collect()
    }

    /// The instruction set.
    pub fn isa(&self) -> SampleIsa {
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
        assert!(SamplePath::new(SampleIsa::Portable, TexelWrites::Bits).is_ok());
        let msg = UnsupportedSampleIsa(SampleIsa::Avx512).to_string();
        assert!(
            msg.contains("Avx512") && msg.contains("does not support"),
            "{msg}"
        );
    }
}
