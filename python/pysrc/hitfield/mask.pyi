from ._hitfield import Mask as Mask, from_rgba as from_rgba
from ._pygame import from_surface as from_surface, to_pygame as to_pygame

__all__ = ["Mask", "from_rgba", "from_surface", "to_pygame"]
