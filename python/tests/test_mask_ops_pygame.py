"""The whole-mask methods (scale, outline, convolve, angle, centroid, the
connected components), the buffer, from_surface on every pixel format and
from_threshold, against pygame-ce itself on random inputs; then bad input."""

import numpy as np
import pygame
import pytest

import hitfield

SIZES = [(0, 0), (0, 5), (5, 0), (1, 1), (7, 3), (63, 9), (64, 5), (65, 7), (130, 11), (3, 70)]


def twin(bits):
    """The same mask in pygame and in hitfield, set bit by bit."""
    h, w = bits.shape
    pg, hf = pygame.mask.Mask((w, h)), hitfield.Mask((w, h))
    for y, x in zip(*np.nonzero(bits)):
        pg.set_at((int(x), int(y)))
        hf.set_at((int(x), int(y)))
    return pg, hf


def same(pg, hf):
    assert pg.get_size() == hf.get_size()
    w, h = pg.get_size()
    assert [pg.get_at((x, y)) for y in range(h) for x in range(w)] == [
        hf.get_at((x, y)) for y in range(h) for x in range(w)
    ]


def masks(seed, sizes=SIZES):
    rng = np.random.default_rng(seed)
    for size in sizes:
        for density in (0.0, 0.1, 0.35, 0.6, 1.0):
            w, h = size
            yield twin(rng.random((h, w)) < density)


def test_scale_angle_centroid_outline():
    for pg, hf in masks(1):
        for size in [(0, 0), (1, 1), (3, 9), (64, 2), (65, 33), (200, 7)]:
            same(pg.scale(size), hf.scale(size))
        assert hf.centroid() == pg.centroid()
        assert hf.angle() == pg.angle()
        for every in (-1, 0, 1, 2, 3, 7):
            assert hf.outline(every) == pg.outline(every), every


def test_convolve():
    rng = np.random.default_rng(2)
    small = [(0, 0), (1, 1), (3, 2), (5, 5), (66, 2)]
    for (pa, ha), (pb, hb) in zip(masks(3), masks(4, small * 2)):
        same(pa.convolve(pb), ha.convolve(hb))
        for offset in [(0, 0), (-3, 2), (5, -1), (70, 0)]:
            same(pa.convolve(pb, None, offset), ha.convolve(hb, None, offset))
            w, h = int(rng.integers(0, 80)), int(rng.integers(0, 12))
            out_p, out_h = twin(rng.random((h, w)) < 0.2)
            back = ha.convolve(hb, out_h, offset)
            assert back is out_h
            pa.convolve(pb, out_p, offset)
            same(out_p, out_h)


def test_connected_components_with_pygames_counts():
    # Noise near the percolation density makes long label chains, where
    # pygame's per-label counts fall short of a group's size.
    # Width 1 is left out: pygame's labelling then reads a label it has not
    # written yet (the "c" neighbour is the texel itself) and can crash.
    rng = np.random.default_rng(5)
    for _ in range(60):
        w, h = int(rng.integers(2, 140)), int(rng.integers(1, 40))
        pg, hf = twin(rng.random((h, w)) < rng.uniform(0.2, 0.7))
        assert [tuple(r) for r in hf.get_bounding_rects()] == [tuple(r) for r in pg.get_bounding_rects()]
        for minimum in (-1, 0, 1, 2, 3, 5, 10, 40, 200):
            got, want = hf.connected_components(minimum), pg.connected_components(minimum)
            assert len(got) == len(want), minimum
            for a, b in zip(want, got):
                same(a, b)
        same(pg.connected_component(), hf.connected_component())
        for _ in range(5):
            pos = (int(rng.integers(0, w)), int(rng.integers(0, h)))
            same(pg.connected_component(pos), hf.connected_component(pos))


def test_buffer_matches_pygames_and_follows_changes():
    for pg, hf in masks(6):
        a, b = memoryview(pg), memoryview(hf)
        assert (a.shape, a.strides, a.format, a.itemsize) == (b.shape, b.strides, b.format, b.itemsize)
        w, h = hf.get_size()
        # pygame's view of a mask 0 wide shows one column of words it never
        # allocated; hitfield's shows zeros.
        if w:
            assert a.tolist() == b.tolist()
        if w and h:
            hf.invert()
            pg.invert()
            hf.set_at((w - 1, h - 1), 0)
            pg.set_at((w - 1, h - 1), 0)
            assert a.tolist() == b.tolist()
        with pytest.raises(TypeError):
            b[0, 0] = 1
        with pytest.raises(BufferError):
            hf.__init__((3, 3))
        b.release()
    hf.__init__((3, 3))
    assert hf.get_size() == (3, 3)


class Sub(hitfield.Mask):
    pass


def test_subclass_copies_keep_the_type_and_new_masks_do_not():
    m = Sub((70, 3), fill=True)
    assert type(m.copy()) is Sub and type(m.__copy__()) is Sub
    for made in (m.scale((3, 3)), m.overlap_mask(m, (0, 0)), m.convolve(m), m.connected_component()):
        assert type(made) is hitfield.Mask
    assert all(type(c) is hitfield.Mask for c in m.connected_components())


def surfaces(seed):
    """Random surfaces of every depth pygame makes, with and without alpha."""
    rng = np.random.default_rng(seed)
    for depth, flags in [(8, 0), (16, 0), (24, 0), (32, 0), (16, pygame.SRCALPHA), (32, pygame.SRCALPHA)]:
        for size in [(1, 1), (13, 4), (70, 9)]:
            s = pygame.Surface(size, flags, depth)
            for y in range(size[1]):
                for x in range(size[0]):
                    s.set_at((x, y), tuple(int(v) for v in rng.integers(0, 256, 4)))
            yield s


