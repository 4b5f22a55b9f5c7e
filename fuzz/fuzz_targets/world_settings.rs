#![no_main]
//! See `hitfield_fuzz::targets::world_settings`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| hitfield_fuzz::targets::world_settings(data));
