#![no_main]
//! See `hitfield_fuzz::targets::preset`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| hitfield_fuzz::targets::preset(data));
