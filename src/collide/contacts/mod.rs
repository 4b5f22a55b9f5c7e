//! Every touching pair among many sprites: "these masks in these poses".
//!
//! One pipeline, used by `World`'s contact stage, Python's `collide_all`,
//! `examples/many_sprites.rs` and `benches/best_of.rs`:
//!
//! 1. each pose's world box ([`Pose::world_bounds`]: a few float
//!    operations, no rasterising);
//! 2. sweep and prune over the boxes ([`SweepAndPrune`]): the candidate
//!    pairs;
//! 3. the posed mask of each sprite in a candidate pair, built once
//!    (skipped when the caller's posed mask is already built for that mask
//!    and pose: [`Contacts::find_with`]);
//! 4. each candidate pair tested exactly at word speed through the two
//!    posed masks, with its [`Overlap`] measured when asked for.
//!
//! A [`Contacts::find`] that asks only which pairs touch (exact, no
//! overlaps) settles most pairs before step 3: oriented boxes or convex
//! hulls apart, or a pixel both sprites cover by the coverage rule itself;
//! a pair still open is walked pixel by pixel over the window both may
//! cover ([`Contacts::WALK_PIXELS`]), and only pairs with larger windows
//! rasterise each sprite over the part of its box they share.
//! [`Contacts::find_with`] builds whole posed masks (the caller keeps them).
//!
//! Steps 3 and 4 are shared, a few sprites or pairs at a time, between the
//! calling thread and rayon's pool (one helper per other pool thread) when
//! [`ContactOptions::parallel`] allows it and the frame has enough work to
//! pay for waking a helper ([`Contacts::PARALLEL_PIXELS`]). Helpers are
//! woken first, before step 1, when the sprites' sizes say the frame may
//! pay (their wake-up then overlaps steps 1 and 2), and dismissed if the
//! needed sprites' boxes say it does not. The caller
//! starts at once and waits only for chunks a helper is still on; a helper
//! that wakes after the caller has finished leaves at once (on a busy
//! machine a frame costs at most what one thread takes). The
//! answer does not depend on threads:
//! pairs come out sorted by `(a, b)`, bit for bit what
//! [`super::intersects`] and [`super::overlap`] give for each pair
//! (property tested against the per-pixel reference).
//!
//! A sprite whose coverage could pass [`PosedMask::MAX_SIDE`] a side is
//! refused, before anything is built, with [`ContactError::TooLarge`]
//! naming its index; so are lists of different lengths.

mod claims;
mod hull;
mod narrow;
mod team;
mod touch;
mod walk;

use std::borrow::Borrow;

use super::broadphase::SweepAndPrune;
use super::options::Sampling;
use super::posed::{PosedMask, PosedSizeError};
use super::{Overlap, QueryOptions};
use crate::mask::Mask;
use crate::pose::{PixelRect, Pose};
use team::Team;

/// What [`Contacts`] finds, and how.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ContactOptions {
    /// Measure each touching pair ([`Touch::overlap`]); when false only
    /// which pairs touch is found (cheaper: the scan stops at the first
    /// shared word).
    pub overlap: bool,
    /// Use rayon's pool when the frame is large enough to pay for it.
    pub parallel: bool,
    /// Exact (the default) or approximate pair tests. Approximate tests
    /// sample the masks in their poses ([`super::overlap_with`]) and build
    /// no posed mask.
    pub query: QueryOptions,
}

impl Default for ContactOptions {
    /// Exact, with overlaps, parallel where it pays.
    fn default() -> Self {
        ContactOptions {
            overlap: true,
            parallel: true,
            query: QueryOptions::default(),
        }
    }
}

/// Two sprites that touch: indices `a < b` into the lists given, and what
/// they share when [`ContactOptions::overlap`] asked for it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Touch {
    /// The lower index.
    pub a: usize,
    /// The higher index.
    pub b: usize,
    /// What they share (`Some` exactly when overlaps were asked for).
    pub overlap: Option<Overlap>,
}

