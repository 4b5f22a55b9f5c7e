//! The instruction sets the kernels run with, in one module: detection
//! (once per process; the only file that asks the CPU), one `Isa` ladder
//! (scalar, 128-bit, AVX2, AVX-512), the one choice `field/`, `collide/`
//! and `ships/` dispatch on (`Chosen`: the set with the proof its kernels
//! take), the proofs themselves, `Unsupported` for a
//! set this CPU lacks, the one way to force a set (`Isa::force`), the
//! 128-bit layer (`v128/`) and the one `cfg` alias for it (`simd128!`).
//!
//! Every set gives the same bits (the property tests force each in turn),
//! so the choice changes speed, never results. Each level's `requires` is
//! the union of what its kernels enable, so holding a level proves every
//! kernel of that level can run.

use std::cell::Cell;
use std::marker::PhantomData;
use std::sync::OnceLock;

/// The one `cfg` alias of the 128-bit layer (NEON on aarch64, simd128 on
/// wasm32 builds that enable it): the predicate is written here only.
///
/// - `simd128! { items: … }`: items that exist only with the layer;
/// - `simd128! { or_x86: … }`: items that exist with the layer or on
///   x86-64 (shared parts of the vector kernels);
/// - `simd128!(if { … } else { … })`: the first block with the layer, the
///   second without.
macro_rules! simd128 {
    ($($rest:tt)*) => {
        $crate::cpu::simd128_with! {
            [any(
                all(target_arch = "aarch64", target_feature = "neon"),
                all(target_arch = "wasm32", target_feature = "simd128")
            )]
            $($rest)*
        }
    };
}
pub(crate) use simd128;

/// [`simd128!`] with its predicate in hand.
macro_rules! simd128_with {
    ([$p:meta] items: $($item:item)*) => { $( #[cfg($p)] $item )* };
    ([$p:meta] or_x86: $($item:item)*) => {
        $( #[cfg(any(target_arch = "x86_64", $p))] $item )*
    };
    ([$p:meta] if { $($yes:tt)* } else { $($no:tt)* }) => {{
        #[cfg($p)]
        { $($yes)* }
        #[cfg(not($p))]
        { $($no)* }
    }};
}
pub(crate) use simd128_with;

simd128! { items:
    /// Four 32-bit lanes in one 128-bit register (aarch64 NEON, wasm32
    /// simd128), written once for the [`Isa::Simd128`] kernels.
    pub(crate) mod v128;
}

/// An instruction set, narrowest first (`Scalar < Simd128 < Avx2 < Avx512`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Isa {
    /// Portable code. Works everywhere (on x86-64 it may still use SSE2,
    /// the baseline, and POPCNT where the CPU has it).
    Scalar,
    /// 128-bit vectors, four 32-bit lanes (`crate::cpu::v128`): NEON on
    /// aarch64 (always there), simd128 on wasm32 when the build enables it
    /// (`-C target-feature=+simd128`, as the web build does). Never on
    /// x86-64, which has the wider sets.
    Simd128,
    /// x86-64 AVX2 with BMI1, BMI2, POPCNT and LZCNT: hardware gathers for
    /// rotated and scaled sprites, four words per step for translations,
    /// four edges per step for posed masks, eight pixels per step for
    /// sampling.
    Avx2,
    /// x86-64 AVX-512 (F, CD, BW, DQ, VPOPCNTDQ, VBMI2) with PCLMULQDQ,
    /// besides what [`Isa::Avx2`] requires: eight words per step with
    /// vector popcounts for translations, eight edges and sixteen-sample
    /// walks for posed masks, sixteen pixels per step for sampling.
    Avx512,
}

/// The reason an [`Isa`] cannot be used: this CPU lacks one of its
/// [`Isa::requires`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("instruction set {0:?}: this CPU does not support it")]
pub struct Unsupported(pub Isa);

impl Isa {
    /// Every instruction set, narrowest first.
    pub const ALL: [Isa; 4] = [Isa::Scalar, Isa::Simd128, Isa::Avx2, Isa::Avx512];

    /// The CPU features it needs (the names `is_x86_feature_detected!`
    /// takes for the x86-64 sets), its own and the narrower x86 level's.
    pub const fn requires(self) -> &'static [&'static str] {
        const AVX2: [&str; 5] = ["avx2", "bmi1", "bmi2", "popcnt", "lzcnt"];
        match self {
            Isa::Scalar => &[],
            Isa::Simd128 if cfg!(target_arch = "wasm32") => &["simd128"],
            Isa::Simd128 => &["neon"],
            Isa::Avx2 => &AVX2,
            Isa::Avx512 => &[
                "avx2",
                "bmi1",
                "bmi2",
                "popcnt",
                "lzcnt",
                "avx512f",
                "avx512cd",
                "avx512bw",
                "avx512dq",
                "avx512vpopcntdq",
                "avx512vbmi2",
                "pclmulqdq",
            ],
        }
    }

    /// The widest instruction set this CPU supports (detected once).
    #[inline]
    pub fn detect() -> Isa {
        detected().isa
    }

    /// Whether this CPU can run it.
    #[inline]
    pub fn is_supported(self) -> bool {
        match self {
            Isa::Simd128 => SIMD128,
            _ => self <= Isa::detect(),
        }
    }

    /// Every instruction set this CPU supports, narrowest first.
    pub fn supported() -> impl Iterator<Item = Isa> {
        Isa::ALL.into_iter().filter(|isa| isa.is_supported())
    }

    /// Makes every kernel dispatch on this thread use this set until the
    /// returned guard drops (then the choice before it is back): the one
    /// way tests, benches and the `bench` command force an instruction set
    /// (every choice gives the same bits). Work this thread hands to
    /// others follows it where the caller resolves the set before handing
    /// work out ([`crate::field::Field::step`] does, once per step; the
    /// sprite queries and samples resolve it on the thread that runs them).
    /// Refused if this CPU lacks it.
    pub fn force(self) -> Result<Forced, Unsupported> {
        let isa = self.check()?;
        let previous = FORCED.with(|f| f.replace(Some(isa)));
        Ok(Forced {
            previous,
            _thread: PhantomData,
        })
    }

    /// The instruction set the kernels use on this thread: the one
    /// [`Isa::force`] set, else [`Isa::detect`]'s.
    #[inline]
    pub fn chosen() -> Isa {
        FORCED.with(Cell::get).unwrap_or_else(Isa::detect)
    }

    /// `self`, or [`Unsupported`] when this CPU lacks it.
    pub fn check(self) -> Result<Isa, Unsupported> {
        if self.is_supported() {
            Ok(self)
        } else {
            Err(Unsupported(self))
        }
    }
}

thread_local! {
    /// This thread's forced instruction set ([`Isa::force`]).
    static FORCED: Cell<Option<Isa>> = const { Cell::new(None) };
}

/// An instruction set forced on this thread ([`Isa::force`]); dropping it
/// restores the choice before it. Stays on the thread that made it.
#[must_use = "the set is forced only while the guard lives"]
#[derive(Debug)]
pub struct Forced {
    previous: Option<Isa>,
    _thread: PhantomData<*const ()>,
}

impl Drop for Forced {
    fn drop(&mut self) {
        FORCED.with(|f| f.set(self.previous));
    }
}

/// What the CPU has, asked once. (Off x86-64 only `isa` is read.)
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
struct Detected {
    isa: Isa,
    /// POPCNT alone (the mask summary uses it without the rest of AVX2).
    popcnt: bool,
    /// VPCLMULQDQ (the AVX-512 prefix pass's carry-less multiply).
    vpclmulqdq: bool,
}

static DETECTED: OnceLock<Detected> = OnceLock::new();

/// Whether this build has the [`Isa::Simd128`] kernels (fixed at compile
/// time: NEON is baseline on aarch64, simd128 a build choice on wasm32).
const SIMD128: bool = simd128!(if { true } else { false });

#[inline]
fn detected() -> &'static Detected {
    DETECTED.get_or_init(detect)
}

