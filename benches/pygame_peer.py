#!/usr/bin/env python3
"""pygame-ce on the cases of `benches/collide.rs`, printing the same ids.

Run: `python3 benches/pygame_peer.py` (needs `pip install pygame-ce`;
about 40 s). Each figure is the best of 5 `timeit` repeats, per call,
including pygame's Python call overhead (about 30 ns here), as a game
calling pygame pays it.

What each id times in pygame:
- `translate/<n>/intersects/<case>`: `Mask.overlap` (first shared point,
  early exit); `translate/<n>/overlap/<case>`: `Mask.overlap_area` (count
  only; hitfield's overlap also finds the box, centroid and normal);
  `translate/<n>/overlap_count/<case>`: the same `Mask.overlap_area`
  figure, printed again as the peer of hitfield's count-only query.
  `translate/<n>/overlap_same_answer/<case>`: what a pygame game calls for
  what hitfield's `overlap` returns: `overlap_area`, then, when something
  is shared, `overlap_mask` and its `centroid`, and four `overlap_area`
  calls with B moved one pixel each way for the normal. A lower bound: it
  leaves out the box, which pygame finds only by labelling components
  (`get_bounding_rects`: about 1.5 ms for the 512² early hits).
- `posed/128/built_in_query/<case>`: rotate both surfaces, `from_surface`
  both, then `overlap` (pygame keeps no rotated masks of its own).
- `posed/128/prebuilt/<case>`: `overlap` of masks built from rotated
  surfaces in advance.
- `posed/128/build/ship_80x80`: rotate the surface and `from_surface`.

The ship sprites are the demo's `dart` and `manta` (alpha >= 100), scaled
to about 128 px once; rotation is pygame's own (`transform.rotate`, no
smoothing), so its coverage differs slightly from hitfield's exact rule.
"""

import os
import random
import timeit

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ASSETS = os.path.join(HERE, "..", "assets")
SOLID = (255, 255, 255, 255)
CLEAR = (0, 0, 0, 0)


def best(fn):
    """Seconds per call: best of 5 repeats, each about 0.1 s long."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(1, number // 2)
    return min(timer.repeat(repeat=5, number=number)) / number


def report(name, seconds):
    us = seconds * 1e6
    text = f"{us * 1000:.0f} ns" if us < 1 else f"{us:.2f} µs"
    print(f"{name:<45} {text}", flush=True)


def checker(n, parity):
    m = pygame.Mask((n, n))
    for y in range(n):
        for x in range(n):
            if (x + y) % 2 == parity:
                m.set_at((x, y))
    return m


def surface_of(mask):
    s = pygame.Surface(mask.get_size(), pygame.SRCALPHA)
    return mask.to_surface(s, setcolor=SOLID, unsetcolor=CLEAR)


def translate():
    for n in (32, 128, 512):
        c0, c1 = checker(n, 0), checker(n, 1)
        full = pygame.Mask((n, n), fill=True)
        cases = [
            ("worst_unaligned", c0, c1, (6, 4)),
            ("worst_aligned", c0, c1, (0, 2)),
            ("early_hit_unaligned", full, full, (5, 3)),
            ("early_hit_aligned", full, full, (0, 3)),
        ]
        for name, a, b, off in cases:
            report(f"translate/{n}/intersects/{name}", best(lambda: a.overlap(b, off)))
            area = best(lambda: a.overlap_area(b, off))
            report(f"translate/{n}/overlap/{name}", area)
            report(f"translate/{n}/overlap_count/{name}", area)
            report(f"translate/{n}/overlap_same_answer/{name}",
                   best(lambda: same_answer(a, b, off)))


def same_answer(a, b, off):
    """Count, centroid and normal of what `a` and `b` at `off` share."""
    count = a.overlap_area(b, off)
    if count == 0:
        return None
    shared = a.overlap_mask(b, off)
    x, y = off
    normal = (
        a.overlap_area(b, (x - 1, y)) - a.overlap_area(b, (x + 1, y)),
        a.overlap_area(b, (x, y - 1)) - a.overlap_area(b, (x, y + 1)),
    )
    return count, shared.centroid(), normal


def sprite(name):
    return pygame.image.load(os.path.join(ASSETS, f"ship_{name}.png"))


def scaled_to_128(surface):
    w, h = surface.get_size()
    k = 128 / max(w, h)
    return pygame.transform.scale(surface, (round(w * k), round(h * k)))


def offset(ma, pa, mb, pb):
    """B's top-left relative to A's, both rotated about their centres."""
    (wa, ha), (wb, hb) = ma.get_size(), mb.get_size()
    return (round(pb[0] - wb / 2 - pa[0] + wa / 2), round(pb[1] - hb / 2 - pa[1] + ha / 2))


def posed():
    # Checkerboards turned 33° about the same centre (hitfield's worst case).
    sa, sb = surface_of(checker(128, 0)), surface_of(checker(128, 1))
    # Ships: dart at 33°, manta at -20°, moved right until they share no pixel.
    da, db = scaled_to_128(sprite("dart")), scaled_to_128(sprite("manta"))
    rot = pygame.transform.rotate
    mask = lambda s: pygame.mask.from_surface(s, 100)  # noqa: E731
    for name, a, b, ta, tb, dx in (("worst", sa, sb, 33, 33, 0), ("ships", da, db, 33, -20, 8)):
        ma, mb = mask(rot(a, -ta)), mask(rot(b, -tb))
        off = offset(ma, (0, 0), mb, (dx, 0))
        while name == "ships" and ma.overlap(mb, off) is not None:
            off = (off[0] + 1, off[1])
        report(f"posed/128/built_in_query/{name}",
               best(lambda: mask(rot(a, -ta)).overlap(mask(rot(b, -tb)), off)))
        report(f"posed/128/prebuilt/{name}", best(lambda: ma.overlap(mb, off)))
    ship = pygame.Mask((80, 80))
    for y in range(80):
        for x in range(80):
            if (x - 40) ** 2 + (y - 40) ** 2 < 1500 and (x // 8 + y // 8) % 5 != 0:
                ship.set_at((x, y))
    ship_surface = surface_of(ship)
    rng = random.Random(80)
    angles = [rng.random() * 360 for _ in range(64)]
    state = {"k": 0}

    def build():
        state["k"] = (state["k"] + 1) % len(angles)
        return mask(rot(ship_surface, angles[state["k"]])).count()

    report("posed/128/build/ship_80x80", best(build))


if __name__ == "__main__":
    print(f"pygame-ce {pygame.version.ver}, best of 5 timeit repeats per call")
    translate()
    posed()
