//! What each fuzz target does with its input, written once: the libFuzzer
//! targets (`fuzz/fuzz_targets/`) call these, and the library's tests
//! (`tests/fuzz_corpus.rs`) feed every committed corpus file through them on
//! stable Rust. Each must return normally on any input: a panic is a
//! finding. Needs the library's `internals` feature and the `toml` crate.

use std::path::PathBuf;

use hitfield::assets::load_png;
use hitfield::collide::{self, PosedMask};
use hitfield::mask::Mask;
use hitfield::pose::Pose;
use hitfield::settings::{rows, Kind, Settings};
use hitfield::ships::{ShipSprite, Steer};
use hitfield::world::World;

/// The link fragment reader of the demo (`app/src/link`).
#[allow(dead_code)]
#[path = "../../app/src/link/mod.rs"]
mod link;

/// What a target does with one input.
pub type Target = fn(&[u8]);

/// Every target, by the name of its corpus folder (`fuzz/corpus/NAME`).
pub const TARGETS: [(&str, Target); 6] = [
    ("preset", preset),
    ("link", link_fragment),
    ("sprite_png", sprite_png),
    ("overlap_inputs", overlap_inputs),
    ("world_settings", world_settings),
    ("posed_mask", posed_mask),
];

/// Input bytes read front to back; zeros once they run out.
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn take(&mut self, n: usize) -> &[u8] {
        let n = n.min(self.0.len());
        let (head, tail) = self.0.split_at(n);
        self.0 = tail;
        head
    }
    fn u8(&mut self) -> u8 {
        self.take(1).first().copied().unwrap_or(0)
    }
    fn u16(&mut self) -> u16 {
        u16::from(self.u8()) | u16::from(self.u8()) << 8
    }
    fn u32(&mut self) -> u32 {
        u32::from(self.u16()) | u32::from(self.u16()) << 16
    }
    fn u64(&mut self) -> u64 {
        u64::from(self.u32()) | u64::from(self.u32()) << 32
    }
    fn f32(&mut self) -> f32 {
        f32::from_bits(self.u32())
    }
    fn f64(&mut self) -> f64 {
        f64::from_bits(self.u64())
    }
    /// Often a plain value (small integer, or a small multiple of 1/8),
    /// sometimes any bit pattern (NaN, infinities, huge and tiny values).
    fn wild_f32(&mut self) -> f32 {
        match self.u8() % 4 {
            0 => self.f32(),
            1 => f32::from(self.u8() as i8) / 8.0,
            _ => f32::from(self.u16() as i16) / 8.0,
        }
    }
    fn pose(&mut self) -> Pose {
        Pose {
            x: self.wild_f32(),
            y: self.wild_f32(),
            rotation: self.wild_f32(),
            scale: match self.u8() % 4 {
                0 => self.f32(),
                1 => 1.0,
                _ => f32::from(self.u8()) / 32.0,
            },
        }
    }
    /// A chunk whose length is given by a leading `u16`.
    fn chunk(&mut self) -> &[u8] {
        let n = usize::from(self.u16());
        self.take(n)
    }
}

/// A file in the temporary folder, one per process and `name`.
fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("hitfield-fuzz-{}-{name}", std::process::id()))
}

/// A preset file: read through `Settings::load_preset`. What loads is
/// valid, saves, and loads back the same.
pub fn preset(data: &[u8]) {
    let path = scratch("preset.toml");
    std::fs::write(&path, data).expect("temporary file");
    let Ok(settings) = Settings::load_preset(&path) else {
        return;
    };
    assert!(settings.validate().is_ok(), "loaded but invalid");
    let again = scratch("again.toml");
    settings.save_preset(&again).expect("a loaded preset saves");
    let back = Settings::load_preset(&again).expect("a saved preset loads");
    assert_eq!(back, settings, "save and load changed the settings");
}

/// A link fragment (the web page's `#key=value&…`), applied to the
/// defaults: the result is always valid, and its own fragment gives it
/// back.
pub fn link_fragment(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let base = Settings::default();
    let applied = link::apply(&base, &text);
    assert!(applied.settings.validate().is_ok(), "invalid after a link");
    let fragment = link::fragment_between(&base, &applied.settings);
    let again = link::apply(&base, &fragment);
    assert_eq!(
        again.settings, applied.settings,
        "#{fragment} reads back differently"
    );
}

