//! The field step for the browser: `init(particles, seed)` builds the
//! default field (1280×720, one thread, as the web demo runs) with that
//! many particles, and `step()` steps it once. The page (`field.html`)
//! times each call with `performance.now()`.

use std::cell::RefCell;

use hitfield::field::Field;
use hitfield::profile::StageTimes;
use hitfield::settings::FieldSettings;

thread_local! {
    static FIELD: RefCell<Option<Field>> = const { RefCell::new(None) };
}

/// Builds the field; 1 when it was built, 0 when the settings were refused.
#[no_mangle]
pub extern "C" fn init(particles: u32, seed: u32) -> u32 {
    let settings = FieldSettings {
        particles: particles as usize,
        seed: u64::from(seed),
        parallel: false,
        ..FieldSettings::default()
    };
    let field = Field::new(&settings).ok();
    let built = u32::from(field.is_some());
    FIELD.with(|f| *f.borrow_mut() = field);
    built
}

/// One step of 1/60 s (nothing when no field was built).
#[no_mangle]
pub extern "C" fn step() {
    FIELD.with(|f| {
        if let Some(field) = f.borrow_mut().as_mut() {
            field.step(1.0 / 60.0, &mut StageTimes::default());
        }
    });
}

/// The canvas's hash, low 32 bits: the same field gives the same hash on
/// every build that keeps the rule.
#[no_mangle]
pub extern "C" fn canvas_hash() -> u32 {
    FIELD.with(|f| f.borrow().as_ref().map_or(0, |field| field.canvas().hash64() as u32))
}
