//! Particles kept in bins by band of canvas rows, so one task can move a
//! bin's particles and draw their trails straight into the rows around it.
//!
//! Band `k` is rows `k·B .. (k+1)·B` (`B` = [`crate::field::BAND_ROWS`]).
//! Bin `k` holds every particle whose row (`floor(y)`) lies in band `k`,
//! except that the last band's particles share bin 0, the *edge bin*
//! ([`Bands`]). Inside a bin the order is arbitrary but deterministic;
//! each particle carries its identity, its index in [`Particles`] (the
//! order particles were created in), so the flat view and the count
//! changes never depend on binning.

use std::cell::RefCell;

mod bands;

pub(crate) use self::bands::Bands;
use super::particles::Particles;

/// One band's particles, structure-of-arrays.
#[derive(Clone, Debug, Default)]
pub(crate) struct Bin {
    pub x: Vec<f32>,
    pub y: Vec<f32>,
    pub speed: Vec<f32>,
    pub wander: Vec<f32>,
    /// Index of each particle in the flat, creation-ordered view.
    pub id: Vec<u32>,
    /// Consecutive [`Bin::trim`] calls that found it under two thirds full.
    idle: u32,
}

/// One particle's whole state, while it moves between bins.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Traveller {
    pub x: f32,
    pub y: f32,
    pub speed: f32,
    pub wander: f32,
    pub id: u32,
}

impl Bin {
    pub fn len(&self) -> usize {
        self.x.len()
    }

    /// Room for `extra` more particles in every column: when they do not
    /// fit, the columns grow to a quarter more than needed (growth by a
    /// constant factor, so appending stays amortised O(1), with less idle
    /// room than doubling leaves).
    pub fn reserve(&mut self, extra: usize) {
        let need = self.len() + extra;
        if need <= self.x.capacity() {
            return;
        }
        let room = need + need / 4 - self.len();
        self.x.reserve_exact(room);
        self.y.reserve_exact(room);
        self.speed.reserve_exact(room);
        self.wander.reserve_exact(room);
        self.id.reserve_exact(room);
    }

    /// Appends `travellers`, column by column.
    pub fn extend(&mut self, travellers: &[Traveller]) {
        self.x.extend(travellers.iter().map(|t| t.x));
        self.y.extend(travellers.iter().map(|t| t.y));
        self.speed.extend(travellers.iter().map(|t| t.speed));
        self.wander.extend(travellers.iter().map(|t| t.wander));
        self.id.extend(travellers.iter().map(|t| t.id));
    }

    /// Gives back capacity the bin no longer needs: when it has held under
    /// two thirds of its capacity at every one of the last
    /// [`Bin::TRIM_AFTER`] calls, its columns shrink to a quarter more than
    /// its length. Call once a step; a bin shrinks at most once per
    /// `TRIM_AFTER` steps, and only after it lost a sixth of its particles
    /// since it last grew, so the copying is amortised over the steps and
    /// the particles that moved.
    pub fn trim(&mut self) {
        let cap = self.x.capacity();
        if cap > Self::KEEP && 3 * self.len() < 2 * cap {
            self.idle += 1;
            if self.idle >= Self::TRIM_AFTER {
                let keep = (self.len() + self.len() / 4).max(Self::KEEP);
                self.x.shrink_to(keep);
                self.y.shrink_to(keep);
                self.speed.shrink_to(keep);
                self.wander.shrink_to(keep);
                self.id.shrink_to(keep);
                self.idle = 0;
            }
        } else {
            self.idle = 0;
        }
    }

    /// Reorders the particles by the column of `1 << shift` pixels their
    /// x lies in (a stable counting sort), so that particles next to each
    /// other in the bin are near each other on the canvas: a block's
    /// trail pixels and flow cells then share cache lines. Nothing a step
    /// computes depends on the order inside a bin (pixels keep the
    /// higher-ranked colour; particles are known by their identity).
    #[inline(never)]
    pub fn sort_by_column(&mut self, shift: u32) {
        let n = self.len();
        if n < 2 {
            return;
        }
        SCRATCH.with_borrow_mut(|(order, moved)| {
            // Positions are inside the canvas, so the keys are small;
            // each is worked out once, into `moved` until the permutes.
            moved.clear();
            moved.extend(self.x.iter().map(|&x| x as u32 >> shift));
            let keys = &moved[..n];
            let buckets = keys.iter().copied().max().unwrap_or(0) as usize + 1;
            let mut next = vec![0u32; buckets + 1];
            for &k in keys {
                next[k as usize + 1] += 1;
            }
            for b in 0..buckets {
                next[b + 1] += next[b];
            }
            order.clear();
            order.resize(n, 0);
            for (i, &k) in keys.iter().enumerate() {
                let slot = &mut next[k as usize];
                order[*slot as usize] = i as u32;
                *slot += 1;
            }
            // SAFETY: `order` holds `n` entries, each the initial 0 or a
            // particle index `i < n`, and every column holds `n`.
            unsafe {
                permute(&mut self.x, order, moved, f32::to_bits, f32::from_bits);
                permute(&mut self.y, order, moved, f32::to_bits, f32::from_bits);
                permute(&mut self.speed, order, moved, f32::to_bits, f32::from_bits);
                permute(&mut self.wander, order, moved, f32::to_bits, f32::from_bits);
                permute(&mut self.id, order, moved, |id| id, |id| id);
            }
        });
    }

