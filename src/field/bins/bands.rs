//! Which bin each band of canvas rows belongs to.

/// How canvas rows map to bins: bands of `1 << shift` rows, one bin each,
/// but the last band's particles share bin 0 with the first band's.
///
/// Where the flow points out of the canvas at the top or bottom edge,
/// particles cross that edge every step (with seed 1 at 1M particles,
/// about 120k a step between the first and the last band). With a bin
/// per band, each crossing took the particle out of one bin and into the
/// other, and its trail's far piece went to another task; in one bin, it
/// stays put and its whole trail is drawn by one task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Bands {
    /// log2 of the rows per band (at least 2, see [`Bands::new`]).
    pub shift: u32,
    /// Canvas rows.
    pub height: u32,
}

impl Bands {
    /// Bands of `1 << shift` rows over a canvas `height` rows high.
    ///
    /// # Panics
    /// When `shift < 2` or `shift > 16`: the edge bin's zone relies on
    /// bands of at least 4 rows (see `sweep::Zone`).
    pub fn new(height: u32, shift: u32) -> Bands {
        assert!((2..=16).contains(&shift), "bands of 4 to 65536 rows");
        Bands { shift, height }
    }

    /// Rows per band.
    pub fn rows(&self) -> u32 {
        1 << self.shift
    }

    /// Bands on the canvas (the last may be shorter than the others).
    pub fn count(&self) -> u32 {
        self.height.max(1).div_ceil(self.rows())
    }

    /// Bins: one per band but the last, and at least one.
    pub fn bins(&self) -> usize {
        (self.count() as usize - 1).max(1)
    }

    /// The bin of band `band`: itself, but 0 for the last band (and any
    /// beyond it).
    #[inline]
    pub fn bin_of_band(&self, band: u32) -> u32 {
        if band + 1 >= self.count() {
            0
        } else {
            band
        }
    }

    /// The bin of a particle at row position `y` (inside the canvas).
    #[inline]
    pub fn bin_of(&self, y: f32) -> usize {
        self.bin_of_band(y as u32 >> self.shift) as usize
    }

    /// The band besides `bin` whose particles bin `bin` holds: the last
    /// band for bin 0, `bin` itself for the others.
    pub fn other_band(&self, bin: u32) -> u32 {
        if bin == 0 {
            self.count() - 1
        } else {
            bin
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Bands;

    /// The last band shares bin 0; on a canvas of one or two bands, one
    /// bin holds everything.
    #[test]
    fn the_last_band_folds_into_the_edge_bin() {
        let bins_of = |height: u32| {
            let b = Bands::new(height, 4);
            let of: Vec<u32> = (0..b.count()).map(|band| b.bin_of_band(band)).collect();
            (b.bins(), of)
        };
        assert_eq!(bins_of(10), (1, vec![0]));
        assert_eq!(bins_of(32), (1, vec![0, 0]));
        assert_eq!(bins_of(33), (2, vec![0, 1, 0]));
        assert_eq!(bins_of(100), (6, vec![0, 1, 2, 3, 4, 5, 0]));
        let b = Bands::new(100, 4);
        assert_eq!((b.other_band(0), b.other_band(3)), (6, 3));
        assert_eq!((b.bin_of(99.5), b.bin_of(95.0), b.bin_of(15.9)), (0, 5, 0));
    }
}
