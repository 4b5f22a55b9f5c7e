//! How a posed sample records the texels hit. (Its instruction set is the
//! one chosen on the calling thread, [`crate::cpu::Isa::chosen`]; every
//! choice gives the same bits, and the property tests force each one in
//! turn with [`crate::cpu::Isa::force`].)

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
