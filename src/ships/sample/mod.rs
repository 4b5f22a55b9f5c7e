//! Ships testing the particle canvas under them, pixel by pixel.
//!
//! A world pixel is a **hit** for a ship when all three hold: the canvas
//! pixel's alpha ≥ `field_alpha_min`, its `colour_channel` ≥ `colour_min`,
//! and the pixel belongs to the ship (crate-level coverage rule) at a solid
//! texel of its mask (the mask is built with `ship_alpha_min`).
//!
//! **Edges are clipped, not wrapped**: the part of a ship's window that sticks
//! out of the canvas reads nothing and cannot hit. (Ships themselves wrap as a
//! whole when their centre leaves the canvas.)
//!
//! The count is in world pixels; the [`HitMap`] marks the sprite texels those
//! pixels belong to (several pixels share a texel when a ship is scaled up).
//! `crate::reference::sample` is the plain per-pixel version.
//!
//! This folder holds all of sampling: this file's per-pose test, the posed
//! path (`posed.rs`, its row loop `rows.rs`, the code it runs `path.rs`,
//! texel marking `texels.rs` and `scratch.rs`) and its x86-64 kernels
//! (`x86/`).

pub(in crate::ships) mod posed;
internal! {
    /// Which code a posed sample runs (feature `internals`).
    pub mod path;
}
mod rows;
mod scratch;
mod texels;
crate::cpu::simd128! { items: mod v128; }
#[cfg(target_arch = "x86_64")]
mod x86;

use crate::field::Canvas;
use crate::mask::{bits_at, low_bits, Mask};
use crate::pose::{PixelMap, PixelRect, Pose, FRAC_BITS};
use crate::settings::Channel;

use super::hits::HitMap;

/// The thresholds of a sample: the canvas pixel's alpha and one colour
/// channel (chosen by `colour_channel`) against their minimums, and the
/// ship texel's alpha against `ship_alpha_min`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// Minimum canvas alpha.
    pub field_alpha_min: u8,
    /// Minimum value of `colour_channel` on the canvas.
    pub colour_min: u8,
    /// Which canvas channel `colour_min` tests.
    pub colour_channel: Channel,
    /// Minimum ship texel alpha (applied when the ship's mask is built).
    pub ship_alpha_min: u8,
}

impl Thresholds {
    /// True when canvas pixel `p` passes the field thresholds.
    #[inline]
    pub fn field_passes(&self, p: [u8; 4]) -> bool {
        p[3] >= self.field_alpha_min && p[self.colour_channel.index()] >= self.colour_min
    }
}

/// The canvas rectangle as world pixels.
pub(crate) fn canvas_rect(canvas: &Canvas) -> PixelRect {
    PixelRect {
        x0: 0,
        y0: 0,
        x1: i64::from(canvas.width()),
        y1: i64::from(canvas.height()),
    }
}

internal! {
/// Samples the canvas under a posed ship: fills `hits` with the texels hit
/// and returns the number of world pixels hit. Exact; an invalid pose or a
/// window entirely outside the canvas hits nothing.
pub fn sample(
    canvas: &Canvas,
    mask: &Mask,
    pose: &Pose,
    thresholds: &Thresholds,
    hits: &mut HitMap,
) -> u32 {
    hits.reset(mask.width(), mask.height());
    let Some(map) = pose.pixel_map(mask.width(), mask.height()) else {
        return 0;
    };
    let Some(clip) = map.bounds.intersect(&canvas_rect(canvas)) else {
        return 0;
    };
    if mask.is_empty() {
        return 0;
    }
    if pose.is_integer_translation() {
        sample_translated(canvas, mask, pose, thresholds, hits, &clip)
    } else {
        sample_transformed(canvas, mask, &map, thresholds, hits, &clip)
    }
}
}

/// Integer translation: 64 pixels at a time, mask words AND field bits.
fn sample_translated(
    canvas: &Canvas,
    mask: &Mask,
    pose: &Pose,
    t: &Thresholds,
    hits: &mut HitMap,
    clip: &PixelRect,
) -> u32 {
    let (px, py) = (pose.x as i64, pose.y as i64);
    let test = FieldTest::new(t);
    let mut count = 0u32;
    for y in clip.y0..clip.y1 {
        let j = (y - py) as u32;
        let mask_row = mask.row(j);
        let canvas_row = canvas.row(y as u32);
        let mut x = clip.x0;
        while x < clip.x1 {
            let n = (clip.x1 - x).min(64) as usize;
            let i = (x - px) as usize;
            let solid = bits_at(mask_row, i) & low_bits(n as u32);
            if solid != 0 {
                let hit = solid & test.bits(&canvas_row[x as usize..x as usize + n]);
                count += hit.count_ones();
                hits.or_bits(i as u32, j, hit);
            }
            x += n as i64;
        }
    }
    count
}

