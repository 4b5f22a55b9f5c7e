#!/usr/bin/env bash
# Builds the web demo into web/dist/: index.html, macroquad's mq_js_bundle.js
# loader and hitfield.wasm. Serve that folder with any static file server.
set -euo pipefail
cd "$(dirname "$0")/.."

target=wasm32-unknown-unknown
features=(-p hitfield-app --no-default-features)

if ! rustup target list --installed | grep -qx "$target"; then
  echo "== adding the $target target"
  rustup target add "$target"
fi

# macroquad's loader serves plain wasm imports; anything built with
# wasm-bindgen (web-sys, js-sys, web-time...) would break the page.
if cargo tree --target "$target" "${features[@]}" -e normal -i wasm-bindgen >/dev/null 2>&1; then
  echo "web/build.sh: error: wasm-bindgen is in the wasm build's dependency tree:" >&2
  cargo tree --target "$target" "${features[@]}" -e normal -i wasm-bindgen >&2
  exit 1
fi

echo "== cargo build --release --target $target ${features[*]} --bin hitfield"
# No debug info in the .wasm (the desktop release profile keeps line tables
# for profiling; in the browser they would only make the download bigger).
# 128-bit SIMD (every current browser has it) lets the fade and the other
# byte loops vectorise as they do on x86.
CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=debuginfo \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-C target-feature=+simd128" \
  cargo build --release --target "$target" "${features[@]}" --bin hitfield

# The loader ships inside the macroquad crate that Cargo.lock resolves to.
macroquad_dir=$(cargo metadata --format-version 1 --filter-platform "$target" \
  | python3 -c '
import json, os, sys
meta = json.load(sys.stdin)
dirs = [os.path.dirname(p["manifest_path"]) for p in meta["packages"] if p["name"] == "macroquad"]
if len(dirs) != 1:
    sys.exit("web/build.sh: error: expected one macroquad package in cargo metadata, found %d" % len(dirs))
print(dirs[0])
')
bundle="$macroquad_dir/js/mq_js_bundle.js"
if [ ! -f "$bundle" ]; then
  echo "web/build.sh: error: macroquad's loader $bundle is missing" >&2
  exit 1
fi

target_dir=$(cargo metadata --format-version 1 --no-deps \
  | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
wasm="$target_dir/$target/release/hitfield.wasm"

rm -rf web/dist
mkdir -p web/dist
cp web/index.html web/dist/index.html
cp "$bundle" web/dist/mq_js_bundle.js
cp "$wasm" web/dist/hitfield.wasm
size=$(wc -c <web/dist/hitfield.wasm)
echo "== web/dist: index.html, mq_js_bundle.js, hitfield.wasm ($((size / 1024)) KiB)"
echo "   serve it with: python3 -m http.server 8080 --bind 127.0.0.1 --directory web/dist"
