from typing import Any, Protocol

import pygame.mask
from pygame.surface import Surface
from pygame.typing import ColorLike

from ._hitfield import Mask

class _ArrayInterface(Protocol):
    # An (h, w, 4) uint8 array: numpy's, or anything with __array_interface__.
    @property
    def __array_interface__(self) -> dict[str, Any]: ...

class _RgbaImage(Protocol):
    # An image with size and tobytes() in RGBA, e.g. a PIL image in mode "RGBA".
    @property
    def size(self) -> tuple[int, int]: ...
    def tobytes(self) -> bytes: ...

def _is_pygame_surface(obj: object) -> bool: ...
def _from_pygame(surface: Surface, threshold: int) -> Mask: ...
def from_surface(
    surface: Surface | _ArrayInterface | _RgbaImage | tuple[bytes, tuple[int, int]], threshold: int = 127
) -> Mask: ...
def from_threshold(
    surface: Surface,
    color: ColorLike,
    threshold: ColorLike = (0, 0, 0, 255),
    othersurface: Surface | None = None,
    palette_colors: int = 1,
) -> Mask: ...
def to_pygame(mask: Mask) -> pygame.mask.Mask: ...