#[cfg(target_arch = "x86_64")]
fn detect() -> Detected {
    use std::arch::is_x86_feature_detected as has;
    let avx2 = has!("avx2") && has!("bmi1") && has!("bmi2") && has!("popcnt") && has!("lzcnt");
    let avx512 = avx2
        && has!("avx512f")
        && has!("avx512cd")
        && has!("avx512bw")
        && has!("avx512dq")
        && has!("avx512vpopcntdq")
        && has!("avx512vbmi2")
        && has!("pclmulqdq");
    Detected {
        isa: match (avx2, avx512) {
            (_, true) => Isa::Avx512,
            (true, false) => Isa::Avx2,
            _ => Isa::Scalar,
        },
        popcnt: has!("popcnt"),
        vpclmulqdq: has!("vpclmulqdq"),
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn detect() -> Detected {
    Detected {
        isa: if SIMD128 { Isa::Simd128 } else { Isa::Scalar },
        popcnt: false,
        vpclmulqdq: false,
    }
}

/// Whether the CPU has POPCNT (cached).
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn popcnt() -> bool {
    detected().popcnt
}

/// Whether the CPU has VPCLMULQDQ (cached).
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn vpclmulqdq() -> bool {
    detected().vpclmulqdq
}

/// Proof that this build has the [`Isa::Simd128`] kernels (only
/// [`Simd128::detect`] makes one: never on x86-64, which has the wider
/// sets).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Simd128 {
    _detected: (),
}

impl Simd128 {
    /// `Some` when this build has [`Isa::Simd128`].
    #[inline]
    pub fn detect() -> Option<Simd128> {
        SIMD128.then_some(Simd128 { _detected: () })
    }
}

/// Proof that the CPU has everything [`Isa::Avx2`] requires (only
/// [`Avx2::detect`] makes one).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx2 {
    _detected: (),
}

/// Proof that the CPU has everything [`Isa::Avx512`] requires (only
/// [`Avx512::detect`] makes one).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512 {
    /// The AVX2 proof it implies.
    pub avx2: Avx2,
}

