"""hitfield against pygame-ce, Python call overhead included (medians).

    SDL_VIDEODRIVER=dummy python python/bench.py [--quick] [--runs N]

With ``--runs N`` the comparison tables are measured N times in a row and
each row gives the median of the N medians and the range of the ratio.
``--breakdown`` instead prints where case 3's time goes, in CPU time (which
a loaded machine inflates less than wall time); run it with
``RAYON_NUM_THREADS=1`` for one core's figures.

Cases (docs/python.md gives the targets and the figures):
1. ``overlap`` and ``overlap_area`` on translated masks (80x80 ships and
   256x256 random masks), per call;
2. an 80x80 ship pair at a random angle: pygame's ``rotate`` +
   ``from_surface`` + ``overlap`` against ``hitfield.overlap``;
3. 200 spinning sprites: pygame (rotate, from_surface, rect test, overlap
   per pair) against ``hitfield.collide_all``;
4. ``World.step`` at 100k particles with the canvas shown through
   ``pygame.image.frombuffer``, ``convert_alpha`` and a blit: frames a second.
"""

import math
import os
import platform
import random
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

import hitfield  # noqa: E402

QUICK = "--quick" in sys.argv
REPEATS = 5 if QUICK else 15
RUNS = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else 1
# Each run's (ours, theirs) per case, in the order the cases run.
RESULTS = {}


def compare(ours, theirs, calls):
    """Median time of one call for each side (each fn makes `calls` calls),
    the two timed in turns so a change in the machine's load falls on both."""
    a, b = [], []
    for _ in range(REPEATS):
        t0 = time.perf_counter()
        ours()
        t1 = time.perf_counter()
        theirs()
        t2 = time.perf_counter()
        a.append((t1 - t0) / calls)
        b.append((t2 - t1) / calls)
    return statistics.median(a), statistics.median(b)


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def ships_80():
    """The library's ship sprites scaled to 80x80, as pygame surfaces and both masks."""
    out = []
    for _, size, rgba in hitfield.default_sprites():
        img = pygame.image.frombuffer(rgba, size, "RGBA").copy()
        img = pygame.transform.smoothscale(img, (80, 80))
        out.append((img, pygame.mask.from_surface(img), hitfield.from_surface(img)))
    return out


def random_masks(rng, size, density):
    w, h = size
    pg, hf = pygame.mask.Mask(size), hitfield.Mask(size)
    for _ in range(int(w * h * density)):
        p = (rng.randrange(w), rng.randrange(h))
        pg.set_at(p)
        hf.set_at(p)
    return pg, hf


def row(name, times, target):
    """Records one run's times of a case (printed by `table`)."""
    RESULTS.setdefault(name, (target, []))[1].append(times)


def table():
    print("| case | hitfield | pygame-ce | hitfield / pygame | target |" + (" ratio range |" if RUNS > 1 else ""))
    print("|---|---|---|---|---|" + ("---|" if RUNS > 1 else ""))
    for name, (target, runs) in RESULTS.items():
        ours = statistics.median(o for o, _ in runs)
        theirs = statistics.median(t for _, t in runs)
        ratios = sorted(o / t for o, t in runs)
        ratio = statistics.median(ratios)
        line = f"| {name} | {ours * 1e6:.2f} µs | {theirs * 1e6:.2f} µs | {ratio:.2f}x ({1 / ratio:.1f}x faster) | {target} |"
        if RUNS > 1:
            line += f" {ratios[0]:.2f}–{ratios[-1]:.2f}x ({1 / ratios[-1]:.1f}–{1 / ratios[0]:.1f}x faster) |"
        print(line)


