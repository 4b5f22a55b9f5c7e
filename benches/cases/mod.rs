//! The inputs both collision benches use: `collide.rs` (criterion
//! medians) and `best_of.rs` (best and median of many timed runs), so the
//! two measure the same cases.

#![allow(dead_code)] // each bench uses part of this

use std::sync::OnceLock;

use hitfield::assets::default_sprites;
use hitfield::collide::{self, PosedMask};
use hitfield::field::Field;
use hitfield::mask::Mask;
use hitfield::pose::{PixelRect, Pose};
use hitfield::profile::StageTimes;
use hitfield::settings::{Channel, FieldSettings};
use hitfield::ships::Thresholds;

/// Two threads as the `hitfield` binary runs them
/// (`src/bin/hitfield/threads.rs`): the bench's own thread is one of the
/// pool's two workers, so it works on each parallel stage instead of
/// waiting, and only the other worker is woken.
pub fn two_threads() -> &'static rayon::ThreadPool {
    static TWO: OnceLock<rayon::ThreadPool> = OnceLock::new();
    TWO.get_or_init(|| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .use_current_thread()
            .build()
            .expect("a 2-thread pool with the bench's thread in it")
    })
}

/// One pair of posed masks.
pub struct Case {
    pub name: &'static str,
    pub a: Mask,
    pub pa: Pose,
    pub b: Mask,
    pub pb: Pose,
}

/// The four translated cases of one size: checkerboard against its inverse
/// (nothing shared: "worst") and full squares ("early hit"), each at an
/// offset that is a multiple of 64 pixels in x ("aligned") or not.
pub fn translate_cases(size: u32) -> [Case; 4] {
    [
        // Even offsets keep the checkerboards' parities apart.
        Case {
            name: "worst_unaligned",
            a: checker(size, 0),
            pa: Pose::at(0.0, 0.0),
            b: checker(size, 1),
            pb: Pose::at(6.0, 4.0),
        },
        Case {
            name: "worst_aligned",
            a: checker(size, 0),
            pa: Pose::at(0.0, 0.0),
            b: checker(size, 1),
            pb: Pose::at(0.0, 2.0),
        },
        Case {
            name: "early_hit_unaligned",
            a: full(size),
            pa: Pose::at(0.0, 0.0),
            b: full(size),
            pb: Pose::at(5.0, 3.0),
        },
        Case {
            name: "early_hit_aligned",
            a: full(size),
            pa: Pose::at(0.0, 0.0),
            b: full(size),
            pb: Pose::at(0.0, 3.0),
        },
    ]
}

pub fn checker(size: u32, parity: u32) -> Mask {
    Mask::from_fn(size, size, |x, y| (x + y) % 2 == parity)
}

pub fn full(size: u32) -> Mask {
    Mask::from_fn(size, size, |_, _| true)
}

/// The demo's `dart` and `manta` sprites (alpha ≥ 100, the default ship
/// threshold), scaled to about 128 pixels on their longer side.
pub fn ship_pair() -> (Mask, Pose, Mask, Pose) {
    let sprites = default_sprites();
    let get = |name: &str| {
        let (_, image) = sprites
            .iter()
            .find(|(n, _)| n == name)
            .expect("embedded sprite");
        Mask::from_rgba(image, 100)
    };
    let (a, b) = (get("dart"), get("manta"));
    let scale = |m: &Mask| 128.0 / m.width().max(m.height()) as f32;
    let pa = Pose::at(0.0, 0.0)
        .rotated(33f32.to_radians())
        .scaled(scale(&a));
    // B's centre on A's, then moved right until no pixel is shared (the
    // boxes still overlap, so the query scans without an early exit).
    let mut pb = Pose::at(8.0, 0.0)
        .rotated(-20f32.to_radians())
        .scaled(scale(&b));
    while collide::intersects(&a, &pa, &b, &pb) {
        pb.x += 1.0;
    }
    (a, pa, b, pb)
}

/// The 80×80 sprite of the sampling bench (a disc with square holes).
pub fn ship_80() -> Mask {
    Mask::from_fn(80, 80, |x, y| {
        let (dx, dy) = (x as i32 - 40, y as i32 - 40);
        dx * dx + dy * dy < 1500 && (x / 8 + y / 8) % 5 != 0
    })
}

/// The sampling benches' world: a canvas after 30 steps of 100k particles,
/// the 80×80 sprite, thresholds 100/100/100 and 100 rotated poses (random
/// angles, fractional x).
pub struct SampleScene {
    pub field: Field,
    pub mask: Mask,
    pub thresholds: Thresholds,
    pub poses: Vec<Pose>,
}

impl SampleScene {
    pub fn new() -> SampleScene {
        let mut field = Field::new(&FieldSettings {
            particles: 100_000,
            ..FieldSettings::default()
        })
        .expect("bench settings are valid");
        let mut times = StageTimes::default();
        for _ in 0..30 {
            field.step(1.0 / 60.0, &mut times);
        }
        let thresholds = Thresholds {
            field_alpha_min: 100,
            colour_min: 100,
            colour_channel: Channel::Red,
            ship_alpha_min: 100,
        };
        let mut rng = fastrand::Rng::with_seed(5);
        let poses = (0..100)
            .map(|_| Pose {
                x: rng.i32(-40..1240) as f32 + 0.3,
                y: rng.i32(-40..680) as f32,
                rotation: rng.f32() * std::f32::consts::TAU,
                scale: 1.0,
            })
            .collect();
        SampleScene {
            field,
            mask: ship_80(),
            thresholds,
            poses,
        }
    }
}