/// Why [`Contacts::find`] refused its input (nothing was built).
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum ContactError {
    /// The lists differ in length.
    #[error("{masks} masks but {poses} poses{posed}; give one of each per sprite", posed = posed_text(*.posed))]
    Lengths {
        /// Number of masks.
        masks: usize,
        /// Number of poses.
        poses: usize,
        /// Number of posed masks ([`Contacts::find_with`]), if given.
        posed: Option<usize>,
    },
    /// Sprite `index` could cover more than [`PosedMask::MAX_SIDE`] a side.
    #[error("sprite {index}: {error}")]
    TooLarge {
        /// Its index in the lists.
        index: usize,
        /// Its size, scale and the limit.
        error: PosedSizeError,
    },
}

fn posed_text(posed: Option<usize>) -> String {
    posed.map_or_else(String::new, |n| format!(" and {n} posed masks"))
}

/// Finds every touching pair of sprites, keeping its buffers (boxes, the
/// sweep's order, posed masks, results) between calls: a steady scene
/// allocates nothing.
///
/// ```
/// use hitfield::prelude::*;
/// use hitfield::collide::{ContactOptions, Contacts};
///
/// let square = Mask::try_from_fn(8, 8, |_, _| true)?;
/// let masks = [&square, &square, &square];
/// let poses = [
///     Pose::at(0.0, 0.0),
///     Pose::at(6.0, 0.0).rotated(0.5), // touches the first
///     Pose::at(100.0, 0.0),            // alone
/// ];
/// let mut contacts = Contacts::new(); // keep it between frames
/// let found = contacts.find(&masks, &poses, &ContactOptions::default())?;
/// assert_eq!(found.len(), 1);
/// assert_eq!((found[0].a, found[0].b), (0, 1));
/// let o = found[0].overlap.expect("overlaps were asked for");
/// assert_eq!(Some(o), collide::overlap(&square, &poses[0], &square, &poses[1]));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Contacts {
    sweep: SweepAndPrune,
    boxes: Vec<Option<PixelRect>>,
    needed: Vec<bool>,
    posed: Vec<PosedMask>,
    found: Vec<Touch>,
    /// Each candidate pair's test, in order.
    results: Vec<Option<Touch>>,
    /// The touch-only path's buffers.
    touch: touch::Scratch,
    /// [`Contacts::PARALLEL_PIXELS`], unless a test lowers it.
    parallel_pixels: u64,
    /// [`Contacts::WALK_PIXELS`], unless a test changes it.
    walk_pixels: u64,
    /// Candidate pairs (boxes touching) of the last call.
    candidates: usize,
}

impl Default for Contacts {
    fn default() -> Self {
        Contacts {
            sweep: SweepAndPrune::new(),
            boxes: Vec::new(),
            needed: Vec::new(),
            posed: Vec::new(),
            found: Vec::new(),
            results: Vec::new(),
            touch: touch::Scratch::default(),
            parallel_pixels: Self::PARALLEL_PIXELS,
            walk_pixels: Self::WALK_PIXELS,
            candidates: 0,
        }
    }
}

impl Contacts {
    /// Posed pixels (the sum of the needed sprites' boxes) from which the
    /// work goes to rayon's pool: about 120 µs of rasterising on one core
    /// (an 80×80 sprite's box, 113² pixels at any turn, builds in about
    /// 1.5 µs), past which two threads pay for their wake-up on an idle machine.
    /// Waking the pool's threads can cost milliseconds on a busy machine,
    /// so smaller frames are done on the calling thread.
    pub const PARALLEL_PIXELS: u64 = 1_000_000;

    /// Pixels of an open pair's window (touch-only frames) up to which the
    /// pair is settled by walking the window pixel by pixel through both
    /// sprites' maps, stopping at the first shared pixel; a larger window
    /// is rasterised into posed masks instead (whose cost follows the
    /// sprites' outlines, not the window's area).
    pub const WALK_PIXELS: u64 = 8192;

