//! Decoding one PNG with bounded memory: our own structure check first
//! (signature, IHDR size, every chunk complete up to IEND, CRCs), then `image`'s
//! decoder under [`image::io::Limits`].

use std::io::{Cursor, Read};
use std::path::Path;

use image::io::{Limits, Reader as ImageReader};
use image::{ImageError, ImageFormat};

use super::error::{AssetError, AssetErrorKind};
use super::{MAX_ALLOC, MAX_FILE_BYTES, MAX_IMAGE_SIDE};
use crate::rgba::RgbaImage;

/// The eight bytes every PNG starts with.
const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', b'\r', b'\n', 0x1a, b'\n'];

/// Width and height as the IHDR chunk states them, before any decoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Header {
    pub width: u32,
    pub height: u32,
}

impl Header {
    /// Bytes the decoded RGBA8 image takes.
    pub fn rgba_bytes(self) -> u64 {
        u64::from(self.width) * u64::from(self.height) * 4
    }
}

/// CRC-32 (IEEE, reflected) lookup table, as PNG chunk checksums use.
const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut c = n as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[n] = c;
        n += 1;
    }
    table
};

/// CRC-32 of `bytes`.
fn crc32(bytes: &[u8]) -> u32 {
    !bytes.iter().fold(!0u32, |crc, &b| {
        CRC_TABLE[((crc ^ u32::from(b)) & 0xff) as usize] ^ (crc >> 8)
    })
}

fn be32(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
}

/// Checks the signature, the IHDR size and that every chunk is complete up
/// to IEND with a correct CRC, without decoding pixels.
pub(crate) fn check_structure(bytes: &[u8]) -> Result<Header, AssetErrorKind> {
    if bytes.len() < SIGNATURE.len() || bytes[..8] != SIGNATURE {
        return Err(AssetErrorKind::NotPng);
    }
    if bytes.len() < 24 {
        return Err(AssetErrorKind::Truncated);
    }
    if &bytes[12..16] != b"IHDR" {
        return Err(AssetErrorKind::Corrupt(
            "the first chunk is not IHDR".to_string(),
        ));
    }
    let header = Header {
        width: be32(bytes, 16).unwrap_or(0),
        height: be32(bytes, 20).unwrap_or(0),
    };
    if header.width == 0 || header.height == 0 {
        return Err(AssetErrorKind::Empty {
            width: header.width,
            height: header.height,
        });
    }
    if header.width > MAX_IMAGE_SIDE || header.height > MAX_IMAGE_SIDE {
        return Err(AssetErrorKind::TooLarge {
            width: header.width,
            height: header.height,
        });
    }
    // Walk the chunks: each is length, type, data, CRC.
    let mut at = SIGNATURE.len();
    loop {
        let (Some(len), Some(kind)) = (be32(bytes, at), bytes.get(at + 4..at + 8)) else {
            return Err(AssetErrorKind::Truncated);
        };
        if len > i32::MAX as u32 {
            return Err(AssetErrorKind::Corrupt(format!(
                "chunk length {len} at byte {at} is out of range"
            )));
        }
        let end = at + 12 + len as usize;
        if end > bytes.len() {
            return Err(AssetErrorKind::Truncated);
        }
        let stored = be32(bytes, end - 4).unwrap_or(0);
        if crc32(&bytes[at + 4..end - 4]) != stored {
            return Err(AssetErrorKind::Corrupt(format!(
                "bad CRC in the {} chunk at byte {at}",
                String::from_utf8_lossy(kind)
            )));
        }
        if kind == b"IEND" {
            return Ok(header);
        }
        at = end;
    }
}

/// The decoder limits every sprite is read under.
fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_ALLOC);
    limits
}

/// Decodes PNG bytes that [`check_structure`] has accepted into RGBA8.
fn decode(bytes: &[u8]) -> Result<RgbaImage, AssetErrorKind> {
    let mut reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(AssetErrorKind::Io)?;
    if reader.format() != Some(ImageFormat::Png) {
        return Err(AssetErrorKind::NotPng);
    }
    reader.limits(limits());
    let decoded = reader.decode().map_err(classify)?;
    let rgba = decoded.into_rgba8();
    let (width, height) = rgba.dimensions();
    RgbaImage::from_raw(width, height, rgba.into_raw()).ok_or_else(|| {
        AssetErrorKind::Corrupt("decoded pixel buffer has the wrong length".to_string())
    })
}

/// Maps a decoder error to the reason users see.
fn classify(err: ImageError) -> AssetErrorKind {
    match err {
        ImageError::IoError(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            AssetErrorKind::Truncated
        }
        ImageError::IoError(e) => AssetErrorKind::Io(e),
        ImageError::Limits(_) => AssetErrorKind::OverMemoryLimit,
        ImageError::Decoding(e) => {
            let text = e.to_string();
            let text = text
                .strip_prefix("Format error decoding Png: ")
                .unwrap_or(&text);
            AssetErrorKind::Corrupt(text.to_string())
        }
        other => AssetErrorKind::Corrupt(other.to_string()),
    }
}

/// Checks and decodes PNG bytes held in memory.
pub(crate) fn decode_bytes(bytes: &[u8]) -> Result<RgbaImage, AssetErrorKind> {
    check_structure(bytes)?;
    decode(bytes)
}

/// A checked PNG file read into memory, ready to decode.
pub(crate) struct PngFile {
    /// Its header.
    pub header: Header,
    bytes: Vec<u8>,
}

impl PngFile {
    /// Reads `path` (a regular file of at most [`MAX_FILE_BYTES`]) and checks its structure.
    pub fn read(path: &Path) -> Result<PngFile, AssetError> {
        let fail = |kind| AssetError::new(path, kind);
        let meta = std::fs::metadata(path).map_err(|e| fail(AssetErrorKind::Io(e)))?;
        if !meta.is_file() {
            return Err(fail(AssetErrorKind::NotAFile));
        }
        if meta.len() > MAX_FILE_BYTES {
            return Err(fail(AssetErrorKind::FileTooLarge { bytes: meta.len() }));
        }
        let file = std::fs::File::open(path).map_err(|e| fail(AssetErrorKind::Io(e)))?;
        let mut bytes = Vec::new();
        file.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| fail(AssetErrorKind::Io(e)))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(fail(AssetErrorKind::FileTooLarge {
                bytes: bytes.len() as u64,
            }));
        }
        let header = check_structure(&bytes).map_err(fail)?;
        Ok(PngFile { header, bytes })
    }

    /// Decodes the pixels; errors name `path`.
    pub fn decode(&self, path: &Path) -> Result<RgbaImage, AssetError> {
        decode(&self.bytes).map_err(|kind| AssetError::new(path, kind))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_matches_the_png_spec_example() {
        // The CRC every PNG's IEND chunk carries.
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
    }
}
