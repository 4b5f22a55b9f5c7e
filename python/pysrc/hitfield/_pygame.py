"""Glue between hitfield's masks and pygame surfaces or other RGBA sources.

Nothing here imports pygame unless it is given a pygame object (or
``to_pygame`` is called).
"""

import sys

from ._hitfield import Mask, _from_pixels_key, from_rgba


def _is_pygame_surface(obj):
    pygame = sys.modules.get("pygame")
    return pygame is not None and isinstance(obj, pygame.Surface)


def _from_pygame(surface, threshold):
    import pygame

    w, h = surface.get_size()
    colorkey = surface.get_colorkey()
    if w == 0 or h == 0:
        return Mask((w, h))
    if colorkey is not None:
        # pygame: set where the stored pixel is not the mapped colorkey.
        key = surface.map_rgb(colorkey) & 0xFFFFFFFF
        raw = surface.get_buffer().raw
        return _from_pixels_key(raw, (w, h), surface.get_pitch(), surface.get_bytesize(), key)
    if threshold >= 255:
        return Mask((w, h))
    if threshold < 0 or surface.get_masks()[3] == 0:
        # No alpha channel (pygame's SDL_ISPIXELFORMAT_ALPHA is false): all set.
        return Mask((w, h), fill=True)
    return from_rgba(pygame.image.tobytes(surface, "RGBA"), (w, h), threshold)


def from_surface(surface, threshold=127):
    """A mask set where ``surface``'s alpha is above ``threshold``, as
    ``pygame.mask.from_surface`` (colorkey and no-alpha surfaces included).

    ``surface`` is a ``pygame.Surface``, an ``(h, w, 4)`` uint8 array
    (numpy or anything with ``__array_interface__``), an object with
    ``size`` and ``tobytes()`` in RGBA (e.g. a PIL image in mode "RGBA"), or
    an ``(rgba_bytes, (w, h))`` pair. Only the pygame path needs pygame.
    """
    if _is_pygame_surface(surface):
        return _from_pygame(surface, threshold)
    if hasattr(surface, "__array_interface__"):
        shape = surface.__array_interface__["shape"]
        typestr = surface.__array_interface__["typestr"]
        if len(shape) != 3 or shape[2] != 4 or typestr not in ("|u1", "<u1", ">u1"):
            raise ValueError(
                f"expected an (h, w, 4) uint8 array, got shape {tuple(shape)} of {typestr}"
            )
        h, w = shape[0], shape[1]
        data = surface.tobytes() if hasattr(surface, "tobytes") else bytes(memoryview(surface))
        return from_rgba(data, (w, h), threshold)
    if isinstance(surface, tuple) and len(surface) == 2:
        data, size = surface
        return from_rgba(bytes(data), size, threshold)
    if hasattr(surface, "size") and hasattr(surface, "tobytes"):
        mode = getattr(surface, "mode", "RGBA")
        if mode != "RGBA":
            raise ValueError(f"expected an RGBA image, got mode {mode!r}")
        return from_rgba(surface.tobytes(), tuple(surface.size), threshold)
    raise TypeError(
        "from_surface takes a pygame.Surface, an (h, w, 4) uint8 array, "
        "an RGBA image with size and tobytes(), or (rgba_bytes, (w, h))"
    )


def to_pygame(mask):
    """An equal ``pygame.mask.Mask`` (needs pygame)."""
    import pygame

    out = pygame.mask.Mask(mask.get_size())
    data = mask._pygame_bytes()
    if data:
        memoryview(out).cast("B")[:] = data
    return out
