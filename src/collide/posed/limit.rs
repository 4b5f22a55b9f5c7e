//! The size bound of a whole posed mask: a sprite and scale whose coverage
//! could pass [`PosedMask::MAX_SIDE`] world pixels a side are refused
//! before anything is allocated.

use super::PosedMask;
use crate::mask::Mask;
use crate::pose::Pose;

/// A posed mask refused because its coverage could pass
/// [`PosedMask::MAX_SIDE`] world pixels a side (the mask's diagonal times
/// the pose's scale: the side of its box at the worst rotation).
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error(
    "a {width}×{height} mask at scale {scale} would cover up to {side:.0} pixels a side; \
     a posed mask is limited to {max} (PosedMask::MAX_SIDE)",
    max = PosedMask::MAX_SIDE
)]
pub struct PosedSizeError {
    /// The mask's width.
    pub width: u32,
    /// The mask's height.
    pub height: u32,
    /// The pose's scale.
    pub scale: f32,
    /// The side its coverage could have: its diagonal times the scale.
    pub side: f64,
}

impl PosedMask {
    /// Largest side, in world pixels, of a whole posed mask's coverage (a
    /// mask's diagonal times its pose's scale): 16,384, so one posed mask
    /// holds at most 32 MiB. An 8192×8192 mask fits at scale 1, an 80×80
    /// sprite at every valid scale.
    pub const MAX_SIDE: u32 = 1 << 14;

    /// Refuses `mask` in `pose` when its coverage could pass
    /// [`PosedMask::MAX_SIDE`] a side, whatever the rotation. An invalid
    /// pose (NaN or infinite field, scale out of range) passes: it covers
    /// nothing and allocates nothing. Costs a few float operations.
    pub fn check_size(mask: &Mask, pose: &Pose) -> Result<(), PosedSizeError> {
        let (width, height) = (mask.width(), mask.height());
        if !pose.is_valid() || width == 0 || height == 0 {
            return Ok(());
        }
        match Self::side_past_limit(width, height, pose.scale) {
            None => Ok(()),
            Some(side) => Err(PosedSizeError {
                width,
                height,
                scale: pose.scale,
                side,
            }),
        }
    }

    /// The side a `width`×`height` mask's coverage can reach at `scale`
    /// (its diagonal times the scale) when that passes
    /// [`PosedMask::MAX_SIDE`]; `None` when it fits. The one rule behind
    /// [`PosedMask::check_size`] and the world's sprite checks.
    pub(crate) fn side_past_limit(width: u32, height: u32, scale: f32) -> Option<f64> {
        let side = f64::from(width).hypot(f64::from(height)) * f64::from(scale);
        (side > f64::from(Self::MAX_SIDE)).then_some(side)
    }

    /// [`PosedMask::new`], or the reason it is refused (nothing allocated):
    /// see [`PosedMask::check_size`].
    pub fn try_new(mask: &Mask, pose: &Pose) -> Result<PosedMask, PosedSizeError> {
        Self::check_size(mask, pose)?;
        Ok(PosedMask::new(mask, pose))
    }

    /// [`PosedMask::rebuild`], or the reason it is refused (this posed mask
    /// is then left as it was).
    pub fn try_rebuild(&mut self, mask: &Mask, pose: &Pose) -> Result<(), PosedSizeError> {
        Self::check_size(mask, pose)?;
        self.rebuild(mask, pose);
        Ok(())
    }
}
