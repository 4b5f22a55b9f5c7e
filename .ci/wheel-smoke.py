"""A wheel's extension at work, printed so two machines can be compared.

    python .ci/wheel-smoke.py UNPACKED_WHEEL_DIR

.ci/wheels.sh runs it on the Linux x86_64 wheel natively and on the Linux
aarch64 wheel under qemu-user (Debian's aarch64 CPython) and requires the
same output: masks and pygame's overlap rules, posed queries (rotated,
scaled), collide_all, and a World's steps down to its canvas's hash. Needs
nothing but the standard library and the unpacked wheel.
"""

import hashlib
import platform
import sys

sys.path.insert(0, sys.argv[1])

import hitfield  # noqa: E402


def main() -> None:
    print("machine:", platform.machine(), file=sys.stderr)
    ring = hitfield.Mask((61, 47))
    for y in range(47):
        for x in range(61):
            if 200 <= (x - 30) ** 2 + (y - 23) ** 2 <= 480:
                ring.set_at((x, y))
    block = hitfield.Mask((70, 9), fill=True)
    print("count", ring.count(), block.count(), "centroid", ring.centroid())
    for off in [(0, 0), (-5, 20), (40, -3), (60, 46), (-70, 0)]:
        print("offset", off, ring.overlap(block, off), ring.overlap_area(block, off),
              ring.overlap_mask(block, off).count())
    print("bounding", [tuple(r) for r in ring.get_bounding_rects()])
    poses = [
        hitfield.Pose.from_centre((50 + 23 * i, 40 + 7 * (i % 3)), ring.get_size(), rotation=0.37 * i,
                                  scale=0.75 + 0.1 * i)
        for i in range(8)
    ]
    print("overlap", hitfield.overlap(ring, poses[1], ring, poses[2]))
    print("intersects", hitfield.intersects(ring, poses[2], ring, poses[3]))
    shared = hitfield.overlap_mask(ring, poses[1], ring, poses[2])
    print("overlap_mask", None if shared is None else (shared[0].count(), shared[1]))
    posed = hitfield.PosedMask(ring, poses[4])
    print("posed", posed.count(), posed.world_rect())
    print("collide_all", hitfield.collide_all([ring] * 8, poses))
    print("collide_all detail", [(i, j, o.count) for i, j, o in hitfield.collide_all([ring] * 8, poses, detail=True)])
    # A table of settings: the form every version of World takes.
    world = hitfield.World(field={"particles": 5000, "width": 320, "height": 200, "seed": 7},
                           ships={"count": 4})
    world.step(30)
    canvas = hashlib.sha256(bytes(world.canvas())).hexdigest()
    print("world", world.steps, world.size, world.hits_total(), canvas)
    print("contacts", [(c.a, c.b, c.overlap.count) for c in world.contacts()])


if __name__ == "__main__":
    main()
