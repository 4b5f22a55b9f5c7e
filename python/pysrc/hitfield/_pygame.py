"""Glue between hitfield's masks and pygame surfaces or other RGBA sources.

Nothing here imports pygame unless it is given a pygame object (or
``to_pygame`` is called).
"""

import sys

from ._hitfield import Mask, _from_pixels_alpha, _from_pixels_key, _from_threshold, from_rgba


def _is_pygame_surface(obj):
    pygame = sys.modules.get("pygame")
    return pygame is not None and isinstance(obj, pygame.Surface)


def _from_pygame(surface, threshold):
    w, h = surface.get_size()
    if w == 0 or h == 0:
        return Mask((w, h))
    colorkey = surface.get_colorkey()
    if colorkey is not None:
        # pygame: set where the stored pixel is not the mapped colorkey.
        key = surface.map_rgb(colorkey) & 0xFFFFFFFF
        raw = surface.get_buffer().raw
        return _from_pixels_key(raw, (w, h), surface.get_pitch(), surface.get_bytesize(), key)
    if threshold >= 255:
        return Mask((w, h))
    amask = surface.get_masks()[3] & 0xFFFFFFFF
    if threshold < 0 or amask == 0:
        # No alpha channel (pygame's SDL_ISPIXELFORMAT_ALPHA is false): all set.
        return Mask((w, h), fill=True)
    # The raw pixels, alpha unmapped as SDL_GetRGBA does (a 4-bit alpha of
    # 15 reads 255, not the 240 tobytes(..., "RGBA") gives).
    return _from_pixels_alpha(
        surface.get_buffer().raw,
        (w, h),
        surface.get_pitch(),
        surface.get_bytesize(),
        amask,
        surface.get_shifts()[3],
        surface.get_losses()[3],
        threshold,
    )


def _format(surface):
    """A surface's raw pixels and format, as ``_from_threshold`` takes them."""
    masks = tuple(m & 0xFFFFFFFF for m in surface.get_masks()[:3])
    return (
        surface.get_buffer().raw,
        surface.get_pitch(),
        surface.get_bytesize(),
        masks,
        tuple(surface.get_shifts()[:3]),
    )


def _mapped_rgb(surface, color, what):
    """``color`` (an int is a mapped pixel value, anything else a color:
    a name, an ``(r, g, b[, a])``, a ``pygame.Color``) mapped to
    ``surface``'s format and read back as SDL_GetRGBA does."""
    import pygame

    if isinstance(color, int) and not isinstance(color, bool):
        if not 0 <= color <= 0xFFFFFFFF:
            raise ValueError(f"{what} {color} is not a 32-bit pixel value")
        mapped = color
    else:
        try:
            mapped = surface.map_rgb(pygame.Color(color))
        except (TypeError, ValueError) as e:
            raise type(e)(f"{what}: {e}") from None
    c = surface.unmap_rgb(mapped)
    return (c.r, c.g, c.b)


def from_threshold(surface, color, threshold=(0, 0, 0, 255), othersurface=None, palette_colors=1):
    """``pygame.mask.from_threshold``: set where ``surface``'s pixel is within
    ``threshold`` (per channel, strictly) of ``color``, or of
    ``othersurface``'s pixel at the same place when given. Needs pygame."""
    import pygame

    for what, surf in (("surface", surface), ("othersurface", othersurface)):
        if surf is not None and not isinstance(surf, pygame.Surface):
            raise TypeError(f"{what} must be a pygame.Surface, not {type(surf).__name__}")
    w, h = surface.get_size()
    rgb = _mapped_rgb(surface, color, "color")
    thr = _mapped_rgb(surface, threshold, "threshold")
    if w == 0 or h == 0:
        return Mask((w, h))
    other = None
    if othersurface is not None:
        other = (_format(othersurface), othersurface.get_size())
    return _from_threshold(
        _format(surface),
        (w, h),
        tuple(surface.get_losses()[:3]),
        rgb,
        thr,
        other,
        bool(palette_colors),
    )


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
