from ._hitfield import (
    Contact as Contact,
    Mask as Mask,
    Overlap as Overlap,
    Pose as Pose,
    PosedMask as PosedMask,
    World as World,
    collide_all as collide_all,
    default_sprites as default_sprites,
    from_rgba as from_rgba,
    intersects as intersects,
    overlap as overlap,
    overlap_mask as overlap_mask,
    SettingRow as SettingRow,
    settings as settings,
)
from ._pygame import from_surface as from_surface, from_threshold as from_threshold, to_pygame as to_pygame

# pygame's other name for Mask (pygame-ce marks it deprecated).
MaskType = Mask

__all__ = [
    "Contact",
    "Mask",
    "MaskType",
    "Overlap",
    "Pose",
    "PosedMask",
    "World",
    "collide_all",
    "default_sprites",
    "from_rgba",
    "from_surface",
    "from_threshold",
    "intersects",
    "overlap",
    "overlap_mask",
    "settings",
    "to_pygame",
]
