"""pytest's set-up for the Python package's tests: headless pygame."""

import os

# No display in CI: SDL's dummy video driver.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
