//! What every bin's task reads in one step.

use super::lines::LineTable;
use crate::cpu::Isa;
use crate::field::bins::Bands;
use crate::field::flow::FlowGrid;
use crate::field::particles::Motion;
use crate::field::raster::SinCos;

/// What every bin's task reads.
#[derive(Clone, Copy)]
pub(crate) struct Shared<'a> {
    pub motion: &'a Motion,
    pub flow: &'a FlowGrid,
    pub sincos: &'a SinCos,
    /// Palette colours as little-endian `u32` (see
    /// [`crate::field::raster::merge_key`]), then 256 zeros: the landing
    /// keys of [`super::prepared::Prepared::key`].
    pub palette: &'a [u32; 512],
    pub width: u32,
    /// Bands of rows, and which bin each belongs to.
    pub bands: Bands,
    pub isa: Isa,
    /// Inner pixels of the medium lines on a canvas `width` wide.
    pub lines: &'a LineTable,
    /// Steps so far: which bins are due a sort by column (`sort_due`).
    pub step: u64,
}
