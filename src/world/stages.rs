//! The stages of a step after the field: moving the ships, sampling the
//! canvas under those due, and ship-ship contacts.

use rayon::prelude::*;

use super::World;
use crate::collide::{overlap_with, QueryOptions};
use crate::mask::Mask;
use crate::ships::movement::{self, Bounds};
use crate::ships::schedule::sample_is_due;
use crate::ships::{sample_posed, Contact, Ship};

impl World {
    pub(super) fn move_ships(&mut self, dt: f32) {
        crate::trace::span!("ships.move");
        let canvas = self.canvas_size();
        for ship in &mut self.ships {
            if ship.player {
                continue;
            }
            let mask = self.sprites[ship.sprite].mask();
            let bounds = Bounds {
                sprite: [mask.width() as f32, mask.height() as f32],
                canvas,
            };
            movement::wander(ship, bounds, &self.settings.ships, &mut self.rng, dt);
        }
    }

    pub(super) fn sample_due(&mut self) {
        crate::trace::span!("ships.sample");
        let interval = self.settings.ships.sample_interval_ms;
        let now = self.sim_ms;
        let thresholds = self.thresholds();
        let (canvas, sprites) = (self.field.canvas(), &self.sprites);
        // `index` names the ship's span (feature `trace`).
        #[cfg_attr(not(feature = "trace"), allow(unused_variables))]
        let sample_one = |(index, ship): (usize, &mut Ship)| {
            if !sample_is_due(&mut ship.next_sample_ms, now, interval) {
                return;
            }
            crate::trace::span!("ships.sample.ship", ship = index);
            let mask = sprites[ship.sprite].mask();
            pose_mask(ship, mask);
            let count = sample_posed(
                canvas,
                mask,
                &ship.posed,
                &thresholds,
                &mut ship.hits,
                &mut ship.hit_pixels,
            );
            ship.last_hit_count = count;
            ship.hits_total += u64::from(count);
            ship.hit_samples += u64::from(count > 0);
        };
        if self.field.settings().parallel {
            self.ships.par_iter_mut().enumerate().for_each(sample_one);
        } else {
            self.ships.iter_mut().enumerate().for_each(sample_one);
        }
    }

    pub(super) fn find_contacts(&mut self) {
        crate::trace::span!("world.contacts");
        let s = &self.settings.ships;
        let options = QueryOptions {
            stride: s.collision_stride,
            accuracy: s.collision_accuracy,
        };
        let pairs = {
            crate::trace::span!("collide.broadphase", ships = self.ships.len());
            self.boxes.clear();
            for ship in &self.ships {
                let mask = self.sprites[ship.sprite].mask();
                self.boxes
                    .push(ship.pose.world_bounds(mask.width(), mask.height()));
            }
            self.broadphase.pairs(&self.boxes)
        };
        let exact = options.is_exact();
        if exact {
            // Each ship in a candidate pair gets its posed mask (built at
            // most once per step, only when its pose changed).
            self.in_pairs.clear();
            self.in_pairs.resize(self.ships.len(), false);
            for &(a, b) in pairs {
                self.in_pairs[a] = true;
                self.in_pairs[b] = true;
            }
            let sprites = &self.sprites;
            #[cfg_attr(not(feature = "trace"), allow(unused_variables))]
            let build = |(index, (ship, &needed)): (usize, (&mut Ship, &bool))| {
                if needed {
                    crate::trace::span!("collide.posed", ship = index);
                    pose_mask(ship, sprites[ship.sprite].mask());
                }
            };
            if self.field.settings().parallel {
                self.ships
                    .par_iter_mut()
                    .zip(&self.in_pairs)
                    .enumerate()
                    .for_each(build);
            } else {
                self.ships
                    .iter_mut()
                    .zip(&self.in_pairs)
                    .enumerate()
                    .for_each(build);
            }
        }
        let (ships, sprites) = (&self.ships, &self.sprites);
        // The narrow phase of each candidate pair, in the broad phase's order
        // (rayon's collect keeps it), so contacts do not depend on threads.
        // Exact queries go through the posed masks (the same answer, bit for
        // bit); approximations through the masks and poses.
        let narrow = |&(a, b): &(usize, usize)| {
            crate::trace::span!("collide.pair", a, b);
            let (sa, sb) = (&ships[a], &ships[b]);
            let overlap = if exact {
                sa.posed.overlap(&sb.posed)
            } else {
                let (ma, mb) = (sprites[sa.sprite].mask(), sprites[sb.sprite].mask());
                overlap_with(ma, &sa.pose, mb, &sb.pose, &options)
            };
            overlap.map(|overlap| Contact { a, b, overlap })
        };
        self.contacts.clear();
        if self.field.settings().parallel {
            let found: Vec<Contact> = pairs.par_iter().filter_map(narrow).collect();
            self.contacts.extend(found);
        } else {
            self.contacts.extend(pairs.iter().filter_map(narrow));
        }
    }
}

/// Rebuilds `ship`'s posed mask for `mask` unless it is already built for
/// the ship's current pose.
fn pose_mask(ship: &mut Ship, mask: &Mask) {
    if !ship.posed.is_for(mask, &ship.pose) {
        ship.posed.rebuild(mask, &ship.pose);
    }
}