    /// Consecutive [`Bin::trim`] calls under two thirds full before it shrinks.
    pub const TRIM_AFTER: u32 = 64;
    /// Capacity a bin may keep however empty it is.
    const KEEP: usize = 1024;

    pub fn push(&mut self, p: Traveller) {
        self.x.push(p.x);
        self.y.push(p.y);
        self.speed.push(p.speed);
        self.wander.push(p.wander);
        self.id.push(p.id);
    }

    /// Particle `i`'s state.
    #[inline]
    pub fn get(&self, i: usize) -> Traveller {
        Traveller {
            x: self.x[i],
            y: self.y[i],
            speed: self.speed[i],
            wander: self.wander[i],
            id: self.id[i],
        }
    }

    /// Drops the particles at `holes` (ascending indices): from the
    /// highest down, each hole takes the last particle, one that stays.
    /// The columns' lengths are set once at the end: set a hole at a time,
    /// each hole's copy waited on the length stored for the one before,
    /// and removing a step's leavers took 1.3–1.36× as long.
    pub fn fill_holes(&mut self, holes: &[u32]) {
        let mut len = self.len();
        assert!(holes.len() <= len, "more holes than particles");
        let (x, y) = (&mut self.x[..], &mut self.y[..]);
        let (speed, wander, id) = (&mut self.speed[..], &mut self.wander[..], &mut self.id[..]);
        for &i in holes.iter().rev() {
            let i = i as usize;
            len -= 1;
            x[i] = x[len];
            y[i] = y[len];
            speed[i] = speed[len];
            wander[i] = wander[len];
            id[i] = id[len];
        }
        self.x.truncate(len);
        self.y.truncate(len);
        self.speed.truncate(len);
        self.wander.truncate(len);
        self.id.truncate(len);
    }

    /// Keeps only the particles for which `keep(id)` holds, in order.
    fn retain_ids(&mut self, keep: impl Fn(u32) -> bool) {
        let mut kept = 0;
        for i in 0..self.len() {
            if keep(self.id[i]) {
                self.x[kept] = self.x[i];
                self.y[kept] = self.y[i];
                self.speed[kept] = self.speed[i];
                self.wander[kept] = self.wander[i];
                self.id[kept] = self.id[i];
                kept += 1;
            }
        }
        for v in [&mut self.x, &mut self.y, &mut self.speed, &mut self.wander] {
            v.truncate(kept);
            v.shrink_to_fit();
        }
        self.id.truncate(kept);
        self.id.shrink_to_fit();
    }
}

thread_local! {
    /// [`Bin::sort_by_column`]'s order and column buffers, kept by each
    /// thread from sort to sort: fresh ones were page-faulted in again on
    /// most sorts (the field returns free pages to the system), and a
    /// sort cost about three steps of its bin; with these, about one.
    static SCRATCH: RefCell<(Vec<u32>, Vec<u32>)> = const { RefCell::new((Vec::new(), Vec::new())) };
}

/// Puts `column[order[i]]` at `i` through `moved` (as `u32`, by `to` and
/// back by `from`), keeping the column's capacity.
///
/// # Safety
/// `order` is as long as `column`, and every entry is below that length
/// (unchecked, the gather is 2 instructions an element fewer).
unsafe fn permute<T: Copy>(
    column: &mut [T],
    order: &[u32],
    moved: &mut Vec<u32>,
    to: impl Fn(T) -> u32,
    from: impl Fn(u32) -> T,
) {
    moved.clear();
    let n = column.len();
    debug_assert!(order.len() == n);
    moved.extend(order.iter().map(|&i| {
        debug_assert!((i as usize) < n);
        to(*column.get_unchecked(i as usize))
    }));
    for (c, &m) in column.iter_mut().zip(moved.iter()) {
        *c = from(m);
    }
}

/// Every particle, binned by band of rows ([`Bands`]).
#[derive(Clone, Debug)]
pub(crate) struct Bins {
    bands: Bands,
    bins: Vec<Bin>,
    len: usize,
}

impl Bins {
    /// `particles` binned by `bands`. Positions must be inside the canvas.
    pub fn from_flat(particles: &Particles, bands: Bands) -> Bins {
        let mut bins = Bins {
            bands,
            bins: vec![Bin::default(); bands.bins()],
            len: 0,
        };
        for i in 0..particles.len() {
            bins.insert(Traveller {
                x: particles.x[i],
                y: particles.y[i],
                speed: particles.speed[i],
                wander: particles.wander[i],
                id: i as u32,
            });
        }
        bins
    }

    /// The particles in creation order.
    pub fn to_flat(&self) -> Particles {
        let mut p = Particles {
            x: vec![0.0; self.len],
            y: vec![0.0; self.len],
            speed: vec![0.0; self.len],
            wander: vec![0.0; self.len],
        };
        for bin in &self.bins {
            for (i, &id) in bin.id.iter().enumerate() {
                let id = id as usize;
                p.x[id] = bin.x[i];
                p.y[id] = bin.y[i];
                p.speed[id] = bin.speed[i];
                p.wander[id] = bin.wander[i];
            }
        }
        p
    }

