"""pygame-ce's own mask tests, run against hitfield.

The test module ``pygame/tests/mask_test.py`` shipped inside the installed
pygame-ce wheel is loaded as a fresh module whose ``import pygame`` gives a
stand-in: the real pygame for every name except ``pygame.Mask`` and
``pygame.mask``'s ``Mask``, ``MaskType``, ``from_surface`` and
``from_threshold``, which are hitfield's. Nothing else sees the stand-in
(pygame itself and hitfield's own glue import the real pygame). The file is
run unchanged with unittest; every test must pass except those named in
``EXCLUDED`` (each with its reason, as in docs/python.md).

Run it against whatever hitfield is installed (a source build or a wheel):
``python -m pytest python/tests/test_pygame_conformance.py``.
"""

import builtins
import io
import os
import types
import unittest

import pytest

pygame = pytest.importorskip("pygame")

import hitfield  # noqa: E402

#: Tests in mask_test.py (pygame-ce 2.5.x).
TOTAL = 261

#: "Class.test" -> why hitfield cannot pass it. Empty: all pass.
EXCLUDED = {}


def _stand_in():
    """A ``pygame`` module object with hitfield's masks bound in."""
    real = pygame
    mask = types.ModuleType("pygame.mask")
    mask.__dict__.update({k: v for k, v in vars(real.mask).items() if not k.startswith("__")})
    mask.Mask = hitfield.Mask
    mask.MaskType = hitfield.MaskType
    mask.from_surface = hitfield.from_surface
    mask.from_threshold = hitfield.from_threshold

    class StandIn(types.ModuleType):
        def __getattr__(self, name):
            return getattr(real, name)

    out = StandIn("pygame")
    out.__file__ = real.__file__
    out.mask = mask
    out.Mask = hitfield.Mask
    return out


def mask_test_path():
    return os.path.join(os.path.dirname(pygame.__file__), "tests", "mask_test.py")


def load_mask_test():
    """pygame's mask_test.py as a new module with the stand-in for ``pygame``."""
    path = mask_test_path()
    if not os.path.exists(path):
        pytest.skip(f"this pygame-ce ships no {path}")
    stand_in = _stand_in()
    real_import = builtins.__import__

    def imp(name, globals=None, locals=None, fromlist=(), level=0):
        mod = real_import(name, globals, locals, fromlist, level)
        # `import pygame` and `import pygame.x` both bind the top-level name.
        if (name == "pygame" or name.startswith("pygame.")) and not fromlist and level == 0:
            return stand_in
        return mod

    scope = dict(vars(builtins))
    scope["__import__"] = imp
    module = types.ModuleType("hitfield_pygame_mask_test")
    module.__file__ = path
    module.__builtins__ = scope
    with open(path, encoding="utf-8") as f:
        code = compile(f.read(), path, "exec")
    exec(code, module.__dict__)
    return module


def run_mask_test():
    """Runs every test of mask_test.py; returns (result, ids run)."""
    module = load_mask_test()
    suite = unittest.TestLoader().loadTestsFromModule(module)
    ids = [t.id() for t in _flatten(suite)]
    stream = io.StringIO()
    result = unittest.TextTestRunner(stream=stream, verbosity=0).run(suite)
    return result, ids


def _flatten(suite):
    for t in suite:
        if isinstance(t, unittest.TestSuite):
            yield from _flatten(t)
        else:
            yield t


def _short(test_id):
    return ".".join(test_id.split(".")[-2:])


def test_pygame_mask_tests_pass_with_hitfield():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    result, ids = run_mask_test()
    assert len(ids) == TOTAL, f"mask_test.py has {len(ids)} tests, expected {TOTAL}"
    bad = {_short(t.id()): tb for t, tb in result.failures + result.errors}
    bad.update({_short(t.id()): f"skipped: {why}" for t, why in result.skipped})
    bad.update({_short(t.id()): "unexpected success" for t in result.unexpectedSuccesses})
    unexpected = {k: v for k, v in bad.items() if k not in EXCLUDED}
    passed = len(ids) - len(bad)
    report = "\n\n".join(f"== {k}\n{v}" for k, v in sorted(unexpected.items()))
    assert not unexpected, f"{passed}/{len(ids)} pass; failing:\n{report}"
    assert passed == TOTAL - len(EXCLUDED)
