#![no_main]
//! See `hitfield_fuzz::targets::overlap_inputs`.

libfuzzer_sys::fuzz_target!(|data: &[u8]| hitfield_fuzz::targets::overlap_inputs(data));
