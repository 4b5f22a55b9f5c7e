"""Bad input to World, Pose, PosedMask, collide_all, the posed queries and
the settings: each a clear error naming the argument, or a documented
result; none crashes, hangs or allocates more than its inputs need.

Allocation is watched through the process's peak resident memory
(``resource.getrusage``): a refused call must not raise it by more than a
few MiB, where building what was asked for would take gigabytes.
"""

import gc
import math
import resource
import time

import pytest

import hitfield

SMALL = dict(particles=500, width=160, height=120, ships=3, seed=3)
NAN, INF = float("nan"), float("inf")


def peak_mib():
    """Peak resident memory of this process so far, in MiB (Linux: KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class Bounded:
    """Asserts the block took under `seconds` and raised the peak resident
    memory by under `mib`."""

    def __init__(self, seconds=1.0, mib=64):
        self.seconds, self.mib = seconds, mib

    def __enter__(self):
        gc.collect()
        self.peak, self.t0 = peak_mib(), time.perf_counter()
        return self

    def __exit__(self, *exc):
        took = time.perf_counter() - self.t0
        grew = peak_mib() - self.peak
        assert took < self.seconds, f"took {took:.2f} s"
        assert grew < self.mib, f"peak memory grew by {grew:.0f} MiB"
        return False


# --- Posed masks past the size limit -------------------------------------

BIG = None


def big_mask():
    global BIG
    if BIG is None:
        BIG = hitfield.Mask((4000, 4000), fill=True)
    return BIG


HUGE = hitfield.Pose(0, 0, 0.3, 64.0)


def test_posed_mask_past_the_limit_is_refused_quickly_without_allocating():
    m = big_mask()
    with Bounded():
        with pytest.raises(ValueError) as e:
            hitfield.PosedMask(m, HUGE)
    text = str(e.value)
    assert "4000×4000 mask" in text and "scale 64" in text and "16384" in text, text
    # rebuild is checked the same way, and leaves the posed mask as it was.
    small = hitfield.Mask((8, 8), fill=True)
    posed = hitfield.PosedMask(small, hitfield.Pose(0, 0))
    with Bounded():
        with pytest.raises(ValueError, match="4000×4000 mask at scale 64"):
            posed.rebuild(m, HUGE)
    assert posed.count() == 64
    # At the limit (a 1x1 mask at scale 64 covers at most 91 pixels a side), fine.
    assert hitfield.PosedMask(hitfield.Mask((1, 1), fill=True), hitfield.Pose(0, 0, 0, 64.0)).count() > 0


def test_collide_all_past_the_limit_names_the_sprite():
    m, small = big_mask(), hitfield.Mask((8, 8), fill=True)
    with Bounded():
        with pytest.raises(ValueError) as e:
            hitfield.collide_all([small, m], [hitfield.Pose(0, 0), HUGE])
    text = str(e.value)
    assert text.startswith("sprite 1: a 4000×4000 mask at scale 64") and "16384" in text, text
    # 1000x1000 at scale 64 (the 0.8 GB case) too.
    mid = hitfield.Mask((1000, 1000), fill=True)
    with Bounded():
        with pytest.raises(ValueError, match="1000×1000 mask at scale 64"):
            hitfield.collide_all([mid, mid], [HUGE, HUGE], detail=True)


def test_posed_overlap_mask_past_the_limit_is_refused():
    m = big_mask()
    with Bounded():
        with pytest.raises(ValueError, match="mask_a: a 4000×4000 mask at scale 64"):
            hitfield.overlap_mask(m, HUGE, m, HUGE)
    # One huge sprite against a small one shares a small window: answered.
    small = hitfield.Mask((8, 8), fill=True)
    with Bounded(seconds=5):
        shared = hitfield.overlap_mask(m, HUGE, small, hitfield.Pose(10, 10))
    assert shared is not None and shared[0].count() == 64


def test_overlap_and_intersects_on_huge_poses_build_only_the_shared_window():
    m, small = big_mask(), hitfield.Mask((8, 8), fill=True)
    with Bounded(seconds=5):
        assert hitfield.intersects(m, HUGE, small, hitfield.Pose(5, 5))
        assert hitfield.overlap(small, hitfield.Pose(5, 5), m, HUGE).count == 64


# --- Poses: NaN, infinite, far away --------------------------------------


@pytest.mark.parametrize(
    "pose",
    [
        hitfield.Pose(NAN, 0),
        hitfield.Pose(0, INF),
        hitfield.Pose(0, 0, NAN),
        hitfield.Pose(0, 0, INF),
        hitfield.Pose(0, 0, 0, NAN),
        hitfield.Pose(0, 0, 0, INF),
        hitfield.Pose(0, 0, 0, 0.0),
        hitfield.Pose(0, 0, 0, -2.0),
        hitfield.Pose(0, 0, 0, 65.0),
        hitfield.Pose(2.0**70, 0),
        hitfield.Pose(-(2.0**70), 2.0**70),
    ],
)
def test_invalid_poses_cover_nothing(pose):
    """Documented: a pose with a NaN or infinite field, |x| or |y| past 2^30,
    or a scale outside [2^-16, 64] covers no pixel."""
    m = hitfield.Mask((8, 8), fill=True)
    ok = hitfield.Pose(0, 0)
    assert hitfield.overlap(m, ok, m, pose) is None
    assert not hitfield.intersects(m, pose, m, ok)
    assert hitfield.overlap_mask(m, pose, m, ok) is None
    posed = hitfield.PosedMask(m, pose)
    assert posed.count() == 0 and posed.world_rect() is None
    assert hitfield.collide_all([m, m], [ok, pose]) == []


def test_offsets_up_to_2_to_the_70():
    m = hitfield.Mask((8, 8), fill=True)
    # Python ints past 64 bits become the nearest float: far away, valid or not.
    far = hitfield.Pose(2**70, -(2**70))
    assert far.x == pytest.approx(2.0**70)
    assert hitfield.PosedMask(m, far).count() == 0
    assert hitfield.collide_all([m, m], [far, far]) == []
    # The largest valid coordinate still works, and meets itself.
    edge = hitfield.Pose(2**30 - 64, -(2**30))  # both exact in f32
    assert hitfield.collide_all([m, m], [edge, edge]) == [(0, 1)]
    posed = hitfield.PosedMask(m, edge)
    assert posed.covers(2**30 - 64, -(2**30)) and posed.world_rect() == (2**30 - 64, -(2**30), 8, 8)
    assert not posed.covers(2**70, 0) and not posed.covers(0, -(2**70))
    with pytest.raises(TypeError, match="x must be an int"):
        posed.covers("0", 0)
    # Huge rotations are reduced, not refused.
    assert hitfield.PosedMask(m, hitfield.Pose(0, 0, 1e30)).count() > 0


def test_pose_fields_must_be_numbers():
    with pytest.raises(TypeError):
        hitfield.Pose("1", 0)
    with pytest.raises(ValueError, match=r"size is \(-1, 3\); each side must be from 0 to 4294967295"):
        hitfield.Pose.from_centre((1, 2), (-1, 3))
    with pytest.raises(ValueError, match=r"size is \(1099511627776, 3\)"):
        hitfield.Pose(0, 0).centre((2**40, 3))
    with pytest.raises(TypeError, match="size must be two ints"):
        hitfield.Pose.from_centre((1, 2), "ab")


# --- Lists ---------------------------------------------------------------


def test_collide_all_refuses_mismatched_and_wrong_lists():
    m = hitfield.Mask((8, 8), fill=True)
    p = hitfield.Pose(0, 0)
    with pytest.raises(ValueError, match="3 masks but 2 poses; give one pose per mask"):
        hitfield.collide_all([m, m, m], [p, p])
    with pytest.raises(ValueError, match="0 masks but 1 poses"):
        hitfield.collide_all([], [p])
    with pytest.raises(TypeError):
        hitfield.collide_all([m, "not a mask"], [p, p])
    with pytest.raises(TypeError):
        hitfield.collide_all([m, m], [p, (0, 0)])
    assert hitfield.collide_all([], []) == []
    assert hitfield.collide_all([m], [p]) == []


def test_empty_masks_touch_nothing():
    empty, zero = hitfield.Mask((8, 8)), hitfield.Mask((0, 0))
    full = hitfield.Mask((8, 8), fill=True)
    p = hitfield.Pose(0, 0, 0.5)
    assert hitfield.collide_all([empty, zero, full], [p, p, p]) == []
    assert hitfield.PosedMask(zero, p).count() == 0


# --- World: indices, counts, settings, presets ---------------------------


def test_world_indices_and_counts_name_the_argument():
    w = hitfield.World(**SMALL)
    with pytest.raises(ValueError, match="steps is -1; it must be 0 or more"):
        w.step(-1)
    with pytest.raises(ValueError, match="steps is 1180591620717411303424"):
        w.step(2**70)
    with pytest.raises(TypeError, match="steps must be an int, got float"):
        w.step(1.5)
    for call in (
        lambda: w.hit_pixels(-1),
        lambda: w.place_player(-1, (10, 10)),
        lambda: w.steer_player(-1, (1, 0), 0.1),
        lambda: w.set_pose(-1, hitfield.Pose(0, 0)),
    ):
        with pytest.raises(IndexError, match="index is -1; it must be 0 or more"):
            call()
    with pytest.raises(IndexError, match="index is 1180591620717411303424"):
        w.hit_pixels(2**70)
    with pytest.raises(IndexError, match="ship 3: there is no such ship"):
        w.hit_pixels(3)
    w.step(0)
    assert w.steps == 0


def test_world_refuses_bad_poses_and_steering():
    w = hitfield.World(**SMALL)
    with pytest.raises(ValueError, match="pose"):
        w.set_pose(0, hitfield.Pose(NAN, 0))
    with pytest.raises(ValueError, match="scale"):
        w.set_pose(0, hitfield.Pose(0, 0, 0, 10_000.0))
    with pytest.raises(ValueError):
        w.steer_player(0, (NAN, 0), 0.1)
    with pytest.raises(ValueError):
        w.steer_player(0, (1, 0), INF)


@pytest.mark.parametrize(
    "kwargs, message",
    [
        (dict(particles=-5), "field.particles = -5: must be at least 0"),
        (dict(particles=2**70), "field.particles = 1180591620717411303424: must be at most 4000000"),
        (dict(particles=1.5), "field.particles = 1.5: must be a whole number"),
        (dict(particles=True), "field.particles = true: must be a whole number"),
        (dict(particles="many"), "field.particles = many: must be a whole number"),
        (dict(ships=10**9), "ships.count = 1000000000: must be at most 1000"),
        (dict(step_ms=0.0), "step_ms = 0: must be"),
        (dict(step_ms=NAN), "step_ms = NaN"),
        (dict(width=0), "field.width = 0: must be at least 1"),
        (dict(width=16384, height=16384), "field.width × field.height"),
        (dict(rotate=2), "ships.rotate = 2: must be true or false"),
        (dict(colour_channel="purple"), "ships.colour_channel = purple: must be red, green or blue"),
        (dict(sheep=1), "sheep: not a setting; hitfield.settings() lists them"),
        (dict(ships={"sheep": 1}), "ships.sheep: not a setting"),
        (dict(boats={"count": 1}), "boats: not a setting"),
    ],
)
def test_bad_settings_raise_the_librarys_message(kwargs, message):
    with Bounded(seconds=5):
        with pytest.raises(ValueError) as e:
            hitfield.World(**kwargs)
    assert message in str(e.value), str(e.value)


def test_bad_setting_types_are_type_errors():
    with pytest.raises(TypeError, match="field.particles: expected a bool, int, float or str, got list"):
        hitfield.World(particles=[1])
    with pytest.raises(TypeError):
        hitfield.World(sprites=5)


@pytest.mark.parametrize(
    "text, message",
    [
        ("[field]\nparticles = = 3\n", r"preset:2:\d+: invalid TOML"),
        ("[field]\nparticles = -5\n", "field.particles"),
        ("[field]\nsheep = 1\n", "sheep"),
        ("\x00\x01", "preset"),
        ("[field]\nwidth = 1e400\n", "preset"),
    ],
)
def test_bad_presets_raise_the_librarys_message(text, message):
    with pytest.raises(ValueError, match=message):
        hitfield.World(text)


def test_bad_sprites_are_refused():
    with pytest.raises(ValueError, match="sprite 0: 2x2 RGBA needs 16 bytes"):
        hitfield.World(sprites=[("s", (2, 2), b"\x00" * 3)])
    with pytest.raises(ValueError, match="ships.count is 3 but no ship sprite was given"):
        hitfield.World(ships=3, sprites=[])
    big = ("big", (8192, 1), bytes(8192 * 4))
    with pytest.raises(ValueError, match="would cover"):
        hitfield.World(sprites=[big], scale=4.0)


def test_a_world_deleted_while_its_canvas_is_held():
    """Documented: the canvas view keeps its world alive."""
    w = hitfield.World(**SMALL)
    w.step(3)
    view = w.canvas()
    before = bytes(view)
    del w
    gc.collect()
    assert bytes(view) == before and len(view) == 160 * 120 * 4
    view.release()
    gc.collect()


def test_settings_lists_every_row():
    rows = hitfield.settings()
    names = [r["name"] for r in rows]
    assert len(rows) == len(set(names)) == 24
    by_name = {r["name"]: r for r in rows}
    ships = by_name["ships"]
    assert ships["key"] == "ships.count" and ships["type"] == "int"
    assert (ships["min"], ships["max"], ships["default"]) == (0, 1000, 8)
    assert ships["flag"] == "--ships" and ships["link"] == "ships"
    assert ships["doc"] == "Number of ships" and ships["range"] == "0 to 1000"
    assert by_name["step_ms"]["type"] == "float" and by_name["step_ms"]["flag"] is None
    assert by_name["rotate"]["type"] == "bool" and by_name["rotate"]["default"] is True
    assert by_name["colour_channel"]["default"] == "red"
    assert math.isclose(by_name["scale"]["min"], 1 / 16)
    for r in rows:
        assert set(r) == {"name", "key", "type", "min", "max", "range", "default", "unit", "doc", "flag", "link"}
        assert r["doc"]
    # Every listed default, given back by name, is accepted and in force.
    w = hitfield.World(**{r["name"]: r["default"] for r in rows})
    text = w.settings_toml()
    assert "particles = 100000" in text and "count = 8" in text
