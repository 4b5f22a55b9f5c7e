"""hitfield: exact pixel collision, rotated and scaled, with pygame-ce's mask API.

- ``Mask`` (alias ``MaskType``), ``from_surface`` and ``from_threshold``:
  pygame-ce's ``pygame.mask`` names, same arguments and results (pygame-ce's
  own ``mask_test.py`` passes with them; ``from hitfield import mask`` in
  place of ``from pygame import mask``).
- ``Pose``, ``overlap``, ``intersects``, ``overlap_mask``, ``PosedMask``,
  ``collide_all``: masks placed with rotation (radians, clockwise on
  screen, about the centre) and scale; exact by the library's coverage rule.
- ``World``: the particle field and its ships; ``world.canvas()`` is the
  RGBA canvas without a copy; ``settings()`` lists the keywords it takes.
"""

from ._hitfield import (
    Contact,
    Mask,
    Overlap,
    Pose,
    PosedMask,
    World,
    collide_all,
    default_sprites,
    from_rgba,
    intersects,
    overlap,
    overlap_mask,
    settings,
)
from ._pygame import from_surface, from_threshold, to_pygame

#: pygame's other name for ``Mask``.
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
