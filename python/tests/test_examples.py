"""Both examples run headless for a few frames and save a frame that is not blank."""

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.mark.parametrize(
    "script, extra",
    [("field.py", ["--particles", "20000", "--width", "480", "--height", "270"]), ("rotated_sprites.py", [])],
)
def test_example_runs_headless(tmp_path, script, extra):
    out = tmp_path / (script + ".png")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run(
        [sys.executable, str(EXAMPLES / script), "--frames", "20", "--save", str(out), *extra],
        env=env, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stderr
    frame = pygame.image.load(str(out))
    w, h = frame.get_size()
    colours = {tuple(frame.get_at((x, y))) for x in range(0, w, 7) for y in range(0, h, 7)}
    assert len(colours) > 20, "the saved frame looks blank"