/// 64 random poses (position and angle) for building the 80×80 sprite's
/// posed mask.
pub fn build_poses() -> Vec<Pose> {
    let mut rng = fastrand::Rng::with_seed(80);
    (0..64)
        .map(|_| {
            Pose::at(rng.f32() * 1000.0, rng.f32() * 600.0)
                .rotated(rng.f32() * std::f32::consts::TAU)
        })
        .collect()
}

/// 500 ship-like sprites moving and turning in a 1920×1080 world.
pub struct Scene {
    pub masks: Vec<Mask>,
    pub poses: Vec<Pose>,
    velocities: Vec<[f32; 3]>,
}

impl Scene {
    /// The narrow phase as the world runs it on `pool`: the posed masks of
    /// the sprites marked in `needed` rebuilt in parallel, then `pairs`
    /// tested in parallel through them. Returns the pairs that touch.
    pub fn posed_pairs_on(
        &self,
        pool: &rayon::ThreadPool,
        posed: &mut [PosedMask],
        needed: &[bool],
        pairs: &[(usize, usize)],
    ) -> usize {
        use rayon::prelude::*;
        let (m, p) = (&self.masks, &self.poses);
        pool.install(|| {
            posed
                .par_iter_mut()
                .zip(needed.par_iter())
                .enumerate()
                .with_min_len(16)
                .for_each(|(k, (q, &need))| {
                    if need {
                        q.rebuild(&m[k], &p[k]);
                    }
                });
            pairs
                .par_iter()
                .with_min_len(32)
                .filter(|&&(i, j)| posed[i].intersects(&posed[j]))
                .count()
        })
    }

    pub fn new(count: usize) -> Self {
        let mut rng = fastrand::Rng::with_seed(500);
        let shapes: Vec<Mask> = (0..8)
            .map(|k| {
                let (w, h) = (24 + 4 * k, 20 + 3 * k);
                // An arrowhead with a notch: irregular, so boxes often overlap
                // while pixels do not.
                Mask::from_fn(w, h, |x, y| {
                    let (fx, fy) = (x as f32 / w as f32, (y as f32 / h as f32 - 0.5).abs());
                    fy < 0.5 * (1.0 - fx) && !(fx < 0.3 && fy < 0.15)
                })
            })
            .collect();
        let masks = (0..count)
            .map(|_| shapes[rng.usize(0..shapes.len())].clone())
            .collect();
        let poses = (0..count)
            .map(|_| Pose {
                x: rng.f32() * 1920.0,
                y: rng.f32() * 1080.0,
                rotation: rng.f32() * std::f32::consts::TAU,
                scale: 0.8 + rng.f32() * 0.6,
            })
            .collect();
        let velocities = (0..count)
            .map(|_| {
                [
                    rng.f32() * 4.0 - 2.0,
                    rng.f32() * 4.0 - 2.0,
                    rng.f32() * 0.1 - 0.05,
                ]
            })
            .collect();
        Scene {
            masks,
            poses,
            velocities,
        }
    }

    pub fn step(&mut self) {
        for (p, v) in self.poses.iter_mut().zip(&self.velocities) {
            p.x = wrap(p.x + v[0], 1920.0);
            p.y = wrap(p.y + v[1], 1080.0);
            p.rotation = wrap(p.rotation + v[2], std::f32::consts::TAU);
        }
    }

    pub fn boxes(&self, out: &mut Vec<Option<PixelRect>>) {
        out.clear();
        out.extend(
            self.masks
                .iter()
                .zip(&self.poses)
                .map(|(m, p)| p.world_bounds(m.width(), m.height())),
        );
    }
}

/// `v.rem_euclid(period)` for `v` within one period of `[0, period)`, the
/// same value without a call to `fmodf`: there the remainder is `v − period`,
/// `v` or `v + period`, each what `rem_euclid` computes (the first is exact).
pub fn wrap(v: f32, period: f32) -> f32 {
    if v >= period {
        v - period
    } else if v < 0.0 {
        v + period
    } else {
        v
    }
}

/// Marks the sprites that appear in a candidate pair (their posed masks are
/// needed this step).
pub fn mark_paired(pairs: &[(usize, usize)], needed: &mut [bool]) {
    needed.iter_mut().for_each(|n| *n = false);
    for &(i, j) in pairs {
        needed[i] = true;
        needed[j] = true;
    }
}

/// Issue 35's pair: two 80×80 ship-like sprites (the sampling bench's
/// disc with holes) turned 0.577 and 2.1 rad, overlapping.
pub fn entry_pair() -> (Mask, Pose, Mask, Pose) {
    let ship = ship_80();
    let pa = Pose::at(0.0, 0.0).rotated(0.577);
    let pb = Pose::at(23.0, 11.0).rotated(2.1);
    (ship.clone(), pa, ship, pb)
}
