"""Posed queries against a numpy version of the documented pixel rule.

docs/design.md#pixel-coverage: world pixel (X, Y) belongs to a w x h mask in
pose (x, y, rotation, scale) when its centre (X + 0.5, Y + 0.5), mapped back
through the inverse pose, lands on a set texel:
local = (w/2, h/2) + R(-rotation) . ((X + 0.5, Y + 0.5) - (x + w/2, y + h/2)) / scale
"""

import math

import numpy as np
import pytest

import hitfield


def coverage(bits, pose, box):
    """Boolean image of the world pixels in box = (x0, y0, x1, y1) covered by bits in pose."""
    h, w = bits.shape
    x0, y0, x1, y1 = box
    X, Y = np.meshgrid(np.arange(x0, x1, dtype=np.float64), np.arange(y0, y1, dtype=np.float64))
    px = X + 0.5 - (np.float64(np.float32(pose.x)) + w / 2)
    py = Y + 0.5 - (np.float64(np.float32(pose.y)) + h / 2)
    c, s = math.cos(np.float32(pose.rotation)), math.sin(np.float32(pose.rotation))
    inv = 1.0 / np.float64(np.float32(pose.scale))
    u = w / 2 + (c * px + s * py) * inv
    v = h / 2 + (-s * px + c * py) * inv
    inside = (u >= 0) & (u < w) & (v >= 0) & (v < h)
    ui = np.clip(np.floor(u).astype(np.int64), 0, w - 1)
    vi = np.clip(np.floor(v).astype(np.int64), 0, h - 1)
    return inside & bits[vi, ui]


def mask_of(bits):
    h, w = bits.shape
    rgba = np.zeros((h, w, 4), np.uint8)
    rgba[..., 3] = np.where(bits, 255, 0)
    return hitfield.from_surface(rgba)


def random_case(rng):
    wa, ha, wb, hb = (int(v) for v in rng.integers(1, 90, 4))
    a = rng.random((ha, wa)) < rng.uniform(0.3, 1.0)
    b = rng.random((hb, wb)) < rng.uniform(0.3, 1.0)
    pa = hitfield.Pose(float(rng.uniform(0, 60)), float(rng.uniform(0, 60)), float(rng.uniform(-7, 7)), float(rng.uniform(0.5, 2.0)))
    pb = hitfield.Pose(float(rng.uniform(0, 60)), float(rng.uniform(0, 60)), float(rng.uniform(-7, 7)), float(rng.uniform(0.5, 2.0)))
    if rng.random() < 0.3:
        pa = hitfield.Pose(float(rng.integers(-20, 60)), float(rng.integers(-20, 60)))
    return a, b, pa, pb


BOX = (-200, -200, 400, 400)


@pytest.mark.parametrize("seed", range(40))
def test_posed_queries_match_the_rule(seed):
    rng = np.random.default_rng(seed)
    a, b, pa, pb = random_case(rng)
    ma, mb = mask_of(a), mask_of(b)
    shared = coverage(a, pa, BOX) & coverage(b, pb, BOX)
    ys, xs = np.nonzero(shared)
    o = hitfield.overlap(ma, pa, mb, pb)
    assert hitfield.intersects(ma, pa, mb, pb) == bool(len(xs))
    if not len(xs):
        assert o is None
        assert hitfield.overlap_mask(ma, pa, mb, pb) is None
        return
    X, Y = xs + BOX[0], ys + BOX[1]
    assert o.count == len(xs)
    x0, y0 = int(X.min()), int(Y.min())
    assert o.rect == (x0, y0, int(X.max()) + 1 - x0, int(Y.max()) + 1 - y0)
    assert o.centroid == pytest.approx((X.mean() + 0.5, Y.mean() + 0.5))
    assert abs(math.hypot(*o.normal) - 1) < 1e-9
    m, (ox, oy) = hitfield.overlap_mask(ma, pa, mb, pb)
    w, h = m.get_size()
    got = {(ox + x, oy + y) for y in range(h) for x in range(w) if m.get_at((x, y))}
    assert got == set(zip(X.tolist(), Y.tolist()))
    # The same through PosedMask.
    qa, qb = hitfield.PosedMask(ma, pa), hitfield.PosedMask(mb, pb)
    assert qa.intersects(qb) and qa.overlap(qb).count == o.count
    assert qa.count() == int(coverage(a, pa, BOX).sum())