def translated(rng, ships):
    (_, pa, ha), (_, pb, hb) = ships[0], ships[1]
    big_a, big_a_h = random_masks(rng, (256, 256), 0.02)
    big_b, big_b_h = random_masks(rng, (256, 256), 0.02)
    for label, (p1, h1, p2, h2, span) in {
        "80x80 ships": (pa, ha, pb, hb, 70),
        "256x256, 2% set": (big_a, big_a_h, big_b, big_b_h, 200),
    }.items():
        offs = [(rng.randrange(-span, span), rng.randrange(-span, span)) for _ in range(2000)]
        for method in ("overlap", "overlap_area"):
            pf, hf = getattr(p1, method), getattr(h1, method)

            def run_pg(pf=pf, p2=p2):
                for o in offs:
                    pf(p2, o)

            def run_hf(hf=hf, h2=h2):
                for o in offs:
                    hf(h2, o)

            target = "≤ 1.2x" if (method, label) == ("overlap", "256x256, 2% set") else "≤ 1.5x"
            row(f"{method}, {label}", compare(run_hf, run_pg, len(offs)), target)


def rotated_pair(rng, ships):
    (ia, _, ha), (ib, _, hb) = ships[0], ships[2]
    cases = []
    for _ in range(300):
        ca = (rng.uniform(100, 140), rng.uniform(100, 140))
        cb = (ca[0] + rng.uniform(-60, 60), ca[1] + rng.uniform(-60, 60))
        cases.append((ca, rng.uniform(0, 360), cb, rng.uniform(0, 360)))

    def run_pg():
        for ca, da, cb, db in cases:
            ra, rb = pygame.transform.rotate(ia, da), pygame.transform.rotate(ib, db)
            ma, mb = pygame.mask.from_surface(ra), pygame.mask.from_surface(rb)
            reca, recb = ra.get_rect(center=ca), rb.get_rect(center=cb)
            ma.overlap(mb, (recb.x - reca.x, recb.y - reca.y))

    poses = [
        (hitfield.Pose.from_centre(ca, (80, 80), -math.radians(da)), hitfield.Pose.from_centre(cb, (80, 80), -math.radians(db)))
        for ca, da, cb, db in cases
    ]

    def run_hf():
        for pa, pb in poses:
            hitfield.overlap(ha, pa, hb, pb)

    row("80x80 ship pair, random angle (overlap)", compare(run_hf, run_pg, len(cases)), "≥ 10x faster")


def pygame_frame(ships, kinds, frame):
    """One frame of spinning sprites the pygame way: rotate, `from_surface`,
    then a rect test and `overlap` for every pair."""
    placed = []
    for k, (x, y, deg) in zip(kinds, frame):
        img = pygame.transform.rotate(ships[k][0], deg)
        placed.append((pygame.mask.from_surface(img), img.get_rect(center=(x, y))))
    n = len(placed)
    for i in range(n):
        mi, ri = placed[i]
        for j in range(i + 1, n):
            mj, rj = placed[j]
            if ri.colliderect(rj):
                mi.overlap(mj, (rj.x - ri.x, rj.y - ri.y))


def spinning(rng, ships, n=200):
    field = (1280, 720)
    kinds = [rng.randrange(len(ships)) for _ in range(n)]
    frames = []
    for _ in range(10):
        frames.append([(rng.uniform(0, field[0]), rng.uniform(0, field[1]), rng.uniform(0, 360)) for _ in range(n)])

    def run_pg():
        for frame in frames:
            pygame_frame(ships, kinds, frame)

    masks = [ships[k][2] for k in kinds]

    def run_hf():
        for frame in frames:
            poses = [hitfield.Pose.from_centre((x, y), (80, 80), -math.radians(deg)) for x, y, deg in frame]
            hitfield.collide_all(masks, poses)

    row(f"{n} spinning sprites, a frame (collide_all)", compare(run_hf, run_pg, len(frames)), "≥ 20x faster")