    /// Empty buffers.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many pairs the last call's broad phase passed on (their boxes
    /// touch): the exact tests it ran.
    pub fn candidate_pairs(&self) -> usize {
        self.candidates
    }

    /// Frees the posed masks' storage when it holds more than `words`
    /// 64-bit words, so that one frame of huge sprites does not keep its
    /// memory for the finder's life (the next call allocates again).
    pub fn trim(&mut self, words: usize) {
        let held = (self.posed.iter())
            .map(|p| p.coverage().words().len())
            .fold(0usize, usize::saturating_add);
        if held > words {
            self.posed = Vec::new();
        }
    }

    internal! {
        /// Sets the posed pixels from which work goes parallel (tests use 0
        /// to run the parallel path on small scenes). Feature `internals`.
        pub fn set_parallel_pixels(&mut self, pixels: u64) {
            self.parallel_pixels = pixels;
        }
    }

    internal! {
        /// Sets the window pixels up to which an open pair is walked (tests
        /// use 0 to rasterise every open pair's window, `u64::MAX` to walk
        /// every one). Feature `internals`.
        pub fn set_walk_pixels(&mut self, pixels: u64) {
            self.walk_pixels = pixels;
        }
    }

    /// True when the sprites' boxes could add up to the pixels that pay
    /// for the pool ([`Contacts::PARALLEL_PIXELS`]): each box at most
    /// `((w + h) · scale)² / 2` pixels (the box at 45°, the largest), with
    /// a pixel of rounding on each side. Checked before the boxes are made, to wake
    /// the helpers first.
    fn may_pay<M: Borrow<Mask>>(&self, masks: &[M], poses: &[Pose]) -> bool {
        let bound: f64 = (masks.iter().zip(poses))
            .map(|(m, p)| {
                let side = (f64::from(m.borrow().width()) + f64::from(m.borrow().height()))
                    * f64::from(p.scale).abs()
                    + 2.0;
                side * side / 2.0
            })
            .sum();
        // NaN (an invalid pose somewhere) counts as paying: the exact
        // decision after the sweep dismisses the helpers if it does not.
        bound.is_nan() || bound >= self.parallel_pixels as f64
    }

    /// Every pair `a < b` of `masks[a]` in `poses[a]` and `masks[b]` in
    /// `poses[b]` that share a world pixel, sorted by `(a, b)`. Posed
    /// masks are built into this finder's own storage (every call builds
    /// them again: it cannot tell a mask changed in place).
    pub fn find<M: Borrow<Mask> + Sync>(
        &mut self,
        masks: &[M],
        poses: &[Pose],
        options: &ContactOptions,
    ) -> Result<&[Touch], ContactError> {
        let mut posed = std::mem::take(&mut self.posed);
        posed.resize_with(masks.len(), PosedMask::default);
        let result = self.run(masks, poses, &mut posed, false, options);
        self.posed = posed;
        result?;
        Ok(&self.found)
    }

    /// [`Contacts::find`] with the caller's posed masks, `posed[i]` for
    /// sprite `i`, kept between calls: one already built for its mask and
    /// pose ([`PosedMask::is_for`]) is reused, any other is rebuilt when
    /// its sprite is in a candidate pair. Give each sprite its own posed
    /// mask, and rebuild it yourself after changing its mask in place.
    pub fn find_with<M: Borrow<Mask> + Sync>(
        &mut self,
        masks: &[M],
        poses: &[Pose],
        posed: &mut [PosedMask],
        options: &ContactOptions,
    ) -> Result<&[Touch], ContactError> {
        if posed.len() != masks.len() {
            return Err(ContactError::Lengths {
                masks: masks.len(),
                poses: poses.len(),
                posed: Some(posed.len()),
            });
        }
        self.run(masks, poses, posed, true, options)?;
        Ok(&self.found)
    }