/// A PNG sprite through the asset loader into a `ShipSprite`, then flown
/// in a small world for two steps.
pub fn sprite_png(data: &[u8]) {
    let path = scratch("sprite.png");
    std::fs::write(&path, data).expect("temporary file");
    let Ok(image) = load_png(&path) else {
        return;
    };
    let alpha_min = data.last().copied().unwrap_or(0);
    let sprite = ShipSprite::new("fuzz", image, alpha_min);
    let mask = sprite.mask();
    assert!(mask.solid_count() <= u64::from(mask.width()) * u64::from(mask.height()));
    let mut s = Settings::default();
    s.field.width = 96;
    s.field.height = 64;
    s.field.particles = 200;
    s.ships.count = 2;
    s.ships.ship_alpha_min = alpha_min;
    if let Ok(mut world) = World::new(s, vec![sprite]) {
        world.step();
        world.step();
    }
}

/// The overlap command's inputs: two PNGs (each a `u16` length and its
/// bytes), an alpha threshold and two poses of any values. The queries
/// agree with each other.
pub fn overlap_inputs(data: &[u8]) {
    let mut bytes = Bytes(data);
    let png_a = bytes.chunk().to_vec();
    let png_b = bytes.chunk().to_vec();
    let alpha_min = bytes.u8();
    let (pose_a, pose_b) = (bytes.pose(), bytes.pose());
    let load = |name: &str, png: &[u8]| {
        let path = scratch(name);
        std::fs::write(&path, png).expect("temporary file");
        load_png(&path).ok()
    };
    let (Some(a), Some(b)) = (load("a.png", &png_a), load("b.png", &png_b)) else {
        return;
    };
    let (a, b) = (
        Mask::from_rgba(&a, alpha_min),
        Mask::from_rgba(&b, alpha_min),
    );
    check_pair(&a, &pose_a, &b, &pose_b);
}

/// Every pairwise query on two posed masks, and their agreement.
fn check_pair(a: &Mask, pose_a: &Pose, b: &Mask, pose_b: &Pose) {
    let o = collide::overlap(a, pose_a, b, pose_b);
    let count = o.as_ref().map_or(0, |o| o.count);
    assert_eq!(collide::intersects(a, pose_a, b, pose_b), o.is_some());
    assert_eq!(collide::overlap_count(a, pose_a, b, pose_b), count);
    let shared = collide::overlap_mask(a, pose_a, b, pose_b);
    assert_eq!(shared.as_ref().map_or(0, |s| s.count()), count);
    let swapped = collide::overlap_count(b, pose_b, a, pose_a);
    assert_eq!(swapped, count, "overlap is not symmetric");
    if !pose_a.is_valid() || !pose_b.is_valid() {
        assert_eq!(count, 0, "an invalid pose covered pixels");
    }
}

/// A mask (its size and bits from the input) and poses of any values:
/// `PosedMask` queries agree with the pairwise ones and with `covers`.
pub fn posed_mask(data: &[u8]) {
    let mut bytes = Bytes(data);
    let (w, h) = (u32::from(bytes.u8() % 80), u32::from(bytes.u8() % 80));
    let bits = bytes.take((w * h).div_ceil(8) as usize).to_vec();
    let Ok(mask) = Mask::try_from_fn(w, h, |x, y| {
        let i = (y * w + x) as usize;
        bits.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1)
    }) else {
        return;
    };
    let (pose_a, pose_b) = (bytes.pose(), bytes.pose());
    let posed = PosedMask::new(&mask, &pose_a);
    assert_eq!(posed.pixel_count(), posed.coverage().solid_count());
    // `is_for` compares poses with `==`: a NaN pose is never "the same".
    let comparable = [pose_a.x, pose_a.y, pose_a.rotation, pose_a.scale]
        .iter()
        .all(|v| !v.is_nan());
    assert_eq!(posed.is_for(&mask, &pose_a), comparable);
    if !pose_a.is_valid() {
        assert_eq!(posed.pixel_count(), 0, "an invalid pose covered pixels");
    }
    for _ in 0..4 {
        let (x, y) = (i64::from(bytes.u32() as i32), i64::from(bytes.u32() as i32));
        if posed.covers(x, y) {
            let rect = posed.world_rect().expect("covers a pixel, so has a box");
            assert!(rect.x0 <= x && x < rect.x1 && rect.y0 <= y && y < rect.y1);
        }
    }
    let other = PosedMask::new(&mask, &pose_b);
    let o = posed.overlap(&other);
    assert_eq!(posed.intersects(&other), o.is_some());
    assert_eq!(posed.intersects_mask(&mask, &pose_b), o.is_some());
    let pair = collide::overlap(&mask, &pose_a, &mask, &pose_b);
    assert_eq!(o.map(|o| o.count), pair.map(|o| o.count));
    check_pair(&mask, &pose_a, &mask, &pose_b);
}

