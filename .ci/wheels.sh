#!/usr/bin/env bash
# The Python package's wheels for every desktop, built and checked (nothing
# is published). Into target/wheels/:
#   sdist                   maturin sdist
#   Linux x86_64            built FROM that sdist by pip in a fresh venv
#                           (maturin --zig, manylinux2014, abi3)
#   Linux aarch64           maturin --zig, manylinux2014
#   Windows x86_64          maturin, x86_64-pc-windows-gnu linked by mingw
#                           (PyO3 writes python3.dll's import library)
#   macOS x86_64 and arm64  maturin --zig (zig's macOS stubs, no SDK)
# then .ci/wheel-check.py checks each (auditwheel, abi3audit, imported
# DLLs, Mach-O load commands), and .ci/wheel-smoke.py runs the Linux
# aarch64 wheel under qemu-user with Debian's aarch64 CPython, its output
# compared with the x86_64 wheel's. .ci/python.sh tests the Linux x86_64
# wheel installed in a fresh venv; docs/python.md has the table.
#
#   bash .ci/wheels.sh prepare   tools venv (maturin, ziglang, auditwheel,
#                                abi3audit, macholib), the sdist's venv and
#                                Debian's aarch64 CPython: network, little CPU
#   bash .ci/wheels.sh build     every wheel, in two lanes side by side
#   bash .ci/wheels.sh build linux-x86_64   one wheel (and the sdist)
#   bash .ci/wheels.sh check     every wheel in target/wheels/
#   bash .ci/wheels.sh           all three
# Needs (apt, .ci/run installs them): gcc-mingw-w64-x86-64 for Windows;
# the rustup targets are added here.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
tools=${HITFIELD_WHEEL_TOOLS:-$root/target/wheel-tools}
out=$root/target/wheels
step=${1:-all}
shift || true
sdist_venv=${HITFIELD_SDIST_VENV:-$root/target/sdist-venv}
arm_root=$root/target/aarch64-python/root
# The build backend, and zig as the cross linker.
builders=("maturin>=1.9,<2" "ziglang>=0.13,<0.16")
all_wheels=(linux-x86_64 linux-aarch64 windows-x86_64 macos-x86_64 macos-arm64)

prepare() {
  echo "== wheels: tools venv at $tools"
  python3 -m venv "$tools"
  "$tools/bin/python" -m pip install --quiet --upgrade pip
  "$tools/bin/python" -m pip install --quiet "${builders[@]}" \
    "auditwheel>=6,<7" "abi3audit>=0.0.20" "macholib>=1.16,<2"
  # The venv that builds the sdist: nothing but the build backend.
  echo "== wheels: a fresh venv for the sdist at $sdist_venv"
  rm -rf "$sdist_venv"
  python3 -m venv "$sdist_venv"
  "$sdist_venv/bin/python" -m pip install --quiet --upgrade pip
  "$sdist_venv/bin/python" -m pip install --quiet "${builders[@]}"
  # Only `check` needs it (and fails without it); apt needs root.
  arm_python || echo "== wheels: no aarch64 CPython (above); check will try again" >&2
}

