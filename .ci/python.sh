#!/usr/bin/env bash
# CI for the Python package against its INSTALLED Linux x86_64 wheel
# (target/wheels/, built by .ci/wheels.sh): a fresh venv with pygame-ce,
# numpy, pytest and mypy from PyPI, then the wheel, then, with no Rust
# toolchain on PATH:
# - pytest (python/tests: the Mask methods against pygame-ce, posed
#   queries, World, the examples run headless through `python -m`);
# - stubtest: the shipped stubs against the installed module;
# - mypy --strict on the examples and the tests' helpers.
# Fails when any step fails.
#
#   bash .ci/python.sh prepare   the venv and its tools (network, little
#                                CPU: .ci/run starts it in the background)
#   bash .ci/python.sh test      install the wheel, run the checks
#   bash .ci/python.sh           both; builds the Linux x86_64 wheel first
#                                when target/wheels/ has none
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
  echo "== python: a fresh venv at $venv"
  rm -rf "$venv"
  python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --upgrade pip
  "$venv/bin/python" -m pip install --quiet "pygame-ce>=2.5,<2.6" "numpy>=1.24" "pytest>=8" "mypy>=1.13,<2"
  if [ "$step" = prepare ]; then exit 0; fi
elif [ ! -x "$venv/bin/python" ]; then
  echo ".ci/python.sh test: no venv at $venv; run .ci/python.sh prepare first" >&2
  exit 1
fi

wheels=("$root"/target/wheels/hitfield-*-manylinux*_x86_64.whl)
if [ ! -e "${wheels[0]}" ]; then
  if [ "$step" = all ]; then
    bash .ci/wheels.sh build linux-x86_64
    wheels=("$root"/target/wheels/hitfield-*-manylinux*_x86_64.whl)
  else
    echo ".ci/python.sh test: no Linux x86_64 wheel in target/wheels; run .ci/wheels.sh build" >&2
    exit 1
  fi
fi
echo "== python: pip install ${wheels[0]##*/}"
"$venv/bin/python" -m pip install --quiet --force-reinstall --no-deps "${wheels[0]}"

# From here on no Rust toolchain: PATH without cargo's and rustup's
# folders, so nothing below can build the package from source.
PATH=$(tr : '\n' <<<"$PATH" | grep -v -e '\.cargo' -e 'rustup' | paste -sd: -)
export PATH
for tool in cargo rustc rustup; do
  if command -v "$tool" >/dev/null 2>&1; then
    echo "python.sh: $tool is still on PATH ($(command -v "$tool"))" >&2
    exit 1
  fi
done

# No display needed: SDL's dummy video and audio drivers.
export SDL_VIDEODRIVER="${SDL_VIDEODRIVER:-dummy}"
export SDL_AUDIODRIVER="${SDL_AUDIODRIVER:-dummy}"
export PYGAME_HIDE_SUPPORT_PROMPT=1
# Run from outside python/ so `import hitfield` finds the installed
# package, not the source folder without its extension.
work=$root/target/python-run
mkdir -p "$work"
cd "$work"
echo "== python: pytest, against the installed wheel"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$root/python/tests"
echo "== python: stubtest (the shipped stubs against the installed module)"
"$venv/bin/python" -m mypy.stubtest hitfield --allowlist "$root/python/stubtest-allowlist.txt"
echo "== python: mypy --strict, the examples and the tests' helpers"
cd "$root/python"
"$venv/bin/python" -m mypy --strict --cache-dir "$work/mypy-cache" \
  pysrc/hitfield/examples pysrc/hitfield/__main__.py tests/conftest.py tests/test_examples.py tests/test_types.py
echo "== python: ok"