/// Rotated or scaled: exact row spans, 64 canvas pixels tested at a time,
/// and only the pixels that pass are mapped to texels (fixed point, exact:
/// `u0 + k·du` is the same integer as `k` steps of `du`). [`PixelMap::row_span`]
/// is exact, so every texel reached is inside the sprite; the mask bit is
/// then read and the hit recorded without a branch on it.
fn sample_transformed(
    canvas: &Canvas,
    mask: &Mask,
    map: &PixelMap,
    t: &Thresholds,
    hits: &mut HitMap,
    clip: &PixelRect,
) -> u32 {
    debug_assert_eq!(hits.words_per_row, mask.words_per_row());
    let test = FieldTest::new(t);
    let (solid, words_per_row) = (mask.words(), mask.words_per_row());
    let mut count = 0u64;
    for y in clip.y0..clip.y1 {
        let Some((x0, x1)) = map.row_span(y, clip) else {
            continue;
        };
        let Some((u0, v0)) = map.uv(x0, y) else {
            continue;
        };
        let span = &canvas.row(y as u32)[x0 as usize..x1 as usize];
        for (chunk_index, chunk) in span.chunks(64).enumerate() {
            let mut passing = test.bits(chunk);
            let first = (chunk_index * 64) as i64;
            while passing != 0 {
                let k = first + i64::from(passing.trailing_zeros());
                passing &= passing - 1;
                let i = ((u0 + k * map.du_dx) >> FRAC_BITS) as usize;
                let j = ((v0 + k * map.dv_dx) >> FRAC_BITS) as usize;
                let word = j * words_per_row + i / 64;
                let bit = solid[word] >> (i % 64) & 1;
                count += bit;
                hits.bits[word] |= bit << (i % 64);
            }
        }
    }
    count as u32
}

/// The two field thresholds as one per-byte minimum for an RGBA pixel:
/// the alpha byte and the tested colour byte hold their thresholds, the
/// other bytes 0 (always passed). A pixel passes when every byte is at
/// least its minimum.
#[derive(Clone, Copy)]
pub(super) struct FieldTest {
    min: [u8; 4],
}

impl FieldTest {
    pub(super) fn new(t: &Thresholds) -> FieldTest {
        let mut min = [0u8; 4];
        min[t.colour_channel.index()] = t.colour_min;
        min[3] = t.field_alpha_min;
        FieldTest { min }
    }

    /// The per-byte minimums as one little-endian RGBA word (for vector
    /// kernels that broadcast it).
    #[cfg(target_arch = "x86_64")]
    #[inline]
    pub(super) fn pattern(&self) -> i32 {
        i32::from_le_bytes(self.min)
    }

    /// Bit `k` set when `pixels[k]` passes (at most 64 pixels).
    #[inline]
    pub(super) fn bits(&self, pixels: &[[u8; 4]]) -> u64 {
        debug_assert!(pixels.len() <= 64);
        // Four pixels per 128-bit step (x86-64's baseline SSE2, NEON,
        // simd128), the rest plain.
        #[cfg(target_arch = "x86_64")]
        let (done, bits) = x86::sse2::field_bits(self.min, pixels);
        #[cfg(not(target_arch = "x86_64"))]
        let (done, bits) = crate::cpu::simd128!(if {
            v128::field_bits(self.min, pixels)
        } else {
            (0, 0)
        });
        self.bits_scalar(pixels, done, bits)
    }

    /// Plain version from pixel `from` on, ORed into `bits`.
    #[inline]
    fn bits_scalar(&self, pixels: &[[u8; 4]], from: usize, mut bits: u64) -> u64 {
        for (k, p) in pixels.iter().enumerate().skip(from) {
            let passes = p.iter().zip(self.min).all(|(&byte, min)| byte >= min);
            bits |= u64::from(passes) << k;
        }
        bits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_test_bits_match_field_passes_for_every_length_and_channel() {
        let mut rng = fastrand::Rng::with_seed(11);
        for channel in [Channel::Red, Channel::Green, Channel::Blue] {
            for len in 0..=64 {
                let t = Thresholds {
                    field_alpha_min: rng.u8(..),
                    colour_min: rng.u8(..),
                    colour_channel: channel,
                    ship_alpha_min: 0,
                };
                // Values near the thresholds, so both sides of each boundary occur.
                let near = |rng: &mut fastrand::Rng, min: u8| {
                    min.saturating_add(rng.u8(0..3)).saturating_sub(1)
                };
                let pixels: Vec<[u8; 4]> = (0..len)
                    .map(|_| {
                        let mut p = [
                            rng.u8(..),
                            rng.u8(..),
                            rng.u8(..),
                            near(&mut rng, t.field_alpha_min),
                        ];
                        p[channel.index()] = near(&mut rng, t.colour_min);
                        p
                    })
                    .collect();
                let expected = pixels.iter().enumerate().fold(0u64, |bits, (k, &p)| {
                    bits | u64::from(t.field_passes(p)) << k
                });
                assert_eq!(
                    FieldTest::new(&t).bits(&pixels),
                    expected,
                    "len {len}, {t:?}"
                );
            }
        }
    }
}
