//! What a game may steer, through checked setters: a ship's pose, its
//! sprite, whether the player flies it, and the player's input. Every
//! setter checks the index and the numbers first and returns an error
//! naming the value; a refused call changes nothing.

use super::{World, WorldError};
use crate::pose::Pose;
use crate::ships::movement::{self, Steer};
use crate::ships::Ship;

impl World {
    /// Puts ship `index` at `pose`.
    ///
    /// Refused: no such ship, a NaN or infinite field, `|x|` or `|y|` over
    /// [`Pose::MAX_COORD`], a scale outside [[`Pose::MIN_SCALE`],
    /// [`Pose::MAX_SCALE`]], or one at which the ship's sprite would cover
    /// more than [`World::MAX_POSED_SIDE`] pixels a side.
    ///
    /// Which fields stay the game's: the **scale** is kept until
    /// `ships.scale` changes ([`World::apply_settings`] then rescales every
    /// ship). With `ships.rotate` on, the ship's heading becomes
    /// `pose.rotation`, so a computer ship flies on the way it now faces;
    /// with it off, the world keeps ships unrotated. A computer ship (not
    /// [`Ship::is_player`]) goes on wandering from the new position; a
    /// player's ship stays where it is put.
    pub fn set_pose(&mut self, index: usize, pose: Pose) -> Result<(), WorldError> {
        check_pose(&pose)?;
        let sprite = self.ship_ref(index)?.sprite;
        self.check_posed_size("pose.scale", sprite, pose.scale)?;
        let rotate = self.settings.ships.rotate;
        let ship = self.ship_at(index)?;
        ship.pose = pose;
        if rotate {
            ship.heading = pose.rotation.rem_euclid(std::f32::consts::TAU);
        } else {
            ship.pose.rotation = 0.0;
        }
        Ok(())
    }

    /// Gives ship `index` sprite `sprite` (an index into [`World::sprites`]),
    /// keeping the ship's centre where it was. Its hit maps are cleared and
    /// its posed mask is rebuilt when next needed. Refused: no such ship or
    /// sprite, or a sprite that would cover more than
    /// [`World::MAX_POSED_SIDE`] pixels a side at the ship's scale.
    pub fn set_sprite(&mut self, index: usize, sprite: usize) -> Result<(), WorldError> {
        let count = self.sprites.len();
        let Some(new) = self.sprites.get(sprite) else {
            return Err(WorldError::NoSprite {
                index: sprite,
                count,
            });
        };
        self.check_posed_size("pose.scale", sprite, self.ship_ref(index)?.pose.scale)?;
        let new_size = [new.image().width(), new.image().height()];
        let old_size = {
            let ship = self.ship_ref(index)?;
            let old = self.sprites[ship.sprite].image();
            [old.width(), old.height()]
        };
        let ship = self.ship_at(index)?;
        let centre = ship.pose.centre(old_size);
        let moved = Pose::from_centre(centre, new_size);
        // A centre on the canvas keeps a valid pose after the move; check
        // anyway, as a far-off centre may not.
        if check_pose(&Pose {
            x: moved.x,
            y: moved.y,
            ..ship.pose
        })
        .is_ok()
        {
            ship.pose.x = moved.x;
            ship.pose.y = moved.y;
        }
        ship.sprite = sprite;
        ship.hits.reset(new_size[0], new_size[1]);
        ship.hit_pixels = Default::default();
        ship.last_hit_count = 0;
        ship.posed = Default::default();
        Ok(())
    }

    /// Makes ship `index` the player's (the world no longer moves it; it
    /// still samples and collides) or hands it back to the world. Refused:
    /// no such ship.
    pub fn set_player(&mut self, index: usize, player: bool) -> Result<(), WorldError> {
        self.ship_at(index)?.player = player;
        Ok(())
    }

    /// Flies ship `index` as the player's for `dt` real seconds (at most
    /// [`movement::PLAYER_MAX_DT`]): its centre moves along `input.dir` at
    /// [`movement::PLAYER_SPEED`] (boost: ×[`movement::PLAYER_BOOST`]) and
    /// stays on the canvas; its heading turns towards the direction of
    /// travel, plus `input.turn`. From then on the world no longer moves it.
    /// A `dt` ≤ 0 or input asking for no movement changes nothing.
    ///
    /// Refused: no such ship; a NaN or infinite `input.dir`, `input.turn`
    /// or `dt`.
    pub fn steer_player(&mut self, index: usize, input: Steer, dt: f32) -> Result<(), WorldError> {
        finite("steer.dir[0]", input.dir[0])?;
        finite("steer.dir[1]", input.dir[1])?;
        finite("steer.turn", input.turn)?;
        finite("dt", dt)?;
        let bounds = self.bounds_of(index)?;
        let rotate = self.settings.ships.rotate;
        movement::steer(&mut self.ships[index], bounds, rotate, input, dt);
        Ok(())
    }

    /// Puts ship `index`, as the player's, stopped, with its centre at `at`
    /// (world pixels; see [`Pose::from_centre`]). Refused: no such ship, a
    /// NaN or infinite coordinate, or a centre off the canvas (`at[0]` from
    /// 0 to the canvas width, `at[1]` from 0 to its height).
    pub fn place_player(&mut self, index: usize, at: [f32; 2]) -> Result<(), WorldError> {
        let [w, h] = self.canvas_size();
        within("at[0]", at[0], 0.0, w)?;
        within("at[1]", at[1], 0.0, h)?;
        let bounds = self.bounds_of(index)?;
        movement::place(&mut self.ships[index], bounds.sprite, at);
        Ok(())
    }

    /// Ship `index`, or an error naming the index and the number of ships.
    pub fn ship(&self, index: usize) -> Result<&Ship, WorldError> {
        self.ship_ref(index)
    }

    fn ship_ref(&self, index: usize) -> Result<&Ship, WorldError> {
        let count = self.ships.len();
        self.ships
            .get(index)
            .ok_or(WorldError::NoShip { index, count })
    }

    fn ship_at(&mut self, index: usize) -> Result<&mut Ship, WorldError> {
        let count = self.ships.len();
        self.ships
            .get_mut(index)
            .ok_or(WorldError::NoShip { index, count })
    }

    /// The sprite size of ship `index` and the canvas size.
    fn bounds_of(&self, index: usize) -> Result<movement::Bounds, WorldError> {
        let sprite = self.sprites[self.ship_ref(index)?.sprite].image();
        Ok(movement::Bounds {
            sprite: [sprite.width() as f32, sprite.height() as f32],
            canvas: self.canvas_size(),
        })
    }
}

/// Refuses a pose the world would not move, sample or collide sensibly: a
/// NaN or infinite field, far-off coordinates, a scale out of range.
pub(crate) fn check_pose(pose: &Pose) -> Result<(), WorldError> {
    let max = Pose::MAX_COORD;
    within("pose.x", pose.x, -max, max)?;
    within("pose.y", pose.y, -max, max)?;
    finite("pose.rotation", pose.rotation)?;
    within("pose.scale", pose.scale, Pose::MIN_SCALE, Pose::MAX_SCALE)
}

fn finite(what: &'static str, value: f32) -> Result<(), WorldError> {
    if value.is_finite() {
        Ok(())
    } else {
        Err(WorldError::NotFinite { what, value })
    }
}

fn within(what: &'static str, value: f32, min: f32, max: f32) -> Result<(), WorldError> {
    finite(what, value)?;
    if (min..=max).contains(&value) {
        Ok(())
    } else {
        Err(WorldError::OutOfRange {
            what,
            value,
            min,
            max,
        })
    }
}