    /// The pipeline; `posed` is as long as `masks`, its entries reused
    /// when `reuse` and already built for their sprite.
    fn run<M: Borrow<Mask> + Sync>(
        &mut self,
        masks: &[M],
        poses: &[Pose],
        posed: &mut [PosedMask],
        reuse: bool,
        options: &ContactOptions,
    ) -> Result<(), ContactError> {
        self.found.clear();
        self.candidates = 0;
        // Helpers are woken first, when the frame could pay for them, so
        // that their wake-up overlaps the serial stages below (on a VM it
        // can take tens of µs); they are dismissed if it does not.
        let team = if options.parallel && self.may_pay(masks, poses) {
            Team::wake(rayon::current_num_threads())
        } else {
            Team::alone()
        };
        if masks.len() != poses.len() {
            return Err(ContactError::Lengths {
                masks: masks.len(),
                poses: poses.len(),
                posed: None,
            });
        }
        for (index, (m, p)) in masks.iter().zip(poses).enumerate() {
            PosedMask::check_size(m.borrow(), p)
                .map_err(|error| ContactError::TooLarge { index, error })?;
        }
        // Approximate tests below full accuracy run in a shrunk world (each
        // pose shrunk about the origin), where they can report pixels
        // outside the pose's own box: the sweep takes the shrunk boxes
        // (exact tests: the poses' own).
        let sampling = Sampling::new(&options.query);
        self.boxes.clear();
        self.boxes.extend(masks.iter().zip(poses).map(|(m, p)| {
            let (w, h) = (m.borrow().width(), m.borrow().height());
            sampling.pose(p, w, h).world_bounds(w, h)
        }));
        let pairs = {
            crate::trace::span!("collide.broadphase", ships = masks.len());
            self.sweep.pairs(&self.boxes)
        };
        self.candidates = pairs.len();
        // The sprites in a candidate pair: their posed masks are needed,
        // and their boxes' area says whether the frame pays for the pool.
        self.needed.clear();
        self.needed.resize(masks.len(), false);
        for &(a, b) in pairs {
            self.needed[a] = true;
            self.needed[b] = true;
        }
        let area: u64 = (self.boxes.iter().zip(&self.needed))
            .filter(|(_, &n)| n)
            .filter_map(|(b, _)| b.map(|r| r.area()))
            .fold(0u64, u64::saturating_add);
        let team = match (
            options.parallel && area >= self.parallel_pixels,
            team.is_woken(),
        ) {
            (true, false) => Team::wake(rayon::current_num_threads()),
            (false, true) => Team::alone(),
            _ => team,
        };
        self.results.clear();
        self.results.resize(pairs.len(), None);
        if options.query.is_exact() && !options.overlap && !reuse {
            // Only which pairs touch, into the finder's own posed masks
            // (which may then cover a window of their sprite only).
            let frame = touch::Frame {
                masks,
                poses,
                boxes: &self.boxes,
                needed: &self.needed,
                pairs,
                walk_pixels: self.walk_pixels,
            };
            frame.run(&mut self.touch, posed, &mut self.results, team);
        } else {
            let frame = narrow::Frame {
                masks,
                poses,
                needed: &self.needed,
                reuse,
                options,
                pairs,
            };
            frame.run(posed, &mut self.results, team);
        }
        self.found.extend(self.results.iter().flatten());
        Ok(())
    }
}

/// Every touching pair of `masks[i]` in `poses[i]`, with fresh buffers
/// (keep a [`Contacts`] instead when calling every frame).
pub fn contacts<M: Borrow<Mask> + Sync>(
    masks: &[M],
    poses: &[Pose],
    options: &ContactOptions,
) -> Result<Vec<Touch>, ContactError> {
    Ok(Contacts::new().find(masks, poses, options)?.to_vec())
}
