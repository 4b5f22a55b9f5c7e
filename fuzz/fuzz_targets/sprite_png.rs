#![no_main]
//! See `hitfield_fuzz::targets::sprite_png`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| hitfield_fuzz::targets::sprite_png(data));
