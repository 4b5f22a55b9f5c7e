from ._hitfield import Mask as Mask, from_rgba as from_rgba
from ._pygame import from_surface as from_surface, from_threshold as from_threshold, to_pygame as to_pygame

# pygame's other name for Mask (pygame-ce marks it deprecated).
MaskType = Mask

__all__ = ["Mask", "MaskType", "from_rgba", "from_surface", "from_threshold", "to_pygame"]
