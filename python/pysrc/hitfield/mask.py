"""``pygame.mask``'s names: ``from hitfield import mask`` then ``mask.Mask``,
``mask.from_surface`` as in pygame-ce."""

from ._hitfield import Mask, from_rgba
from ._pygame import from_surface, to_pygame

__all__ = ["Mask", "from_rgba", "from_surface", "to_pygame"]
