"""The examples as an installed wheel runs them: ``python -m hitfield`` (the
field) and ``python -m hitfield.examples.rotated_sprites``, headless for a
few frames, each saving a frame that is not blank; ``--help`` lists the
flags; the types (``py.typed`` and the stubs) are installed beside them."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pygame
import pytest

import hitfield

SOURCE = Path(__file__).resolve().parent.parent / "pysrc"


def run(args: list[str], timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python -m ARGS`` in a new process, headless (SDL's dummy drivers)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "-m", *args], env=env, capture_output=True, text=True, timeout=timeout
    )


def test_package_is_the_installed_one() -> None:
    # The tests run against the installed package (CI: the wheel), never
    # the source folder, which has no extension.
    where = Path(hitfield.__file__).resolve()
    assert SOURCE not in where.parents, f"hitfield imported from the source tree: {where}"


def test_types_ship_in_the_package() -> None:
    package = resources.files("hitfield")
    for name in ["py.typed", "__init__.pyi", "_hitfield.pyi", "_pygame.pyi", "mask.pyi"]:
        assert package.joinpath(name).is_file(), f"{name} is not installed with hitfield"


@pytest.mark.parametrize(
    "module, flags",
    [
        ("hitfield", ["--frames", "--save", "--particles", "--ships", "--width", "--height", "--seed"]),
        ("hitfield.examples.rotated_sprites", ["--frames", "--save", "--sprites", "--seed"]),
    ],
)
def test_help_lists_the_flags(module: str, flags: list[str]) -> None:
    done = run([module, "--help"], timeout=60)
    assert done.returncode == 0, done.stderr
    for flag in flags:
        assert flag in done.stdout, f"python -m {module} --help does not list {flag}:\n{done.stdout}"
    if module == "hitfield":
        assert done.stdout.startswith("usage: python -m hitfield"), done.stdout


@pytest.mark.parametrize(
    "module, extra",
    [
        ("hitfield", ["--particles", "20000", "--width", "480", "--height", "270"]),
        ("hitfield.examples.rotated_sprites", []),
    ],
)
def test_example_runs_headless(tmp_path: Path, module: str, extra: list[str]) -> None:
    out = tmp_path / (module + ".png")
    done = run([module, "--frames", "20", "--save", str(out), *extra])
    assert done.returncode == 0, done.stderr
    frame = pygame.image.load(str(out))
    w, h = frame.get_size()
    colours = {tuple(frame.get_at((x, y))) for x in range(0, w, 7) for y in range(0, h, 7)}
    assert len(colours) > 20, "the saved frame looks blank"
