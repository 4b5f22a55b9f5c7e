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
)
from ._pygame import from_surface as from_surface, to_pygame as to_pygame

__all__ = [
    "Contact",
    "Mask",
    "Overlap",
    "Pose",
    "PosedMask",
    "World",
    "collide_all",
    "default_sprites",
    "from_rgba",
    "from_surface",
    "intersects",
    "overlap",
    "overlap_mask",
    "to_pygame",
]