def test_from_surface_every_format():
    for s in surfaces(7):
        for threshold in (-1, 0, 16, 17, 100, 127, 238, 239, 254, 255):
            same(pygame.mask.from_surface(s, threshold), hitfield.from_surface(s, threshold))
        s.set_colorkey(s.get_at((0, 0)))
        same(pygame.mask.from_surface(s), hitfield.from_surface(s))


def test_from_surface_16_bit_alpha_reads_as_sdl_does():
    s = pygame.Surface((11, 9), pygame.SRCALPHA, 16)
    s.fill((10, 20, 30, 255))
    assert pygame.mask.from_surface(s, 254).count() == hitfield.from_surface(s, 254).count() == 99


def test_from_threshold_every_format():
    rng = np.random.default_rng(9)
    surfs = list(surfaces(10))
    for s in surfs:
        for _ in range(3):
            color = tuple(int(v) for v in rng.integers(0, 256, 3))
            thr = tuple(int(v) for v in rng.integers(0, 256, 3)) + (255,)
            same(pygame.mask.from_threshold(s, color, thr), hitfield.from_threshold(s, color, thr))
        other = next(o for o in surfs if o.get_size() == s.get_size() and o is not s)
        for palette_colors in (0, 1):
            thr = (40, 60, 80, 255)
            want = pygame.mask.from_threshold(s, (0, 0, 0), thr, other, palette_colors)
            same(want, hitfield.from_threshold(s, (0, 0, 0), thr, other, palette_colors))
    s = pygame.Surface((4, 4))
    for color in [(20, 20, 20), 10, "green", pygame.Color("blue")]:
        same(pygame.mask.from_threshold(s, color, color), hitfield.from_threshold(s, color, color))


def test_bad_input_gets_a_clear_error():
    m = hitfield.Mask((5, 4))
    big = 2**70
    for size in [(-1, 2), (2, -1)]:
        with pytest.raises(ValueError, match="negative size"):
            hitfield.Mask(size)
    for size in [(big, 1), (1 << 25, 1), (1 << 16, 1 << 16)]:
        with pytest.raises(ValueError, match="size .* is too large"):
            hitfield.Mask(size)
    with pytest.raises(ValueError, match=r"size \(1180591620717411303424, 1\) is too large"):
        hitfield.Mask((big, 1))
    with pytest.raises(OverflowError, match=r"offset \(1180591620717411303424, 0\) is out of range"):
        m.overlap(m, (big, 0))
    with pytest.raises(ValueError, match="negative size"):
        m.scale((-1, 3))
    with pytest.raises(ValueError, match="scale .* is too large"):
        m.scale((big, big))
    for call in (m.overlap, m.overlap_area, m.overlap_mask, m.draw, m.erase):
        with pytest.raises(OverflowError, match="offset"):
            call(m, (big, 0))
        with pytest.raises(OverflowError, match="offset"):
            call(m, (0, -big))
    with pytest.raises(OverflowError, match="offset"):
        m.convolve(m, None, (big, 1))
    for pos in [(-1, 0), (0, -1), (5, 0), (big, 0)]:
        with pytest.raises(IndexError, match="out of bounds"):
            m.get_at(pos)
        with pytest.raises(IndexError, match="out of bounds"):
            m.set_at(pos)
        with pytest.raises(IndexError, match="out of bounds"):
            m.connected_component(pos)
    with pytest.raises(OverflowError):
        m.outline(big)
    with pytest.raises(OverflowError):
        m.connected_components(big)
    with pytest.raises(TypeError, match="scale must be two numbers"):
        m.scale((1, 2, 3))
    with pytest.raises(TypeError):
        m.convolve("not a mask")
    with pytest.raises(TypeError, match="surface must be a pygame.Surface"):
        hitfield.from_threshold("not a surface", (0, 0, 0))
    small, large = pygame.Surface((2, 2)), pygame.Surface((4, 4))
    with pytest.raises(ValueError, match="othersurface is 2x2"):
        hitfield.from_threshold(large, (0, 0, 0), (1, 1, 1, 255), small)
    with pytest.raises(ValueError, match="color: "):
        hitfield.from_threshold(large, "no such colour")


def test_subsurfaces_read_their_own_window():
    for s in surfaces(11):
        w, h = s.get_size()
        if w < 3 or h < 3:
            continue
        sub = s.subsurface((1, 1, w - 2, h - 2))
        same(pygame.mask.from_surface(sub, 100), hitfield.from_surface(sub, 100))
        thr = (80, 80, 80, 255)
        same(pygame.mask.from_threshold(sub, (100, 100, 100), thr), hitfield.from_threshold(sub, (100, 100, 100), thr))
        sub.set_colorkey(sub.get_at((0, 0)))
        same(pygame.mask.from_surface(sub), hitfield.from_surface(sub))


@pytest.mark.parametrize("fmt", ["RGBA", "ARGB", "BGRA"])
def test_from_surface_32_bit_alpha_at_any_byte(fmt):
    # Alpha at bit 24 or bit 0; 130 wide: two whole 64-pixel words and a part.
    rng = np.random.default_rng(3)
    s = pygame.image.frombuffer(rng.integers(0, 256, 37 * 130 * 4, dtype=np.uint8).tobytes(), (130, 37), fmt)
    for threshold in (-1, 0, 50, 127, 128, 200, 254, 255):
        same(pygame.mask.from_surface(s, threshold), hitfield.from_surface(s, threshold))
