//! Stage 1's dispatch: the kernel of the instruction set a task chose
//! (`crate::cpu::Chosen`, once per task), each recording the same.

use super::columns::Columns;
use super::prepared::Prepared;
use super::shared::Shared;
use super::zone::Zone;
use crate::cpu::Chosen;

#[cfg(target_arch = "x86_64")]
use super::x86;
crate::cpu::simd128! { items: use super::v128; }
use super::scalar;

/// Stage 1 on instruction set `isa`: moves the block's particles
/// (positions updated in place) and fills `out`.
#[inline]
pub(super) fn prepare(isa: Chosen, c: &mut Columns, s: &Shared, z: Zone, out: &mut Prepared) {
    match isa {
        #[cfg(target_arch = "x86_64")]
        Chosen::Avx512(isa) => x86::prepare_avx512(isa, c, s, z, out),
        #[cfg(target_arch = "x86_64")]
        Chosen::Avx2(isa) => x86::prepare_avx2(isa, c, s, z, out),
        Chosen::Simd128(_) => crate::cpu::simd128!(if {
            v128::prepare(c, s, z, out)
        } else {
            scalar::prepare(c, s, z, out)
        }),
        Chosen::Scalar => scalar::prepare(c, s, z, out),
    }
}

#[cfg(test)]
mod tests {
    use super::prepare;
    use crate::cpu::{Chosen, Isa};
    use crate::field::sweep::columns::Columns;
    use crate::field::sweep::flags::{BLOCK, DIRECT, SHORT, WRAPPED};
    use crate::field::sweep::prepared::Prepared;
    use crate::field::sweep::shared::Shared;
    use crate::field::sweep::zone::Zone;
    use crate::field::Field;
    use crate::settings::FieldSettings;

    /// Stage 1 on every instruction set this CPU has records what the
    /// scalar code records, lane for lane: for random blocks in the edge
    /// bin (crowded at both edges, so many moves wrap across them) and in
    /// an ordinary bin. Moves that wrap across the top or bottom edge and
    /// are drawn as direct trails in the edge bin's zone do occur, and so
    /// do moves across the left or right edge landed as usual trails.
    #[test]
    fn every_stage_one_kernel_records_what_the_scalar_one_does() {
        let settings = FieldSettings {
            width: 97,
            height: 150,
            base_speed: 1.5,
            speed_scale: 3.0,
            particles: 0,
            parallel: false,
            ..FieldSettings::default()
        };
        let mut f = Field::new(&settings).expect("valid settings");
        f.flow.update(0.7, settings.noise_frequency, false);
        let motion = f.motion();
        let shared = |isa| Shared {
            motion: &motion,
            flow: &f.flow,
            sincos: &f.sincos,
            palette: &f.palette_keys,
            width: settings.width,
            bands: f.bins.bands(),
            isa,
            lines: &f.lines,
            step: 0,
        };
        let bands = f.bins.bands();
        assert_eq!(bands.count(), 5);
        let mut rng = fastrand::Rng::with_seed(36);
        let (mut edge_direct, mut x_wraps_landed) = (0, 0);
        for round in 0..400 {
            let bin = if round % 4 == 3 { 2 } else { 0 };
            let z = Zone::of(bands, bin);
            let n = rng.usize(1..=BLOCK);
            let rows = |band: u32| band * 32..(band * 32 + 32).min(150);
            let row = |rng: &mut fastrand::Rng| {
                let band = if bin == 0 && rng.bool() { 4 } else { bin };
                let r = rows(band);
                // Half of them within two rows of the band's far edge.
                let y = if rng.bool() {
                    r.start + rng.u32(0..2)
                } else {
                    r.end - 1 - rng.u32(0..2)
                };
                let y = if rng.u8(..) < 64 { rng.u32(r) } else { y };
                y as f32 + rng.f32()
            };
            let ys: Vec<f32> = (0..n).map(|_| row(&mut rng)).collect();
            let xs: Vec<f32> = (0..n).map(|_| rng.f32() * 97.0).collect();
            let speeds: Vec<f32> = (0..n).map(|_| rng.f32()).collect();
            let wanders: Vec<f32> = (0..n).map(|_| rng.f32() * 3.0).collect();
            let run = |isa| {
                let (mut x, mut y) = (xs.clone(), ys.clone());
                let mut out = Prepared::new();
                let mut c = Columns::new(&mut x, &mut y, &speeds, &wanders);
                prepare(Chosen::of(isa), &mut c, &shared(isa), z, &mut out);
                (x, y, out)
            };
            let (x, y, want) = run(Isa::Scalar);
            for isa in Isa::ALL.into_iter().filter(|i| i.is_supported()) {
                let (gx, gy, got) = run(isa);
                let at = |i: usize| format!("{isa:?}, bin {bin}, round {round}, particle {i}");
                assert_eq!(
                    (gx.as_slice(), gy.as_slice()),
                    (x.as_slice(), y.as_slice()),
                    "{isa:?}"
                );
                assert_eq!(got.leaving, want.leaving, "{isa:?} round {round}");
                assert_eq!(got.odd, want.odd, "{isa:?} round {round}");
                for i in 0..n {
                    let flags = want.flags[i];
                    assert_eq!(got.flags[i], flags, "{}", at(i));
                    assert_eq!(got.key[i], want.key[i], "{}", at(i));
                    let land = |p: &Prepared| (p.from[i], p.mid[i], p.to[i]);
                    assert_eq!(land(&got), land(&want), "{}", at(i));
                    let usual = flags & SHORT != 0;
                    let odd = want.odd[i / 64] >> (i % 64) & 1 == 1;
                    assert_eq!(odd, !usual, "{}", at(i));
                    let last = z.len(settings.width) - 1;
                    assert!(want.from[i].max(want.mid[i]).max(want.to[i]) <= last);
                    if flags & DIRECT == 0 {
                        assert_eq!(got.end[i], want.end[i], "{}", at(i));
                    }
                    if flags & WRAPPED != 0 {
                        assert_eq!(got.start2[i], want.start2[i], "{}", at(i));
                    }
                }
            }
            edge_direct += (0..n)
                .filter(|&i| want.flags[i] & DIRECT != 0 && (y[i] - ys[i]).abs() > 75.0)
                .count();
            x_wraps_landed += (0..n).filter(|&i| want.flags[i] == WRAPPED | SHORT).count();
        }
        assert!(
            edge_direct > 100,
            "{edge_direct} wraps drawn as direct trails"
        );
        assert!(
            x_wraps_landed > 100,
            "{x_wraps_landed} wraps across the left or right edge landed as usual"
        );
    }
}
