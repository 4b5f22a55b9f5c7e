"""hitfield.World: settings with the library's names and messages, the canvas without a copy."""

import gc

import pygame
import pytest

import hitfield

SMALL = dict(particles=2000, width=320, height=200, ships=3, seed=7)


def test_step_poses_hits_and_contacts():
    w = hitfield.World(**SMALL)
    assert w.size == (320, 200) and len(w) == 3
    before = [p.x for p in w.poses()]
    w.step(30)
    assert w.steps == 30
    assert [p.x for p in w.poses()] != before
    assert len(w.hit_counts()) == len(w.hits_total()) == 3
    for i in range(3):
        assert len(w.hit_pixels(i)) == w.hit_counts()[i]
    for c in w.contacts():
        assert c.a < c.b and c.overlap.count > 0
    with pytest.raises(IndexError, match="no such ship"):
        w.hit_pixels(3)


def test_place_and_steer_player():
    w = hitfield.World(**SMALL)
    w.place_player(0, (100, 50))
    w.step()
    assert w.poses()[0].centre(w.sprite_masks()[w.ship_sprites()[0]].get_size()) == pytest.approx((100, 50))
    w.steer_player(0, (1, 0), 0.1)
    assert w.poses()[0].centre(w.sprite_masks()[w.ship_sprites()[0]].get_size())[0] > 100
    with pytest.raises(ValueError, match=r"at\[0\] is 1000; it must be from 0 to 320"):
        w.place_player(0, (1000, 10))
    with pytest.raises(IndexError, match="ship 9: there is no such ship"):
        w.place_player(9, (10, 10))


def test_settings_errors_are_the_librarys():
    with pytest.raises(ValueError) as e:
        hitfield.World(particles=-5)
    assert str(e.value) == "field.particles = -5: must be at least 0"
    with pytest.raises(ValueError, match="sheep: not a setting"):
        hitfield.World(sheep=1)
    with pytest.raises(ValueError, match="ships.count = 1000000000: must be at most 1000"):
        hitfield.World(ships=10**9)
    with pytest.raises(ValueError, match=r"field.width = 0"):
        hitfield.World(width=0)
    with pytest.raises(ValueError, match=r"preset:2:\d+: invalid TOML"):
        hitfield.World("[field]\nparticles = = 3\n")
    with pytest.raises(TypeError, match="expected a bool, int, float or str"):
        hitfield.World(particles=[1])


def test_keywords_are_the_command_lines_and_the_links_names():
    w = hitfield.World(ships=6, particles=100_000)
    assert len(w) == 6
    # The link's short name, the flag's name and the dotted key name one row.
    for kw in (dict(sample_ms=50.0), dict(sample_interval_ms=50.0), {"ships.sample_interval_ms": 50.0}):
        text = hitfield.World(particles=10, ships=1, **kw).settings_toml()
        assert "sample_interval_ms = 50" in text
    assert "colour_channel = \"green\"" in hitfield.World(particles=10, colour_channel="green").settings_toml()
    assert "rotate = false" in hitfield.World(particles=10, rotate=False).settings_toml()
    # Names checked per row; the canvas area once all are set.
    assert hitfield.World(particles=10, width=16384, height=100).size == (16384, 100)


def test_count_still_works_with_a_deprecation_warning():
    with pytest.warns(DeprecationWarning, match=r"World\(count=...\) is deprecated; use ships=") as record:
        w = hitfield.World(particles=10, count=2)
    assert len(w) == 2
    # The warning points at the caller, not at the package.
    assert record[0].filename == __file__


def test_preset_text_and_table_keywords():
    w = hitfield.World("[field]\nparticles = 1000\nwidth = 100\nheight = 80\n", ships={"count": 2}, step_ms=20.0)
    assert w.size == (100, 80) and len(w) == 2
    text = w.settings_toml()
    assert "particles = 1000" in text and "step_ms = 20" in text


def test_canvas_is_shared_not_copied():
    w = hitfield.World(**SMALL)
    view = w.canvas()
    assert view.readonly and len(view) == 320 * 200 * 4
    w.step(5)
    assert bytes(view) == bytes(w.canvas())  # the same memory, updated in place
    surf = pygame.image.frombuffer(w.canvas(), w.size, "RGBA")
    assert surf.get_size() == (320, 200)
    assert any(view[3::4])  # trails have been drawn
    # The view keeps the world alive.
    del w
    gc.collect()
    assert len(bytes(view)) == 320 * 200 * 4