    /// Number of particles.
    pub fn len(&self) -> usize {
        self.len
    }

    /// How rows map to bins.
    pub fn bands(&self) -> Bands {
        self.bands
    }

    /// Adds `p` to the bin of its row.
    pub fn insert(&mut self, p: Traveller) {
        let b = self.bands.bin_of(p.y);
        self.bins[b].push(p);
        self.len += 1;
    }

    /// The bins, top band first (the edge bin, 0, also holds the last band).
    pub fn bins_mut(&mut self) -> &mut [Bin] {
        &mut self.bins
    }

    /// Grows to `count` particles (new ones drawn from `rng` exactly as
    /// [`Particles::resize`] draws them) or drops those created last.
    pub fn resize(&mut self, count: usize, width: u32, height: u32, rng: &mut fastrand::Rng) {
        if count < self.len {
            for bin in &mut self.bins {
                bin.retain_ids(|id| (id as usize) < count);
            }
            self.len = count;
            return;
        }
        let mut fresh = Particles::default();
        fresh.resize(count - self.len, width, height, rng);
        let first = self.len;
        for i in 0..fresh.len() {
            self.insert(Traveller {
                x: fresh.x[i],
                y: fresh.y[i],
                speed: fresh.speed[i],
                wander: fresh.wander[i],
                id: (first + i) as u32,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_round_trip_and_count_changes_keep_identity() {
        let mut rng = fastrand::Rng::with_seed(4);
        let mut flat = Particles::default();
        flat.resize(500, 50, 100, &mut rng);
        let mut bins = Bins::from_flat(&flat, Bands::new(100, 4));
        // Seven bands; the last shares bin 0.
        assert_eq!(bins.bins_mut().len(), 6);
        assert_eq!(bins.to_flat(), flat);
        for (k, bin) in bins.bins_mut().iter().enumerate() {
            let held = |band: usize| band == k || (k == 0 && band == 6);
            assert!(bin.y.iter().all(|&y| held((y as usize) >> 4)));
            assert!(bin.len() > 0);
        }
        // Same draws from the same generator state as the flat resize.
        let (mut a, mut b) = (rng.clone(), rng);
        bins.resize(800, 50, 100, &mut a);
        flat.resize(800, 50, 100, &mut b);
        assert_eq!(bins.to_flat(), flat);
        bins.resize(120, 50, 100, &mut a);
        flat.resize(120, 50, 100, &mut b);
        assert_eq!(bins.to_flat(), flat);
        assert_eq!(bins.len(), 120);
    }

    /// Each hole, highest first, takes the last particle: the order a
    /// hole at a time gave, which the field's determinism rests on.
    #[test]
    fn filling_holes_moves_the_last_particles_in() {
        let mut rng = fastrand::Rng::with_seed(7);
        let mut flat = Particles::default();
        flat.resize(500, 300, 32, &mut rng);
        let mut bins = Bins::from_flat(&flat, Bands::new(32, 5));
        let bin = &mut bins.bins_mut()[0];
        let n = bin.len();
        let holes: Vec<u32> = (0..n as u32).filter(|_| rng.u8(..) < 90).collect();
        let mut want: Vec<(u32, u32)> = (0..n).map(|i| (bin.id[i], bin.x[i].to_bits())).collect();
        for &i in holes.iter().rev() {
            want.swap_remove(i as usize);
        }
        bin.fill_holes(&holes);
        let got: Vec<(u32, u32)> = (0..bin.len())
            .map(|i| (bin.id[i], bin.x[i].to_bits()))
            .collect();
        assert!(holes.len() > 100 && holes.len() < n);
        assert_eq!(got, want);
        assert!([bin.y.len(), bin.speed.len(), bin.wander.len()]
            .iter()
            .all(|&l| l == got.len()));
    }

    #[test]
    fn sorting_by_column_keeps_every_particle() {
        let mut rng = fastrand::Rng::with_seed(36);
        let mut flat = Particles::default();
        flat.resize(3000, 300, 64, &mut rng);
        let mut bins = Bins::from_flat(&flat, Bands::new(64, 5));
        for bin in bins.bins_mut() {
            let before = bin.id.clone();
            bin.sort_by_column(5);
            assert!(bin
                .x
                .windows(2)
                .all(|w| (w[0] as u32 >> 5) <= (w[1] as u32 >> 5)));
            assert_ne!(bin.id, before, "3000 particles come sorted only by chance");
            // Stable: equal keys keep their order.
            let keyed: Vec<(u32, usize)> = bin
                .id
                .iter()
                .map(|id| {
                    let i = before.iter().position(|b| b == id).unwrap_or(usize::MAX);
                    (flat.x[*id as usize] as u32 >> 5, i)
                })
                .collect();
            assert!(keyed.windows(2).all(|w| w[0] <= w[1]));
        }
        assert_eq!(bins.to_flat(), flat);
    }
}