def spinning_breakdown(rng, ships, n=200):
    """Case 3's parts in CPU time: posed-mask builds, `Pose.from_centre`,
    `collide_all`'s glue (sprites far apart: no pair), the whole call, and
    pygame's frame (`time.process_time`: every thread's CPU)."""
    field = (1280, 720)
    kinds = [rng.randrange(len(ships)) for _ in range(n)]
    frame = [(rng.uniform(0, field[0]), rng.uniform(0, field[1]), rng.uniform(0, 360)) for _ in range(n)]
    masks = [ships[k][2] for k in kinds]
    poses = [hitfield.Pose.from_centre((x, y), (80, 80), -math.radians(deg)) for x, y, deg in frame]
    apart = [hitfield.Pose(i * 200.0, 0.0, p.rotation) for i, p in enumerate(poses)]
    posed = hitfield.PosedMask(masks[0], poses[0])

    def cpu(f, clock=time.thread_time):
        times = []
        for _ in range(REPEATS * 3):
            t0 = clock()
            f()
            times.append(clock() - t0)
        return statistics.median(times)

    build = cpu(lambda: [posed.rebuild(m, p) for m, p in zip(masks, poses)])
    make = cpu(lambda: [hitfield.Pose.from_centre((x, y), (80, 80), -math.radians(d)) for x, y, d in frame])
    glue = cpu(lambda: hitfield.collide_all(masks, apart))
    whole = cpu(lambda: hitfield.collide_all(masks, poses), time.process_time)
    theirs = cpu(lambda: pygame_frame(ships, kinds, frame), time.process_time)
    pairs = len(hitfield.collide_all(masks, poses))
    print(f"{n} spinning 80x80 sprites, one frame ({pairs} touching pairs), CPU time:")
    print("| part | per sprite | per frame |")
    print("|---|---|---|")
    for name, t in [
        ("posed mask build (PosedMask.rebuild)", build),
        ("Pose.from_centre", make),
        ("collide_all, sprites far apart (lists, boxes, sweep, result)", glue),
        ("collide_all, the whole call (every thread)", whole),
        ("its pair tests (the whole call less builds and glue)", whole - build - glue),
        ("pygame-ce: rotate, from_surface, rect test, overlap (every thread)", theirs),
    ]:
        print(f"| {name} | {t / n * 1e6:.2f} µs | {t * 1e6:.0f} µs |")
    print(f"CPU-time ratio, pygame / (collide_all + Pose.from_centre): {theirs / (whole + make):.1f}x")


def world_fps(particles=100_000, frames=300):
    world = hitfield.World(particles=particles, seed=1)
    pygame.display.init()
    screen = pygame.display.set_mode(world.size)
    view = world.canvas()
    for _ in range(30):
        world.step()
    times = []
    for _ in range(frames):
        t0 = time.perf_counter()
        world.step()
        surf = pygame.image.frombuffer(view, world.size, "RGBA")
        screen.blit(surf.convert_alpha(), (0, 0))
        pygame.display.flip()
        times.append(time.perf_counter() - t0)
    med = statistics.median(times)
    print(f"| World.step + frombuffer + convert_alpha + blit, {particles // 1000}k particles, {world.size[0]}x{world.size[1]} | {med * 1000:.2f} ms | {1 / med:.0f} FPS | ≥ 60 FPS |")


def main():
    rng = random.Random(48)
    pygame.init()
    print(f"CPU: {cpu_name()} ({os.cpu_count()} logical cores; RAYON_NUM_THREADS={os.environ.get('RAYON_NUM_THREADS', 'all')})")
    print(f"Python {platform.python_version()}, pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))}), hitfield {getattr(hitfield, '__version__', '0.1.0')}")
    print()
    ships = ships_80()
    if "--breakdown" in sys.argv:
        spinning_breakdown(random.Random(48), ships)
        return
    for _ in range(RUNS):
        rng = random.Random(48)  # the same cases every run
        translated(rng, ships)
        rotated_pair(rng, ships)
        spinning(rng, ships)
    table()
    print()
    print("| case | per frame | rate | target |")
    print("|---|---|---|---|")
    world_fps(frames=100 if QUICK else 300)


if __name__ == "__main__":
    main()
