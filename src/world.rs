//! The whole simulation without graphics: field, ships, sampling timers and
//! ship-ship contacts, advanced by a fixed step.

use crate::field::Field;
use crate::profile::StageTimes;
use crate::settings::Settings;
use crate::ship::{Contact, Ship, ShipSprite};

/// Field, ships and timers. Advance it with [`World::step`].
pub struct World {
    settings: Settings,
    field: Field,
    sprites: Vec<ShipSprite>,
    ships: Vec<Ship>,
    contacts: Vec<Contact>,
    times: StageTimes,
}

impl World {
    /// A world from validated settings and at least one sprite.
    pub fn new(settings: Settings, sprites: Vec<ShipSprite>) -> World {
        let _ = (settings, sprites);
        todo!("world helper")
    }

    /// The settings in force.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Applies new settings without restarting: particles and ships that stay keep their state.
    pub fn apply_settings(&mut self, settings: &Settings) {
        let _ = settings;
        todo!("world helper")
    }

    /// Advances one fixed step (`settings.step_ms`) and returns that step's stage times.
    pub fn step(&mut self) -> &StageTimes {
        todo!("world helper")
    }

    /// The particle field.
    pub fn field(&self) -> &Field {
        &self.field
    }

    /// The ship sprites.
    pub fn sprites(&self) -> &[ShipSprite] {
        &self.sprites
    }

    /// The ships.
    pub fn ships(&self) -> &[Ship] {
        &self.ships
    }

    /// One ship, for player control.
    pub fn ship_mut(&mut self, index: usize) -> Option<&mut Ship> {
        self.ships.get_mut(index)
    }

    /// Ship-ship contacts found in the last step.
    pub fn contacts(&self) -> &[Contact] {
        &self.contacts
    }

    /// Stage times of the last step.
    pub fn last_times(&self) -> &StageTimes {
        &self.times
    }
}
