//! Placeholder bench until the owning module lands.
fn main() {}
