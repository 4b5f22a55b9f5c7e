//! One bin's task: take its rows, fade them, sort the bin when due, then
//! move its particles block by block, each block through stage 1 (on the
//! chosen instruction set) and stage 2.

use std::ops::Range;

use super::block::{draw, Block};
use super::dispatch::prepare;
use super::flags::BLOCK;
use super::migrate::Leftovers;
use super::prefetch;
use super::prepared::Prepared;
use super::rows::SharedRows;
use super::shared::Shared;
use super::upkeep::{sort_due, SORT_COLUMN_SHIFT};
use super::zone::Zone;
use crate::cpu::Chosen;
use crate::field::bins::Bin;
use crate::field::canvas::fade_pixels;

/// What one bin's task runs: its bin and zone, the rows it fades, its
/// leftovers, and for the edge bin the working copy of its zone.
pub(super) struct Job<'a> {
    pub z: Zone,
    /// Canvas rows to fade (ignored for a wrapping zone, faded whole).
    pub fade_rows: Range<u32>,
    pub fade: u8,
    /// For a wrapping zone: where its rows are laid end to end.
    pub scratch: Option<&'a mut Vec<[u8; 4]>>,
    pub bin: &'a mut Bin,
    pub left: &'a mut Leftovers,
}

impl Job<'_> {
    /// Takes its rows of `canvas`, fades them, then steps the bin.
    pub fn run(self, canvas: &SharedRows, s: &Shared) {
        crate::trace::span!("field.bin", bin = self.z.bin, particles = self.bin.len());
        if sort_due(s.step, self.z.bin) {
            self.bin.sort_by_column(SORT_COLUMN_SHIFT);
        }
        let [first, second] = self.z.canvas_rows();
        let mut rows = canvas.take(first.clone());
        match self.scratch {
            Some(zone) => {
                // The rows from `row0` down, then those from the top.
                let mut top = canvas.take(second);
                zone.clear();
                zone.extend_from_slice(&rows);
                zone.extend_from_slice(&top);
                fade_pixels(zone, self.fade);
                step_bin(self.bin, zone, self.z, s, self.left);
                let (bottom_part, top_part) = zone.split_at(rows.len());
                rows.copy_from_slice(bottom_part);
                top.copy_from_slice(top_part);
            }
            None => {
                let w = s.width as usize;
                let faded = (self.fade_rows.start - first.start) as usize * w
                    ..(self.fade_rows.end - first.start) as usize * w;
                fade_pixels(&mut rows[faded], self.fade);
                step_bin(self.bin, &mut rows, self.z, s, self.left);
            }
        }
    }
}

/// Moves bin `z.bin`'s particles and draws their trails into `zone`.
fn step_bin(bin: &mut Bin, zone: &mut [[u8; 4]], z: Zone, s: &Shared, left: &mut Leftovers) {
    let mut prep = Prepared::new();
    let isa = Chosen::of(s.isa);
    let n = bin.len();
    let mut start = 0;
    while start < n {
        let end = (start + BLOCK).min(n);
        // The next block's columns are asked for ahead of its stage 1,
        // positions before this block's stage 1 and the rest after it:
        // stage 1 waited on their first loads (about 3% of a step at 1M;
        // all four columns at once, or two blocks ahead, gained less).
        let next = end..(end + BLOCK).min(n);
        prefetch::columns(&[&bin.x, &bin.y], next.clone());
        let xs = &mut bin.x[start..end];
        let ys = &mut bin.y[start..end];
        let (speeds, wanders) = (&bin.speed[start..end], &bin.wander[start..end]);
        prepare(isa, xs, ys, speeds, wanders, s, z, &mut prep);
        prefetch::columns(&[&bin.speed, &bin.wander], next);
        let block = Block {
            prep: &prep,
            n: end - start,
            start,
            bin,
            z,
            s,
        };
        draw(isa, &block, zone, left);
        start = end;
    }
    left.remove_leavers(bin);
}