def test_collide_all_matches_every_pair():
    rng = np.random.default_rng(5)
    cases = [random_case(rng) for _ in range(30)]
    masks = [mask_of(c[0]) for c in cases]
    poses = [hitfield.Pose(float(rng.uniform(0, 300)), float(rng.uniform(0, 300)), float(rng.uniform(-4, 4))) for _ in cases]
    cov = [coverage(c[0], p, BOX) for c, p in zip(cases, poses)]
    want = [(i, j) for i in range(len(cases)) for j in range(i + 1, len(cases)) if (cov[i] & cov[j]).any()]
    assert want, "the case should have touching pairs"
    assert hitfield.collide_all(masks, poses) == want
    detailed = hitfield.collide_all(masks, poses, detail=True)
    assert [(i, j) for i, j, _ in detailed] == want
    assert all(o.count == int((cov[i] & cov[j]).sum()) for i, j, o in detailed)
    with pytest.raises(ValueError, match="2 masks but 1 poses"):
        hitfield.collide_all(masks[:2], poses[:1])


def test_collide_all_takes_poses_as_one_float_array():
    """Rows (x, y, rotation[, scale]) of float64 or float32, from numpy or a
    memoryview: the same pairs as the Pose objects (the values as float32,
    as a Pose holds them)."""
    rng = np.random.default_rng(7)
    cases = [random_case(rng) for _ in range(40)]
    masks = [mask_of(c[0]) for c in cases]
    rows = np.column_stack(
        (rng.uniform(0, 250, 40), rng.uniform(0, 250, 40), rng.uniform(-4, 4, 40), rng.uniform(0.5, 2.0, 40))
    )
    poses = [hitfield.Pose(*map(float, r)) for r in rows]
    want = hitfield.collide_all(masks, poses)
    assert want, "the case should have touching pairs"
    assert hitfield.collide_all(masks, rows) == want
    assert hitfield.collide_all(masks, rows.astype(np.float32)) == want
    assert hitfield.collide_all(masks, memoryview(rows.tobytes()).cast("d", rows.shape)) == want
    assert hitfield.collide_all(masks, tuple(poses)) == want
    assert hitfield.collide_all(masks, iter(poses)) == want
    detailed = hitfield.collide_all(masks, rows, detail=True)
    assert [(i, j) for i, j, _ in detailed] == want
    # Three columns: scale 1.
    three = rows[:, :3].copy()
    assert hitfield.collide_all(masks, three) == hitfield.collide_all(masks, [hitfield.Pose(*map(float, r)) for r in three])


def test_collide_all_refuses_bad_pose_arrays():
    m = hitfield.Mask((8, 8), fill=True)
    with pytest.raises(ValueError, match=r"shape \(n, 3\) or \(n, 4\).*got shape \[2, 5\]"):
        hitfield.collide_all([m, m], np.zeros((2, 5)))
    with pytest.raises(ValueError, match=r"got shape \[8\]"):
        hitfield.collide_all([m, m], np.zeros(8))
    with pytest.raises(ValueError, match="C-contiguous"):
        hitfield.collide_all([m, m], np.zeros((4, 2, 4))[:, 0, :][::2])
    with pytest.raises(TypeError, match="float32 or float64"):
        hitfield.collide_all([m, m], np.zeros((2, 4), dtype=np.int64))
    with pytest.raises(ValueError, match="3 masks but 2 poses"):
        hitfield.collide_all([m, m, m], np.zeros((2, 4)))
    # NaN and out-of-range scales cover nothing, as in a Pose.
    bad = np.array([[0, 0, 0, 1], [0, 0, np.nan, 1], [0, 0, 0, 0]], dtype=np.float64)
    assert hitfield.collide_all([m, m, m], bad) == []
    assert hitfield.collide_all([], np.zeros((0, 4))) == []


def test_pygame_angle_conversion_matches_pygame_rotate():
    # pygame rotates counter-clockwise in degrees; hitfield clockwise in radians.
    pose = hitfield.Pose.from_centre((50, 50), (20, 10), rotation=-math.radians(90))
    bits = np.ones((10, 20), bool)
    cov = coverage(bits, pose, (0, 0, 100, 100))
    ys, xs = np.nonzero(cov)
    # A quarter turn either way makes a 10 wide, 20 tall box about (50, 50).
    assert (xs.min(), xs.max() + 1, ys.min(), ys.max() + 1) == (45, 55, 40, 60)
    assert hitfield.PosedMask(mask_of(bits), pose).world_rect() == (45, 40, 10, 20)


def test_bad_poses_collide_with_nothing():
    m = hitfield.Mask((8, 8), fill=True)
    ok = hitfield.Pose(0, 0)
    for bad in [hitfield.Pose(float("nan"), 0), hitfield.Pose(0, 0, scale=0.0), hitfield.Pose(0, 0, scale=-1.0)]:
        assert hitfield.overlap(m, ok, m, bad) is None
        assert not hitfield.intersects(m, bad, m, ok)
