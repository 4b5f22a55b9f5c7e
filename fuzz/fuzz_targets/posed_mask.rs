#![no_main]
//! See `hitfield_fuzz::targets::posed_mask`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| hitfield_fuzz::targets::posed_mask(data));
