//! A plain RGBA8 image held in memory, independent of any graphics crate.

/// A size [`RgbaImage::try_new`] refuses: a side over [`RgbaImage::MAX_SIDE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("image is {width}×{height} pixels; the limit is {max}×{max}", max = RgbaImage::MAX_SIDE)]
pub struct ImageSizeError {
    /// The width asked for.
    pub width: u32,
    /// The height asked for.
    pub height: u32,
}

/// An RGBA image, 8 bits per channel, rows top-down, no padding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RgbaImage {
    width: u32,
    height: u32,
    data: Vec<u8>,
}

impl RgbaImage {
    /// Largest width or height [`RgbaImage::try_new`] and [`RgbaImage::new`]
    /// accept (256 MiB at most). Loading a PNG has the same limit.
    pub const MAX_SIDE: u32 = 8192;

    /// A fully transparent image of the given size, or an error naming the
    /// size when a side exceeds [`RgbaImage::MAX_SIDE`] (so the byte count
    /// cannot overflow and nothing huge is allocated). For sizes from input.
    pub fn try_new(width: u32, height: u32) -> Result<Self, ImageSizeError> {
        if width > Self::MAX_SIDE || height > Self::MAX_SIDE {
            return Err(ImageSizeError { width, height });
        }
        let len = width as usize * height as usize * 4;
        Ok(Self {
            width,
            height,
            data: vec![0; len],
        })
    }

    /// A fully transparent image of a size known to be small.
    ///
    /// # Panics
    ///
    /// When a side exceeds [`RgbaImage::MAX_SIDE`]; use
    /// [`RgbaImage::try_new`] for sizes from input.
    pub fn new(width: u32, height: u32) -> Self {
        match Self::try_new(width, height) {
            Ok(image) => image,
            Err(e) => panic!("RgbaImage::new: {e} (RgbaImage::try_new returns this as an error)"),
        }
    }

    /// Wraps existing RGBA bytes. Returns `None` when `data.len()` is not
    /// `width * height * 4`.
    pub fn from_raw(width: u32, height: u32, data: Vec<u8>) -> Option<Self> {
        let expected = (width as usize)
            .checked_mul(height as usize)?
            .checked_mul(4)?;
        (data.len() == expected).then_some(Self {
            width,
            height,
            data,
        })
    }

    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The RGBA bytes, rows top-down.
    pub fn as_bytes(&self) -> &[u8] {
        &self.data
    }

    /// Mutable RGBA bytes, rows top-down.
    pub fn as_bytes_mut(&mut self) -> &mut [u8] {
        &mut self.data
    }

    /// The pixel at `(x, y)`, or `None` outside the image.
    pub fn get(&self, x: u32, y: u32) -> Option<[u8; 4]> {
        if x >= self.width || y >= self.height {
            return None;
        }
        let i = (y as usize * self.width as usize + x as usize) * 4;
        Some([
            self.data[i],
            self.data[i + 1],
            self.data[i + 2],
            self.data[i + 3],
        ])
    }

    /// Sets the pixel at `(x, y)`; does nothing outside the image.
    pub fn set(&mut self, x: u32, y: u32, rgba: [u8; 4]) {
        if x < self.width && y < self.height {
            let i = (y as usize * self.width as usize + x as usize) * 4;
            self.data[i..i + 4].copy_from_slice(&rgba);
        }
    }

    /// The alpha channel alone, row-major.
    pub fn alpha(&self) -> impl Iterator<Item = u8> + '_ {
        self.data.chunks_exact(4).map(|p| p[3])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_raw_rejects_wrong_length() {
        assert!(RgbaImage::from_raw(2, 2, vec![0; 15]).is_none());
        assert!(RgbaImage::from_raw(2, 2, vec![0; 16]).is_some());
    }

    #[test]
    fn try_new_refuses_sizes_past_the_limit_without_overflow() {
        let e = RgbaImage::try_new(1 << 31, 1 << 31).expect_err("too large");
        assert_eq!(
            e,
            ImageSizeError {
                width: 1 << 31,
                height: 1 << 31
            }
        );
        assert_eq!(
            e.to_string(),
            "image is 2147483648×2147483648 pixels; the limit is 8192×8192"
        );
        assert!(RgbaImage::try_new(u32::MAX, 1).is_err());
        assert!(RgbaImage::try_new(1, RgbaImage::MAX_SIDE + 1).is_err());
        let ok = RgbaImage::try_new(RgbaImage::MAX_SIDE, 1).expect("at the limit");
        assert_eq!(ok.as_bytes().len(), RgbaImage::MAX_SIDE as usize * 4);
        assert_eq!(RgbaImage::try_new(0, 0).map(|i| i.as_bytes().len()), Ok(0));
    }

    #[test]
    fn get_and_set_round_trip_and_ignore_outside() {
        let mut img = RgbaImage::new(3, 2);
        img.set(2, 1, [1, 2, 3, 4]);
        img.set(3, 0, [9, 9, 9, 9]);
        assert_eq!(img.get(2, 1), Some([1, 2, 3, 4]));
        assert_eq!(img.get(3, 0), None);
        assert_eq!(img.alpha().filter(|&a| a != 0).count(), 1);
    }
}
