"""``pygame.mask``'s names: ``from hitfield import mask`` then ``mask.Mask``,
``mask.MaskType``, ``mask.from_surface``, ``mask.from_threshold`` as in
pygame-ce."""

from ._hitfield import Mask, from_rgba
from ._pygame import from_surface, from_threshold, to_pygame

#: pygame's other name for ``Mask``.
MaskType = Mask

__all__ = ["Mask", "MaskType", "from_rgba", "from_surface", "from_threshold", "to_pygame"]
