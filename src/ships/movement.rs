//! How ships move: computer ships wander and wrap; the player's ship follows
//! [`Steer`] input or is placed where the user points.

use std::f32::consts::{PI, TAU};

use crate::settings::ShipSettings;

use super::Ship;

/// How fast wandering ships turn at random, in radians per second.
pub const WANDER_TURN_RATE: f32 = 1.5;
/// Player speed in world pixels per second (boost: ×[`PLAYER_BOOST`]).
pub const PLAYER_SPEED: f32 = 260.0;
/// Speed factor while boosting.
pub const PLAYER_BOOST: f32 = 2.5;
/// Player turn rate (the `turn` input) in radians per second.
pub const PLAYER_TURN_RATE: f32 = 3.0;
/// How fast the player's ship turns to face where it flies, radians per second.
pub const PLAYER_AIM_RATE: f32 = 10.0;
/// Longest time step one steering input applies, in seconds (a stalled
/// frame does not fling the ship across the field).
pub const PLAYER_MAX_DT: f32 = 0.1;

/// The size of a ship's sprite and of the canvas it flies over, in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Bounds {
    /// Sprite width and height.
    pub(crate) sprite: [f32; 2],
    /// Canvas width and height.
    pub(crate) canvas: [f32; 2],
}

/// One random-walk step of a computer ship: turn a little at random, fly at
/// the cruising speed and wrap the centre around the canvas. The rotation
/// follows the heading (0 without `settings.rotate`); the scale is left as
/// it is (the world sets it from `ships.scale`, or the game does).
pub(crate) fn wander(
    ship: &mut Ship,
    bounds: Bounds,
    settings: &ShipSettings,
    rng: &mut fastrand::Rng,
    dt: f32,
) {
    let ([sw, sh], [w, h]) = (bounds.sprite, bounds.canvas);
    ship.heading = (ship.heading + (rng.f32() - 0.5) * 2.0 * WANDER_TURN_RATE * dt).rem_euclid(TAU);
    ship.velocity = [
        ship.heading.cos() * settings.speed,
        ship.heading.sin() * settings.speed,
    ];
    // Move the centre and wrap it.
    let cx = (ship.pose.x + sw / 2.0 + ship.velocity[0] * dt).rem_euclid(w);
    let cy = (ship.pose.y + sh / 2.0 + ship.velocity[1] * dt).rem_euclid(h);
    ship.pose.x = cx - sw / 2.0;
    ship.pose.y = cy - sh / 2.0;
    ship.pose.rotation = if settings.rotate { ship.heading } else { 0.0 };
}

/// Movement the player asks for: a direction (length ≤ 1, screen axes, y
/// down), a turn and a boost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Steer {
    /// Direction to fly, `[x, y]`.
    pub dir: [f32; 2],
    /// Turn: −1 anticlockwise, 1 clockwise, 0 none.
    pub turn: f32,
    /// Fly faster.
    pub boost: bool,
}

impl Steer {
    /// True when it asks for any movement.
    pub fn is_active(&self) -> bool {
        self.dir != [0.0, 0.0] || self.turn != 0.0
    }
}

/// Flies the player's ship for `dt` seconds (at most [`PLAYER_MAX_DT`]): its
/// centre moves along `steer.dir` and stays on the canvas (no wrap); its
/// heading turns towards the direction of travel the shorter way, plus
/// `steer.turn`. Marks the ship as the player's. Inactive input or a bad
/// `dt` leaves it untouched.
pub(crate) fn steer(ship: &mut Ship, bounds: Bounds, rotate: bool, steer: Steer, dt: f32) {
    if !(steer.is_active() && dt.is_finite() && dt > 0.0) {
        return;
    }
    let dt = dt.min(PLAYER_MAX_DT);
    let speed = PLAYER_SPEED * if steer.boost { PLAYER_BOOST } else { 1.0 };
    let ([sw, sh], [w, h]) = (bounds.sprite, bounds.canvas);
    let [dx, dy] = steer.dir;
    ship.player = true;
    ship.velocity = [dx * speed, dy * speed];
    let cx = (ship.pose.x + sw * 0.5 + dx * speed * dt).max(0.0).min(w);
    let cy = (ship.pose.y + sh * 0.5 + dy * speed * dt).max(0.0).min(h);
    ship.pose.x = cx - sw * 0.5;
    ship.pose.y = cy - sh * 0.5;
    let mut heading = ship.heading;
    if steer.dir != [0.0, 0.0] {
        let target = dy.atan2(dx);
        let diff = (target - heading + PI).rem_euclid(TAU) - PI;
        heading += diff.clamp(-PLAYER_AIM_RATE * dt, PLAYER_AIM_RATE * dt);
    }
    heading += steer.turn * PLAYER_TURN_RATE * dt;
    ship.heading = heading.rem_euclid(TAU);
    // Sprites point along +x at rotation 0, so rotation = heading.
    ship.pose.rotation = if rotate { ship.heading } else { 0.0 };
}

/// Puts the player's ship with its centre at `at` (world pixels), stopped,
/// and marks it as the player's.
pub(crate) fn place(ship: &mut Ship, sprite: [f32; 2], at: [f32; 2]) {
    ship.player = true;
    ship.velocity = [0.0, 0.0];
    ship.pose.x = at[0] - sprite[0] * 0.5;
    ship.pose.y = at[1] - sprite[1] * 0.5;
}
