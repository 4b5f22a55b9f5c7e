//! The fuzz targets' bodies ([`targets`]), shared with the library's corpus
//! replay test.

pub mod targets;
