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

from . import _hitfield
from ._hitfield import *  # noqa: F403 (the extension's classes and functions)
from ._pygame import from_surface, from_threshold, to_pygame

#: pygame's other name for ``Mask``.
MaskType = Mask  # noqa: F405

# The names are listed once, in the stub (__init__.pyi) that type checkers
# read; here they are the extension's public names and this file's own.
__all__ = sorted(
    [n for n in _hitfield.__all__ if not n.startswith("_")]
    + ["MaskType", "from_surface", "from_threshold", "to_pygame"]
)