/// A small world driven by the input: `apply_settings` with settings of
/// any values, and every setter with any index and value. Errors are
/// fine; panics are not. Steps only while the world is small.
pub fn world_settings(data: &[u8]) {
    let mut bytes = Bytes(data);
    let mut s = Settings::default();
    s.field.width = 64;
    s.field.height = 48;
    s.field.particles = 100;
    s.ships.count = 3;
    let sprites = || {
        hitfield::assets::default_sprites()
            .into_iter()
            .map(|(name, image)| ShipSprite::new(name, image, 128))
            .collect::<Vec<_>>()
    };
    let mut world = World::new(s.clone(), sprites()).expect("valid start");
    for _ in 0..16 {
        if bytes.0.is_empty() {
            break;
        }
        let index = usize::from(bytes.u8() % 6);
        match bytes.u8() % 8 {
            0 => {
                let mut next = world.settings().clone();
                change_setting(&mut next, &mut bytes);
                let _ = world.apply_settings(&next);
            }
            1 => {
                let _ = world.set_pose(index, bytes.pose());
            }
            2 => {
                let _ = world.set_sprite(index, usize::from(bytes.u8()));
            }
            3 => {
                let _ = world.set_player(index, bytes.u8() & 1 == 1);
            }
            4 => {
                let input = Steer {
                    dir: [bytes.wild_f32(), bytes.wild_f32()],
                    turn: bytes.wild_f32(),
                    boost: bytes.u8() & 1 == 1,
                };
                let _ = world.steer_player(index, input, bytes.wild_f32());
            }
            5 => {
                let _ = world.place_player(index, [bytes.wild_f32(), bytes.wild_f32()]);
            }
            _ => {
                let small = {
                    let f = &world.settings().field;
                    f.particles <= 4000 && u64::from(f.width) * u64::from(f.height) <= 1 << 17
                };
                if small && world.ships().len() <= 16 {
                    world.step();
                }
            }
        }
        assert!(
            world.settings().validate().is_ok(),
            "the world holds invalid settings"
        );
    }
}

/// One setting of `s`, picked from the rows (so a new setting is fuzzed
/// without a line here), changed to a value from the input, in range or
/// not. The value goes in through serde, which checks types but not
/// ranges; a value its field's type cannot hold leaves `s` as it was.
fn change_setting(s: &mut Settings, bytes: &mut Bytes) {
    let rows = rows();
    let row = &rows[usize::from(bytes.u8()) % rows.len()];
    let value = match row.kind {
        Kind::Whole { .. } => match bytes.u8() % 3 {
            0 => toml::Value::Integer(bytes.u64() as i64),
            _ => toml::Value::Integer(i64::from(bytes.u16())),
        },
        Kind::Real { .. } => match bytes.u8() % 2 {
            0 => toml::Value::Float(bytes.f64()),
            _ => toml::Value::Float(f64::from(bytes.wild_f32())),
        },
        Kind::Switch { .. } => toml::Value::Boolean(bytes.u8() & 1 == 1),
        Kind::Channel { .. } => {
            let names = ["red", "green", "blue", "alpha"];
            toml::Value::String(names[usize::from(bytes.u8() % 4)].to_string())
        }
    };
    let Ok(mut table) = toml::Value::try_from(&*s) else {
        return;
    };
    let mut at = &mut table;
    for part in row.key.split('.') {
        match at.get_mut(part) {
            Some(inner) => at = inner,
            None => return,
        }
    }
    *at = value;
    if let Ok(changed) = table.try_into::<Settings>() {
        *s = changed;
    }
}
