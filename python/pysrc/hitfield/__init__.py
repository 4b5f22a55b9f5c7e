"""hitfield: exact pixel collision, rotated and scaled, with pygame-ce's mask API.

- ``Mask`` and ``from_surface``: pygame-ce's ``pygame.mask.Mask`` and
  ``pygame.mask.from_surface``, same names, arguments and results
  (``from hitfield import mask`` in place of ``from pygame import mask``).
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
from ._pygame import from_surface, to_pygame

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
    "settings",
    "to_pygame",
]