#[cfg(target_arch = "x86_64")]
impl Avx2 {
    /// `Some` when the CPU has [`Isa::Avx2`].
    #[inline]
    pub fn detect() -> Option<Avx2> {
        Isa::Avx2.is_supported().then_some(Avx2 { _detected: () })
    }
}

#[cfg(target_arch = "x86_64")]
impl Avx512 {
    /// `Some` when the CPU has [`Isa::Avx512`].
    #[inline]
    pub fn detect() -> Option<Avx512> {
        Isa::Avx512.is_supported().then_some(Avx512 {
            avx2: Avx2 { _detected: () },
        })
    }
}

/// The instruction set chosen for a piece of work, with the proof its
/// kernels take: the one way every domain (`field/`, `collide/`,
/// `ships/`) picks its kernels. Made from [`Isa::chosen`] (or a level a
/// caller resolved earlier, [`Chosen::of`]) and matched at each dispatch
/// point; a proof exists only for a set the CPU has.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Chosen {
    /// Portable code.
    Scalar,
    /// The 128-bit kernels (NEON, simd128; portable code where a part has
    /// none).
    Simd128(Simd128),
    /// The AVX2 kernels.
    #[cfg(target_arch = "x86_64")]
    Avx2(Avx2),
    /// The AVX-512 kernels (AVX2 where a part has none).
    #[cfg(target_arch = "x86_64")]
    Avx512(Avx512),
}

impl Chosen {
    /// The kernels of the instruction set chosen on this thread
    /// ([`Isa::chosen`]).
    #[inline]
    pub fn now() -> Chosen {
        Chosen::of(Isa::chosen())
    }

    /// The kernels of `isa`, or the widest narrower set whose proof exists
    /// (`Isa::force` refuses a set the CPU lacks, so the proof of a chosen
    /// set always does).
    #[inline]
    pub fn of(isa: Isa) -> Chosen {
        let simd128 = || Simd128::detect().map_or(Chosen::Scalar, Chosen::Simd128);
        match isa {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => Avx512::detect().map_or(Chosen::Scalar, Chosen::Avx512),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => Avx2::detect().map_or(Chosen::Scalar, Chosen::Avx2),
            Isa::Simd128 => simd128(),
            _ => Chosen::Scalar,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detection_is_a_supported_level_with_its_features() {
        let isa = Isa::detect();
        assert!(isa.is_supported() && Isa::Scalar.is_supported());
        assert_eq!(isa.check(), Ok(isa));
        #[cfg(target_arch = "x86_64")]
        for level in Isa::ALL.into_iter().filter(|&l| l != Isa::Simd128) {
            let all = level.requires().iter().all(|f| has(f));
            assert_eq!(level.is_supported(), all, "{level:?}");
        }
        #[cfg(target_arch = "aarch64")]
        assert_eq!(isa, Isa::Simd128);
        #[cfg(target_arch = "x86_64")]
        assert!(!Isa::Simd128.is_supported() && Isa::Simd128.check().is_err());
        // Forcing is per thread and scoped, and refuses what the CPU lacks.
        {
            let _scalar = Isa::Scalar.force().expect("always supported");
            assert_eq!(Isa::chosen(), Isa::Scalar);
            {
                let _best = isa.force().expect("detected");
                assert_eq!(Isa::chosen(), isa);
                // Another thread keeps its own choice (no threads on WASI).
                #[cfg(not(target_os = "wasi"))]
                {
                    let other = std::thread::spawn(Isa::chosen).join().expect("thread");
                    assert_eq!(other, isa);
                }
            }
            assert_eq!(Isa::chosen(), Isa::Scalar);
        }
        assert_eq!(Isa::chosen(), isa);
        assert_eq!(Isa::supported().next(), Some(Isa::Scalar));
        assert!(Isa::supported().all(Isa::is_supported));
        let msg = Unsupported(Isa::Avx512).to_string();
        assert!(
            msg.contains("Avx512") && msg.contains("does not support"),
            "{msg}"
        );
    }

    /// `is_x86_feature_detected!` for a name known only at run time.
    #[cfg(target_arch = "x86_64")]
    fn has(name: &str) -> bool {
        use std::arch::is_x86_feature_detected as has;
        match name {
            "avx2" => has!("avx2"),
            "bmi1" => has!("bmi1"),
            "bmi2" => has!("bmi2"),
            "popcnt" => has!("popcnt"),
            "lzcnt" => has!("lzcnt"),
            "avx512f" => has!("avx512f"),
            "avx512cd" => has!("avx512cd"),
            "avx512bw" => has!("avx512bw"),
            "avx512dq" => has!("avx512dq"),
            "avx512vpopcntdq" => has!("avx512vpopcntdq"),
            "avx512vbmi2" => has!("avx512vbmi2"),
            "pclmulqdq" => has!("pclmulqdq"),
            other => panic!("unknown feature {other}"),
        }
    }
}