# Debian's aarch64 CPython and the libraries it needs, unpacked into
# $arm_root for qemu-aarch64 -L: apt with lists, cache and status of its
# own (arm64 only), so the machine's apt state is left as it was.
arm_python() {
  local d=$root/target/aarch64-python
  echo "== wheels: Debian's aarch64 CPython at $arm_root"
  rm -rf "$d/debs" "$arm_root"
  mkdir -p "$d/lists/partial" "$d/cache/archives/partial" "$d/debs" "$arm_root"
  touch "$d/status"
  local apt=(apt-get -qq -o "Dir::State::Lists=$d/lists" -o "Dir::Cache=$d/cache"
    -o "Dir::State::status=$d/status" -o APT::Architecture=arm64
    -o APT::Architectures::=arm64 -o Debug::NoLocking=1)
  "${apt[@]}" update
  (cd "$d/debs" && "${apt[@]}" download python3.11-minimal libpython3.11-minimal \
    libpython3.11-stdlib libc6 libgcc-s1 zlib1g libexpat1 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
  for deb in "$d"/debs/*.deb; do dpkg-deb -x "$deb" "$arm_root"; done
  [ -x "$arm_root/usr/bin/python3.11" ] || { echo "no aarch64 python3.11 in $arm_root" >&2; return 1; }
}

# maturin's arguments for one wheel.
args_of() {
  case $1 in
    linux-x86_64) echo "--zig --compatibility manylinux2014 --target x86_64-unknown-linux-gnu" ;;
    linux-aarch64) echo "--zig --compatibility manylinux2014 --target aarch64-unknown-linux-gnu" ;;
    windows-x86_64) echo "--target x86_64-pc-windows-gnu" ;;
    macos-x86_64) echo "--zig --target x86_64-apple-darwin" ;;
    macos-arm64) echo "--zig --target aarch64-apple-darwin" ;;
    *) echo "unknown wheel $1; one of ${all_wheels[*]}" >&2; return 2 ;;
  esac
}

# One wheel built with maturin from the repository, timed.
wheel() {
  local name=$1 start=$SECONDS
  local args
  args=$(args_of "$name")
  # shellcheck disable=SC2086 # args_of's words are separate arguments
  maturin build --release --strip --quiet $args -m python/Cargo.toml --out "$out"
  echo "   ($name wheel: $((SECONDS - start))s)"
}

# The sdist, then the Linux x86_64 wheel built from it by pip in a fresh
# venv that holds only maturin and ziglang (no build isolation, so pip uses
# them): the sdist is shown to build the very package that is tested.
from_sdist() {
  local start=$SECONDS
  # A target directory of its own, emptied first: the sdist's files keep
  # the tarball's old times and cargo names path packages relative to the
  # workspace, so a kept directory would pass the last sdist's crate off as
  # fresh.
  export CARGO_TARGET_DIR=$root/target/wheels-sdist
  rm -rf "$CARGO_TARGET_DIR"
  # (Its log is cargo's manifest warnings; shown only if it fails.)
  maturin sdist -m python/Cargo.toml --out "$out" >"$root/target/sdist.log" 2>&1 ||
    { cat "$root/target/sdist.log"; return 1; }
  MATURIN_PEP517_ARGS="$(args_of linux-x86_64) --strip" \
    "$sdist_venv/bin/python" -m pip wheel --quiet --no-deps --no-build-isolation \
    --wheel-dir "$out" "$out"/hitfield-*.tar.gz
  echo "   (sdist, and the linux-x86_64 wheel built from it: $((SECONDS - start))s)"
}

build() {
  local names=("$@")
  [ ${#names[@]} -gt 0 ] || names=("${all_wheels[@]}")
  for n in "${names[@]}"; do args_of "$n" >/dev/null; done
  for target in x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu x86_64-pc-windows-gnu \
    x86_64-apple-darwin aarch64-apple-darwin; do
    rustup target list --installed | grep -qx "$target" || rustup target add "$target"
  done
  [ -x "$tools/bin/maturin" ] && [ -x "$sdist_venv/bin/maturin" ] || prepare
  export PATH="$tools/bin:$PATH"
  rm -rf "$out"
  mkdir -p "$out"
  # Release wheels without debug info; a fresh clone has no incremental state.
  export CARGO_INCREMENTAL=0 CARGO_PROFILE_RELEASE_DEBUG=0
  export CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER=x86_64-w64-mingw32-gcc
  # zig links the Linux aarch64 wheel (against glibc 2.17), not .ci/run's
  # cross gcc.
  unset CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER
  # The Linux x86_64 build (from the sdist) is the one linted: .ci/run's
  # clippy driver, if set, lints the package's code there. The others
  # build with plain rustc: the same code, and the macOS link warns that
  # it has no SDK (zig's stubs stand in), which -D warnings would refuse.
  local wrapper=${RUSTC_WORKSPACE_WRAPPER:-}
  unset RUSTC_WORKSPACE_WRAPPER
  # Two lanes, each its own cargo target directory (cargo locks one per
  # run): two builds side by side keep both cores busy through each one's
  # serial end (the extension crate's codegen and link).
  local lane1=() lane2=()
  for n in "${names[@]}"; do
    case $n in linux-*) lane1+=("$n") ;; *) lane2+=("$n") ;; esac
  done
  (
    export CARGO_TARGET_DIR=$root/target/wheels-lane1
    for n in "${lane1[@]}"; do
      if [ "$n" = linux-x86_64 ]; then
        (RUSTC_WORKSPACE_WRAPPER=$wrapper from_sdist)
      else
        wheel "$n"
      fi
    done
  ) &
  local lane1_pid=$!
  local lane2_ok=0
  (
    export CARGO_TARGET_DIR=$root/target/wheels-lane2
    for n in "${lane2[@]}"; do wheel "$n"; done
  ) || lane2_ok=$?
  wait "$lane1_pid" || { echo "a Linux wheel failed to build (above)" >&2; exit 1; }
  [ "$lane2_ok" -eq 0 ] || { echo "a Windows or macOS wheel failed to build (above)" >&2; exit 1; }
  ls -l "$out"
}

check() {
  export PATH="$tools/bin:$PATH"
  local wheels=("$out"/*.whl)
  [ -e "${wheels[0]}" ] || { echo "no wheels in $out; run .ci/wheels.sh build" >&2; exit 1; }
  "$tools/bin/python" .ci/wheel-check.py "${wheels[@]}"
  # The Linux wheels at work: x86_64 natively, aarch64 under qemu-user;
  # the same output from both.
  local x86=("$out"/hitfield-*manylinux*_x86_64.whl) arm=("$out"/hitfield-*manylinux*_aarch64.whl)
  if [ -e "${x86[0]}" ] && [ -e "${arm[0]}" ]; then
    [ -x "$arm_root/usr/bin/python3.11" ] || arm_python
    local run=$root/target/wheel-run
    rm -rf "$run"
    mkdir -p "$run/x86_64" "$run/aarch64"
    python3 -m zipfile -e "${x86[0]}" "$run/x86_64"
    python3 -m zipfile -e "${arm[0]}" "$run/aarch64"
    echo "== wheels: the Linux x86_64 wheel natively, the aarch64 one under qemu-aarch64"
    python3 .ci/wheel-smoke.py "$run/x86_64" >"$run/x86_64.txt"
    qemu-aarch64 -L "$arm_root" "$arm_root/usr/bin/python3.11" .ci/wheel-smoke.py "$run/aarch64" >"$run/aarch64.txt"
    if ! diff "$run/x86_64.txt" "$run/aarch64.txt"; then
      echo "the aarch64 wheel under qemu gives other results than the x86_64 wheel (diff above)" >&2
      exit 1
    fi
    echo "   same results ($(wc -l <"$run/x86_64.txt") lines: masks, posed queries, collide_all, a World's canvas hash)"
  fi
}

case $step in
  prepare) prepare ;;
  build) build "$@" ;;
  check) check ;;
  all) prepare; build; check ;;
  *) echo "usage: .ci/wheels.sh [prepare|build [WHEEL...]|check]; wheels: ${all_wheels[*]}" >&2; exit 2 ;;
esac
