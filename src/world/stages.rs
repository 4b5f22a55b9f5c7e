//! The stages of a step after the field: moving the ships, sampling the
//! canvas under those due, and ship-ship contacts.

use rayon::prelude::*;

use super::World;
use crate::collide::{ContactOptions, QueryOptions};
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

    /// Ship-ship contacts through the library's one contact pipeline
    /// ([`crate::collide::Contacts`]), with the ships' own posed masks
    /// (moved in and back out: a mask sampling built this step is reused).
    pub(super) fn find_contacts(&mut self) {
        crate::trace::span!("world.contacts");
        let s = &self.settings.ships;
        let options = ContactOptions {
            overlap: true,
            parallel: self.field.settings().parallel,
            query: QueryOptions {
                stride: s.collision_stride,
                accuracy: s.collision_accuracy,
            },
        };
        self.posed.clear();
        self.posed
            .extend(self.ships.iter_mut().map(|s| std::mem::take(&mut s.posed)));
        self.poses.clear();
        self.poses.extend(self.ships.iter().map(|s| s.pose));
        let sprites = &self.sprites;
        let masks: Vec<&Mask> = self
            .ships
            .iter()
            .map(|s| sprites[s.sprite].mask())
            .collect();
        let found = self
            .finder
            .find_with(&masks, &self.poses, &mut self.posed, &options);
        self.contacts.clear();
        // The world keeps every sprite within the posed size bound and
        // gives one pose per ship, so `find_with` does not refuse; were it
        // to, the step would report no contacts rather than panic.
        if let Ok(touches) = found {
            self.contacts.extend(touches.iter().filter_map(|t| {
                Some(Contact {
                    a: t.a,
                    b: t.b,
                    overlap: t.overlap?,
                })
            }));
        }
        for (ship, posed) in self.ships.iter_mut().zip(self.posed.drain(..)) {
            ship.posed = posed;
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
