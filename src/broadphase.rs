//! Finding candidate pairs among many posed sprites before the exact test.
