#!/usr/bin/env bash
# CI for the Python package (python/): a fresh venv with maturin, pygame-ce,
# numpy and pytest from PyPI, `pip install ./python`, then pytest (the Mask
# methods against pygame-ce, posed queries against the coverage rule, World,
# and both examples run headless). Fails when any step fails.
#
# `bash .ci/python.sh` does it all; `prepare` only makes the venv and
# installs the tools (network, little CPU: .ci/run starts it in the
# background while it builds), `test` does the rest in that venv.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
venv=${HITFIELD_PY_VENV:-$root/target/python-venv}
step=${1:-all}
case $step in
  all | prepare | test) ;;
  *) echo "usage: .ci/python.sh [prepare|test]" >&2; exit 2 ;;
esac

if [ "$step" != test ]; then
  echo "== python: venv at $venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --upgrade pip
  "$venv/bin/python" -m pip install --quiet "maturin>=1.9,<2" "pygame-ce>=2.5,<2.6" "numpy>=1.24" "pytest>=8"
  if [ "$step" = prepare ]; then exit 0; fi
elif [ ! -x "$venv/bin/python" ]; then
  echo ".ci/python.sh test: no venv at $venv; run .ci/python.sh prepare first" >&2
  exit 1
fi

# maturin builds in the workspace's target directory (release profile), so
# a second run rebuilds only what changed.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$root/target}"
echo "== python: pip install ./python"
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps ./python

# No display needed: SDL's dummy video and audio drivers.
export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-dummy}"
export SDL_AUDIODRIVER="${SDL_AUDIODRIVER:-dummy}"
export PYGAME_HIDE_SUPPORT_PROMPT=1
echo "== python: pytest"
# Run from outside python/ so `import hitfield` finds the installed package,
# not the source folder without its extension.
cd "$CARGO_TARGET_DIR"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests"
echo "== python: ok"
