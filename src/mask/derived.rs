//! Values worked out from a mask alone by the code that reads it (its
//! outline, its texel windows), made on first use and shared by clones.
//! They are not part of the mask's value: equal masks compare equal
//! whether or not their caches are filled.

use std::any::Any;
use std::sync::{Arc, OnceLock};

/// A cache slot of a mask, one per kind of derived value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Slot {
    /// The boundary edges posed builds start from.
    Outline,
    /// The texels regrouped for the AVX2 pixel walk.
    Windows,
    /// The convex hull of the solid texels (contacts' separating test).
    Hull,
}

/// Number of [`Slot`]s.
const SLOTS: usize = 3;

/// A mask's caches, one per [`Slot`].
#[derive(Clone, Default)]
pub(super) struct Derived {
    slots: [OnceLock<Arc<dyn Any + Send + Sync>>; SLOTS],
}

impl Derived {
    /// The value in `slot`, made by `make` if the slot is empty.
    ///
    /// # Panics
    ///
    /// When `slot` was filled with another type (each slot has one user).
    pub(super) fn get_or_init<T: Any + Send + Sync>(
        &self,
        slot: Slot,
        make: impl FnOnce() -> T,
    ) -> &T {
        self.slots[slot as usize]
            .get_or_init(|| Arc::new(make()))
            .downcast_ref()
            .expect("a mask's cache slot holds one type")
    }
}

impl PartialEq for Derived {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Derived {}

impl std::fmt::Debug for Derived {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let filled = [Slot::Outline, Slot::Windows, Slot::Hull]
            .into_iter()
            .filter(|&s| self.slots[s as usize].get().is_some());
        f.debug_list().entries(filled).finish()
    }
}
