#![no_main]
//! See `hitfield_fuzz::targets::link_fragment`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| hitfield_fuzz::targets::link_fragment(data));
